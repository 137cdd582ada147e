import type { AppContext } from '../../context.js';
import { pgErrorCode } from '../../db/client.js';
import { notificationMail } from '../notifications/notifications.mail.js';
import { notify } from '../notifications/notifications.service.js';
import * as ledger from './ledger.js';
import * as repo from './wallet.repo.js';
import { lockQuestion, refundReward, releaseReward } from '../questions/questions.escrow.service.js';
import { rupees } from '../../lib/money.js';
import { rewardSettledMail } from './wallet.mail.js';
import { creditRewards } from './wallet.reward-credits.js';

/** Settling a reward held in escrow at its deadline (escrow.deadline.service.ts calls it). */
export function createEscrowSettlement(ctx: AppContext) {
  return {
    /**
     * The escrow deadline, called by the settlement task: a reward still held past
     * its deadline goes whole to the answers ranked first (equal shares, the leftover paise to the
     * earliest), or back to the asker's wallet when nobody answered. The decision is made from what
     * is read under the question's row lock: the ranking (made before, outside any transaction, as it
     * may call a remote model) is used only if the question still has the answers it ranked
     * (`answerCount`), else 'stale' asks the caller to rank again. Exactly once: the row lock, the
     * `held` state and the settlement's primary key decide between instances and retries.
     */
    async settleEscrow(
      questionId: string,
      ranking: { answerCount: number; winners: Array<{ answerId: string; authorId: string }> },
    ): Promise<'auto-distributed' | 'refunded' | 'skipped' | 'stale'> {
      const now = ctx.clock.now();
      try {
        return await ctx.db.transaction(async (tx) => {
          const q = await lockQuestion(tx, questionId);
          if (q?.escrowState !== 'held' || !q.escrowDeadline || q.escrowDeadline > now) return 'skipped';
          if (q.rewardsDistributedAt || !q.isPaid || !q.paymentAmount) return 'skipped';
          const total = q.paymentAmount;
          const link = `/question/${q.id}`;
          const answered = await repo.hasAnswers(tx, q.id);
          const { winners } = ranking;
          if (answered) {
            if (winners.length === 0 || q.answerCount !== ranking.answerCount) return 'stale';
            const found = await repo.findAnswers(
              tx,
              q.id,
              winners.map((w) => w.answerId),
            );
            const authorOf = new Map(found.map((a) => [a.id, a.authorId]));
            if (winners.some((w) => authorOf.get(w.answerId) !== w.authorId)) return 'stale';
          }
          if (!answered) {
            await repo.insertSettlement(tx, {
              questionId: q.id,
              outcome: 'refunded',
              amount: total,
              settledAt: now,
            });
            await ledger.credit(tx, {
              userId: q.authorId,
              type: 'refund',
              amount: total,
              description: 'Refund: nobody answered before the deadline',
              questionId: q.id,
              questionTitle: q.title,
              reference: `escrow-refund:${q.id}`,
              at: now,
            });
            await refundReward(tx, q.id, now);
            await notify(tx, q.authorId, {
              type: 'reward',
              title: 'Your reward was refunded',
              body: `Nobody answered "${q.title}" before its deadline, so ${rupees(total)} is back in your wallet.`,
              link: '/wallet',
              mail: notificationMail(
                ctx.config,
                { id: q.authorId, email: q.authorEmail },
                rewardSettledMail,
                {
                  outcome: 'refunded',
                  questionTitle: q.title,
                  amount: rupees(total),
                  answers: 0,
                  url: `${ctx.config.publicUrl}/wallet`,
                },
              ),
            });
            return 'refunded';
          }
          // Equal shares in whole paise; the leftover to the earliest answer (listed first).
          const n = winners.length;
          const base = Math.floor(total / n);
          const amounts = winners.map((_, i) => base + (i === 0 ? total - base * n : 0));
          const pctBase = Math.floor(100 / n);
          const percentages = winners.map((_, i) => pctBase + (i === 0 ? 100 - pctBase * n : 0));
          await repo.insertSettlement(tx, {
            questionId: q.id,
            outcome: 'auto-distributed',
            amount: total,
            settledAt: now,
          });
          await repo.insertDistribution(tx, {
            questionId: q.id,
            distributedBy: q.authorId,
            total,
            kind: 'auto',
            createdAt: now,
          });
          await repo.insertRewards(
            tx,
            winners.map((w, i) => ({
              questionId: q.id,
              answerId: w.answerId,
              answererId: w.authorId,
              percentage: percentages[i]!,
              amount: amounts[i]!,
              createdAt: now,
            })),
          );
          await creditRewards(
            tx,
            q,
            winners.map((w, i) => ({ userId: w.authorId, answerId: w.answerId, amount: amounts[i]! })),
            'Reward for your answer (distributed automatically at the deadline)',
            now,
          );
          await releaseReward(tx, q.id, now, 'auto-distributed');
          const winnerIds = new Set(winners.map((w) => w.authorId));
          const others = (await repo.answererIds(tx, q.id)).filter((id) => !winnerIds.has(id));
          for (const id of others) {
            await notify(tx, id, {
              type: 'reward',
              title: 'The reward was distributed',
              body: `The reward for "${q.title}" went to the answer ranked first at the deadline.`,
              link,
            });
          }
          await notify(tx, q.authorId, {
            type: 'reward',
            title: 'Your reward was distributed automatically',
            body: `The deadline of "${q.title}" passed: ${rupees(total)} went to the answer${n > 1 ? 's' : ''} ranked first.`,
            link,
            mail: notificationMail(ctx.config, { id: q.authorId, email: q.authorEmail }, rewardSettledMail, {
              outcome: 'auto-distributed',
              questionTitle: q.title,
              amount: rupees(total),
              answers: n,
              url: `${ctx.config.publicUrl}${link}`,
            }),
          });
          return 'auto-distributed';
        });
      } catch (err) {
        // Another instance settled it first (unique distribution / ledger reference): nothing to do.
        if (pgErrorCode(err) === '23505') return 'skipped';
        throw err;
      }
    },
  };
}
