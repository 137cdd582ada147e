import {
  CreateQuestionBody,
  LIMITS,
  MSG,
  QUESTION_LIMITS,
  QUESTION_TEXT,
  type Question,
} from '@agora/shared';
import type { z } from 'zod';
import type { AppContext, SessionUser } from '../../context.js';
import { AppError, conflict, forbidden, notFound } from '../../lib/errors.js';
import { isUuid } from '../../lib/ids.js';
import { discardUpload, RASTER_IMAGE_TYPES, storeUpload, type UploadedFile } from '../../lib/uploads.js';
import { getMinReward } from '../settings/settings.service.js';
import { toQuestion } from './questions.presenter.js';
import type { FindIdeaToAct } from './questions.ideas.service.js';
import { canAsk, canSeeQuestion, isAuthor, isPublic } from './questions.policy.js';
import { withAnswers } from './questions.detail.service.js';
import * as repo from './questions.repo.js';

/**
 * The asker's side of a question: asking it (with its image, its reward, and the bound on unpaid
 * drafts), then marking it answered or reopening it. Deleting a draft: questions.drafts.service.ts.
 */

export const QUESTION_IMAGE_PURPOSE = 'question-image';

/** A zod failure → the CONTRACT 400 body; the spec's sentence leads when the fields share it. */
function validationError(error: z.ZodError, prefix: string): never {
  const details = error.issues.map((i) => ({
    field: [prefix, ...i.path.map(String)].join('.'),
    message: i.message,
  }));
  const messages = Array.from(new Set(details.map((d) => d.message)));
  const message = messages.includes(MSG.questionRequired) ? MSG.questionRequired : messages[0]!;
  throw new AppError('VALIDATION', 400, message, details);
}

function tooManyDrafts(): never {
  return conflict('TOO_MANY_UNPAID', QUESTION_TEXT.tooManyUnpaid);
}

async function storeImage(ctx: AppContext, user: SessionUser, image: UploadedFile) {
  if (image.buffer.length > LIMITS.imageBytes)
    throw new AppError('PAYLOAD_TOO_LARGE', 413, MSG.imageTooLarge);
  return storeUpload(ctx, image, {
    ownerId: user.id,
    purpose: QUESTION_IMAGE_PURPOSE,
    allowed: RASTER_IMAGE_TYPES,
    invalidMessage: MSG.invalidImage,
  });
}

export function createAsking(ctx: AppContext, findIdeaToAct: FindIdeaToAct) {
  const db = ctx.db;
  return {
    async create(
      user: SessionUser,
      input: { fields: unknown; image: UploadedFile | null },
    ): Promise<Question> {
      if (!canAsk(user)) forbidden(QUESTION_TEXT.answererCannotAsk);
      const parsed = CreateQuestionBody.safeParse(input.fields ?? {});
      if (!parsed.success) validationError(parsed.error, 'body');
      const body = parsed.data!;
      // A bounty offered from an idea: the idea must be one the asker can see (a field error otherwise).
      if (body.ideaId && !(await findIdeaToAct(db, user, body.ideaId))) {
        throw new AppError('VALIDATION', 400, MSG.ideaNotFound, [
          { field: 'body.ideaId', message: MSG.ideaNotFound },
        ]);
      }
      const min = await getMinReward(db);
      const reward = body.reward ?? min;
      if (reward < min) {
        throw new AppError('VALIDATION', 400, QUESTION_TEXT.rewardTooSmall(min), [
          { field: 'body.reward', message: QUESTION_TEXT.rewardTooSmall(min) },
        ]);
      }
      // A question with a reward is its author's draft until paid, and an account holds a bounded
      // number of drafts: refused before any byte is stored, and counted again under the author's
      // lock together with the insert, so parallel requests cannot pass the limit.
      const draft = reward > 0;
      if (draft && (await repo.countDrafts(db, user.id)) >= QUESTION_LIMITS.unpaidDraftsMax) tooManyDrafts();
      // Every field is valid before any byte is stored.
      let imageKey: string | null = null;
      if (input.image) {
        imageKey = (await storeImage(ctx, user, input.image)).key;
      }
      const now = ctx.clock.now();
      let row: Awaited<ReturnType<typeof repo.insertQuestion>>;
      try {
        row = await db.transaction(async (tx) => {
          if (draft) {
            await repo.lockAuthorDrafts(tx, user.id);
            if ((await repo.countDrafts(tx, user.id)) >= QUESTION_LIMITS.unpaidDraftsMax) tooManyDrafts();
          }
          return repo.insertQuestion(tx, {
            authorId: user.id,
            title: body.title,
            description: body.description,
            category: body.category,
            rewardAmount: reward * 100,
            acceptanceCriteria: body.acceptanceCriteria ?? null,
            ideaId: body.ideaId ?? null,
            imageKey,
            createdAt: now,
            updatedAt: now,
          });
        });
      } catch (err) {
        // Nothing names the stored image: it must not count against its uploader's quota meanwhile.
        if (imageKey) await discardUpload(ctx, imageKey);
        throw err;
      }
      const q = await repo.findQuestion(db, row.id);
      return toQuestion(q!, []);
    },

    async setStatus(user: SessionUser, id: string, status: 'open' | 'answered'): Promise<Question> {
      if (!isUuid(id)) notFound(MSG.questionNotFound);
      await db.transaction(async (tx) => {
        const q = await repo.lockQuestion(tx, id.toLowerCase());
        if (!q || !canSeeQuestion(user, q)) return notFound(MSG.questionNotFound);
        if (!isAuthor(user, q)) forbidden(QUESTION_TEXT.onlyAuthor);
        if (!isPublic(q) && !q.isPaid) conflict('QUESTION_UNPAID', QUESTION_TEXT.unpaidNoActions);
        // Paid out: it takes no more answers, so it cannot be reopened.
        if (status === 'open' && q.escrowState && q.escrowState !== 'held')
          conflict(
            'REWARD_PAID_OUT',
            q.escrowState === 'refunded' ? QUESTION_TEXT.rewardRefunded : QUESTION_TEXT.rewardPaidOut,
          );
        // Only admins close questions; what a moderator closed, its author cannot reopen.
        if (q.status === 'closed') {
          conflict(
            'QUESTION_CLOSED',
            status === 'open' ? QUESTION_TEXT.closedByModerator : QUESTION_TEXT.closedByModeratorAnswered,
          );
        }
        if (q.status !== status) await repo.setStatus(tx, q.id, status, ctx.clock.now());
      });
      const q = await repo.findQuestion(db, id.toLowerCase());
      return withAnswers(ctx, user, q!);
    },
  };
}
