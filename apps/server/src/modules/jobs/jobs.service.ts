import {
  ADMIN_MESSAGES,
  currencyForCountry,
  DAY_MS,
  JOB_CATEGORIES,
  JOB_LEVEL_SYNONYMS,
  JOB_LIMITS,
  type Job,
  type JobCategoryCounts,
  type JobCreateInput,
  type JobListQuery,
  type JobListResult,
  type JobPagination,
  type JobState,
  MSG,
} from '@agora/shared';
import { z } from 'zod';
import type { AppContext, SessionUser } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../lib/errors.js';
import {
  CLAIMED_LATER,
  RASTER_IMAGE_TYPES,
  type StoredFile,
  storeUpload,
  type UploadedFile,
} from '../../lib/uploads.js';
import { enqueueMail } from '../../platform/mail.js';
import { notify } from '../notifications/notifications.service.js';
import * as repo from './jobs.repo.js';
import { isUuid } from '../../lib/ids.js';
import { canEditJob, canReviewJobs, canSeeJob, canSeeUnlisted } from './jobs.policy.js';

/**
 * The calendar date that is "today" somewhere on Earth for the longest: the date at UTC−12.
 * A deadline on that date or later has not passed for anyone yet, so a job stays listed until its
 * deadline day has ended everywhere, and a poster anywhere can pick their own today.
 */
export function earliestToday(now: Date): string {
  return new Date(now.getTime() - DAY_MS / 2).toISOString().slice(0, 10);
}

/** The listing's rule (jobs.repo listedWhere) for one job: no deadline, or not yet over everywhere. */
export function applicationsOpen(deadline: string | null, now: Date): boolean {
  return deadline === null || deadline >= earliestToday(now);
}

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

// Older and newer names people type for the same place (the job may carry either).
const PLACE_ALIASES: string[][] = [
  ['bengaluru', 'bangalore'],
  ['mumbai', 'bombay'],
  ['chennai', 'madras'],
  ['kolkata', 'calcutta'],
  ['gurugram', 'gurgaon'],
  ['delhi', 'new delhi'],
  ['pune', 'poona'],
  ['kochi', 'cochin'],
  ['mysuru', 'mysore'],
  ['thiruvananthapuram', 'trivandrum'],
  ['vadodara', 'baroda'],
  ['united states', 'usa', 'us', 'united states of america'],
  ['united kingdom', 'uk', 'great britain'],
];

/** "Bengaluru, Karnataka" → the first part and its aliases, lower-case. */
export function locationTerms(input: string | undefined): { locations: string[]; remote: boolean } {
  const first = (input ?? '')
    .split(',')
    .map((s) => s.trim().toLowerCase().replace(/\s+/g, ' '))
    .find(Boolean);
  if (!first) return { locations: [], remote: false };
  const group = PLACE_ALIASES.find((g) => g.includes(first));
  return { locations: group ?? [first], remote: first === 'remote' };
}

const SALARY_NUMBER = /(\d[\d,]*(?:\.\d+)?)\s*([km])?(?![a-z])/gi;
const RUPEE_HINT = /₹|\binr\b|\brs\.?(?=\s|\d|$)|\blakhs?\b|\blpa\b|\bcrores?\b|\d\s*l\b/i;
/** Pay per hour, day, week or month: not an annual figure, so kept as the poster's text. */
const PERIOD_HINT = /\b(hours?|hourly|hr|days?|daily|weeks?|weekly|months?|monthly)\b|\/\s*(h|hr|d|wk|mo)\b/i;
/** Words a plain annual range may carry besides its figures. */
const SALARY_WORDS =
  /\b(usd|us|dollars?|per|year|annum|annually|annual|yearly|a|pa|yr|from|up|to|and|between|starting|at|approx|approximately|about|around)\b/gi;

/**
 * Free-text salary → annual USD figures, only when the text is plainly an annual amount or range
 * ("$80,000 - $120,000", "80-120k", "1.2M - 1.5M", "From 50000", "Up to $150k"). Anything else —
 * rupee wording (spec 03 §3 shows Indian salaries as USD × 83), hourly or monthly pay, "Competitive
 * + 401k match" — keeps the poster's text and no figures, rather than a wrong number.
 */
export function parseSalary(text: string): { min: number | null; max: number | null } {
  const none = { min: null, max: null };
  if (!text || RUPEE_HINT.test(text) || PERIOD_HINT.test(text)) return none;
  const found = [...text.matchAll(SALARY_NUMBER)].map((m) => ({
    raw: Number(m[1]!.replace(/,/g, '')),
    unit: (m[2] ?? '').toLowerCase(),
  }));
  // Nothing but figures, currency, separators and the words of a range may be left over.
  const rest = text
    .replace(SALARY_NUMBER, ' ')
    .replace(SALARY_WORDS, ' ')
    .replace(/[\s$\-–—~,.+/()]/g, '');
  if (found.length === 0 || found.length > 2 || rest !== '') return none;
  // "80-120k": the unit written once applies to both ends.
  if (found.length === 2 && !found[0]!.unit && found[1]!.unit && found[0]!.raw < 1000)
    found[0]!.unit = found[1]!.unit;
  const values = found.map((f) =>
    Math.round(f.raw * (f.unit === 'm' ? 1_000_000 : f.unit === 'k' ? 1_000 : 1)),
  );
  if (values.some((v) => !Number.isFinite(v) || v < 1000)) return none;
  // An inverted range is returned as written: validation refuses it with a clear message.
  if (values.length === 2) return { min: values[0]!, max: values[1]! };
  return /\bup\s+to\b/i.test(text) ? { min: null, max: values[0]! } : { min: values[0]!, max: null };
}

const EmailFormat = z.email();

/**
 * A job's life as the API shows it (Job.state). An approved job past `expiresAt` reads as expired
 * at once, before the expiry task moves its status; a job not approved (pending, rejected) takes no
 * applications and reads as closed, as does one past its application deadline.
 */
export function jobState(
  j: Pick<repo.JobRow, 'status' | 'expiresAt' | 'applicationDeadline'>,
  now: Date,
): JobState {
  if (j.status === 'filled') return 'filled';
  if (j.status === 'expired') return 'expired';
  if (j.status !== 'approved') return 'closed';
  if (j.expiresAt && j.expiresAt.getTime() <= now.getTime()) return 'expired';
  return applicationsOpen(j.applicationDeadline, now) ? 'open' : 'closed';
}

/** The review outcome the API shows: an expired or filled job was approved. */
function reviewStatus(status: string): Job['status'] {
  return (status === 'expired' || status === 'filled' ? 'approved' : status) as Job['status'];
}

export interface Viewer {
  id: string;
  role: SessionUser['role'];
}

/** `files.purpose` of a company logo uploaded for a job posting. */
export const JOB_LOGO_PURPOSE = CLAIMED_LATER.jobLogo;

export function createJobsService(ctx: AppContext) {
  function toJob(row: repo.JobWithAuthor, viewer: Viewer | null): Job {
    const j = row.job;
    const skills = j.skills ?? [];
    return {
      _id: j.id,
      title: j.title,
      description: j.description,
      company: { name: j.companyName, website: j.companyWebsite, logo: j.companyLogo },
      location: { city: j.city, state: j.state, country: j.country },
      isRemote: j.isRemote,
      category: j.category,
      employmentType: j.employmentType,
      type: j.employmentType,
      level: j.level,
      salary: {
        min: j.salaryMin,
        max: j.salaryMax,
        currency: j.salaryCurrency as Job['salary']['currency'],
        text: j.salaryText,
      },
      requirements: { skills, text: j.requirements },
      skills,
      benefits: j.benefits,
      experience: j.experience,
      education: j.education,
      applicationDeadline: j.applicationDeadline,
      applicationsOpen: applicationsOpen(j.applicationDeadline, ctx.clock.now()),
      contactEmail: j.contactEmail,
      status: reviewStatus(j.status),
      state: jobState(j, ctx.clock.now()),
      expiresAt: j.expiresAt?.toISOString() ?? null,
      screeningQuestions: j.screeningQuestions ?? [],
      rejectionReason: canSeeUnlisted(viewer, j) ? j.rejectionReason : null,
      author: { id: j.posterId, displayName: row.authorName },
      createdAt: j.createdAt.toISOString(),
      updatedAt: j.updatedAt.toISOString(),
    };
  }

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

  async function list(q: JobListQuery): Promise<JobListResult> {
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
      sort: q.sort ?? (tsquery ? 'relevance' : 'newest'),
      limit: q.limit,
      offset: (q.page - 1) * q.limit,
    });
    return { jobs: rows.map((r) => toJob(r, null)), pagination: pagination(total, q.page, q.limit, capped) };
  }

  /** Every category of the one list (0 when unused); the table holds no other (migration 0029). */
  async function categoryCounts(): Promise<JobCategoryCounts> {
    const counts: JobCategoryCounts = Object.fromEntries(JOB_CATEGORIES.map((c) => [c, 0]));
    for (const { category, n } of await repo.countByCategory(ctx.db, earliestToday(ctx.clock.now()))) {
      counts[category] = Number(n);
    }
    return counts;
  }

  /** Approved jobs for everyone; pending and rejected ones only for their poster and admins. */
  async function get(viewer: Viewer | null, id: string): Promise<Job> {
    const row = isUuid(id) ? await repo.findJobWithAuthor(ctx.db, id) : undefined;
    if (!row || !canSeeJob(viewer, row.job)) {
      return notFound('Job not found');
    }
    return toJob(row, viewer);
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

  /** Every rule of a posting (create and edit alike) → the row's values; 400 on the first problem. */
  async function postingValues(user: SessionUser, input: JobCreateInput) {
    // Required fields (spec 03 §5) were refused by JobCreateBody before the service.
    if (!EmailFormat.safeParse(input.contactEmail).success) {
      badRequest('Please enter a valid email address', [
        { field: 'body.contactEmail', message: 'Please enter a valid email address' },
      ]);
    }

    const now = ctx.clock.now();
    if (input.applicationDeadline && input.applicationDeadline < earliestToday(now)) {
      badRequest('The application deadline cannot be in the past', [
        { field: 'body.applicationDeadline', message: 'The application deadline cannot be in the past' },
      ]);
    }

    const country = input.location.country ?? 'India';
    let salaryText: string | null = null;
    let salaryMin: number | null = null;
    let salaryMax: number | null = null;
    // Free text keeps its old meaning (plain figures are USD); explicit figures name their currency,
    // or take the one the country suggests.
    let salaryCurrency: string = 'USD';
    if (typeof input.salary === 'string') {
      salaryText = input.salary || null;
      ({ min: salaryMin, max: salaryMax } = parseSalary(input.salary));
    } else if (input.salary) {
      salaryMin = input.salary.min ?? null;
      salaryMax = input.salary.max ?? null;
      salaryText = input.salary.text || null;
      salaryCurrency = input.salary.currency ?? currencyForCountry(country);
    }
    for (const v of [salaryMin, salaryMax]) {
      if (v !== null && (v < 0 || v > JOB_LIMITS.salaryMax)) {
        badRequest('Please enter a realistic salary range', [
          { field: 'body.salary', message: 'Please enter a realistic salary range' },
        ]);
      }
    }
    if (salaryMin !== null && salaryMax !== null && salaryMin > salaryMax) {
      badRequest('The minimum salary cannot be more than the maximum salary', [
        { field: 'body.salary', message: 'The minimum salary cannot be more than the maximum salary' },
      ]);
    }

    // An uploaded logo must be one this poster uploaded as a logo (not any file on the server).
    const logo = input.company.logo ?? null;
    if (logo?.startsWith('/uploads/')) {
      const key = logo.slice('/uploads/'.length);
      if (!(await repo.ownsUpload(ctx.db, user.id, key, JOB_LOGO_PURPOSE))) {
        badRequest(MSG.jobLogoUnknown, [{ field: 'body.company.logo', message: MSG.jobLogoUnknown }]);
      }
    }

    return {
      title: input.title,
      description: input.description,
      companyName: input.company.name,
      companyWebsite: input.company.website ?? null,
      companyLogo: logo,
      city: input.location.city,
      state: input.location.state ?? null,
      country,
      isRemote: input.isRemote,
      category: input.category!,
      employmentType: input.type ?? input.employmentType ?? 'Full-time',
      level: input.level ?? 'Mid-level',
      salaryText,
      salaryMin,
      salaryMax,
      salaryCurrency,
      requirements: input.requirements ?? null,
      benefits: input.benefits ?? null,
      skills: input.skills,
      experience: input.experience ?? null,
      education: input.education ?? null,
      applicationDeadline: input.applicationDeadline ?? null,
      contactEmail: input.contactEmail.toLowerCase(),
    };
  }

  async function create(user: SessionUser, input: JobCreateInput): Promise<Job> {
    const values = await postingValues(user, input);
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
   */
  async function update(user: SessionUser, id: string, input: JobCreateInput): Promise<Job> {
    const existing = isUuid(id) ? await repo.findJobWithAuthor(ctx.db, id) : undefined;
    if (!existing || !canSeeJob(user, existing.job)) {
      return notFound('Job not found');
    }
    if (!canEditJob(user, existing.job)) forbidden('Only the poster can edit this job.');
    const values = await postingValues(user, input);
    const row = await repo.updateJob(ctx.db, id, user.id, {
      ...values,
      status: 'pending',
      rejectionReason: null,
      reviewedBy: null,
      reviewedAt: null,
      updatedAt: ctx.clock.now(),
    });
    if (!row) return notFound('Job not found');
    return toJob({ job: row, authorName: user.displayName, authorEmail: user.email }, user);
  }

  /** GET /api/jobs/mine: the caller's own postings, every state, newest first (bounded). */
  async function listMine(user: SessionUser): Promise<Job[]> {
    const rows = await repo.listByPoster(ctx.db, user.id, 100);
    return rows.map((job) => toJob({ job, authorName: user.displayName, authorEmail: user.email }, user));
  }

  /**
   * Admin decision on a pending job: one transaction writes the job, the poster's mail and
   * notification. With `seen` (the `updatedAt` the admin read) it applies to that version only: a
   * posting edited since is refused with 409 CHANGED_SINCE_REVIEW, decided by the same statement.
   */
  async function review(
    admin: SessionUser,
    id: string,
    decision: { status: 'approved' } | { status: 'rejected'; reason: string },
    exec: Executor = ctx.db,
    seen?: Date,
  ): Promise<Job> {
    if (!canReviewJobs(admin)) forbidden(MSG.forbidden);
    if (!isUuid(id)) notFound('Job not found');
    const reason = decision.status === 'rejected' ? decision.reason.trim().slice(0, 1000) : null;
    if (decision.status === 'rejected' && !reason) {
      badRequest('Please give a reason for the rejection', [
        { field: 'body.reason', message: 'Please give a reason for the rejection' },
      ]);
    }
    return exec.transaction(async (tx) => {
      const now = ctx.clock.now();
      if (decision.status === 'approved') {
        // Approved past its deadline it would never be listed, while its poster is told it is live.
        const pending = await repo.findJobWithAuthor(tx, id);
        if (pending?.job.status === 'pending' && !applicationsOpen(pending.job.applicationDeadline, now)) {
          conflict(
            'DEADLINE_PASSED',
            'Its application deadline has passed, so it cannot be listed. Reject it instead.',
          );
        }
      }
      const updated = await repo.reviewJob(
        tx,
        id,
        'pending',
        {
          status: decision.status,
          reviewedBy: admin.id,
          reviewedAt: now,
          rejectionReason: reason,
          updatedAt: now,
        },
        seen,
      );
      if (!updated) {
        const existing = await repo.findJobWithAuthor(tx, id);
        if (!existing) notFound('Job not found');
        if (existing!.job.status === 'pending') {
          conflict('CHANGED_SINCE_REVIEW', ADMIN_MESSAGES.changedSinceReview);
        }
        throw new AppError('JOB_ALREADY_REVIEWED', 409, `This job has already been ${existing!.job.status}`);
      }
      const row = (await repo.findJobWithAuthor(tx, id))!;
      const link = `/job/${id}`;
      // In-app notifications keep the path; e-mails need the whole address (PUBLIC_URL).
      const pageUrl = `${ctx.config.publicUrl}${link}`;
      if (decision.status === 'approved') {
        await enqueueMail(tx, {
          to: row.authorEmail,
          subject: `Your job posting "${updated.title}" is live`,
          text: `Good news: your job posting "${updated.title}" at ${updated.companyName} has been approved and is now listed on the Jobs Hub.\n\nView it: ${pageUrl}`,
        });
        await notify(tx, updated.posterId, {
          type: 'job_review',
          title: 'Job posting approved',
          body: `"${updated.title}" is now listed on the Jobs Hub.`,
          link,
        });
      } else {
        await enqueueMail(tx, {
          to: row.authorEmail,
          subject: `Your job posting "${updated.title}" was not approved`,
          text: `Your job posting "${updated.title}" at ${updated.companyName} was not approved.\n\nReason: ${reason}\n\nYou can see it at ${pageUrl} and post a corrected version at any time.`,
        });
        await notify(tx, updated.posterId, {
          type: 'job_review',
          title: 'Job posting not approved',
          body: `"${updated.title}": ${reason}`,
          link,
        });
      }
      return toJob(row, admin);
    });
  }

  return {
    list,
    categoryCounts,
    get,
    create,
    update,
    listMine,
    uploadLogo,
    /**
     * Approve a pending job (admin only); the poster is e-mailed and notified. 409 if not pending,
     * or (with `seen`) if it is no longer the version the admin read.
     */
    approve: (admin: SessionUser, id: string, exec?: Executor, seen?: Date) =>
      review(admin, id, { status: 'approved' }, exec, seen),
    /** Reject a pending job with a reason (admin only); the poster is e-mailed and notified. */
    reject: (admin: SessionUser, id: string, reason: string, exec?: Executor, seen?: Date) =>
      review(admin, id, { status: 'rejected', reason: String(reason ?? '') }, exec, seen),
  };
}

export type JobsService = ReturnType<typeof createJobsService>;
