import { type DistributeBody, MSG, QUESTION_TEXT, type RewardRecord, splitPaise } from '@agora/shared';
import type { AppContext, SessionUser } from '../../context.js';
import { pgErrorCode } from '../../db/client.js';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.js';
import { lockQuestion, releaseReward } from '../questions/questions.escrow.service.js';
import { canSeeQuestion } from '../questions/questions.policy.js';
import { WALLET_MSG } from './wallet.messages.js';
import { canDistribute } from './wallet.policy.js';
import { rewardView } from './wallet.presenter.js';
import { creditRewards } from './wallet.reward-credits.js';
import * as repo from './wallet.repo.js';

type LockedQuestion = NonNullable<Awaited<ReturnType<typeof lockQuestion>>>;

/** The percentages add up to 100, each answer chosen once. */
function checkEntries(entries: DistributeBody['rewards']) {
  if (entries.reduce((s, e) => s + e.percentage, 0) !== 100) badRequest(WALLET_MSG.percentages);
  if (new Set(entries.map((e) => e.answerId)).size !== entries.length) badRequest(WALLET_MSG.duplicateAnswer);
}

/** The question, read under its lock, is its author's and holds a reward still theirs to split. */
function checkDistributable(user: SessionUser, q: LockedQuestion, now: Date) {
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
}

/** The author's distribution of a question's reward among the answers they choose. */
export function createRewardDistributionService(ctx: AppContext) {
  return {
    /**
     * Splits the paid amount among the chosen answers, once per question. Shares are
     * floor(total × pct / 100) paise, the leftover to the first entry (CONTRACT §5), so they add up
     * to the payment exactly; every credit is a wallet row change plus a `reward` transaction.
     */
    async distribute(user: SessionUser, body: DistributeBody): Promise<{ rewards: RewardRecord[] }> {
      const entries = body.rewards;
      checkEntries(entries);
      const now = ctx.clock.now();
      try {
        return await ctx.db.transaction(async (tx) => {
          const q = (await lockQuestion(tx, body.questionId)) ?? notFound(MSG.questionNotFound);
          checkDistributable(user, q, now);
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
