import type { Answer, EscrowState, Question } from '@agora/shared';
import type * as repo from './questions.repo.js';

/** Where a stored upload is served from. */
export const uploadUrl = (key: string) => `/uploads/${key}`;

export function toAnswer(a: repo.AnswerRecord): Answer {
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

export function toQuestion(q: repo.QuestionRecord, answers: repo.AnswerRecord[]): Question {
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
    ideaId: q.ideaId ?? null,
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
