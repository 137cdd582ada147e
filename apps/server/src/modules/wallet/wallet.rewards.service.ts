import {
  type DistributeBody,
  MSG,
  type RewardRecord,
  type RewardView,
  splitPaise,
  suggestSplit,
  type EscrowState,
  QUESTION_TEXT,
} from '@agora/shared';
import type { AppContext, SessionUser } from '../../context.js';
import { pgErrorCode } from '../../db/client.js';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.js';
import { canSeeQuestion } from '../questions/questions.policy.js';
import * as repo from './wallet.repo.js';
import {
  findQuestion,
  lockQuestion,
  type QuestionRecord,
  releaseReward,
} from '../questions/questions.escrow.service.js';
import { canDistribute } from './wallet.policy.js';
import { WALLET_MSG } from './wallet.messages.js';
import { rewardView } from './wallet.presenter.js';
import { creditRewards } from './wallet.reward-credits.js';

/** Most answers a reward screen lists (a question rarely has more; the list stays bounded). */
const REWARD_VIEW_ANSWERS = 500;

// ---------- views ----------

/** A question's reward view and its author's distribution of the reward. */
export function createRewardsService(ctx: AppContext) {
  async function ownQuestion(user: SessionUser, questionId: string): Promise<QuestionRecord> {
    const q = (await findQuestion(ctx.db, questionId)) ?? notFound(MSG.questionNotFound);
    // CONTRACT §3: a hidden or unpaid question is absent for everyone but its author and admins.
    if (!canSeeQuestion(user, q)) notFound(MSG.questionNotFound);
    if (!canDistribute(user, q)) forbidden(WALLET_MSG.notAuthor);
    return q;
  }

  return {
    /** spec 01 §3 "Reward view", for the question's author. */
    async getRewardView(user: SessionUser, questionId: string): Promise<RewardView> {
      const q = await ownQuestion(user, questionId);
      const [answers, rewards] = await Promise.all([
        repo.listAnswersWithAuthors(ctx.db, q.id, REWARD_VIEW_ANSWERS),
        repo.listRewards(ctx.db, q.id),
      ]);
      const totalDistributed = rewards.reduce((s, r) => s + r.percentage, 0);
      // The split the stored ranking suggests (the same rule as the rank response): answers added
      // since the last ranking have no rank and are not in it.
      const ranked = answers.flatMap((a) =>
        a.aiRank !== null ? [{ answerId: a.id, rank: a.aiRank, score: a.aiScore ?? 0 }] : [],
      );
      return {
        question: {
          _id: q.id,
          title: q.title,
          description: q.description,
          category: q.category,
          status: q.status,
          isPaid: q.isPaid,
          paymentAmount: q.paymentAmount ?? 0,
          rewardAmount: q.rewardAmount,
          rewardsDistributedAt: q.rewardsDistributedAt?.toISOString() ?? null,
          escrowState: (q.escrowState as EscrowState | null) ?? null,
          acceptanceCriteria: q.acceptanceCriteria,
          answers: answers.map((a) => ({
            _id: a.id,
            content: a.content,
            authorId: a.authorId,
            author: { id: a.authorId, displayName: a.displayName },
            createdAt: a.createdAt.toISOString(),
          })),
        },
        payment: { amount: q.paymentAmount ?? 0 },
        rewards: rewards.map(rewardView),
        totalDistributed,
        remainingPercentage: 100 - totalDistributed,
        suggestedSplit: ranked.length > 0 ? suggestSplit(ranked) : null,
      };
    },

    /**
     * Splits the paid amount among the chosen answers, once per question. Shares are
     * floor(total × pct / 100) paise, the leftover to the first entry (CONTRACT §5), so they add up
     * to the payment exactly; every credit is a wallet row change plus a `reward` transaction.
     */
    async distribute(user: SessionUser, body: DistributeBody): Promise<{ rewards: RewardRecord[] }> {
      const entries = body.rewards;
      if (entries.reduce((s, e) => s + e.percentage, 0) !== 100) badRequest(WALLET_MSG.percentages);
      if (new Set(entries.map((e) => e.answerId)).size !== entries.length)
        badRequest(WALLET_MSG.duplicateAnswer);
      const now = ctx.clock.now();
      try {
        return await ctx.db.transaction(async (tx) => {
          const q = (await lockQuestion(tx, body.questionId)) ?? notFound(MSG.questionNotFound);
          if (!canSeeQuestion(user, q)) notFound(MSG.questionNotFound);
          if (!canDistribute(user, q)) forbidden(WALLET_MSG.notAuthor);
          if (q.rewardsDistributedAt) conflict('ALREADY_DISTRIBUTED', WALLET_MSG.alreadyDistributed);
          if (!q.isPaid || !q.paymentAmount) conflict('NOT_PAID', WALLET_MSG.notPaid);
          // Only a reward held in escrow, and only by hand until its deadline; from then on the
          // deadline task settles it. A refunded or settled reward has nothing left to distribute.
          if (q.escrowState === 'refunded') conflict('REWARD_REFUNDED', QUESTION_TEXT.distributeRefunded);
          if (q.escrowState !== 'held') conflict('ALREADY_DISTRIBUTED', QUESTION_TEXT.distributeSettled);
          if (q.escrowDeadline && now >= q.escrowDeadline)
            conflict('ESCROW_DEADLINE_PASSED', QUESTION_TEXT.distributeAfterDeadline);
          const total = q.paymentAmount!;

          const found = await repo.findAnswers(
            tx,
            q.id,
            entries.map((e) => e.answerId),
          );
          const authorOf = new Map(found.map((a) => [a.id, a.authorId]));
          for (const e of entries) {
            const author = authorOf.get(e.answerId);
            if (!author) badRequest(WALLET_MSG.foreignAnswer);
            if (author !== e.answererId) badRequest(WALLET_MSG.wrongAnswerer);
          }

          // The primary keys on question id are the backstop should two settlements ever race past the lock.
          await repo.insertSettlement(tx, {
            questionId: q.id,
            outcome: 'distributed',
            amount: total,
            settledAt: now,
          });
          await repo.insertDistribution(tx, {
            questionId: q.id,
            distributedBy: user.id,
            total,
            kind: 'manual',
            createdAt: now,
          });
          const shares = splitPaise(
            total,
            entries.map((e) => e.percentage),
          );
          const inserted = await repo.insertRewards(
            tx,
            entries.map((e, i) => ({
              questionId: q.id,
              answerId: e.answerId,
              answererId: e.answererId,
              percentage: e.percentage,
              amount: shares[i]!,
              createdAt: now,
            })),
          );

          await creditRewards(
            tx,
            q,
            entries.map((e, i) => ({ userId: e.answererId, answerId: e.answerId, amount: shares[i]! })),
            'Reward for your answer',
            now,
          );
          await releaseReward(tx, q.id, now, 'distributed');
          // Keep the request's order (the first selected answer first).
          const byAnswer = new Map(inserted.map((r) => [r.answerId, r]));
          return { rewards: entries.map((e) => rewardView(byAnswer.get(e.answerId)!)) };
        });
      } catch (err) {
        if (pgErrorCode(err) === '23505') conflict('ALREADY_DISTRIBUTED', WALLET_MSG.alreadyDistributed);
        throw err;
      }
    },
  };
}
