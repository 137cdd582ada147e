import { IDEA_COMMENTS_PAGE, type IdeaComment } from '@agora/shared';
import { useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { ideaKeys } from './keys';

/** One page of earlier comments (oldest first) and the cursor of the page before it. */
export interface CommentsPage {
  items: IdeaComment[];
  next: string | null;
}

/**
 * GET /api/ideas/{id}/comments?before=… — comments older than the detail's latest ones, paged back
 * from `before` (IdeaDetail.commentsCursor), one page per "Show earlier comments" click. Nothing
 * is fetched until `enabled`.
 */
export function useEarlierComments(ideaId: string, before: string | null, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: ideaKeys.earlierComments(ideaId, before ?? ''),
    queryFn: async ({ pageParam, signal }): Promise<CommentsPage> => {
      const res = await apiRequest<IdeaComment[]>(`/api/ideas/${encodeURIComponent(ideaId)}/comments`, {
        query: { before: pageParam, limit: IDEA_COMMENTS_PAGE },
        signal,
      });
      return { items: res.data, next: res.headers.get('X-Next-Cursor') };
    },
    initialPageParam: before ?? '',
    getNextPageParam: (last) => last.next ?? undefined,
    enabled: enabled && Boolean(before),
  });
}
