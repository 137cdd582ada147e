import {
  CAREER_MESSAGES,
  type ReferralRequestBody,
  type ReferralRequestList,
  type ReferralRequestResult,
} from '@agora/shared';
import type { AppContext, SessionUser } from '../../context.js';
import { conflict, forbidden, notFound } from '../../lib/errors.js';
import { isUuid } from '../../lib/ids.js';
import { type ApplicationSummary, applicationSummaries } from '../applications/applications.read.js';
import { isInNetwork } from '../follows/follows.network.service.js';
import { notify } from '../notifications/notifications.service.js';
import { peopleById } from '../users/users.people.service.js';
import { notificationMail } from '../notifications/notifications.mail.js';
import { referralAskedMail, referralAskedMessages } from './referrals.mail.js';
import { canAskForReferral } from './referrals.policy.js';
import { toReferralRequest } from './referrals.presenter.js';
import * as repo from './referrals.repo.js';

const NOT_FOUND = 'Application not found';

/** The applicant's side: asking someone in their network at the job's company for a referral. */
export function createReferralAskService(ctx: AppContext) {
  /** The caller's own application, or 404 (nobody else learns whether it exists). */
  async function ownApplication(user: SessionUser, applicationId: string): Promise<ApplicationSummary> {
    if (!isUuid(applicationId)) return notFound(NOT_FOUND);
    const app = (await applicationSummaries(ctx.db, [applicationId])).get(applicationId);
    if (!app || !canAskForReferral(user, app)) return notFound(NOT_FOUND);
    return app;
  }

  return {
    /**
     * POST /api/applications/{id}/referral-requests: once per person and application. The person
     * must be in the applicant's network at the job's company now (the same rule as the job page's
     * `network`), and is told in the app and by e-mail.
     */
    async ask(
      user: SessionUser,
      applicationId: string,
      body: ReferralRequestBody,
    ): Promise<ReferralRequestResult> {
      const app = await ownApplication(user, applicationId);
      if (app.status === 'withdrawn') conflict('APPLICATION_WITHDRAWN', CAREER_MESSAGES.referralWithdrawn);
      const referrerId = body.userId.toLowerCase();
      if (!(await isInNetwork(ctx.db, user.id, referrerId, app.jobCompany))) {
        forbidden(CAREER_MESSAGES.notInNetwork);
      }
      const referrer = (await peopleById(ctx.db, [referrerId])).get(referrerId);
      if (!referrer) return forbidden(CAREER_MESSAGES.notInNetwork);
      const message = body.message ? body.message : null;
      const row = await ctx.db.transaction(async (tx) => {
        const inserted = await repo.insertRequest(tx, {
          applicationId: app.id,
          referrerId,
          message,
          createdAt: ctx.clock.now(),
        });
        // Asked already (or twice at the same moment: the unique index lets one in).
        if (!inserted) return conflict('ALREADY_ASKED', CAREER_MESSAGES.alreadyAsked);
        const m = referralAskedMessages(
          {
            applicantName: app.applicantName,
            referrerName: referrer.displayName,
            jobTitle: app.jobTitle,
            company: app.jobCompany,
            message,
          },
          ctx.config.publicUrl,
        );
        await notify(tx, referrerId, {
          type: m.type,
          title: m.title,
          body: m.body,
          link: m.link,
          mail: notificationMail(ctx.config, referrer, referralAskedMail, m.mail),
        });
        return inserted;
      });
      return { referralRequest: toReferralRequest(row, app, referrer) };
    },

    /** GET /api/applications/{id}/referral-requests: the requests the applicant sent for it, oldest first. */
    async listForApplication(user: SessionUser, applicationId: string): Promise<ReferralRequestList> {
      const app = await ownApplication(user, applicationId);
      const rows = await repo.forApplications(ctx.db, [app.id]);
      const people = await peopleById(
        ctx.db,
        rows.map((r) => r.referrerId),
      );
      return {
        referralRequests: rows.flatMap((r) => {
          const p = people.get(r.referrerId);
          return p ? [toReferralRequest(r, app, p)] : [];
        }),
      };
    },
  };
}
