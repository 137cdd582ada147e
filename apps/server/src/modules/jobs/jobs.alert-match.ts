import { DAY_MS, JOB_LEVEL_SYNONYMS } from '@agora/shared';
import { and, asc, desc, eq, inArray, ne, notInArray, type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { jobs } from '../../db/schema/index.js';
import { earliestToday } from './jobs.present.js';
import { locationPatterns } from './jobs.repo.js';
import { locationTerms, toPrefixTsquery } from './jobs.service.js';

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

/** A listed job as an alert tells of it. */
export interface AlertJob {
  id: string;
  posterId: string;
  title: string;
  companyName: string;
  city: string;
  state: string | null;
  country: string;
  isRemote: boolean;
  category: string;
  level: string;
  employmentType: string;
  reviewedAt: Date;
}

const alertJobColumns = {
  id: jobs.id,
  posterId: jobs.posterId,
  title: jobs.title,
  companyName: jobs.companyName,
  city: jobs.city,
  state: jobs.state,
  country: jobs.country,
  isRemote: jobs.isRemote,
  category: jobs.category,
  level: jobs.level,
  employmentType: jobs.employmentType,
  reviewedAt: sql<Date>`${jobs.reviewedAt}`.mapWith((v) => new Date(v)),
};

const at = (d: Date) => sql`${d.toISOString()}::timestamptz`;

/**
 * Listed and open now: approved, its application deadline not over (the listing's listedWhere) and
 * its expiry not passed (the expiry task lists it a minute longer; an alert should not).
 */
function openWhere(now: Date): SQL {
  return sql`(${jobs.status} = 'approved' and coalesce(${jobs.applicationDeadline}, 'infinity'::date) >= ${earliestToday(now)}::date and (${jobs.expiresAt} is null or ${jobs.expiresAt} > ${at(now)}))`;
}

/** The listing's filters (jobs.repo filterWhere) for a saved search. */
function searchWhere(s: SavedJobSearch): SQL | undefined {
  const conds: SQL[] = [];
  if (s.categories.length) conds.push(inArray(jobs.category, s.categories));
  if (s.level) conds.push(inArray(jobs.level, [...(JOB_LEVEL_SYNONYMS[s.level] ?? [s.level])]));
  if (s.employmentType) conds.push(eq(jobs.employmentType, s.employmentType));
  const tsquery = toPrefixTsquery(s.q ?? undefined);
  if (tsquery) {
    // A query of stop words only has no lexemes: it filters nothing, as on the listing.
    const query = sql`to_tsquery('english', ${tsquery})`;
    conds.push(sql`(numnode(${query}) = 0 or ${jobs.search} @@ ${query})`);
  }
  const { locations, remote } = locationTerms(s.location ?? undefined);
  const orRemote = remote || s.remote === true;
  if (locations.length || orRemote) {
    const alts: SQL[] = [];
    if (locations.length) {
      alts.push(sql`${jobs.locationKey} like any(${sql.param(locationPatterns(locations))}::text[])`);
    }
    if (orRemote) alts.push(eq(jobs.isRemote, true));
    conds.push(sql`(${sql.join(alts, sql` or `)})`);
  }
  if (s.remote === false) conds.push(eq(jobs.isRemote, false));
  return conds.length ? and(...conds) : undefined;
}

/**
 * Approved in (from, to], read through the expiry index (jobs_expiry_idx, listed jobs by expiry):
 * an approval sets the expiry to its time plus the listing days and a renewal only moves it later,
 * so every job approved after `from` expires after `from` + the listing days, and the index range
 * holds those few, not every listed job.
 */
function approvedIn(ctx: AppContext, from: Date, to: Date): SQL {
  const horizon = new Date(from.getTime() + ctx.config.jobListingDays * DAY_MS);
  return and(
    sql`${jobs.expiresAt} > ${at(horizon)}`,
    sql`${jobs.reviewedAt} > ${at(from)}`,
    sql`${jobs.reviewedAt} <= ${at(to)}`,
  )!;
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
  const { after } = window;
  return exec
    .select(alertJobColumns)
    .from(jobs)
    .where(
      and(
        openWhere(ctx.clock.now()),
        approvedIn(ctx, window.from, window.to),
        after
          ? sql`(${jobs.reviewedAt}, ${jobs.id}) > (${at(after.reviewedAt)}, ${after.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(asc(jobs.reviewedAt), asc(jobs.id))
    .limit(limit);
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
  return exec
    .select(alertJobColumns)
    .from(jobs)
    .where(
      and(
        openWhere(ctx.clock.now()),
        opts.ids ? inArray(jobs.id, opts.ids) : undefined,
        opts.excludeIds?.length ? notInArray(jobs.id, opts.excludeIds) : undefined,
        approvedIn(ctx, opts.after, opts.upTo),
        ne(jobs.posterId, opts.ownerId),
        searchWhere(search),
      ),
    )
    .orderBy(desc(jobs.reviewedAt), desc(jobs.id))
    .limit(opts.limit);
}
