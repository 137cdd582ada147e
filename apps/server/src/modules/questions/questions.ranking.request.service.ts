import { MSG, QUESTION_TEXT, type RankResult, suggestSplit } from '@agora/shared';
import type { AppContext, SessionUser } from '../../context.js';
import { AppError, conflict, forbidden } from '../../lib/errors.js';
import type { Ranker } from '../../platform/ranker.js';
import { ANSWERS_PER_QUESTION, visibleQuestion } from './questions.detail.service.js';
import { toAnswer } from './questions.presenter.js';
import { isAuthor, isPublic } from './questions.policy.js';
import { type Ranking, rankAndSave } from './questions.ranking.shared.js';
import * as repo from './questions.repo.js';

/**
 * A settled reward (distributed, auto-distributed or refunded) is final: its answers are not
 * ranked again, so the ranking the payout went by is the one everybody keeps seeing.
 */
function refuseIfSettled(q: { rewardsDistributedAt: Date | null; escrowState: string | null }) {
  if (q.escrowState === 'refunded') conflict('REWARD_REFUNDED', QUESTION_TEXT.rewardRefunded);
  if (q.rewardsDistributedAt || (q.escrowState && q.escrowState !== 'held'))
    conflict('REWARD_PAID_OUT', QUESTION_TEXT.rankAfterPayout);
}

/** Ranking a question's answers at its author's request, with the configured ranker. */
export function createRankOnRequest(ctx: AppContext, ranker: Ranker) {
  const db = ctx.db;
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
  };
}
