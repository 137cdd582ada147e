import { type Answer, type AttachmentResult, type CreateAnswerBody, MSG, QUESTION_TEXT } from '@agora/shared';
import type { z } from 'zod';
import type { AppContext, SessionUser } from '../../context.js';
import { pgErrorCode } from '../../db/client.js';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.js';
import { isUuid } from '../../lib/ids.js';
import {
  CLAIMED_LATER,
  DOCUMENT_TYPES,
  RASTER_IMAGE_TYPES,
  storeUpload,
  type UploadedFile,
} from '../../lib/uploads.js';
import { notify } from '../notifications/notifications.service.js';
import { toAnswer, uploadUrl } from './questions.presenter.js';
import { canSeeQuestion, isAuthor } from './questions.policy.js';
import { visibleQuestion } from './questions.detail.service.js';
import * as repo from './questions.repo.js';

/** Answering a question: one answer per person, with files uploaded beforehand as its attachments. */

export const ATTACHMENT_PURPOSE = CLAIMED_LATER.answerAttachment;

type AnswerBody = z.output<typeof CreateAnswerBody>;

/** Attachments must be files this user uploaded as answer attachments; stored facts come from `files`. */
async function ownAttachments(
  tx: Parameters<typeof repo.ownedFiles>[0],
  user: SessionUser,
  attachments: AnswerBody['attachments'],
): Promise<repo.StoredAttachment[]> {
  const list = attachments ?? [];
  if (list.length === 0) return [];
  const keys = Array.from(new Set(list.map((a) => a.filename)));
  if (keys.length !== list.length || list.some((a) => a.url !== uploadUrl(a.filename))) {
    badRequest(QUESTION_TEXT.attachmentNotYours);
  }
  const rows = await repo.ownedFiles(tx, user.id, keys, ATTACHMENT_PURPOSE);
  if (rows.length !== keys.length) badRequest(QUESTION_TEXT.attachmentNotYours);
  const byKey = new Map(rows.map((r) => [r.key, r]));
  return keys.map((key) => {
    const f = byKey.get(key)!;
    return {
      filename: key,
      url: uploadUrl(key),
      originalName: f.originalName,
      mimetype: f.mimetype,
      size: f.size,
    };
  });
}

export function createAnswering(ctx: AppContext) {
  const db = ctx.db;
  return {
    async answer(user: SessionUser, id: string, body: AnswerBody): Promise<Answer> {
      if (!isUuid(id)) notFound(MSG.questionNotFound);
      let answerId: string;
      try {
        answerId = await db.transaction(async (tx) => {
          // The row lock orders this answer against mark-answered / reopen on the same question.
          const q = await repo.lockQuestion(tx, id.toLowerCase());
          if (!q || !canSeeQuestion(user, q)) return notFound(MSG.questionNotFound);
          if (isAuthor(user, q)) forbidden(QUESTION_TEXT.authorCannotAnswer);
          if (q.escrowState === 'refunded') conflict('REWARD_REFUNDED', QUESTION_TEXT.rewardRefunded);
          if (q.escrowState && q.escrowState !== 'held')
            conflict('REWARD_PAID_OUT', QUESTION_TEXT.rewardPaidOut);
          // Past the deadline the reward is being settled from the answers it has: no new ones,
          // even before the settlement task has run.
          if (q.escrowState === 'held' && q.escrowDeadline && ctx.clock.now() >= q.escrowDeadline)
            conflict('DEADLINE_PASSED', QUESTION_TEXT.answersAfterDeadline);
          if (q.status !== 'open') conflict('QUESTION_CLOSED', QUESTION_TEXT.questionClosed);
          const attachments = await ownAttachments(tx, user, body.attachments);
          const now = ctx.clock.now();
          const row = await repo.insertAnswer(tx, {
            questionId: q.id,
            authorId: user.id,
            content: body.content,
            attachments,
            createdAt: now,
          });
          await repo.bumpAnswerCount(tx, q.id, now);
          await notify(tx, q.authorId, {
            type: 'answer',
            title: 'New answer to your question',
            body: `${user.displayName} answered "${q.title.slice(0, 120)}"`,
            link: `/questions?question=${q.id}`,
            // One answer per person: the count is of people too.
            group: {
              key: `answer:${q.id}`,
              text: (count) => ({
                title: `${count} new answers to your question`,
                body: `${user.displayName} and ${count - 1 === 1 ? '1 other' : `${count - 1} others`} answered "${q.title.slice(0, 120)}"`,
              }),
            },
          });
          return row.id;
        });
      } catch (err) {
        // The unique index (question, author) decides between racing requests.
        if (pgErrorCode(err) === '23505') conflict('ALREADY_ANSWERED', MSG.alreadyAnswered);
        throw err;
      }
      const [created] = await repo.answersFor(db, [id.toLowerCase()], { authorId: user.id, perQuestion: 1 });
      if (!created || created.id !== answerId!) throw new Error('answer vanished after insert');
      return toAnswer(created);
    },

    /** The question is checked before the body is read: no bytes are taken for a refused upload. */
    async uploadAttachment(
      user: SessionUser,
      id: string,
      read: () => Promise<UploadedFile | null>,
    ): Promise<AttachmentResult> {
      const q = await visibleQuestion(ctx, user, id);
      if (isAuthor(user, q)) forbidden(QUESTION_TEXT.authorCannotAnswer);
      if (q.escrowState === 'refunded') conflict('REWARD_REFUNDED', QUESTION_TEXT.rewardRefunded);
      if (q.rewardsDistributedAt) conflict('REWARD_PAID_OUT', QUESTION_TEXT.rewardPaidOut);
      if (q.status !== 'open') conflict('QUESTION_CLOSED', QUESTION_TEXT.questionClosed);
      const mine = await repo.answersFor(db, [q.id], { authorId: user.id, perQuestion: 1 });
      if (mine.length > 0) conflict('ALREADY_ANSWERED', MSG.alreadyAnswered);
      const file = await read();
      if (!file) badRequest(MSG.invalidFile);
      const stored = await storeUpload(ctx, file!, {
        ownerId: user.id,
        purpose: ATTACHMENT_PURPOSE,
        allowed: [...RASTER_IMAGE_TYPES, ...DOCUMENT_TYPES],
        allowText: true,
        invalidMessage: QUESTION_TEXT.invalidAttachment,
      });
      return {
        attachment: {
          filename: stored.key,
          url: stored.url,
          originalName: stored.originalName,
          mimetype: stored.mimetype,
          size: stored.size,
        },
      };
    },
  };
}
