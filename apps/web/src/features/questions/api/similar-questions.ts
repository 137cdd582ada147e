import type { SimilarQuestion } from '@agora/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { questionKeys } from './keys';

/** GET /api/questions/similar — up to five existing questions sharing words with a title. */
export const similarQuestionsQuery = (q: string) =>
  queryOptions({
    queryKey: questionKeys.similar(q),
    queryFn: ({ signal }) =>
      api<SimilarQuestion[]>('/api/questions/similar', { signal, query: { q, limit: 5 }, on401: 'ignore' }),
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });

export function useSimilarQuestions(q: string) {
  return useQuery({ ...similarQuestionsQuery(q), enabled: q.trim().length >= 4 });
}
