import { MSG, QUESTION_TEXT, type RankResult, suggestSplit } from '@agora/shared';
import type { AppContext, SessionUser } from '../../context.js';
import type { Tx } from '../../db/client.js';
import { AppError, conflict, forbidden } from '../../lib/errors.js';
import type { Ranker } from '../../platform/ranker.js';
import { toRanking } from '../../platform/ranker.js';
import { BuiltinRanker } from '../../platform/ranker-builtin.js';
import { notifyMany } from '../notifications/notifications.service.js';
import { toAnswer } from './questions.presenter.js';
import { isAuthor, isPublic } from './questions.policy.js';
import { ANSWERS_PER_QUESTION, visibleQuestion } from './questions.read.service.js';
import * as repo from './questions.repo.js';

/**
 * Ranking a question's answers: by its author on request, and by the escrow settlement at the
 * deadline (the payments area), with the configured ranker.
 */

const ANSWERS_RANKED_MAX = 100;

type Ranking = ReturnType<typeof toRanking>;

function winner(a: repo.AnswerRecord) {
  return { answerId: a.id, authorId: a.authorId, createdAt: a.createdAt };
}

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
  ctx: AppContext,
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
    (await repo.answererStats(ctx.db, Array.from(new Set(candidates.map((a) => a.authorId))))).map((s) => [
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
  await ctx.db.transaction(async (tx) => {
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

export function createRanking(ctx: AppContext, ranker: Ranker) {
  const db = ctx.db;
  const fallbackRanker: Ranker = new BuiltinRanker();
  return {
    /** POST /:id/rank-answers — author only, more than one answer; a failing ranker changes nothing. */
    async rank(user: SessionUser, id: string, log: (obj: object, msg: string) => void): Promise<RankResult> {
      const q = await visibleQuestion(ctx, user, id);
      if (!isAuthor(user, q)) forbidden(QUESTION_TEXT.onlyAuthor);
      if (!isPublic(q) && !q.isPaid) conflict('QUESTION_UNPAID', QUESTION_TEXT.unpaidNoActions);
      refuseIfSettled(q);
      const current = await repo.answersFor(db, [q.id], { perQuestion: ANSWERS_PER_QUESTION });
      if (current.length < 2) conflict('NOT_ENOUGH_ANSWERS', QUESTION_TEXT.needTwoAnswers);
      let ranking: Ranking;
      try {
        // Checked again under the question's lock with the save: a payout that lands while the
        // ranker runs wins, and the ranking its answerers were paid by stays as it was.
        ranking = await rankAndSave(ctx, q, current, ranker, async (tx) => {
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
        ranking = await rankAndSave(ctx, q, current, ranker);
      } catch {
        ranking = await rankAndSave(ctx, q, current, fallbackRanker);
      }
      const top = ranking[0]!.score;
      const tied = new Set(ranking.filter((r) => r.score === top).map((r) => r.answerId));
      return { answerCount, winners: oldestFirst.filter((a) => tied.has(a.id)).map(winner) };
    },
  };
}
