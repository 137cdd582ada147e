/** Only the applicant asks for referrals on their application (and sees the requests they sent). */
export const canAskForReferral = (viewer: { id: string }, app: { applicantId: string }): boolean =>
  viewer.id === app.applicantId;

/** Only the person asked answers a referral request (and sees it in their list). */
export const canAnswerReferral = (viewer: { id: string }, r: { referrerId: string }): boolean =>
  viewer.id === r.referrerId;
