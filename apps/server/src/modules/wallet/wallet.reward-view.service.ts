import { type EscrowState, MSG, type RewardView, suggestSplit } from '@agora/shared';
import type { AppContext, SessionUser } from '../../context.js';
import { forbidden, notFound } from '../../lib/errors.js';
import { findQuestion, type QuestionRecord } from '../questions/questions.escrow.service.js';
import { canSeeQuestion } from '../questions/questions.policy.js';
import { WALLET_MSG } from './wallet.messages.js';
import { canDistribute } from './wallet.policy.js';
import { rewardView } from './wallet.presenter.js';
import * as repo from './wallet.repo.js';

/** Most answers a reward screen lists (a question rarely has more; the list stays bounded). */
const REWARD_VIEW_ANSWERS = 500;

/** A question's reward screen, for its author: the answers, the rewards paid, a suggested split. */
export function createRewardViewService(ctx: AppContext) {
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
  };
}
