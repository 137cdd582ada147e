import {
  APPLICATION_MESSAGES,
  type ApplicationAnswer,
  type ApplicationCreateParts,
  type ApplicationCreateResult,
  RESUME_TYPES,
} from '@agora/shared';
import type { AppContext, SessionUser } from '../../context.js';
import { pgErrorCode } from '../../db/client.js';
import { detectDocument } from '../../lib/document-check.js';
import { AppError, badRequest, conflict, forbidden } from '../../lib/errors.js';
import { discardUpload, type StoredFile, storeUpload, uploadedFile } from '../../lib/uploads.js';
import { jobForApplying } from '../jobs/jobs.apply-gate.js';
import { profileResumeFile } from '../users/users.resume.service.js';
import { notify } from '../notifications/notifications.service.js';
import { newApplicantNotice } from './applications.mail.js';
import { toApplication } from './applications.presenter.js';
import * as repo from './applications.repo.js';

/** `files.purpose` of a résumé: private (lib/uploads.ts PRIVATE_UPLOAD_PURPOSES), served only by its own route. */
export const RESUME_PURPOSE = 'application-resume';
const RESUME_EXTENSIONS = Object.values(RESUME_TYPES).flat();

/** A résumé the applicant keeps on their profile, reused when they apply without attaching one. */
export interface StoredResume {
  key: string;
  originalName: string;
  size: number;
  mimetype: string;
}

/**
 * The résumé the applicant keeps on their profile, or null. The application names the same file:
 * the ref-count trigger keeps it while either row does, so the job's poster can still download it
 * after the applicant replaces or removes the one on their profile.
 */
export async function storedResumeOf(ctx: AppContext, userId: string): Promise<StoredResume | null> {
  return profileResumeFile(ctx, userId);
}

type Question = { _id: string; text: string; requiredAnswer: 'yes' | 'no' | null };

/**
 * Checks the answers against the job's questions: each question answered once, no answer to a
 * question the job does not ask. Returns the sentences saying which required answers differ
 * (empty: not screened out).
 */
export function screen(questions: Question[], answers: ApplicationAnswer[]): string[] {
  const asked = new Map(questions.map((q) => [q._id, q]));
  const seen = new Set<string>();
  for (const a of answers) {
    if (!asked.has(a.questionId) || seen.has(a.questionId)) {
      badRequest('An answer names a question this job does not ask', [
        { field: 'answers', message: 'Unknown or repeated question' },
      ]);
    }
    seen.add(a.questionId);
  }
  if (questions.some((q) => !seen.has(q._id))) {
    badRequest(APPLICATION_MESSAGES.answersRequired, [
      { field: 'answers', message: APPLICATION_MESSAGES.answersRequired },
    ]);
  }
  const given = new Map(answers.map((a) => [a.questionId, a.answer]));
  return questions
    .filter((q) => q.requiredAnswer !== null && given.get(q._id) !== q.requiredAnswer)
    .map((q) => APPLICATION_MESSAGES.screenedOut(q.text, q.requiredAnswer!));
}

/** Quick Apply: POST /api/jobs/{id}/applications. */
export function createApplyService(ctx: AppContext) {
  async function storeResume(
    user: SessionUser,
    form: ApplicationCreateParts,
  ): Promise<StoredFile | StoredResume> {
    const file = uploadedFile(form.resume);
    if (!file || file.buffer.length === 0) {
      const kept = await storedResumeOf(ctx, user.id);
      return (
        kept ??
        badRequest(APPLICATION_MESSAGES.resumeRequired, [
          { field: 'resume', message: APPLICATION_MESSAGES.resumeRequired },
        ])
      );
    }
    // Typed by its bytes; the name's extension must agree (a renamed executable is refused).
    const mime = await detectDocument(file, RESUME_TYPES, RESUME_EXTENSIONS);
    if (!mime) throw new AppError('INVALID_FILE', 400, APPLICATION_MESSAGES.resumeType);
    return storeUpload(ctx, file, {
      ownerId: user.id,
      purpose: RESUME_PURPOSE,
      allowed: [mime],
      invalidMessage: APPLICATION_MESSAGES.resumeType,
    });
  }

  return {
    async apply(
      user: SessionUser,
      jobId: string,
      form: ApplicationCreateParts,
    ): Promise<ApplicationCreateResult> {
      const { job, state } = await jobForApplying(ctx, jobId, user);
      if (job.posterId === user.id) forbidden(APPLICATION_MESSAGES.ownJob);
      if (state !== 'open') conflict('JOB_CLOSED', APPLICATION_MESSAGES.jobClosed);
      if (await repo.existsFor(ctx.db, job.id, user.id)) {
        conflict('ALREADY_APPLIED', APPLICATION_MESSAGES.alreadyApplied);
      }
      const answers = form.answers ?? [];
      const reasons = screen(job.screeningQuestions, answers);

      // The file last: everything else is valid by now, so a refused request leaves nothing stored.
      const resume = await storeResume(user, form);
      const uploaded = 'url' in resume;
      const at = ctx.clock.now();
      let id: string;
      try {
        id = await ctx.db.transaction(async (tx) => {
          const row = await repo.insertApplication(tx, {
            jobId: job.id,
            applicantId: user.id,
            status: 'submitted',
            coverNote: form.coverNote || null,
            resumeKey: resume.key,
            resumeOriginalName: resume.originalName,
            resumeSize: resume.size,
            resumeMimetype: resume.mimetype,
            answers: answers.map((a) => ({ questionId: a.questionId, answer: a.answer })),
            screenedOut: reasons.length > 0,
            history: [{ status: 'submitted', at: at.toISOString() }],
            createdAt: at,
            updatedAt: at,
          });
          await notify(tx, job.posterId, newApplicantNotice(job, user.displayName));
          return row.id;
        });
      } catch (err) {
        if (uploaded) await discardUpload(ctx, resume.key);
        // Two applications at once: the unique index lets one in; the other is told so.
        if (pgErrorCode(err) === '23505') conflict('ALREADY_APPLIED', APPLICATION_MESSAGES.alreadyApplied);
        throw err;
      }
      const rec = (await repo.findRecord(ctx.db, id))!;
      return { application: toApplication(rec, user), screenedOutReasons: reasons };
    },
  };
}
