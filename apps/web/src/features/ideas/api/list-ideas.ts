import { type Idea, IDEAS_PAGE_SIZE, type IdeaList } from '@agora/shared';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { ideaKeys } from './keys';

export type IdeaSort = 'newest' | 'oldest' | 'popular';

export function listIdeas(
  q: {
    category: string;
    sort: IdeaSort;
    page: number;
    cursor?: string;
    author?: string;
    status?: string;
    q?: string;
  },
  signal?: AbortSignal,
) {
  return api<IdeaList>('/api/ideas', {
    query: {
      category: q.category === 'All' ? undefined : q.category,
      sort: q.sort,
      page: q.page,
      limit: IDEAS_PAGE_SIZE,
      cursor: q.cursor,
      author: q.author,
      status: q.status || undefined,
      q: q.q || undefined,
    },
    signal,
  });
}

/**
 * spec 02 §2: pages of 10 behind a Load More button. Each next page continues after the last idea
 * shown (the server's keyset cursor), so ideas shared or hidden meanwhile neither repeat nor vanish.
 */
export const ideasListQuery = (category: string, sort: IdeaSort, status = '', q = '') =>
  infiniteQueryOptions({
    queryKey: ideaKeys.list(category, sort, status, q),
    // With search text, every idea is searched on the server (pages by number, no cursor).
    queryFn: ({ pageParam, signal }) => listIdeas({ category, sort, status, q, ...pageParam }, signal),
    initialPageParam: { page: 1 } as { page: number; cursor?: string },
    getNextPageParam: (last) =>
      last.pagination.hasMore
        ? { page: last.pagination.current + 1, cursor: last.nextCursor ?? undefined }
        : undefined,
  });

/**
 * The loaded pages as one list, each idea once (a safeguard: keyset pages do not repeat, but a
 * list loaded by page number, as hidden ideas are, can shift between two Load More clicks).
 */
export function uniqueIdeas(pages: readonly IdeaList[] | undefined): Idea[] {
  const seen = new Set<string>();
  const out: Idea[] = [];
  for (const p of pages ?? []) {
    for (const idea of p.ideas) {
      if (seen.has(idea._id)) continue;
      seen.add(idea._id);
      out.push(idea);
    }
  }
  return out;
}

/** My Ideas: the signed-in user's visible ideas (GET /api/ideas?author=me), same paging. */
export const myIdeasQuery = (userId: string, sort: IdeaSort) =>
  infiniteQueryOptions({
    queryKey: ideaKeys.mine(userId, sort),
    queryFn: ({ pageParam, signal }) =>
      listIdeas({ category: 'All', sort, author: 'me', ...pageParam }, signal),
    initialPageParam: { page: 1 } as { page: number; cursor?: string },
    getNextPageParam: (last) =>
      last.pagination.hasMore
        ? { page: last.pagination.current + 1, cursor: last.nextCursor ?? undefined }
        : undefined,
  });

export function useMyIdeas(userId: string | undefined, sort: IdeaSort) {
  return useInfiniteQuery({ ...myIdeasQuery(userId ?? '', sort), enabled: Boolean(userId) });
}

export function useIdeasList(category: string, sort: IdeaSort, status = '', q = '') {
  return useInfiniteQuery({ ...ideasListQuery(category, sort, status, q), placeholderData: (prev) => prev });
}
