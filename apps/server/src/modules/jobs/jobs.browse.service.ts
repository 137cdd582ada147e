import {
  CAREER_MESSAGES,
  JOB_CATEGORIES,
  JOB_LEVEL_SYNONYMS,
  type Job,
  type JobCategoryCounts,
  type JobListQuery,
  type JobListResult,
  type JobPagination,
} from '@agora/shared';
import type { AppContext } from '../../context.js';
import { notFound, unauthorized } from '../../lib/errors.js';
import { isUuid } from '../../lib/ids.js';
import { type JobMatching, matchOf, matchValues } from './jobs.match.js';
import { canSeeJob } from './jobs.policy.js';
import { earliestToday, presentJobDetail, presentJobListItem, type Viewer } from './jobs.presenter.js';
import * as repo from './jobs.repo.js';
import { locationTerms, toPrefixTsquery } from './jobs.search.js';

function pagination(total: number, page: number, limit: number, capped = false): JobPagination {
  const totalPages = Math.ceil(total / limit);
  return {
    totalJobs: total,
    ...(capped ? { totalCapped: true } : {}),
    totalPages,
    currentPage: page,
    hasPrev: page > 1 && totalPages > 0,
    hasNext: page < totalPages,
  };
}

/** What anyone reads of jobs: the list, its category counts and one job's page. */
export function createJobBrowseService(ctx: AppContext, matching: JobMatching) {
  const applications = ctx.jobApplications;

  /**
   * GET /api/jobs. A signed-in viewer's jobs each carry their match, computed here per request (the
   * shared response cache only ever holds visitors' answers: plugins/response-cache.ts skips any
   * request with credentials); `sort=match` orders by it and needs a viewer.
   */
  async function list(q: JobListQuery, viewer: Viewer | null = null): Promise<JobListResult> {
    if (q.sort === 'match' && !viewer) unauthorized(CAREER_MESSAGES.signInToMatch);
    const me = viewer ? await matching.matchee(viewer.id) : null;
    const tsquery = toPrefixTsquery(q.search);
    const { locations, remote } = locationTerms(q.location);
    const now = ctx.clock.now();
    const { total, capped, rows } = await repo.listJobs(ctx.db, {
      openOn: earliestToday(now),
      categories: q.category,
      // One rung, two names (spec 03 §3's two lists): "Senior" finds "Senior-level" postings too.
      levels: q.level && [...new Set(q.level.flatMap((l) => JOB_LEVEL_SYNONYMS[l] ?? [l]))],
      employmentTypes: q.employmentType,
      tsquery,
      locations,
      remote,
      sort: q.sort === 'match' && !me ? 'newest' : (q.sort ?? (tsquery ? 'relevance' : 'newest')),
      ...(q.sort === 'match' && me ? { match: matchValues(me) } : {}),
      limit: q.limit,
      offset: (q.page - 1) * q.limit,
    });
    return {
      jobs: rows.map((r) => presentJobListItem(r, now, me ? matchOf(me, r.job) : undefined)),
      pagination: pagination(total, q.page, q.limit, capped),
    };
  }

  /** Every category of the one list (0 when unused); the table holds no other (migration 0029). */
  async function categoryCounts(): Promise<JobCategoryCounts> {
    const counts: JobCategoryCounts = Object.fromEntries(JOB_CATEGORIES.map((c) => [c, 0]));
    for (const { category, n } of await repo.countByCategory(ctx.db, earliestToday(ctx.clock.now()))) {
      counts[category] = Number(n);
    }
    return counts;
  }

  /**
   * Approved jobs (also once expired or filled) for everyone; pending and rejected ones only for
   * their poster and admins. A signed-in viewer also reads their own application to it, if any.
   */
  async function get(viewer: Viewer | null, id: string): Promise<Job> {
    const row = isUuid(id) ? await repo.findJobWithAuthor(ctx.db, id) : undefined;
    if (!row || !canSeeJob(viewer, row.job)) {
      return notFound('Job not found');
    }
    if (!viewer) return presentJobDetail(row, viewer, ctx.clock.now());
    const me = await matching.matchee(viewer.id);
    const myApplication = await applications.mine(row.job.id, viewer.id);
    return presentJobDetail(row, viewer, ctx.clock.now(), {
      match: me ? matchOf(me, row.job) : undefined,
      myApplication,
    });
  }

  return { list, categoryCounts, get };
}
