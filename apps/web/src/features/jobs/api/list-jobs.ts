import type { JobListResult } from '@agora/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { JobListParams } from '../lib/filters';
import { jobKeys } from './keys';

/** GET /api/jobs — approved, open jobs for the current filters (spec 03 §7). */
export const jobListQuery = (params: JobListParams) =>
  queryOptions({
    queryKey: jobKeys.list(params),
    queryFn: ({ signal }) =>
      api<JobListResult>('/api/jobs', {
        signal,
        on401: 'ignore',
        query: {
          category: params.categories,
          level: params.level,
          employmentType: params.employmentType,
          sort: params.sort,
          search: params.search,
          location: params.location,
          page: params.page > 1 ? params.page : undefined,
        },
      }),
    // Keep the current cards on screen while the next filter or page loads.
    placeholderData: keepPreviousData,
  });

export function useJobList(params: JobListParams) {
  return useQuery(jobListQuery(params));
}
