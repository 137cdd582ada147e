import { IDEA_SORTS } from '@agora/shared';
import { queryClient } from '../../../lib/query-client';
import { ideaCategoriesQuery } from './get-categories';
import { ideaDetailQuery, markIdeaVisit } from './get-idea';
import { type IdeaSort, ideasListQuery } from './list-ideas';

export function readIdeaSort(v: string | null): IdeaSort {
  return v && (IDEA_SORTS as readonly string[]).includes(v) ? (v as IdeaSort) : 'newest';
}

/**
 * Asks for the first page and the category counts while the /ideas code is still downloading
 * (called by the route's loader), saving a slow phone the round trips of the code before the
 * data. The page reads the same parameters the same way.
 */
export function prefetchIdeasPage(params: URLSearchParams): void {
  void queryClient.prefetchInfiniteQuery(
    ideasListQuery(params.get('category') || 'All', readIdeaSort(params.get('sort'))),
  );
  void queryClient.prefetchQuery(ideaCategoriesQuery());
}

/**
 * Reads the idea afresh for this visit (a view counts, comments are current) while the /idea/{id}
 * code is still downloading (called by the route); the page then takes that copy as read.
 */
export function prefetchIdeaPage(id: string): void {
  markIdeaVisit(id);
  void queryClient.prefetchQuery({ ...ideaDetailQuery(id), staleTime: 0 });
}
