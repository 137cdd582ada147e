import type { IdeaDetail } from '@agora/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { ideaKeys } from './keys';

export const ideaDetailQuery = (id: string) =>
  queryOptions({
    queryKey: ideaKeys.detail(id),
    queryFn: ({ signal }) => api<IdeaDetail>(`/api/ideas/${encodeURIComponent(id)}`, { signal }),
    retry: false,
    // Each fetch counts a view; do not refetch behind the reader's back.
    staleTime: Number.POSITIVE_INFINITY,
  });

export function useIdea(id: string) {
  return useQuery(ideaDetailQuery(id));
}
