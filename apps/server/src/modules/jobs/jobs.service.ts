import {
  CAREER_MESSAGES,
  JOB_CATEGORIES,
  JOB_LEVEL_SYNONYMS,
  type Job,
  type JobCategoryCounts,
  type JobCreateInput,
  type JobListQuery,
  type JobListResult,
  type JobPagination,
  MSG,
  PLACE_ALIASES,
} from '@agora/shared';
import type { AppContext, SessionUser } from '../../context.js';
import { badRequest, forbidden, notFound, unauthorized } from '../../lib/errors.js';
import { isUuid } from '../../lib/ids.js';
import { RASTER_IMAGE_TYPES, type StoredFile, storeUpload, type UploadedFile } from '../../lib/uploads.js';
import { canEditJob, canSeeJob } from './jobs.policy.js';
import { createJobMatching, type Matchee, matchOf, matchValues } from './jobs.match.js';
import { JOB_LOGO_PURPOSE, postingValues } from './jobs.posting.js';
import { earliestToday, presentJob, type Viewer } from './jobs.present.js';
import * as repo from './jobs.repo.js';
import { createJobReviewService } from './jobs.review.service.js';

// The rules other files and tests know by these names.
export { JOB_LOGO_PURPOSE, parseSalary } from './jobs.posting.js';
export { applicationsOpen, earliestToday, jobState, type Viewer } from './jobs.present.js';

/**
 * The search box → a to_tsquery expression: every word must match, each as a prefix
 * ("develop" finds "developer"), stemmed by the english configuration. Operators and quotes
 * are stripped, so user input can never break the query syntax.
 */
export function toPrefixTsquery(input: string | undefined): string | null {
  if (!input) return null;
  const terms = input
    .normalize('NFKC')
    .split(/\s+/)
    .map((t) =>
      t
        .replace(/[^\p{L}\p{N}.+#_@-]/gu, '')
        .replace(/^[.+#_@-]+/, '')
        .replace(/[._@-]+$/, '')
        .slice(0, 50),
    )
    .filter(Boolean)
    .slice(0, 8);
  // A one-letter word ("C++" and "C#" are the letter c to the english parser) is matched whole:
  // as a prefix it would match every word starting with that letter.
  const short = (t: string) => t.replace(/[^\p{L}\p{N}]/gu, '').length < 2;
  return terms.length ? terms.map((t) => (short(t) ? `'${t}'` : `'${t}':*`)).join(' & ') : null;
}

/** "Bengaluru, Karnataka" → the first part and its aliases, lower-case. */
export function locationTerms(input: string | undefined): { locations: string[]; remote: boolean } {
  const first = (input ?? '')
    .split(',')
    .map((s) => s.trim().toLowerCase().replace(/\s+/g, ' '))
    .find(Boolean);
  if (!first) return { locations: [], remote: false };
  const group = PLACE_ALIASES.find((g) => g.includes(first));
  return { locations: group ? [...group] : [first], remote: first === 'remote' };
}

export function createJobsService(ctx: AppContext) {
  const review = createJobReviewService(ctx);
  const applications = ctx.jobApplications;
  const matching = createJobMatching(ctx);
  const toJob = (row: repo.JobWithAuthor, viewer: Viewer | null, m?: Matchee | null): Job => {
    const job = presentJob(row, viewer, ctx.clock.now());
    return m ? { ...job, match: matchOf(m, row.job) } : job;
  };

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
    const { total, capped, rows } = await repo.listJobs(ctx.db, {
      openOn: earliestToday(ctx.clock.now()),
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
      jobs: rows.map((r) => toJob(r, null, me)),
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
    if (!viewer) return toJob(row, viewer);
    const me = await matching.matchee(viewer.id);
    return { ...toJob(row, viewer, me), myApplication: await applications.mine(row.job.id, viewer.id) };
  }

  /** A company logo for a posting: an image by its bytes, stored for this account. */
  async function uploadLogo(user: SessionUser, file: UploadedFile | null): Promise<StoredFile> {
    if (!file) return badRequest(MSG.jobLogoInvalid, [{ field: 'logo', message: MSG.jobLogoInvalid }]);
    return storeUpload(ctx, file, {
      ownerId: user.id,
      purpose: JOB_LOGO_PURPOSE,
      allowed: RASTER_IMAGE_TYPES,
      invalidMessage: MSG.jobLogoInvalid,
    });
  }

  async function create(user: SessionUser, input: JobCreateInput): Promise<Job> {
    const values = await postingValues(ctx, user, input);
    const now = ctx.clock.now();
    const row = await repo.insertJob(ctx.db, {
      posterId: user.id,
      ...values,
      // Whatever the client sends, a new posting waits for an admin.
      status: 'pending',
      createdAt: now,
      updatedAt: now,
    });
    return toJob({ job: row, authorName: user.displayName, authorEmail: user.email }, user);
  }

  /**
   * PUT /api/jobs/:id: the poster replaces their posting whole, in any state; it goes back to the
   * admins (pending, the old decision cleared), so nothing unreviewed is ever listed. Others: 404
   * while it is not listed to them (CONTRACT §3), otherwise 403 (admins review, never rewrite).
   * An expired or filled job edited this way is reviewed again and, once approved, listed for a
   * fresh JOB_LISTING_DAYS: its old expiry, warning and filled mark go with the old decision.
   */
  async function update(user: SessionUser, id: string, input: JobCreateInput): Promise<Job> {
    const existing = isUuid(id) ? await repo.findJobWithAuthor(ctx.db, id) : undefined;
    if (!existing || !canSeeJob(user, existing.job)) {
      return notFound('Job not found');
    }
    if (!canEditJob(user, existing.job)) forbidden('Only the poster can edit this job.');
    const values = await postingValues(ctx, user, input, existing.job);
    const row = await repo.updateJob(ctx.db, id, user.id, {
      ...values,
      status: 'pending',
      rejectionReason: null,
      reviewedBy: null,
      reviewedAt: null,
      expiresAt: null,
      expiryWarnedAt: null,
      filledAt: null,
      updatedAt: ctx.clock.now(),
    });
    if (!row) return notFound('Job not found');
    return toJob({ job: row, authorName: user.displayName, authorEmail: user.email }, user);
  }

  /**
   * GET /api/jobs/mine: the caller's own postings, every state, newest first (bounded), each with
   * its applications by status (one statement for the whole page).
   */
  async function listMine(user: SessionUser): Promise<Job[]> {
    const rows = await repo.listByPoster(ctx.db, user.id, 100);
    const counts = await applications.countsByJob(rows.map((j) => j.id));
    return rows.map((job) => ({
      ...toJob({ job, authorName: user.displayName, authorEmail: user.email }, user),
      applicationCounts: counts.get(job.id) ?? {},
    }));
  }

  return {
    list,
    categoryCounts,
    get,
    create,
    update,
    listMine,
    uploadLogo,
    approve: review.approve,
    reject: review.reject,
  };
}

export type JobsService = ReturnType<typeof createJobsService>;
