import type { IdeaDetail } from '@agora/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { ideaKeys } from './keys';

export const ideaDetailQuery = (id: string) =>
  queryOptions({
    queryKey: ideaKeys.detail(id),
    queryFn: ({ signal }) => api<IdeaDetail>(`/api/ideas/${encodeURIComponent(id)}`, { signal }),
    retry: false,
    // Each visit reads the idea afresh (new comments and counts, and the view it counts) while the
    // cached copy shows; the app's finite staleTime applies otherwise (no refetch on focus).
    refetchOnMount: 'always',
  });

export function useIdea(id: string) {
  return useQuery(ideaDetailQuery(id));
}
