import { z } from 'zod';
import { JOB_EMPLOYMENT_TYPES, JOB_LISTING_CATEGORIES, JOB_LISTING_LEVELS } from '../constants.js';

/**
 * The professional profile Smart Matching reads, the résumé kept on it, job alerts and referrals.
 * Wire shapes shared by the server's users, jobs, job-alerts and referrals areas and the web.
 */
export const PROFILE_LIMITS = {
  skills: 50,
  skillLength: 40,
  headline: 120,
  company: 100,
  location: 100,
  alertsPerUser: 20,
  referralMessage: 500,
} as const;

export const CAREER_MESSAGES = {
  tooManySkills: `At most ${PROFILE_LIMITS.skills} skills`,
  skillTooLong: `Each skill must be at most ${PROFILE_LIMITS.skillLength} characters`,
  resumeStored: 'Your résumé is saved. Skills found in it are listed below.',
  resumeRemoved: 'Your résumé has been removed.',
  tooManyAlerts: `You can keep at most ${PROFILE_LIMITS.alertsPerUser} job alerts. Delete one to save this search.`,
  alertUnsubscribed: 'You will no longer receive e-mails for this job alert.',
  alertLinkInvalid: 'This unsubscribe link is invalid. Manage your job alerts from your profile.',
  alertUnsubscribeQuestion: 'Stop the e-mails of this job alert?',
  alertUnsubscribeButton: 'Stop this job alert',
  notInNetwork: 'You can ask only people in your network who work at this company.',
  alreadyAsked: 'You have already asked this person for a referral.',
  referralAnswered: 'This referral request has already been answered.',
  referralWithdrawn: 'This application was withdrawn, so no referral can be asked for it.',
  referralRequested: 'Referral requested. We will let you know when they answer.',
  signInToMatch: 'Sign in to sort jobs by how well they match your profile.',
} as const;

/** A profile's level (one of the listing's levels), or null when not given. */
export const ProfileLevel = z.enum(JOB_LISTING_LEVELS).nullable();

/** PUT /api/users/me: these fields join name, displayName and categoryDigest. */
export const ProfileFieldsBody = z.object({
  skills: z
    .array(z.string().trim().min(1).max(PROFILE_LIMITS.skillLength, { error: CAREER_MESSAGES.skillTooLong }))
    .max(PROFILE_LIMITS.skills, { error: CAREER_MESSAGES.tooManySkills })
    .optional(),
  headline: z.string().trim().max(PROFILE_LIMITS.headline).nullable().optional(),
  company: z.string().trim().max(PROFILE_LIMITS.company).nullable().optional(),
  location: z.string().trim().max(PROFILE_LIMITS.location).nullable().optional(),
  level: ProfileLevel.optional(),
});
export type ProfileFieldsBody = z.infer<typeof ProfileFieldsBody>;

/** The résumé kept on a profile (GET /api/users/me `resume`), downloaded from /api/users/me/resume. */
export const StoredResumeInfo = z.object({
  originalName: z.string(),
  size: z.number().int(),
  mimetype: z.string(),
  uploadedAt: z.string(),
});
export type StoredResumeInfo = z.infer<typeof StoredResumeInfo>;

/**
 * How a job matches the signed-in viewer. `score` 0–100 (see README "Smart Matching");
 * `matched`/`missing` are the job's skills, as the job spells them, that the viewer has / lacks;
 * `evidence` lines come from their activity on Agora.
 */
export const JobMatch = z.object({
  score: z.number().int().min(0).max(100),
  matched: z.array(z.string()),
  missing: z.array(z.string()),
  evidence: z.array(z.string()),
});
export type JobMatch = z.infer<typeof JobMatch>;

/** Someone the viewer follows or who follows them, working at a job's company. */
export const NetworkPerson = z.object({
  id: z.string(),
  displayName: z.string(),
  headline: z.string().nullable(),
});
export type NetworkPerson = z.infer<typeof NetworkPerson>;

export const JOB_ALERT_FREQUENCIES = ['instant', 'daily', 'weekly'] as const;
export type JobAlertFrequency = (typeof JOB_ALERT_FREQUENCIES)[number];

/** POST /api/job-alerts: the listing's filters, saved. */
export const JobAlertBody = z.object({
  q: z.string().trim().max(200).optional(),
  location: z.string().trim().max(100).optional(),
  category: z.array(z.enum(JOB_LISTING_CATEGORIES)).max(20).optional(),
  level: z.enum(JOB_LISTING_LEVELS).optional(),
  employmentType: z.enum(JOB_EMPLOYMENT_TYPES).optional(),
  remote: z.boolean().optional(),
  frequency: z.enum(JOB_ALERT_FREQUENCIES),
});
export type JobAlertBody = z.infer<typeof JobAlertBody>;

export const JobAlert = z.object({
  _id: z.string(),
  q: z.string().nullable(),
  location: z.string().nullable(),
  category: z.array(z.string()),
  level: z.string().nullable(),
  employmentType: z.string().nullable(),
  remote: z.boolean().nullable(),
  frequency: z.enum(JOB_ALERT_FREQUENCIES),
  createdAt: z.string(),
});
export type JobAlert = z.infer<typeof JobAlert>;

export const REFERRAL_STATUSES = ['pending', 'accepted', 'declined'] as const;
export type ReferralStatus = (typeof REFERRAL_STATUSES)[number];

/** POST /api/applications/{id}/referral-requests. */
export const ReferralRequestBody = z.object({
  userId: z.string().max(100),
  message: z.string().trim().max(PROFILE_LIMITS.referralMessage).optional(),
});
export type ReferralRequestBody = z.infer<typeof ReferralRequestBody>;

export const ReferralRequest = z.object({
  _id: z.string(),
  application: z.object({ _id: z.string() }),
  job: z.object({ _id: z.string(), title: z.string(), company: z.string() }),
  applicant: z.object({ id: z.string(), displayName: z.string() }),
  referrer: z.object({ id: z.string(), displayName: z.string() }),
  message: z.string().nullable(),
  status: z.enum(REFERRAL_STATUSES),
  createdAt: z.string(),
  answeredAt: z.string().nullable(),
});
export type ReferralRequest = z.infer<typeof ReferralRequest>;

export const ReferralRequestResult = z.object({ referralRequest: ReferralRequest });
export type ReferralRequestResult = z.infer<typeof ReferralRequestResult>;

/** GET /api/referral-requests (sent to me) and GET /api/applications/{id}/referral-requests (mine). */
export const ReferralRequestList = z.object({ referralRequests: z.array(ReferralRequest) });
export type ReferralRequestList = z.infer<typeof ReferralRequestList>;

/** GET /api/referral-requests: newest first, a page at a time (next page in X-Next-Cursor). */
export const ReferralRequestListQuery = z.object({
  limit: z.coerce.number().int().min(1).max(50).default(20),
  cursor: z.string().max(500).optional(),
});
export type ReferralRequestListQuery = z.infer<typeof ReferralRequestListQuery>;

/** Where the asked person answers referral requests (the notification links here). */
export const REFERRALS_PATH = '/referrals';
