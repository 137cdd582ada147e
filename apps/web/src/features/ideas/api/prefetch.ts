import { IDEA_SORTS } from '@agora/shared';
import { queryClient } from '../../../lib/query-client';
import { ideaCategoriesQuery } from './get-categories';
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
