import { ADMIN_MESSAGES, DAY_MS, type Job, MSG } from '@agora/shared';
import type { AppContext, SessionUser } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../lib/errors.js';
import { isUuid } from '../../lib/ids.js';
import { notificationMail } from '../notifications/notifications.mail.js';
import { notify } from '../notifications/notifications.service.js';
import { jobReviewMail } from './jobs.mail.js';
import { canReviewJobs } from './jobs.policy.js';
import { applicationsOpen, presentJob } from './jobs.presenter.js';
import * as repo from './jobs.repo.js';

/** A listing's expiry as the poster reads it in a message, e.g. "28 December 2026". */
export function listedUntil(expiresAt: Date | null): string {
  return (expiresAt ?? new Date()).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

/** The admins' decision on a pending posting (called by the admin area with its transaction). */
export function createJobReviewService(ctx: AppContext) {
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
      const approved = decision.status === 'approved';
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
          // An approved listing runs JOB_LISTING_DAYS from now, then expires unless renewed.
          expiresAt: approved ? new Date(now.getTime() + ctx.config.jobListingDays * DAY_MS) : null,
          expiryWarnedAt: null,
          filledAt: null,
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
      const mailData = {
        title: updated.title,
        company: updated.companyName,
        approved: decision.status === 'approved',
        reason: decision.status === 'rejected' ? reason : null,
        listedUntil: listedUntil(updated.expiresAt),
        url: pageUrl,
        myJobsUrl: `${ctx.config.publicUrl}/my-jobs`,
      };
      if (decision.status === 'approved') {
        await notify(tx, updated.posterId, {
          type: 'job_review',
          title: 'Job posting approved',
          body: `"${updated.title}" is now listed on the Jobs Hub.`,
          link,
          mail: notificationMail(
            ctx.config,
            { id: updated.posterId, email: row.authorEmail },
            jobReviewMail,
            mailData,
          ),
        });
      } else {
        await notify(tx, updated.posterId, {
          type: 'job_review',
          title: 'Job posting not approved',
          body: `"${updated.title}": ${reason}`,
          link,
          mail: notificationMail(
            ctx.config,
            { id: updated.posterId, email: row.authorEmail },
            jobReviewMail,
            mailData,
          ),
        });
      }
      return presentJob(row, admin, ctx.clock.now());
    });
  }

  return {
    /**
     * Approve a pending job (admin only): it is listed for JOB_LISTING_DAYS; the poster is e-mailed
     * and notified. 409 if not pending, or (with `seen`) if it is no longer the version the admin read.
     */
    approve: (admin: SessionUser, id: string, exec?: Executor, seen?: Date) =>
      review(admin, id, { status: 'approved' }, exec, seen),
    /** Reject a pending job with a reason (admin only); the poster is e-mailed and notified. */
    reject: (admin: SessionUser, id: string, reason: string, exec?: Executor, seen?: Date) =>
      review(admin, id, { status: 'rejected', reason: String(reason ?? '') }, exec, seen),
  };
}
