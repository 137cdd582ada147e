import type { MyJobsResult } from '@agora/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth-store';
import { jobKeys } from './keys';

/** GET /api/jobs/mine (bearer): the caller's postings in every state. */
export const myJobsQuery = (viewer: string) =>
  queryOptions({
    queryKey: jobKeys.mine(viewer),
    queryFn: ({ signal }) => api<MyJobsResult>('/api/jobs/mine', { signal }),
  });

export function useMyJobs() {
  const { user } = useAuth();
  return useQuery({ ...myJobsQuery(user?.id ?? 'anon'), enabled: Boolean(user) });
}
