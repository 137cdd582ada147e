import type { Question } from '@agora/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, api } from '../../../lib/api-client';
import { questionKeys } from './keys';

// Questions whose view this page load already counted: refetches (after answering, on focus) do not.
const counted = new Set<string>();

/** GET /api/questions/:id — the answers in it are the ones this viewer may see (server-decided). */
export const questionQuery = (id: string, viewer: string) =>
  queryOptions({
    queryKey: questionKeys.detail(id, viewer),
    queryFn: async ({ signal }) => {
      const key = `${viewer}:${id}`;
      const q = await api<Question>(`/api/questions/${encodeURIComponent(id)}`, {
        signal,
        query: counted.has(key) ? { view: 'false' } : undefined,
      });
      counted.add(key);
      return q;
    },
    retry: (count, err) => !(err instanceof ApiError && err.status < 500) && count < 2,
  });

export function useQuestion(id: string | null, viewer: string) {
  return useQuery({ ...questionQuery(id ?? '', viewer), enabled: !!id });
}
