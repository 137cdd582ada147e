import type { ReferralRequest, ReferralStatus } from '@agora/shared';
import type { ApplicationSummary } from '../applications/applications.read.js';
import type { ReferralRow } from './referrals.repo.js';

type Person = { id: string; displayName: string };

/** A referral request with what its JSON names: the application's job and applicant, the referrer. */
export function toReferralRequest(
  r: ReferralRow,
  app: ApplicationSummary,
  referrer: Person,
): ReferralRequest {
  return {
    _id: r.id,
    application: { _id: app.id },
    job: { _id: app.jobId, title: app.jobTitle, company: app.jobCompany },
    applicant: { id: app.applicantId, displayName: app.applicantName },
    referrer: { id: referrer.id, displayName: referrer.displayName },
    message: r.message,
    status: r.status as ReferralStatus,
    createdAt: r.createdAt.toISOString(),
    answeredAt: r.answeredAt?.toISOString() ?? null,
  };
}
