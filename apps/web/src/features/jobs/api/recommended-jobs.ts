import type { JobListResult } from '@agora/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { jobKeys } from './keys';

/** How many jobs the "Recommended for you" row shows. */
export const RECOMMENDED_COUNT = 4;

/** GET /api/jobs?sort=match — the signed-in viewer's best matches among the newest listed jobs. */
export const recommendedJobsQuery = (viewer: string) =>
  queryOptions({
    queryKey: jobKeys.recommended(viewer),
    queryFn: ({ signal }) =>
      api<JobListResult>('/api/jobs', { signal, query: { sort: 'match', limit: RECOMMENDED_COUNT } }),
  });

export function useRecommendedJobs(viewer: string | null) {
  return useQuery({ ...recommendedJobsQuery(viewer ?? ''), enabled: viewer !== null });
}
