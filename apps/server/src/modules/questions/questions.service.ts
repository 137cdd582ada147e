import { randomBytes } from 'node:crypto';
import {
  type Answer,
  type AttachmentResult,
  type CategoryCounts,
  CreateQuestionBody,
  type CreateAnswerBody,
  type EscrowState,
  CHECKOUT_OPEN_MS,
  DAY_MS,
  LIMITS,
  MSG,
  QUESTION_CATEGORIES,
  QUESTION_LIMITS,
  QUESTION_TEXT,
  type PublicListQuery,
  type Question,
  type QuestionSort,
  type RankResult,
  type SimilarQuestion,
  suggestSplit,
} from '@agora/shared';
import type { z } from 'zod';
import type { AppContext, SessionUser } from '../../context.js';
import { pgErrorCode, type Tx } from '../../db/client.js';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../lib/errors.js';
import {
  CLAIMED_LATER,
  DOCUMENT_TYPES,
  discardUnreferenced,
  discardUpload,
  RASTER_IMAGE_TYPES,
  storeUpload,
  type UploadedFile,
} from '../../lib/uploads.js';
import type { Ranker } from '../../platform/ranker.js';
import { toRanking } from '../../platform/ranker.js';
import { BuiltinRanker } from '../../platform/ranker-builtin.js';
import { createRanker } from '../../platform/ranker-factory.js';
import { notify, notifyMany } from '../notifications/notifications.service.js';
import { getMinReward } from '../settings/settings.service.js';
import { answerVisibility, canAsk, canSeeQuestion, isAuthor, isPublic } from './questions.policy.js';
import { detachQuestionOrders, questionMoney } from '../payments/payments.admin.service.js';
import * as repo from './questions.repo.js';
import { invalidCursor } from '../../lib/cursor.js';
import { anyWordQuery, decodeCursor, encodeCursor, prefixQuery } from './questions.search.js';
import { pickSimilar } from './questions.similar.js';
import { isUuid } from '../../lib/ids.js';

export const ATTACHMENT_PURPOSE = CLAIMED_LATER.answerAttachment;
export const QUESTION_IMAGE_PURPOSE = 'question-image';
/** Answers shown with one question (detail) and ranked at once: bounded, far above real use. */
const ANSWERS_PER_QUESTION = 500;
const ANSWERS_RANKED_MAX = 100;
/** Unpaid questions the expiry task reads per page, and pages per run (a backlog takes several runs). */
const DRAFTS_BATCH = 100;
const DRAFTS_MAX_PAGES = 10;

const uploadUrl = (key: string) => `/uploads/${key}`;

function toAnswer(a: repo.AnswerRecord): Answer {
  return {
    _id: a.id,
    id: a.id,
    questionId: a.questionId,
    content: a.content,
    author: { id: a.authorId, displayName: a.authorName },
    authorId: a.authorId,
    createdAt: a.createdAt.toISOString(),
    isAccepted: a.isAccepted,
    likes: a.likes,
    attachments: a.attachments ?? [],
    aiScore: a.aiScore,
    aiReason: a.aiReason,
    aiRank: a.aiRank,
  };
}

function toQuestion(q: repo.QuestionRecord, answers: repo.AnswerRecord[]): Question {
  return {
    _id: q.id,
    title: q.title,
    description: q.description,
    category: q.category,
    status: q.status,
    views: q.views,
    answerCount: q.answerCount,
    answers: answers.map(toAnswer),
    author: { id: q.authorId, displayName: q.authorName },
    createdAt: q.createdAt.toISOString(),
    updatedAt: q.updatedAt.toISOString(),
    isPaid: q.isPaid,
    paymentAmount: q.paymentAmount,
    rewardAmount: q.rewardAmount,
    aiRanked: q.aiRanked,
    aiRankedAt: q.aiRankedAt?.toISOString() ?? null,
    image: q.imageKey ? uploadUrl(q.imageKey) : null,
    rewardsDistributed: q.rewardsDistributedAt !== null,
    acceptanceCriteria: q.acceptanceCriteria,
    hidden: q.hidden,
    escrow:
      q.escrowState && q.escrowHeldAt && q.escrowDeadline
        ? {
            state: q.escrowState as EscrowState,
            amount: q.paymentAmount ?? 0,
            heldAt: q.escrowHeldAt.toISOString(),
            deadline: q.escrowDeadline.toISOString(),
            settledAt: q.escrowSettledAt?.toISOString() ?? null,
          }
        : null,
  };
}

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

/** The kind of keyset cursor each sort pages with (questions.search.ts). */
function cursorKind(sort: QuestionSort): repo.ListCursor['kind'] {
  if (sort === 'random') return 'random';
  if (sort === 'ending-soon') return 'deadline';
  if (sort === 'reward-high') return 'reward';
  return 'date';
}

const dateDir = (sort: QuestionSort) => (sort === 'date-old' ? 'asc' : 'desc');

/** The position after a page's last row, in its sort's key. */
function cursorAfter(sort: QuestionSort, last: repo.QuestionRecord, seed: string): repo.ListCursor {
  switch (cursorKind(sort)) {
    case 'random':
      return { kind: 'random', seed, key: last.randomKey!, id: last.id };
    case 'deadline':
      return { kind: 'deadline', ts: last.deadlineTs!, id: last.id };
    case 'reward':
      return { kind: 'reward', reward: last.rewardAmount, ts: last.cursorTs, id: last.id };
    default:
      return { kind: 'date', dir: dateDir(sort), ts: last.cursorTs, id: last.id };
  }
}

export interface ListPage {
  items: Question[];
  nextCursor: string | null;
  total?: number;
}

type ListQuery = z.output<typeof PublicListQuery>;
type AnswerBody = z.output<typeof CreateAnswerBody>;

export function createQuestionsService(ctx: AppContext, ranker: Ranker = createRanker(ctx.config.ai)) {
  const db = ctx.db;
  const fallbackRanker: Ranker = new BuiltinRanker();

  async function visibleQuestion(viewer: SessionUser | null, id: string) {
    if (!isUuid(id)) return notFound(MSG.questionNotFound);
    const q = await repo.findQuestion(db, id.toLowerCase());
    if (!q || !canSeeQuestion(viewer, q)) return notFound(MSG.questionNotFound);
    return q;
  }

  async function withAnswers(viewer: SessionUser | null, q: repo.QuestionRecord): Promise<Question> {
    const visibility = answerVisibility(viewer, q);
    const answers =
      visibility === 'none'
        ? []
        : await repo.answersFor(db, [q.id], {
            authorId: visibility === 'own' ? viewer!.id : undefined,
            perQuestion: ANSWERS_PER_QUESTION,
          });
    return toQuestion(q, answers);
  }

  async function page(
    query: ListQuery,
    scope: { authorId?: string; answeredBy?: string },
    answers: 'none' | 'all' | { authorId: string },
  ): Promise<ListPage> {
    const { minReward, maxReward } = query;
    if (minReward !== undefined && maxReward !== undefined && minReward > maxReward) {
      badRequest(QUESTION_TEXT.rewardFilterOrder, [
        { field: 'querystring.maxReward', message: QUESTION_TEXT.rewardFilterOrder },
      ]);
    }
    const cursor = decodeCursor(query.cursor);
    if (cursor && cursor.kind !== cursorKind(query.sort)) invalidCursor();
    if (cursor?.kind === 'date' && cursor.dir !== dateDir(query.sort)) invalidCursor();
    const categories =
      query.category === undefined ? [] : Array.isArray(query.category) ? query.category : [query.category];
    const seed = cursor?.kind === 'random' ? cursor.seed : randomBytes(8).toString('hex');
    const rows = await repo.listQuestions(db, {
      categories,
      sort: query.sort,
      status: query.status,
      tsQuery: prefixQuery(query.q),
      authorId: scope.authorId,
      answeredBy: scope.answeredBy,
      seed,
      cursor,
      // Rupees in the query, paise in the table.
      minReward: minReward === undefined ? undefined : minReward * 100,
      maxReward: maxReward === undefined ? undefined : maxReward * 100,
      now: ctx.clock.now(),
      limit: query.limit,
    });
    const more = rows.length > query.limit;
    const pageRows = more ? rows.slice(0, query.limit) : rows;
    const last = pageRows[pageRows.length - 1];
    let nextCursor: string | null = null;
    if (more && last) {
      nextCursor = encodeCursor(cursorAfter(query.sort, last, seed));
    }
    // One query for the answers of the whole page (no N+1), bounded per question.
    const answerRows =
      answers === 'none'
        ? []
        : await repo.answersFor(
            db,
            pageRows.map((r) => r.id),
            {
              authorId: answers === 'all' ? undefined : answers.authorId,
              perQuestion: QUESTION_LIMITS.answersPerListedQuestion,
            },
          );
    const byQuestion = new Map<string, repo.AnswerRecord[]>();
    for (const a of answerRows) byQuestion.set(a.questionId, [...(byQuestion.get(a.questionId) ?? []), a]);
    return { items: pageRows.map((r) => toQuestion(r, byQuestion.get(r.id) ?? [])), nextCursor };
  }

  return {
    /** GET /public — never hidden questions, never answers (counts stay visible). */
    listPublic(query: ListQuery): Promise<ListPage> {
      return page(query, {}, 'none');
    },

    /** GET /?own=true — the author's questions (hidden ones too) with all their answers. */
    async listOwn(user: SessionUser, query: ListQuery): Promise<ListPage> {
      const result = await page(query, { authorId: user.id }, 'all');
      return { ...result, total: await repo.countOwn(db, user.id) };
    },

    /** GET /?answered=true — questions the caller answered, with only the caller's answer. */
    async listAnswered(user: SessionUser, query: ListQuery): Promise<ListPage> {
      const result = await page(query, { answeredBy: user.id }, { authorId: user.id });
      return { ...result, total: await repo.countAnsweredBy(db, user.id) };
    },

    async categories(status?: 'open'): Promise<CategoryCounts> {
      const counts: CategoryCounts = Object.fromEntries(QUESTION_CATEGORIES.map((c) => [c, 0]));
      for (const row of await repo.categoryCounts(db, status)) {
        if (row.category in counts) counts[row.category] = row.n;
      }
      return counts;
    },

    async similar(q: string, limit: number): Promise<SimilarQuestion[]> {
      const tsQuery = anyWordQuery(q);
      if (!tsQuery) return [];
      // More candidates than asked for: those sharing too few of the typed words are dropped.
      const rows = pickSimilar(q, await repo.similarQuestions(db, tsQuery, Math.min(limit * 4, 40)), limit);
      return rows.map((r) => ({
        _id: r.id,
        title: r.title,
        category: r.category,
        status: r.status,
        answerCount: r.answerCount,
      }));
    },

    /** GET /:id — counts a view (not the author's own), answers per CONTRACT §4. */
    async get(
      viewer: SessionUser | null,
      id: string,
      opts: { countView?: boolean; viewerKey?: string } = {},
    ): Promise<Question> {
      const q = await visibleQuestion(viewer, id);
      // Views are written in batches (platform/view-counts.ts): a read stays a read. The answer
      // includes the views this server has not written yet, this one among them.
      if (opts.countView !== false && !isAuthor(viewer, q)) {
        ctx.views.view('questions', q.id, opts.viewerKey ?? (viewer ? `u:${viewer.id}` : 'a:unknown'));
      }
      q.views += ctx.views.pending('questions', q.id);
      return withAnswers(viewer, q);
    },

    async create(
      user: SessionUser,
      input: { fields: unknown; image: UploadedFile | null },
    ): Promise<Question> {
      if (!canAsk(user)) forbidden(QUESTION_TEXT.answererCannotAsk);
      const parsed = CreateQuestionBody.safeParse(input.fields ?? {});
      if (!parsed.success) validationError(parsed.error, 'body');
      const body = parsed.data!;
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
        imageKey = (await storeImage(user, input.image)).key;
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
      const q = await visibleQuestion(user, id);
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
      return withAnswers(user, q!);
    },

    /** POST /:id/rank-answers — author only, more than one answer; a failing ranker changes nothing. */
    async rank(user: SessionUser, id: string, log: (obj: object, msg: string) => void): Promise<RankResult> {
      const q = await visibleQuestion(user, id);
      if (!isAuthor(user, q)) forbidden(QUESTION_TEXT.onlyAuthor);
      if (!isPublic(q) && !q.isPaid) conflict('QUESTION_UNPAID', QUESTION_TEXT.unpaidNoActions);
      refuseIfSettled(q);
      const current = await repo.answersFor(db, [q.id], { perQuestion: ANSWERS_PER_QUESTION });
      if (current.length < 2) conflict('NOT_ENOUGH_ANSWERS', QUESTION_TEXT.needTwoAnswers);
      let ranking: Ranking;
      try {
        // Checked again under the question's lock with the save: a payout that lands while the
        // ranker runs wins, and the ranking its answerers were paid by stays as it was.
        ranking = await rankAndSave(q, current, ranker, async (tx) => {
          refuseIfSettled((await repo.lockQuestion(tx, q.id)) ?? q);
        });
      } catch (err) {
        if (err instanceof AppError) throw err;
        log(
          { err: { message: (err as Error).message }, ranker: ranker.name, questionId: q.id },
          'ranking failed',
        );
        return {
          rankedAnswers: current.map(toAnswer),
          suggestedSplit: null,
          aiRanking: {
            available: false,
            ranker: ranker.name,
            rankedAt: null,
            scores: [],
            message: MSG.aiUnavailable,
          },
        };
      }
      const ranked = await repo.answersFor(db, [q.id], { perQuestion: ANSWERS_PER_QUESTION });
      return {
        rankedAnswers: ranked.map(toAnswer),
        suggestedSplit: suggestSplit(ranking),
        aiRanking: {
          available: true,
          ranker: ranker.name,
          rankedAt: ctx.clock.now().toISOString(),
          scores: ranking.map((r) => ({
            answerId: r.answerId,
            rank: r.rank,
            score: r.score,
            reason: r.reason,
          })),
          message: MSG.aiRanked,
        },
      };
    },

    /**
     * The escrow deadline: the answers ranked first, by the configured ranker (the built-in
     * one if it fails), oldest first among equal scores; the ranking is saved like a manual one so
     * everyone can see why. No answers → []. Called by the payments area's settlement task.
     */
    async rankForSettlement(questionId: string): Promise<{
      answerCount: number;
      winners: Array<{ answerId: string; authorId: string; createdAt: Date }>;
    }> {
      // The count is read before the answers: an answer landing in between makes the settlement see
      // a count other than this one and rank again, never settle on a list that misses it.
      const q = await repo.findQuestion(db, questionId);
      if (!q) return { answerCount: 0, winners: [] };
      const { answerCount } = q;
      const current = await repo.answersFor(db, [q.id], { perQuestion: ANSWERS_PER_QUESTION });
      const oldestFirst = [...current].sort(
        (a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id),
      );
      if (oldestFirst.length <= 1) return { answerCount, winners: oldestFirst.map(winner) };
      let ranking: Ranking;
      try {
        ranking = await rankAndSave(q, current, ranker);
      } catch {
        ranking = await rankAndSave(q, current, fallbackRanker);
      }
      const top = ranking[0]!.score;
      const tied = new Set(ranking.filter((r) => r.score === top).map((r) => r.answerId));
      return { answerCount, winners: oldestFirst.filter((a) => tied.has(a.id)).map(winner) };
    },

    /**
     * DELETE /:id — the author discards a question nobody paid for. Refused (409) once paid or while
     * a checkout is open; an older abandoned order is kept, cancelled, so that a capture arriving
     * after all is refunded to the payer's wallet (payments area).
     */
    async remove(user: SessionUser, id: string): Promise<void> {
      if (!isUuid(id)) notFound(MSG.questionNotFound);
      const imageKey = await db.transaction(async (tx) => {
        const q = await repo.lockQuestion(tx, id.toLowerCase());
        if (!q || !canSeeQuestion(user, q)) return notFound(MSG.questionNotFound);
        if (!isAuthor(user, q)) forbidden(QUESTION_TEXT.onlyAuthor);
        const outcome = await deleteUnpaid(tx, q);
        if (outcome === 'paid') conflict('QUESTION_PAID', QUESTION_TEXT.paidCannotDelete);
        if (outcome === 'checkout-open') conflict('PAYMENT_IN_PROGRESS', QUESTION_TEXT.orderOpenCannotDelete);
        return q.imageKey;
      });
      // The image names nothing now: it goes at once, so deleting a draft frees its author's upload
      // quota (if this fails, the hourly sweep of unreferenced files takes it).
      if (imageKey) await discardUnreferenced(ctx, imageKey);
    },

    /**
     * Unpaid questions expire QUESTION_LIMITS.unpaidDraftDays after they were asked: each is deleted
     * as its author would delete it (deleteUnpaid: one with a checkout in progress, or paid meanwhile,
     * stays; its orders are kept, cancelled), its image removed, its author told. Oldest first, in
     * pages of DRAFTS_BATCH, at most DRAFTS_MAX_PAGES per run; a question kept is walked past, so it
     * never holds up the others. Safe on several instances at once: each deletion is decided under
     * the question's row lock. Run by questions.tasks.ts.
     */
    async expireDrafts(): Promise<{ deleted: number; kept: number }> {
      const result = { deleted: 0, kept: 0 };
      const cutoff = new Date(ctx.clock.now().getTime() - QUESTION_LIMITS.unpaidDraftDays * DAY_MS);
      let after: { ts: string; id: string } | undefined;
      for (let page = 0; page < DRAFTS_MAX_PAGES; page++) {
        const due = await repo.dueDrafts(db, cutoff, DRAFTS_BATCH, after);
        for (const { id } of due) {
          const gone = await db.transaction(async (tx) => {
            const q = await repo.lockQuestion(tx, id);
            // Deleted, paid or made free meanwhile: not an expired draft any more.
            if (!q || q.isPaid || q.rewardAmount === 0 || q.createdAt >= cutoff) return null;
            if ((await deleteUnpaid(tx, q)) !== 'deleted') return null;
            await notify(tx, q.authorId, {
              type: 'reward',
              title: 'Your unpaid question was removed',
              body: `"${q.title.slice(0, 120)}" was not paid for within ${QUESTION_LIMITS.unpaidDraftDays} days, so it was deleted. Nothing was charged.`,
              link: '/ask-question',
            });
            return { imageKey: q.imageKey };
          });
          if (!gone) {
            result.kept++;
            continue;
          }
          result.deleted++;
          if (gone.imageKey) await discardUnreferenced(ctx, gone.imageKey);
        }
        if (due.length < DRAFTS_BATCH) break;
        const last = due[due.length - 1]!;
        after = { ts: last.cursorTs, id: last.id };
      }
      return result;
    },
  };

  function tooManyDrafts(): never {
    return conflict('TOO_MANY_UNPAID', QUESTION_TEXT.tooManyUnpaid);
  }

  /**
   * Deletes an unpaid question, locked by the caller's transaction (the author's DELETE and the
   * expiry of drafts): not once paid, nor while a checkout is open; an older abandoned order is
   * kept, cancelled and detached (payments owns it), so that a capture arriving after all is
   * refunded to the payer's wallet.
   */
  async function deleteUnpaid(
    tx: Parameters<typeof repo.lockQuestion>[0],
    q: NonNullable<Awaited<ReturnType<typeof repo.lockQuestion>>>,
  ): Promise<'deleted' | 'paid' | 'checkout-open'> {
    const orders = await questionMoney(tx, q.id, new Date(ctx.clock.now().getTime() - CHECKOUT_OPEN_MS));
    if (q.isPaid || orders.paid) return 'paid';
    if (orders.checkoutOpen) return 'checkout-open';
    await detachQuestionOrders(tx, q.id, q.title);
    await repo.deleteQuestion(tx, q.id);
    return 'deleted';
  }

  function winner(a: repo.AnswerRecord) {
    return { answerId: a.id, authorId: a.authorId, createdAt: a.createdAt };
  }

  type Ranking = ReturnType<typeof toRanking>;

  /**
   * A settled reward (distributed, auto-distributed or refunded) is final: its answers are not
   * ranked again, so the ranking the payout went by is the one everybody keeps seeing.
   */
  function refuseIfSettled(q: { rewardsDistributedAt: Date | null; escrowState: string | null }) {
    if (q.escrowState === 'refunded') conflict('REWARD_REFUNDED', QUESTION_TEXT.rewardRefunded);
    if (q.rewardsDistributedAt || (q.escrowState && q.escrowState !== 'held'))
      conflict('REWARD_PAID_OUT', QUESTION_TEXT.rankAfterPayout);
  }

  /** Ranks the answers with `using`, saves the ranking and tells each answerer whose place changed. */
  async function rankAndSave(
    q: { id: string; title: string; description: string; category: string },
    current: repo.AnswerRecord[],
    using: Ranker,
    /** Runs first in the transaction that saves the ranking; throwing there saves nothing. */
    guard?: (tx: Tx) => Promise<void>,
  ): Promise<Ranking> {
    // Oldest first into the ranker; beyond the cap (never in practice) answers stay unranked.
    const candidates = [...current]
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id))
      .slice(0, ANSWERS_RANKED_MAX);
    const stats = new Map(
      (await repo.answererStats(db, Array.from(new Set(candidates.map((a) => a.authorId))))).map((s) => [
        s.authorId,
        s,
      ]),
    );
    const input = {
      question: { title: q.title, description: q.description, category: q.category },
      answers: candidates.map((a) => ({
        id: a.id,
        content: a.content,
        attachments: a.attachments?.length ?? 0,
        author: stats.get(a.authorId),
      })),
    };
    const ranking = toRanking(input, await using.rank(input));
    const now = ctx.clock.now();
    // Each answerer whose place is new or changed hears of it (a rerun that changes nothing is quiet).
    const before = new Map(current.map((a) => [a.id, a]));
    const moved = ranking.filter((r) => before.get(r.answerId)?.aiRank !== r.rank);
    await db.transaction(async (tx) => {
      await guard?.(tx);
      await repo.saveRanking(tx, q.id, ranking, using.name, now);
      await notifyMany(
        tx,
        moved.map((r) => ({
          userId: before.get(r.answerId)!.authorId,
          type: 'answer_ranked' as const,
          title: 'Your answer was ranked',
          body: `#${r.rank} of ${ranking.length} on "${q.title.slice(0, 120)}"`,
          link: `/questions?question=${q.id}`,
        })),
      );
    });
    return ranking;
  }

  async function storeImage(user: SessionUser, image: UploadedFile) {
    if (image.buffer.length > LIMITS.imageBytes)
      throw new AppError('PAYLOAD_TOO_LARGE', 413, MSG.imageTooLarge);
    return storeUpload(ctx, image, {
      ownerId: user.id,
      purpose: QUESTION_IMAGE_PURPOSE,
      allowed: RASTER_IMAGE_TYPES,
      invalidMessage: MSG.invalidImage,
    });
  }

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
}

export type QuestionsService = ReturnType<typeof createQuestionsService>;
