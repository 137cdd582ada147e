import type { Application, ApplicationListResult } from '@agora/shared';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth-store';
import { applicationKeys } from './keys';

export interface ApplicationPage {
  items: Application[];
  next: string | null;
}

const PAGE = 20;

/** GET /api/applications/mine (bearer): the caller's applications, newest first (X-Next-Cursor). */
export const myApplicationsQuery = (viewer: string) =>
  infiniteQueryOptions({
    queryKey: applicationKeys.mine(viewer),
    initialPageParam: null as string | null,
    queryFn: async ({ pageParam, signal }): Promise<ApplicationPage> => {
      const res = await apiRequest<ApplicationListResult>('/api/applications/mine', {
        signal,
        query: { limit: PAGE, cursor: pageParam },
      });
      return { items: res.data.applications, next: res.headers.get('X-Next-Cursor') };
    },
    getNextPageParam: (last) => last.next,
  });

export function useMyApplications() {
  const { user, isLoggedIn } = useAuth();
  return useInfiniteQuery({ ...myApplicationsQuery(user?.id ?? ''), enabled: isLoggedIn });
}
