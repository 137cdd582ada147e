import { HACKATHON_PHASES, type HackathonTab } from '@agora/shared';
import { getAuth } from '../../../lib/auth-store';
import { queryClient } from '../../../lib/query-client';
import { hackathonListQuery } from './list-hackathons';

/** The tab a /hackathons URL shows (Open Now unless it names another). */
export function readHackathonTab(v: string | null): HackathonTab {
  return v && (HACKATHON_PHASES as readonly string[]).includes(v) ? (v as HackathonTab) : 'open';
}

/**
 * Asks for the tab's first page while the /hackathons code is still downloading (called by the
 * route), saving a slow phone the round trips of the code before the data.
 */
export function prefetchHackathonsPage(params: URLSearchParams): void {
  void queryClient.prefetchInfiniteQuery(
    hackathonListQuery(readHackathonTab(params.get('tab')), getAuth().user?.id ?? 'anon'),
  );
}
