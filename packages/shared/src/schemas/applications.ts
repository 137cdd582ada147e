// Schemas of job applications (Quick Apply and the poster's pipeline).
import { z } from 'zod';
import { JobMatch, REFERRAL_STATUSES } from './careers.js';
import { FilePart, jsonPart, TextPart } from './common.js';

/** The statuses a poster (or an admin) may set with PATCH /api/applications/{id}. */
export const POSTER_APPLICATION_STATUSES = [
  'reviewed',
  'shortlisted',
  'interview',
  'offer',
  'hired',
  'rejected',
] as const;

/** submitted on applying; the poster moves it through the rest; the applicant may withdraw. */
export const APPLICATION_STATUSES = ['submitted', ...POSTER_APPLICATION_STATUSES, 'withdrawn'] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

/** How each status reads on a screen. */
export const APPLICATION_STATUS_LABELS: Record<ApplicationStatus, string> = {
  submitted: 'Submitted',
  reviewed: 'Reviewed',
  shortlisted: 'Shortlisted',
  interview: 'Interview',
  offer: 'Offer',
  hired: 'Hired',
  rejected: 'Not selected',
  withdrawn: 'Withdrawn',
};

export const APPLICATION_LIMITS = {
  coverNote: 2_000,
  note: 1_000,
  /** Résumé size in bytes. */
  resumeBytes: 5 * 1024 * 1024,
} as const;

/** PDF and DOCX, typed by their bytes (MIME → the extensions a name may have). */
export const RESUME_TYPES: Record<string, readonly string[]> = {
  'application/pdf': ['pdf'],
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': ['docx'],
};

export const APPLICATION_MESSAGES = {
  resumeRequired: 'Please attach your résumé (PDF or DOCX)',
  resumeType: 'Your résumé must be a PDF or DOCX file',
  resumeTooLarge: 'Your résumé must be at most 5 MB',
  coverNoteTooLong: `Your cover note must be at most ${APPLICATION_LIMITS.coverNote} characters`,
  answersRequired: 'Please answer every screening question',
  alreadyApplied: 'You have already applied to this job',
  jobClosed: 'This job is no longer accepting applications',
  ownJob: 'You cannot apply to your own job',
  withdrawn: 'Application withdrawn',
  cannotChangeWithdrawn: 'This application was withdrawn by the applicant',
  screenedOut: (question: string, required: 'yes' | 'no') =>
    `This job requires the answer "${required}" to: ${question}`,
} as const;

export const ApplicationAnswer = z.object({
  questionId: z.string().max(40),
  answer: z.enum(['yes', 'no']),
});
export type ApplicationAnswer = z.infer<typeof ApplicationAnswer>;

/** POST /api/jobs/{id}/applications (multipart): `resume`, `coverNote`, `answers` (a JSON array). */
export const ApplicationCreateParts = z.object({
  resume: FilePart.optional(),
  coverNote: TextPart.pipe(
    z
      .string()
      .trim()
      .max(APPLICATION_LIMITS.coverNote, { error: APPLICATION_MESSAGES.coverNoteTooLong })
      .optional(),
  ),
  answers: jsonPart('answers', 'array').pipe(z.array(ApplicationAnswer).max(10).optional()),
});

export type ApplicationCreateParts = z.infer<typeof ApplicationCreateParts>;

export const ApplicationHistoryEntry = z.object({
  status: z.enum(APPLICATION_STATUSES),
  at: z.string(),
  note: z.string().optional(),
});

export const Application = z.object({
  _id: z.string(),
  job: z.object({ _id: z.string(), title: z.string(), company: z.string() }),
  applicant: z.object({ id: z.string(), displayName: z.string() }),
  status: z.enum(APPLICATION_STATUSES),
  coverNote: z.string().nullable(),
  resume: z.object({ originalName: z.string(), size: z.number().int(), mimetype: z.string() }).nullable(),
  answers: z.array(ApplicationAnswer),
  screenedOut: z.boolean(),
  history: z.array(ApplicationHistoryEntry),
  /** The poster's list only: how the applicant matches the job, which orders the list. */
  match: JobMatch.optional(),
  /** The first person who accepted a referral request for this application, or null. */
  referredBy: z.object({ id: z.string(), displayName: z.string() }).nullable().optional(),
  /** The applicant's own views only: the referral requests they sent for it. */
  referrals: z
    .array(
      z.object({
        _id: z.string(),
        referrer: z.object({ id: z.string(), displayName: z.string() }),
        status: z.enum(REFERRAL_STATUSES),
      }),
    )
    .optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Application = z.infer<typeof Application>;

export const ApplicationResult = z.object({ application: Application });
export type ApplicationResult = z.infer<typeof ApplicationResult>;

/**
 * POST /api/jobs/{id}/applications → 201. `screenedOutReasons` says plainly which required answers
 * the applicant did not give (one APPLICATION_MESSAGES.screenedOut sentence each; empty when the
 * application is not screened out).
 */
export const ApplicationCreateResult = ApplicationResult.extend({ screenedOutReasons: z.array(z.string()) });
export type ApplicationCreateResult = z.infer<typeof ApplicationCreateResult>;

/** GET /api/jobs/{id}/applications and GET /api/applications/mine: a page (next one in X-Next-Cursor). */
export const ApplicationListQuery = z.object({
  limit: z.coerce.number().int().min(1).max(50).default(20),
  cursor: z.string().max(500).optional(),
});
export type ApplicationListQuery = z.infer<typeof ApplicationListQuery>;

export const ApplicationIdParams = z.object({ id: z.string().max(100) });

/** GET /api/applications/mine and GET /api/jobs/{id}/applications (next page in X-Next-Cursor). */
export const ApplicationListResult = z.object({ applications: z.array(Application) });
export type ApplicationListResult = z.infer<typeof ApplicationListResult>;

/** PATCH /api/applications/{id}. */
export const ApplicationUpdateBody = z.object({
  status: z.enum(POSTER_APPLICATION_STATUSES),
  note: z.string().trim().max(APPLICATION_LIMITS.note).optional(),
});
export type ApplicationUpdateBody = z.infer<typeof ApplicationUpdateBody>;
