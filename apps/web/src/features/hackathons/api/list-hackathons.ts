import type { Hackathon, HackathonTab } from '@agora/shared';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth-store';
import { hackathonKeys } from './keys';

export const HACKATHONS_PAGE_SIZE = 12;

export interface HackathonPage {
  items: Hackathon[];
  next: string | null;
}

/** GET /api/hackathons?phase=… — one tab, a page at a time (X-Next-Cursor). */
export const hackathonListQuery = (tab: HackathonTab, viewer: string) =>
  infiniteQueryOptions({
    queryKey: hackathonKeys.list(tab, viewer),
    initialPageParam: null as string | null,
    queryFn: async ({ pageParam, signal }): Promise<HackathonPage> => {
      const res = await apiRequest<Hackathon[] | null>('/api/hackathons', {
        signal,
        query: { phase: tab, limit: HACKATHONS_PAGE_SIZE, cursor: pageParam },
        on401: 'ignore',
      });
      // spec 03 §7: a missing list means empty.
      return { items: res.data ?? [], next: res.headers.get('X-Next-Cursor') };
    },
    getNextPageParam: (last) => last.next,
  });

export function useHackathonList(tab: HackathonTab) {
  const { user } = useAuth();
  return useInfiniteQuery(hackathonListQuery(tab, user?.id ?? 'anon'));
}
