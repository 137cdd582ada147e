import {
  CAREER_MESSAGES,
  type ReferralRequest,
  type ReferralRequestListQuery,
  type ReferralRequestResult,
} from '@agora/shared';
import type { AppContext, SessionUser } from '../../context.js';
import { decodeKeyset, page } from '../../lib/cursor.js';
import { conflict, notFound } from '../../lib/errors.js';
import { isUuid } from '../../lib/ids.js';
import { applicationSummaries } from '../applications/applications.read.js';
import { notify } from '../notifications/notifications.service.js';
import { notificationMail } from '../notifications/notifications.mail.js';
import { referralAnsweredMail, referralAnsweredMessages } from './referrals.mail.js';
import { canAnswerReferral } from './referrals.policy.js';
import { toReferralRequest } from './referrals.presenter.js';
import * as repo from './referrals.repo.js';

const NOT_FOUND = 'Referral request not found';

/** The asked person's side: the requests sent to them, and answering one. */
export function createReferralAnswerService(ctx: AppContext) {
  return {
    /** GET /api/referral-requests: the requests sent to the caller, newest first, a page at a time. */
    async listToMe(
      user: SessionUser,
      q: ReferralRequestListQuery,
    ): Promise<{ referralRequests: ReferralRequest[]; nextCursor: string | null }> {
      const rows = await repo.pageForReferrer(ctx.db, user.id, decodeKeyset(q.cursor), q.limit);
      const p = page(rows, q.limit);
      const apps = await applicationSummaries(
        ctx.db,
        p.items.map((r) => r.applicationId),
      );
      const me = { id: user.id, displayName: user.displayName };
      return {
        referralRequests: p.items.flatMap((r) => {
          const app = apps.get(r.applicationId);
          return app ? [toReferralRequest(r, app, me)] : [];
        }),
        nextCursor: p.nextCursor,
      };
    },

    /**
     * POST /api/referral-requests/{id}/accept | decline: the person asked, once (anyone else: 404).
     * The applicant is told in the app and by e-mail; an acceptance shows on the application to
     * the hiring team.
     */
    async answer(user: SessionUser, id: string, accepted: boolean): Promise<ReferralRequestResult> {
      if (!isUuid(id)) return notFound(NOT_FOUND);
      const found = await repo.findById(ctx.db, id);
      if (!found || !canAnswerReferral(user, found)) return notFound(NOT_FOUND);
      const app = (await applicationSummaries(ctx.db, [found.applicationId])).get(found.applicationId);
      if (!app) return notFound(NOT_FOUND);
      const row = await ctx.db.transaction(async (tx) => {
        const answered = await repo.answerPending(
          tx,
          id,
          user.id,
          accepted ? 'accepted' : 'declined',
          ctx.clock.now(),
        );
        // Answered already, perhaps a moment ago in another tab: the first answer stands.
        if (!answered) return conflict('REFERRAL_ANSWERED', CAREER_MESSAGES.referralAnswered);
        const m = referralAnsweredMessages(
          {
            applicantName: app.applicantName,
            referrerName: user.displayName,
            jobTitle: app.jobTitle,
            company: app.jobCompany,
            accepted,
          },
          ctx.config.publicUrl,
        );
        await notify(tx, app.applicantId, {
          type: m.type,
          title: m.title,
          body: m.body,
          link: m.link,
          mail: notificationMail(
            ctx.config,
            { id: app.applicantId, email: app.applicantEmail },
            referralAnsweredMail,
            m.mail,
          ),
        });
        return answered;
      });
      return { referralRequest: toReferralRequest(row, app, { id: user.id, displayName: user.displayName }) };
    },
  };
}
