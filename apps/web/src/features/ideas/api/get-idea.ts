import type { IdeaDetail } from '@agora/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { ideaKeys } from './keys';

/** When the route last asked for each idea (prefetch.ts): a copy read since is that visit's own. */
const visits = new Map<string, number>();

/** The route is visiting this idea: a copy read from now on needs no second read when its page mounts. */
export function markIdeaVisit(id: string): void {
  visits.set(id, Date.now());
}

/** The visit is over (its page unmounted): the next mount reads afresh unless a route marks it. */
export function endIdeaVisit(id: string): void {
  visits.delete(id);
}

export const ideaDetailQuery = (id: string) =>
  queryOptions({
    queryKey: ideaKeys.detail(id),
    queryFn: ({ signal }) => api<IdeaDetail>(`/api/ideas/${encodeURIComponent(id)}`, { signal }),
    retry: false,
    // Each visit reads the idea afresh (new comments and counts, and the view it counts) while the
    // cached copy shows; the app's finite staleTime applies otherwise (no refetch on focus). A copy
    // the route read for this visit while the page's code loaded (prefetch.ts) is not read again.
    refetchOnMount: (query) => {
      const visit = visits.get(id);
      return visit !== undefined && query.state.dataUpdatedAt >= visit ? false : 'always';
    },
  });

export function useIdea(id: string) {
  return useQuery(ideaDetailQuery(id));
}
