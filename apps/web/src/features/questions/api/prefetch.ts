import { QUESTION_CATEGORIES, QUESTION_LIMITS, QUESTION_SORTS, type QuestionSort } from '@agora/shared';
import { queryClient } from '../../../lib/query-client';
import type { PublicListParams } from './keys';
import { categoryCountsQuery, publicQuestionsQuery } from './list-questions';

const CATEGORY_SET = new Set<string>(QUESTION_CATEGORIES);

export function readSort(v: string | null): QuestionSort {
  return (QUESTION_SORTS as readonly string[]).includes(v ?? '') ? (v as QuestionSort) : 'date-new';
}

export const readCategories = (params: URLSearchParams): string[] =>
  params.getAll('category').filter((c) => CATEGORY_SET.has(c));

/** A reward bound of the URL (whole rupees, as the server takes them); anything else is no bound. */
export function readReward(v: string | null): number | null {
  if (v === null || !/^\d{1,7}$/.test(v)) return null;
  const n = Number(v);
  return n <= QUESTION_LIMITS.rewardMaxRupees ? n : null;
}

/** The reward range of the URL; a minimum above the maximum drops both (the server would refuse it). */
export function readRewardRange(params: URLSearchParams): {
  minReward: number | null;
  maxReward: number | null;
} {
  const minReward = readReward(params.get('minReward'));
  const maxReward = readReward(params.get('maxReward'));
  if (minReward !== null && maxReward !== null && minReward > maxReward)
    return { minReward: null, maxReward: null };
  return { minReward, maxReward };
}

/** The list the /questions page shows first for these URL parameters (the page reads them the same way). */
export const listParamsFrom = (params: URLSearchParams): PublicListParams => ({
  categories: readCategories(params),
  sort: readSort(params.get('sort')),
  q: (params.get('q') ?? '').trim(),
  ...readRewardRange(params),
});

/**
 * Asks for the first page and the category counts while the page's code is still downloading
 * (called by the route's loader): on a slow phone that saves the round trips of the code before
 * the data. The page's own queries then find them in the cache.
 */
export function prefetchQuestionsPage(params: URLSearchParams): void {
  void queryClient.prefetchInfiniteQuery(publicQuestionsQuery(listParamsFrom(params)));
  void queryClient.prefetchQuery(categoryCountsQuery());
}
