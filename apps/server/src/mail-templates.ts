import type { MailTemplate } from './lib/mail-template.js';
import { applicationStatusMail } from './modules/applications/applications.mail.js';
import { passwordResetMail } from './modules/auth/auth.mail.js';
import {
  hackathonJudgeInviteMail,
  hackathonResultsMail,
} from './modules/hackathons/hackathons.judging.mail.js';
import { hackathonReviewMail, hackathonStartingMail } from './modules/hackathons/hackathons.mail.js';
import { teamInviteMail } from './modules/hackathons/hackathons.teams.mail.js';
import { ideaUpdateMail } from './modules/ideas/ideas.mail.js';
import { jobAlertMail } from './modules/job-alerts/job-alerts.mail.js';
import { jobExpiringMail, jobReviewMail } from './modules/jobs/jobs.mail.js';
import { organizationVerifyMail } from './modules/organizations/organizations.mail.js';
import { categoryDigestMail } from './modules/questions/category-follows.mail.js';
import { referralAnsweredMail, referralAskedMail } from './modules/referrals/referrals.mail.js';
import { rewardDeadlineMail, rewardSettledMail } from './modules/wallet/wallet.mail.js';

/**
 * Every kind of e-mail Agora sends, each one template (lib/mail-template.ts) kept by its area.
 * mail-templates.test.ts renders each of them to a real MIME message and reads it back: a kind
 * added here without a case there fails.
 */
const ALL = [
  passwordResetMail,
  hackathonReviewMail,
  hackathonStartingMail,
  hackathonJudgeInviteMail,
  hackathonResultsMail,
  teamInviteMail,
  jobReviewMail,
  jobExpiringMail,
  applicationStatusMail,
  referralAskedMail,
  referralAnsweredMail,
  rewardSettledMail,
  rewardDeadlineMail,
  jobAlertMail,
  categoryDigestMail,
  ideaUpdateMail,
  organizationVerifyMail,
] as const;

export type MailKind = (typeof ALL)[number]['kind'];

export const MAIL_TEMPLATES: Readonly<Record<string, MailTemplate<never>>> = Object.fromEntries(
  ALL.map((t) => [t.kind, t as MailTemplate<never>]),
);
