import { JOB_LIFE_MESSAGES, type Job } from '@agora/shared';
import type { AppContext } from '../../context.js';
import { conflict, forbidden, notFound } from '../../lib/errors.js';
import { isUuid } from '../../lib/ids.js';
import { canManageListing, canSeeJob } from './jobs.policy.js';
import { applicationsOpen, earliestToday, presentJob, type Viewer } from './jobs.presenter.js';
import * as repo from './jobs.repo.js';

/**
 * A listing's life in its poster's hands: renew it before or after it expires, or mark it filled.
 * Admins may do both on the poster's behalf. Who cannot see the job gets 404 (as on its page),
 * who can see it but is not its poster 403; a job that was never listed (pending, rejected) 409.
 */
export function createJobLifeService(ctx: AppContext) {
  async function managed(viewer: Viewer, id: string): Promise<repo.JobWithAuthor> {
    const row = isUuid(id) ? await repo.findJobWithAuthor(ctx.db, id) : undefined;
    if (!row || !canSeeJob(viewer, row.job)) return notFound('Job not found');
    if (!canManageListing(viewer, row.job)) forbidden('Only the poster can manage this listing.');
    return row;
  }

  /** Why a job cannot be renewed or filled now (409), from the state it was found in. */
  function refuse(job: repo.JobRow, action: 'renew' | 'fill'): never {
    if (job.status === 'pending') return conflict('JOB_NOT_LISTED', JOB_LIFE_MESSAGES.notListedYet);
    if (job.status === 'rejected') return conflict('JOB_NOT_LISTED', JOB_LIFE_MESSAGES.notApproved);
    if (job.status === 'filled') return conflict('JOB_FILLED', JOB_LIFE_MESSAGES.alreadyFilled);
    if (action === 'renew' && !applicationsOpen(job.applicationDeadline, ctx.clock.now())) {
      return conflict('DEADLINE_PASSED', JOB_LIFE_MESSAGES.deadlinePassed);
    }
    // Changed between the read and the write (another tab, the expiry task): the caller retries.
    return conflict('JOB_CHANGED', 'This job changed meanwhile. Please reload and try again.');
  }

  const present = (row: repo.JobWithAuthor, job: repo.JobRow, viewer: Viewer): Job =>
    presentJob({ ...row, job }, viewer, ctx.clock.now());

  return {
    /**
     * POST /api/jobs/{id}/renew: `expiresAt` becomes the later of now and the old expiry, plus
     * JOB_LISTING_DAYS; an expired job is listed again. A job past its application deadline is not
     * renewed (it could not be listed): its poster edits the deadline instead.
     */
    async renew(viewer: Viewer, id: string): Promise<Job> {
      const row = await managed(viewer, id);
      const now = ctx.clock.now();
      if (row.job.status !== 'approved' && row.job.status !== 'expired') refuse(row.job, 'renew');
      const renewed = await repo.renewJob(ctx.db, row.job.id, {
        now,
        days: ctx.config.jobListingDays,
        openOn: earliestToday(now),
      });
      if (!renewed) {
        const current = await repo.findJobWithAuthor(ctx.db, row.job.id);
        return current ? refuse(current.job, 'renew') : notFound('Job not found');
      }
      return present(row, renewed, viewer);
    },

    /**
     * POST /api/jobs/{id}/fill: the job leaves the listing and takes no more applications; its page
     * stays. Filling a filled job again answers it as it is.
     */
    async fill(viewer: Viewer, id: string): Promise<Job> {
      const row = await managed(viewer, id);
      if (row.job.status === 'filled') return present(row, row.job, viewer);
      const filled = await repo.fillJob(ctx.db, row.job.id, ctx.clock.now());
      if (!filled) {
        const current = await repo.findJobWithAuthor(ctx.db, row.job.id);
        if (!current) return notFound('Job not found');
        if (current.job.status === 'filled') return present(row, current.job, viewer);
        return refuse(current.job, 'fill');
      }
      return present(row, filled, viewer);
    },
  };
}
