import type { Hackathon } from '@agora/shared';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth-store';
import { hackathonKeys } from './keys';

export interface MyHackathonPage {
  items: Hackathon[];
  next: string | null;
  total: number;
}

const PAGE = 20;

function mine(path: string, key: readonly unknown[]) {
  return infiniteQueryOptions({
    queryKey: key,
    initialPageParam: null as string | null,
    queryFn: async ({ pageParam, signal }): Promise<MyHackathonPage> => {
      const res = await apiRequest<Hackathon[]>(path, { signal, query: { limit: PAGE, cursor: pageParam } });
      const items = res.data ?? [];
      return {
        items,
        next: res.headers.get('X-Next-Cursor'),
        total: Number(res.headers.get('X-Total-Count') ?? items.length),
      };
    },
    getNextPageParam: (last) => last.next,
  });
}

/** GET /api/hackathons/my-registrations — hackathons the user joined. */
export const myRegistrationsQuery = (viewer: string) =>
  mine('/api/hackathons/my-registrations', hackathonKeys.myRegistrations(viewer));

/** GET /api/hackathons/my-submissions — hackathons the user organised (any status). */
export const mySubmissionsQuery = (viewer: string) =>
  mine('/api/hackathons/my-submissions', hackathonKeys.mySubmissions(viewer));

export function useMyRegistrations() {
  const { user, isLoggedIn } = useAuth();
  return useInfiniteQuery({ ...myRegistrationsQuery(user?.id ?? ''), enabled: isLoggedIn });
}

export function useMyOrganized() {
  const { user, isLoggedIn } = useAuth();
  return useInfiniteQuery({ ...mySubmissionsQuery(user?.id ?? ''), enabled: isLoggedIn });
}
