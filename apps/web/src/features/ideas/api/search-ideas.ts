import type { IdeaSearchHit } from '@agora/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { ideaKeys } from './keys';

export type { IdeaSearchHit };

/** GET /api/ideas/search (spec 02 §7): no token, at most 20 ranked hits. */
export function searchIdeas(
  q: string,
  signal?: AbortSignal,
  match: 'all' | 'any' = 'all',
): Promise<IdeaSearchHit[]> {
  return api<IdeaSearchHit[]>('/api/ideas/search', {
    query: { q, match: match === 'all' ? undefined : match },
    signal,
    on401: 'ignore',
  });
}

export const searchIdeasQuery = (q: string, match: 'all' | 'any' = 'all') =>
  queryOptions({
    queryKey: [...ideaKeys.search(q), match],
    queryFn: ({ signal }) => searchIdeas(q, signal, match),
    enabled: q.trim().length > 0,
    staleTime: 15_000,
    retry: false,
  });

export function useIdeaSearch(q: string, match: 'all' | 'any' = 'all') {
  return useQuery(searchIdeasQuery(q, match));
}
