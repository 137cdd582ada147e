import type { CategoryCounts, Question } from '@agora/shared';
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { type PublicListParams, questionKeys } from './keys';

/**
 * Questions per request. The list fetches the next page as its end scrolls near (question-list.tsx),
 * so a first screen needs no more than this: 20 cards were ~950 elements for a phone to style and
 * lay out before the list showed (Lighthouse mobile), 10 are half that.
 */
export const PAGE_SIZE = 10;

export interface QuestionPage {
  items: Question[];
  nextCursor: string | null;
  total: number | null;
}

async function fetchPage(
  query: Record<string, string | number | readonly string[] | undefined>,
  signal: AbortSignal,
): Promise<QuestionPage> {
  const path = query.own || query.answered ? '/api/questions' : '/api/questions/public';
  const { data, headers } = await apiRequest<Question[]>(path, { signal, query, on401: 'ignore' });
  const total = headers.get('X-Total-Count');
  return {
    items: data,
    nextCursor: headers.get('X-Next-Cursor'),
    total: total === null ? null : Number(total),
  };
}

const pageParams = {
  initialPageParam: undefined as string | undefined,
  getNextPageParam: (last: QuestionPage) => last.nextCursor ?? undefined,
};

/** GET /api/questions/public — cursor pages as the list scrolls (CONTRACT §3 X-Next-Cursor). */
export const publicQuestionsQuery = (p: PublicListParams) =>
  infiniteQueryOptions({
    queryKey: questionKeys.publicList(p),
    queryFn: ({ pageParam, signal }) =>
      fetchPage(
        {
          category: p.categories,
          sort: p.sort,
          // The Open Questions tab lists only questions still taking answers.
          status: 'open',
          q: p.q || undefined,
          minReward: p.minReward ?? undefined,
          maxReward: p.maxReward ?? undefined,
          limit: PAGE_SIZE,
          cursor: pageParam,
        },
        signal,
      ),
    ...pageParams,
  });

/** GET /api/questions?own=true — my questions with all their answers. */
export const ownQuestionsQuery = (viewer: string) =>
  infiniteQueryOptions({
    queryKey: questionKeys.own(viewer),
    queryFn: ({ pageParam, signal }) =>
      fetchPage({ own: 'true', limit: PAGE_SIZE, cursor: pageParam }, signal),
    ...pageParams,
  });

/** GET /api/questions?answered=true — questions I answered (the Answered tab), with its total. */
export const answeredQuestionsQuery = (viewer: string) =>
  infiniteQueryOptions({
    queryKey: questionKeys.answered(viewer),
    queryFn: ({ pageParam, signal }) =>
      fetchPage({ answered: 'true', limit: PAGE_SIZE, cursor: pageParam }, signal),
    ...pageParams,
  });

export function usePublicQuestions(p: PublicListParams) {
  return useInfiniteQuery(publicQuestionsQuery(p));
}

export function useOwnQuestions(viewer: string | null) {
  return useInfiniteQuery({ ...ownQuestionsQuery(viewer ?? ''), enabled: !!viewer });
}

export function useAnsweredQuestions(viewer: string | null) {
  return useInfiniteQuery({ ...answeredQuestionsQuery(viewer ?? ''), enabled: !!viewer });
}

/** GET /api/questions/categories — the eight categories' counts in one call. */
export const categoryCountsQuery = () =>
  queryOptions({
    queryKey: questionKeys.categories(),
    queryFn: ({ signal }) =>
      // Counts of the Open Questions tab: they match its list.
      apiRequest<CategoryCounts>('/api/questions/categories', {
        signal,
        on401: 'ignore',
        query: { status: 'open' },
      }).then((r) => r.data),
    staleTime: 60_000,
  });

export function useCategoryCounts() {
  return useQuery(categoryCountsQuery());
}
