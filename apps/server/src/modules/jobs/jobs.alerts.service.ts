import { DAY_MS, JOB_LEVEL_SYNONYMS } from '@agora/shared';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import {
  type AlertJob,
  type AlertJobFilter,
  type ApprovalWindow,
  openJobsApprovedIn,
  openJobsFiltered,
} from './jobs.alert-match.js';
import { earliestToday } from './jobs.presenter.js';
import { locationTerms, toPrefixTsquery } from './jobs.search.js';

export type { AlertJob } from './jobs.alert-match.js';

/**
 * What the job-alerts area reads of jobs: the listed jobs approved in a window, and those of them a
 * saved search finds. The search is the listing's (GET /api/jobs): the same words as a prefix
 * tsquery, the same place names and aliases, the same level synonyms, the same "open" rule, so an
 * alert finds exactly what the same search on /jobhubs finds (job-alerts.test.ts compares them).
 */

/** A saved search, as the job_alerts row keeps it. */
export interface SavedJobSearch {
  q: string | null;
  location: string | null;
  categories: string[];
  level: string | null;
  employmentType: string | null;
  /** true: remote jobs (or, with a location, that place or remote); false: on-site only. */
  remote: boolean | null;
}

/** A saved search as the listing reads the same words, place and level. */
function listingFilterOf(s: SavedJobSearch): AlertJobFilter {
  const { locations, remote } = locationTerms(s.location ?? undefined);
  return {
    categories: s.categories,
    levels: s.level ? [...(JOB_LEVEL_SYNONYMS[s.level] ?? [s.level])] : null,
    employmentType: s.employmentType,
    tsquery: toPrefixTsquery(s.q ?? undefined),
    locations,
    orRemote: remote || s.remote === true,
    onSiteOnly: s.remote === false,
  };
}

/**
 * Listed and open now: approved, its application deadline not over (the listing's rule) and its
 * expiry not passed (the expiry task lists it a minute longer; an alert should not). Approved in
 * (from, to]: an approval sets the expiry to its time plus the listing days and a renewal only
 * moves it later, so every job approved after `from` expires after `from` + the listing days, and
 * the read holds those few, not every listed job.
 */
function windowOf(ctx: AppContext, from: Date, to: Date): ApprovalWindow {
  const now = ctx.clock.now();
  const horizon = new Date(from.getTime() + ctx.config.jobListingDays * DAY_MS);
  return { now, openOn: earliestToday(now), horizon, from, to };
}

/**
 * Open jobs approved in (from, to], oldest approval first, at most `limit`; with `after` (the last
 * job of the previous page), the page after it.
 */
export async function jobsApprovedBetween(
  ctx: AppContext,
  window: { from: Date; to: Date; after?: { reviewedAt: Date; id: string } },
  limit: number,
  exec: Executor = ctx.db,
): Promise<AlertJob[]> {
  return openJobsApprovedIn(exec, windowOf(ctx, window.from, window.to), window.after, limit);
}

/**
 * The open jobs a saved search finds among those approved in (after, upTo] (with `ids`, only those;
 * never those in `excludeIds`), never the alert owner's own postings; newest approval first.
 */
export async function jobsMatchingAlert(
  ctx: AppContext,
  search: SavedJobSearch,
  opts: { ownerId: string; after: Date; upTo: Date; limit: number; ids?: string[]; excludeIds?: string[] },
  exec: Executor = ctx.db,
): Promise<AlertJob[]> {
  if (opts.ids && opts.ids.length === 0) return [];
  const { ownerId, limit, ids, excludeIds } = opts;
  return openJobsFiltered(exec, windowOf(ctx, opts.after, opts.upTo), listingFilterOf(search), {
    ownerId,
    limit,
    ...(ids ? { ids } : {}),
    ...(excludeIds ? { excludeIds } : {}),
  });
}
