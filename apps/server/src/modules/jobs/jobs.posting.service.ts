import { type Job, type JobCreateInput, MSG } from '@agora/shared';
import type { AppContext, SessionUser } from '../../context.js';
import { badRequest, forbidden, notFound } from '../../lib/errors.js';
import { isUuid } from '../../lib/ids.js';
import { RASTER_IMAGE_TYPES, type StoredFile, storeUpload, type UploadedFile } from '../../lib/uploads.js';
import { canEditJob, canSeeJob } from './jobs.policy.js';
import { JOB_LOGO_PURPOSE, postingValues } from './jobs.posting.js';
import { presentJob, presentMyJob } from './jobs.presenter.js';
import * as repo from './jobs.repo.js';

/** What a poster does with their postings: post, rewrite, list their own, upload a logo. */
export function createJobPostingService(ctx: AppContext) {
  const applications = ctx.jobApplications;
  /** A posting as its poster sees it, their name and e-mail being the author's. */
  const asPosted = (job: repo.JobRow, user: SessionUser): repo.JobWithAuthor => ({
    job,
    authorName: user.displayName,
    authorEmail: user.email,
  });

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
    return presentJob(asPosted(row, user), user, ctx.clock.now());
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
    return presentJob(asPosted(row, user), user, ctx.clock.now());
  }

  /**
   * GET /api/jobs/mine: the caller's own postings, every state, newest first (bounded), each with
   * its applications by status (one statement for the whole page).
   */
  async function listMine(user: SessionUser): Promise<Job[]> {
    const rows = await repo.listByPoster(ctx.db, user.id, 100);
    const counts = await applications.countsByJob(rows.map((j) => j.id));
    const now = ctx.clock.now();
    return rows.map((job) => presentMyJob(asPosted(job, user), user, now, counts.get(job.id) ?? {}));
  }

  return { uploadLogo, create, update, listMine };
}
