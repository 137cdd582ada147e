import type { JobCategoryCounts } from '@agora/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { jobKeys } from './keys';

/** GET /api/jobs/categories — listed jobs per category. */
export const jobCategoriesQuery = () =>
  queryOptions({
    queryKey: jobKeys.categories(),
    queryFn: ({ signal }) => api<JobCategoryCounts>('/api/jobs/categories', { signal, on401: 'ignore' }),
    staleTime: 60_000,
  });

export function useJobCategories() {
  return useQuery(jobCategoriesQuery());
}
