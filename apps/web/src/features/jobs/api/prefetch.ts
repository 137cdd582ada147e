import { getAuth } from '../../../lib/auth-store';
import { queryClient } from '../../../lib/query-client';
import { paramsFromSearch } from '../lib/filters';
import { jobCategoriesQuery } from './get-categories';
import { jobQuery } from './get-job';
import { jobListQuery } from './list-jobs';

/**
 * Asks for the listing and the category counts while the /jobhubs code is still downloading
 * (called by the route's loader). The page reads its filters with the same function.
 */
export function prefetchJobsPage(params: URLSearchParams): void {
  void queryClient.prefetchQuery(jobListQuery(paramsFromSearch(params)));
  void queryClient.prefetchQuery(jobCategoriesQuery());
}

/** Asks for a job while the /job/{id} code is still downloading (called by the route). */
export function prefetchJobPage(id: string): void {
  void queryClient.prefetchQuery(jobQuery(id, getAuth().user?.id ?? 'anon'));
}
