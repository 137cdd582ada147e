import { and, asc, desc, eq, inArray, ne, notInArray, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { jobs } from '../../db/schema/index.js';
import { locationPatterns } from './jobs.repo.js';

/**
 * The reads behind the job alerts (jobs.alerts.service.ts says what they mean): the listed jobs
 * approved in a window, and those of them a saved search finds, with the listing's filters.
 */

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

/** A saved search as the listing's filters read it (jobs.repo filterWhere). */
export interface AlertJobFilter {
  categories: string[];
  /** The level's names (one rung, two names), or null for any level. */
  levels: string[] | null;
  employmentType: string | null;
  tsquery: string | null;
  /** Place names and their aliases, each matched as a prefix of the city, state or country. */
  locations: string[];
  /** Remote jobs match too (or alone, without places). */
  orRemote: boolean;
  /** On-site jobs only. */
  onSiteOnly: boolean;
}

/**
 * When jobs are looked at: open at `now` (its application deadline not before `openOn`), approved
 * in (from, to], and expiring after `horizon` (the expiry index's range that holds every job
 * approved after `from`).
 */
export interface ApprovalWindow {
  now: Date;
  openOn: string;
  horizon: Date;
  from: Date;
  to: Date;
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

/** Approved, its application deadline not over and its expiry not passed. */
function openWhere(w: ApprovalWindow): SQL {
  return sql`(${jobs.status} = 'approved' and coalesce(${jobs.applicationDeadline}, 'infinity'::date) >= ${w.openOn}::date and (${jobs.expiresAt} is null or ${jobs.expiresAt} > ${at(w.now)}))`;
}

/** Approved in (from, to], read through the expiry index (jobs_expiry_idx, listed jobs by expiry). */
function approvedIn(w: ApprovalWindow): SQL {
  return and(
    sql`${jobs.expiresAt} > ${at(w.horizon)}`,
    sql`${jobs.reviewedAt} > ${at(w.from)}`,
    sql`${jobs.reviewedAt} <= ${at(w.to)}`,
  )!;
}

/** The listing's filters (jobs.repo filterWhere) for a saved search. */
function filterWhere(f: AlertJobFilter): SQL | undefined {
  const conds: SQL[] = [];
  if (f.categories.length) conds.push(inArray(jobs.category, f.categories));
  if (f.levels) conds.push(inArray(jobs.level, f.levels));
  if (f.employmentType) conds.push(eq(jobs.employmentType, f.employmentType));
  if (f.tsquery) {
    // A query of stop words only has no lexemes: it filters nothing, as on the listing.
    const query = sql`to_tsquery('english', ${f.tsquery})`;
    conds.push(sql`(numnode(${query}) = 0 or ${jobs.search} @@ ${query})`);
  }
  if (f.locations.length || f.orRemote) {
    const alts: SQL[] = [];
    if (f.locations.length) {
      alts.push(sql`${jobs.locationKey} like any(${sql.param(locationPatterns(f.locations))}::text[])`);
    }
    if (f.orRemote) alts.push(eq(jobs.isRemote, true));
    conds.push(sql`(${sql.join(alts, sql` or `)})`);
  }
  if (f.onSiteOnly) conds.push(eq(jobs.isRemote, false));
  return conds.length ? and(...conds) : undefined;
}

/**
 * Open jobs approved in the window, oldest approval first, at most `limit`; with `after` (the last
 * job of the previous page), the page after it.
 */
export async function openJobsApprovedIn(
  exec: Executor,
  w: ApprovalWindow,
  after: { reviewedAt: Date; id: string } | undefined,
  limit: number,
): Promise<AlertJob[]> {
  return exec
    .select(alertJobColumns)
    .from(jobs)
    .where(
      and(
        openWhere(w),
        approvedIn(w),
        after
          ? sql`(${jobs.reviewedAt}, ${jobs.id}) > (${at(after.reviewedAt)}, ${after.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(asc(jobs.reviewedAt), asc(jobs.id))
    .limit(limit);
}

/**
 * The open jobs approved in the window that pass the filter (with `ids`, only those; never those in
 * `excludeIds`), never `ownerId`'s own postings; newest approval first, at most `limit`.
 */
export async function openJobsFiltered(
  exec: Executor,
  w: ApprovalWindow,
  filter: AlertJobFilter,
  opts: { ownerId: string; limit: number; ids?: string[]; excludeIds?: string[] },
): Promise<AlertJob[]> {
  return exec
    .select(alertJobColumns)
    .from(jobs)
    .where(
      and(
        openWhere(w),
        opts.ids ? inArray(jobs.id, opts.ids) : undefined,
        opts.excludeIds?.length ? notInArray(jobs.id, opts.excludeIds) : undefined,
        approvedIn(w),
        ne(jobs.posterId, opts.ownerId),
        filterWhere(filter),
      ),
    )
    .orderBy(desc(jobs.reviewedAt), desc(jobs.id))
    .limit(opts.limit);
}
