import { ADMIN_MESSAGES, type Hackathon, LIMITS, MSG, registrationOpen } from '@agora/shared';
import type { AppContext, SessionUser } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.js';
import { isUuid } from '../../lib/ids.js';
import { notificationMail } from '../notifications/notifications.mail.js';
import { notify } from '../notifications/notifications.service.js';
import { hackathonReviewMail, reviewMessages } from './hackathons.mail.js';
import { canReview } from './hackathons.policy.js';
import { present } from './hackathons.presenter.js';
import { refundPrize } from './hackathons.prizes.service.js';
import * as repo from './hackathons.repo.js';
import type { HackathonsShared } from './hackathons.shared.js';

/** Admin approval of a hackathon whose registration deadline has already passed. */
export const APPROVAL_TOO_LATE =
  'This hackathon can no longer be approved: its registration deadline (1 hour before the start) has passed, so nobody could join it. Reject it with a reason so the organiser can submit it again with new dates.';

/** The admins' review of a proposed hackathon: published, or rejected with a reason. */
export function createReviewService(ctx: AppContext, s: HackathonsShared) {
  /**
   * With `seen` (the `updatedAt` the admin read) the decision applies to that version only: one
   * edited since is refused with 409 CHANGED_SINCE_REVIEW, decided by the same statement.
   */
  async function review(
    admin: SessionUser,
    id: string,
    decision: { status: 'published' | 'rejected'; reason: string | null },
    exec: Executor = ctx.db,
    seen?: Date,
  ): Promise<Hackathon> {
    if (!canReview(admin)) forbidden(MSG.forbidden);
    if (!isUuid(id)) notFound('Hackathon not found');
    const at = s.now();
    await exec.transaction(async (tx) => {
      const row = await repo.reviewPending(
        tx,
        id,
        {
          status: decision.status,
          reviewedBy: admin.id,
          reviewedAt: at,
          rejectionReason: decision.reason,
        },
        seen,
      );
      if (!row) {
        const existing = await repo.findRow(tx, id);
        if (!existing) notFound('Hackathon not found');
        if (existing!.status === 'pending') {
          conflict('CHANGED_SINCE_REVIEW', ADMIN_MESSAGES.changedSinceReview);
        }
        conflict('NOT_PENDING', `This hackathon has already been reviewed (${existing!.status}).`);
      }
      // A rejected hackathon keeps no prize money: a held pool goes back to its organiser.
      if (decision.status === 'rejected') await refundPrize(tx, id, at, 'rejected');
      // Publishing one nobody can join any more helps nobody; the throw rolls the update back.
      if (decision.status === 'published' && !registrationOpen(row!.startDate, at)) {
        conflict('REGISTRATION_DEADLINE_PASSED', APPROVAL_TOO_LATE);
      }
      const author = await repo.findRecord(tx, id, null);
      const m = reviewMessages(
        { id, title: row!.title },
        { name: author!.authorName },
        decision,
        s.pageUrl(`/hackathon/${id}`),
      );
      await notify(tx, row!.authorId, {
        type: 'hackathon_review',
        title: m.title,
        body: m.body,
        link: m.link,
        mail: notificationMail(
          ctx.config,
          { id: row!.authorId, email: author!.authorEmail },
          hackathonReviewMail,
          m.mail,
        ),
      });
    });
    const rec = await repo.findRecord(exec, id, admin.id);
    return present(rec!, admin, s.now());
  }

  return {
    /**
     * Admin review: pending → published. E-mail and notification commit with the change. With
     * `seen`: only the version the admin read.
     */
    approve(admin: SessionUser, id: string, exec?: Executor, seen?: Date): Promise<Hackathon> {
      return review(admin, id, { status: 'published', reason: null }, exec, seen);
    },

    /** Admin review: pending → rejected with a reason the organiser receives. */
    async reject(
      admin: SessionUser,
      id: string,
      reason: string,
      exec?: Executor,
      seen?: Date,
    ): Promise<Hackathon> {
      const r = typeof reason === 'string' ? reason.trim() : '';
      if (!r)
        badRequest('Please provide a reason for the rejection.', [{ field: 'reason', message: 'Required' }]);
      if (r.length > LIMITS.shortTextMax) {
        badRequest(`The reason must be at most ${LIMITS.shortTextMax} characters.`, [
          { field: 'reason', message: 'Too long' },
        ]);
      }
      return review(admin, id, { status: 'rejected', reason: r }, exec, seen);
    },
  };
}
