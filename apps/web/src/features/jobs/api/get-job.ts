import type { Job } from '@agora/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth-store';
import { jobKeys } from './keys';

/** GET /api/jobs/{id} — pending and rejected jobs only answer their poster and admins. */
export const jobQuery = (id: string, viewer: string) =>
  queryOptions({
    queryKey: jobKeys.detail(id, viewer),
    queryFn: ({ signal }) => api<Job>(`/api/jobs/${encodeURIComponent(id)}`, { signal }),
  });

export function useJob(id: string) {
  const { user } = useAuth();
  return useQuery(jobQuery(id, user?.id ?? 'anon'));
}
