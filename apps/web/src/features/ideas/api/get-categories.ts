import type { IdeaCategoryCounts } from '@agora/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { ideaKeys } from './keys';

/** CONTRACT §4: one call for every category's count (instead of one limit=1 call per category). */
export const ideaCategoriesQuery = () =>
  queryOptions({
    queryKey: ideaKeys.categories(),
    queryFn: ({ signal }) => api<IdeaCategoryCounts>('/api/ideas/categories', { signal }),
  });

export function useIdeaCategories() {
  return useQuery(ideaCategoriesQuery());
}
