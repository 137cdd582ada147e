import type { CategoryFollowResult, FollowedCategories } from '@agora/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './api-client';

/**
 * The caller's followed question categories: one reader and one set of query keys for the
 * questions page's Follow button and the profile's list (two features, one cache entry).
 */
export const categoryFollowKeys = {
  all: ['users', 'me', 'followed-categories'] as const,
};

export const followedCategoriesQuery = () =>
  queryOptions({
    queryKey: categoryFollowKeys.all,
    queryFn: ({ signal }) =>
      api<FollowedCategories>('/api/users/me/followed-categories', { signal }).then(
        (r): string[] => r.categories,
      ),
  });

export function useFollowedCategories(enabled = true) {
  return useQuery({ ...followedCategoriesQuery(), enabled });
}

const followUrl = (category: string) => `/api/questions/categories/${encodeURIComponent(category)}/follow`;

/** Follows (`follow: true`) or unfollows a category; the list is updated from the answer. */
export function useSetCategoryFollow() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ category, follow }: { category: string; follow: boolean }) => {
      if (follow) await api<CategoryFollowResult>(followUrl(category), { method: 'POST' });
      else await api<void>(followUrl(category), { method: 'DELETE' });
      return { category, follow };
    },
    onSuccess: ({ category, follow }) => {
      qc.setQueryData<string[]>(categoryFollowKeys.all, (prev = []) =>
        follow ? (prev.includes(category) ? prev : [...prev, category]) : prev.filter((c) => c !== category),
      );
      void qc.invalidateQueries({ queryKey: categoryFollowKeys.all });
    },
  });
}
