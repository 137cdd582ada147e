import { IDEAS_PAGE_SIZE, type IdeaList } from '@agora/shared';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { ideaKeys } from './keys';

/** spec 02 §7: the author's hidden ideas, 10 per page. */
export const hiddenIdeasQuery = (userId: string) =>
  infiniteQueryOptions({
    queryKey: ideaKeys.hidden(userId),
    queryFn: ({ pageParam, signal }) =>
      api<IdeaList>(`/api/ideas/user/${encodeURIComponent(userId)}/hidden`, {
        query: { page: pageParam, limit: IDEAS_PAGE_SIZE },
        signal,
      }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.pagination.hasMore ? last.pagination.current + 1 : undefined),
  });

export function useHiddenIdeas(userId: string | undefined) {
  return useInfiniteQuery({ ...hiddenIdeasQuery(userId ?? ''), enabled: Boolean(userId) });
}
