import type { ApplicationListResult } from '@agora/shared';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth-store';
import { applicationKeys } from './keys';
import type { ApplicationPage } from './my-applications';

const PAGE = 50;

/**
 * GET /api/jobs/{id}/applications (bearer; the job's poster or an admin, anyone else 404): the
 * pipeline, screened-out applications last, a page at a time (X-Next-Cursor).
 */
export const jobApplicationsQuery = (jobId: string, viewer: string) =>
  infiniteQueryOptions({
    queryKey: applicationKeys.forJob(jobId, viewer),
    initialPageParam: null as string | null,
    queryFn: async ({ pageParam, signal }): Promise<ApplicationPage> => {
      const res = await apiRequest<ApplicationListResult>(
        `/api/jobs/${encodeURIComponent(jobId)}/applications`,
        { signal, query: { limit: PAGE, cursor: pageParam } },
      );
      return { items: res.data.applications, next: res.headers.get('X-Next-Cursor') };
    },
    getNextPageParam: (last) => last.next,
  });

export function useJobApplications(jobId: string) {
  const { user, isLoggedIn } = useAuth();
  return useInfiniteQuery({ ...jobApplicationsQuery(jobId, user?.id ?? ''), enabled: isLoggedIn });
}
