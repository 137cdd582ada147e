import { IDEAS_PAGE_SIZE, type IdeaList } from '@agora/shared';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { ideaKeys } from './keys';

export type IdeaSort = 'newest' | 'oldest' | 'popular';

export function listIdeas(q: { category: string; sort: IdeaSort; page: number }, signal?: AbortSignal) {
  return api<IdeaList>('/api/ideas', {
    query: {
      category: q.category === 'All' ? undefined : q.category,
      sort: q.sort,
      page: q.page,
      limit: IDEAS_PAGE_SIZE,
    },
    signal,
  });
}

/** spec 02 §2: pages of 10 behind a Load More button. */
export const ideasListQuery = (category: string, sort: IdeaSort) =>
  infiniteQueryOptions({
    queryKey: ideaKeys.list(category, sort),
    queryFn: ({ pageParam, signal }) => listIdeas({ category, sort, page: pageParam }, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.pagination.hasMore ? last.pagination.current + 1 : undefined),
  });

export function useIdeasList(category: string, sort: IdeaSort) {
  return useInfiniteQuery(ideasListQuery(category, sort));
}
