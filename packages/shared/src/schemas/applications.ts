// Schemas of job applications (Quick Apply and the poster's pipeline).
import { z } from 'zod';
import { JobMatch, REFERRAL_STATUSES } from './careers.js';
import {
  APPLICATION_LIMITS,
  APPLICATION_MESSAGES,
  APPLICATION_STATUSES,
  POSTER_APPLICATION_STATUSES,
} from '../domain/applications.js';
import { FilePart, jsonPart, TextPart } from './common.js';

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
