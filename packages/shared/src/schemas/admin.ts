// Schemas of the admin area and of in-app notifications (request and response shapes shared by
// server and web). Money is integer paise; times are ISO strings; lists are bounded and paged with
// an opaque cursor that travels in the X-Next-Cursor header (CONTRACT §3).
import { z } from 'zod';
import { DAY_MS, LIMITS, ROLES, USER_STATUSES } from '../constants.js';

const Uuid = z.string().uuid();
const Paise = z.number().int().min(0);
const Cursor = z.string().max(300).optional();
const Limit = z.coerce.number().int().min(1).max(LIMITS.pageSizeMax).default(LIMITS.pageSizeDefault);
const Search = z
  .string()
  .trim()
  .max(200)
  .optional()
  .transform((v) => (v ? v : undefined));
/** "true" / "false" in a query string; anything else is a validation error. */
const QueryBool = z
  .enum(['true', 'false'])
  .optional()
  .transform((v) => (v === undefined ? undefined : v === 'true'));
const reasonText = (message: string, max = 500) =>
  z
    .string({ error: message })
    .trim()
    .min(1, { error: message })
    .max(max, { error: `Must be at most ${max} characters` });

export const ADMIN_MESSAGES = {
  reasonRequired: 'Please give a reason',
  payoutReferenceRequired: 'Please enter the payout reference',
  cannotChangeSelf: 'You cannot suspend or demote your own account',
  paidQuestionUndistributed:
    'A paid question whose reward has not been distributed cannot be deleted. Close it instead.',
  paidQuestionDistributed:
    'A paid question keeps its payment records and cannot be deleted. Hide it instead.',
  notPending: 'This item has already been reviewed',
  alreadyProcessed: 'This withdrawal has already been processed',
  nothingToChange: 'Nothing to change',
  ideaHiddenByAuthor: 'Its author hid this idea; only they can show it again',
  paymentInProgress:
    'Its author started paying for this question within the last hour. Hide it now, or delete it later.',
  changedSinceReview: 'This item changed since you opened it. It has been reloaded: please review it again.',
  reviewedVersionRequired:
    'Send the updatedAt of the version you reviewed (an ISO date-time, as the review queue shows it)',
} as const;

/** Who did something, embedded in admin rows. */
export const AdminPerson = z.object({ id: z.string(), displayName: z.string(), email: z.string() });
export type AdminPerson = z.infer<typeof AdminPerson>;

// ---------- users ----------

export const AdminUsersQuery = z.object({
  q: Search,
  role: z.enum(ROLES).optional(),
  status: z.enum(USER_STATUSES).optional(),
  cursor: Cursor,
  limit: Limit,
});
export type AdminUsersQuery = z.infer<typeof AdminUsersQuery>;

export const AdminUser = z.object({
  id: z.string(),
  _id: z.string(),
  name: z.string(),
  displayName: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  status: z.enum(USER_STATUSES),
  createdAt: z.string(),
});
export type AdminUser = z.infer<typeof AdminUser>;

export const AdminUserPatch = z
  .object({ role: z.enum(ROLES).optional(), status: z.enum(USER_STATUSES).optional() })
  .refine((b) => b.role !== undefined || b.status !== undefined, {
    error: 'Give a role or a status',
  });
export type AdminUserPatch = z.infer<typeof AdminUserPatch>;

// ---------- questions ----------

export const ADMIN_QUESTION_STATUSES = ['open', 'answered', 'closed'] as const;

export const AdminQuestionsQuery = z.object({
  q: Search,
  status: z.enum(ADMIN_QUESTION_STATUSES).optional(),
  hidden: QueryBool,
  paid: QueryBool,
  cursor: Cursor,
  limit: Limit,
});
export type AdminQuestionsQuery = z.infer<typeof AdminQuestionsQuery>;

export const AdminQuestion = z.object({
  _id: z.string(),
  title: z.string(),
  category: z.string(),
  status: z.enum(ADMIN_QUESTION_STATUSES),
  hidden: z.boolean(),
  isPaid: z.boolean(),
  /** Paise, null while unpaid. */
  paymentAmount: Paise.nullable(),
  rewardsDistributed: z.boolean(),
  answerCount: z.number().int(),
  author: AdminPerson,
  createdAt: z.string(),
});
export type AdminQuestion = z.infer<typeof AdminQuestion>;

export const AdminQuestionPatch = z
  .object({ status: z.enum(ADMIN_QUESTION_STATUSES).optional(), hidden: z.boolean().optional() })
  .refine((b) => b.status !== undefined || b.hidden !== undefined, { error: 'Give a status or hidden' });
export type AdminQuestionPatch = z.infer<typeof AdminQuestionPatch>;

// ---------- ideas ----------

export const AdminIdeasQuery = z.object({
  q: Search,
  hidden: QueryBool,
  cursor: Cursor,
  limit: Limit,
});
export type AdminIdeasQuery = z.infer<typeof AdminIdeasQuery>;

export const AdminIdea = z.object({
  _id: z.string(),
  title: z.string(),
  category: z.string(),
  hidden: z.boolean(),
  /** Hidden by an admin (the author cannot restore it), as opposed to by its author. */
  hiddenByAdmin: z.boolean(),
  likeCount: z.number().int(),
  commentCount: z.number().int(),
  author: AdminPerson,
  createdAt: z.string(),
});
export type AdminIdea = z.infer<typeof AdminIdea>;

/**
 * Moderation: hide an idea from everyone but its author (and admins) so that its author cannot
 * restore it, or lift that. Lifting it on an idea its author hid is refused (409): that is theirs.
 */
export const AdminIdeaPatch = z.object({ hidden: z.boolean() });
export type AdminIdeaPatch = z.infer<typeof AdminIdeaPatch>;

// ---------- review queues (hackathons, jobs) ----------

export const AdminHackathonsQuery = z.object({
  status: z.enum(['pending', 'published', 'rejected', 'all']).default('pending'),
  q: Search,
  cursor: Cursor,
  limit: Limit,
});
export type AdminHackathonsQuery = z.infer<typeof AdminHackathonsQuery>;

export const AdminHackathon = z.object({
  _id: z.string(),
  title: z.string(),
  description: z.string(),
  category: z.string(),
  status: z.string(),
  organizer: z.object({ name: z.string(), email: z.string(), phone: z.string().nullable() }),
  author: AdminPerson,
  startDate: z.string(),
  endDate: z.string(),
  locationType: z.string(),
  location: z.string().nullable(),
  prizePool: z.string(),
  rejectionReason: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  createdAt: z.string(),
  /** The version the admin reads; approve/reject send it back (ReviewBody). */
  updatedAt: z.string(),
  /** Minutes since submission (server clock): the review promise is 24–48 hours. */
  ageMinutes: z.number().int(),
});
export type AdminHackathon = z.infer<typeof AdminHackathon>;

export const AdminJobsQuery = z.object({
  status: z.enum(['pending', 'approved', 'rejected', 'all']).default('pending'),
  q: Search,
  cursor: Cursor,
  limit: Limit,
});
export type AdminJobsQuery = z.infer<typeof AdminJobsQuery>;

export const AdminJob = z.object({
  _id: z.string(),
  title: z.string(),
  description: z.string(),
  companyName: z.string(),
  companyWebsite: z.string().nullable(),
  category: z.string(),
  level: z.string(),
  employmentType: z.string(),
  city: z.string(),
  country: z.string(),
  isRemote: z.boolean(),
  salaryText: z.string().nullable(),
  contactEmail: z.string(),
  status: z.string(),
  poster: AdminPerson,
  rejectionReason: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  createdAt: z.string(),
  /** The version the admin reads; approve/reject send it back (ReviewBody). */
  updatedAt: z.string(),
  ageMinutes: z.number().int(),
});
export type AdminJob = z.infer<typeof AdminJob>;

/**
 * The `updatedAt` of the job or hackathon as the admin read it: the decision applies to that
 * version only, so an edit made after the admin opened it is never approved unseen (409
 * CHANGED_SINCE_REVIEW). Compared to the millisecond, the precision the API shows it at.
 */
const ReviewedVersion = z.iso.datetime({ offset: true, error: ADMIN_MESSAGES.reviewedVersionRequired });

/** POST /api/admin/{jobs|hackathons}/{id}/approve. */
export const ReviewBody = z.object(
  { updatedAt: ReviewedVersion },
  { error: ADMIN_MESSAGES.reviewedVersionRequired },
);
export type ReviewBody = z.infer<typeof ReviewBody>;

/** POST /api/admin/{jobs|hackathons}/{id}/reject. */
export const RejectBody = z.object({
  reason: reasonText(ADMIN_MESSAGES.reasonRequired),
  updatedAt: ReviewedVersion,
});
export type RejectBody = z.infer<typeof RejectBody>;

// ---------- withdrawals ----------

export const AdminWithdrawalsQuery = z.object({
  status: z.enum(['pending', 'completed', 'failed', 'all']).default('pending'),
  q: Search,
  cursor: Cursor,
  limit: Limit,
});
export type AdminWithdrawalsQuery = z.infer<typeof AdminWithdrawalsQuery>;

export const AdminWithdrawal = z.object({
  _id: z.string(),
  user: AdminPerson,
  amount: Paise,
  status: z.enum(['pending', 'completed', 'failed']),
  payoutMethod: z.string(),
  /** Where to send the money; the bank account number is masked to its last 4 digits. */
  payout: z.object({
    upiId: z.string().nullable(),
    bankAccountLast4: z.string().nullable(),
    ifsc: z.string().nullable(),
    accountHolderName: z.string().nullable(),
    bankName: z.string().nullable(),
  }),
  payoutReference: z.string().nullable(),
  failureReason: z.string().nullable(),
  processedAt: z.string().nullable(),
  createdAt: z.string(),
  ageMinutes: z.number().int(),
  /** Still pending after PAYOUT_SLA. */
  pastSla: z.boolean(),
  /** Requested while payments were simulated: no real payout may be made. */
  testMode: z.boolean(),
});
export type AdminWithdrawal = z.infer<typeof AdminWithdrawal>;

/** The full destination an admin needs to send the money (revealing it is audited). */
export const PayoutDetails = z.object({
  upiId: z.string().nullable(),
  bankAccount: z
    .object({
      accountNumber: z.string(),
      ifsc: z.string(),
      accountHolderName: z.string(),
      bankName: z.string(),
    })
    .nullable(),
});
export type PayoutDetails = z.infer<typeof PayoutDetails>;

export const CompleteWithdrawalBody = z.object({
  payoutReference: reasonText(ADMIN_MESSAGES.payoutReferenceRequired, 100),
});
export type CompleteWithdrawalBody = z.infer<typeof CompleteWithdrawalBody>;

export const FailWithdrawalBody = z.object({ reason: reasonText(ADMIN_MESSAGES.reasonRequired) });
export type FailWithdrawalBody = z.infer<typeof FailWithdrawalBody>;

// ---------- contact messages, settings ----------

export const AdminContactQuery = z.object({ q: Search, cursor: Cursor, limit: Limit });
export type AdminContactQuery = z.infer<typeof AdminContactQuery>;

export const AdminContactMessage = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  subject: z.string(),
  category: z.string(),
  message: z.string(),
  userId: z.string().nullable(),
  createdAt: z.string(),
});
export type AdminContactMessage = z.infer<typeof AdminContactMessage>;

export const MinRewardBody = z.object({
  /** Whole rupees (the question form's unit). */
  minRewardAmount: z
    .number({ error: 'Enter a whole number of rupees' })
    .int({ error: 'Enter a whole number of rupees' })
    .min(1, { error: 'The minimum reward must be at least 1 rupee' })
    .max(100_000, { error: 'The minimum reward must be at most 100000 rupees' }),
});
export type MinRewardBody = z.infer<typeof MinRewardBody>;

// ---------- overview ----------

const IsoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'Use a date like 2026-01-31' });
export const OVERVIEW_MAX_DAYS = 366;

export const OverviewQuery = z.object({
  /** First and last day (UTC, inclusive); default: the last 30 days up to today. */
  from: IsoDate.optional(),
  to: IsoDate.optional(),
});
export type OverviewQuery = z.infer<typeof OverviewQuery>;

export const OVERVIEW_SERIES = [
  'signups',
  'questions',
  'answers',
  'paidAmount',
  'rewardsDistributed',
  'withdrawals',
  'ideas',
  'hackathonRegistrations',
  'jobsPosted',
] as const;
export type OverviewSeriesKey = (typeof OVERVIEW_SERIES)[number];

const SeriesValues = z.object({
  signups: z.number().int(),
  questions: z.number().int(),
  answers: z.number().int(),
  /** Paise paid for questions. */
  paidAmount: z.number().int(),
  /** Paise credited to answerers. */
  rewardsDistributed: z.number().int(),
  /** Paise requested for withdrawal. */
  withdrawals: z.number().int(),
  ideas: z.number().int(),
  hackathonRegistrations: z.number().int(),
  jobsPosted: z.number().int(),
});
export type OverviewValues = z.infer<typeof SeriesValues>;

/** One day's figures, as the charts draw them (overviewPoints). */
export type OverviewPoint = OverviewValues & { date: string };

/** A metric's value on each day of the range, `from` first (UTC days). */
const Daily = z.array(z.number().int());

/**
 * The range's daily figures as one column per metric, each holding a value for every day from
 * `from` to `to` (empty days are 0). Columns, not an object per day: a year of 366 objects
 * with ten named fields is 64 KB, and checking and writing it is half of the request's server time.
 */
export const OverviewSeries = z.object({
  signups: Daily,
  questions: Daily,
  answers: Daily,
  paidAmount: Daily,
  rewardsDistributed: Daily,
  withdrawals: Daily,
  ideas: Daily,
  hackathonRegistrations: Daily,
  jobsPosted: Daily,
}) satisfies z.ZodType<Record<OverviewSeriesKey, number[]>>;
export type OverviewSeries = z.infer<typeof OverviewSeries>;

/**
 * UPLOADS_SITE_CAP: uploads waiting to be used or paid for (unsent answer attachments and job logos,
 * images of unpaid questions) passed the site-wide figure (UNCLAIMED_UPLOADS_MAX_MB). Nobody is
 * refused for it (each account has its own quota); the sweep of unused uploads was run early.
 */
export const OVERVIEW_ALERT_CODES = ['UPLOADS_SITE_CAP'] as const;
export const OverviewAlert = z.object({ code: z.enum(OVERVIEW_ALERT_CODES), message: z.string() });
export type OverviewAlert = z.infer<typeof OverviewAlert>;

/** The overview alert's sentence: the size held against the site-wide figure (e.g. "2.1 GB", "2 GB"). */
export const uploadsSiteCapAlert = (held: string, cap: string): string =>
  `Uploads waiting to be used or paid for take ${held}, above the site-wide ${cap}. Nobody is refused for it (each account keeps its own quota), and unused uploads were swept early; if it stays high, look for accounts holding many.`;

export const Overview = z.object({
  from: z.string(),
  to: z.string(),
  /** Everything ever, plus what waits for an admin. */
  totals: SeriesValues.extend({
    users: z.number().int(),
    pendingHackathons: z.number().int(),
    pendingJobs: z.number().int(),
    pendingWithdrawals: z.number().int(),
    mailPending: z.number().int(),
    mailFailed: z.number().int(),
  }),
  /** Sums over the chosen range. */
  rangeTotals: SeriesValues,
  series: OverviewSeries,
  /** What needs an admin's eye now (empty when all is well), shown above the figures. */
  alerts: z.array(OverviewAlert),
});
export type Overview = z.infer<typeof Overview>;

/** The overview's series as one point per day (the date and every metric), `from` first. */
export function overviewPoints(o: Pick<Overview, 'from' | 'series'>): OverviewPoint[] {
  const start = Date.parse(`${o.from}T00:00:00Z`);
  const days = Math.max(0, ...OVERVIEW_SERIES.map((k) => o.series[k].length));
  return Array.from({ length: days }, (_, i) => {
    const point = { date: new Date(start + i * DAY_MS).toISOString().slice(0, 10) } as OverviewPoint;
    for (const k of OVERVIEW_SERIES) point[k] = o.series[k][i] ?? 0;
    return point;
  });
}

// ---------- audit log ----------

export const AuditQuery = z.object({
  entityType: z.string().trim().max(50).optional(),
  entityId: z.string().trim().max(100).optional(),
  action: z.string().trim().max(80).optional(),
  actorId: Uuid.optional(),
  cursor: Cursor,
  limit: Limit,
});
export type AuditQuery = z.infer<typeof AuditQuery>;

export const AuditEntry = z.object({
  _id: z.string(),
  actor: AdminPerson.nullable(),
  action: z.string(),
  entityType: z.string(),
  entityId: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof AuditEntry>;

// ---------- notifications ----------

export const NotificationsQuery = z.object({
  unread: QueryBool,
  cursor: Cursor,
  limit: Limit,
});
export type NotificationsQuery = z.infer<typeof NotificationsQuery>;

export const NotificationItem = z.object({
  _id: z.string(),
  type: z.string(),
  title: z.string(),
  body: z.string(),
  /** In-app path of the object it is about (e.g. /question/…), or null. */
  link: z.string().nullable(),
  read: z.boolean(),
  createdAt: z.string(),
  /** How many events it stands for: 1, or more when many people did the same (the title says so). */
  count: z.number().int().min(1),
});
export type NotificationItem = z.infer<typeof NotificationItem>;

export const NotificationsList = z.object({
  notifications: z.array(NotificationItem),
  unreadCount: z.number().int(),
});
export type NotificationsList = z.infer<typeof NotificationsList>;

export const MarkReadBody = z
  .object({ ids: z.array(Uuid).min(1).max(LIMITS.pageSizeMax).optional(), all: z.literal(true).optional() })
  .refine((b) => (b.ids !== undefined) !== (b.all !== undefined), { error: 'Give either ids or all: true' });
export type MarkReadBody = z.infer<typeof MarkReadBody>;

export const MarkReadResult = z.object({ updated: z.number().int(), unreadCount: z.number().int() });
export type MarkReadResult = z.infer<typeof MarkReadResult>;
