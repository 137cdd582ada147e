import type { Executor } from '../../db/client.js';
import * as escrowRepo from './questions.escrow.repo.js';
import * as repo from './questions.repo.js';

export type { QuestionRecord } from './questions.repo.js';

/**
 * A question's reward in escrow, as the areas that move the money see it: payments holds it when
 * the order is paid, wallet releases it to the answers or refunds it to the asker (by hand, or at
 * the deadline). The escrow state lives on the question and this area alone writes it; each change
 * runs in the caller's transaction, under the question's row lock (lockQuestion), which is what
 * serialises payment, distribution and settlement of one question.
 */

/** The question with its author, as the question page reads it. */
export function findQuestion(db: Executor, id: string): Promise<repo.QuestionRecord | undefined> {
  return repo.findQuestion(db, id);
}

/**
 * Locks the question row for the rest of the caller's transaction: every change to its payment or
 * escrow state is decided under it.
 */
export function lockQuestion(tx: Executor, id: string) {
  return repo.lockQuestion(tx, id);
}

/** A paid order holds `amountPaise` in escrow until `deadline`; returns the question as it is now. */
export function holdReward(
  tx: Executor,
  questionId: string,
  amountPaise: number,
  at: Date,
  deadline: Date,
): Promise<repo.QuestionRow> {
  return escrowRepo.holdReward(tx, questionId, amountPaise, at, deadline);
}

/** The reward left escrow for the answers: by its author (`distributed`) or at the deadline. */
export function releaseReward(
  tx: Executor,
  questionId: string,
  at: Date,
  how: 'distributed' | 'auto-distributed',
): Promise<void> {
  return escrowRepo.releaseReward(tx, questionId, at, how);
}

/** The reward went back to the asker at the deadline (nobody answered): the question closes. */
export function refundReward(tx: Executor, questionId: string, at: Date): Promise<void> {
  return escrowRepo.refundReward(tx, questionId, at);
}

/** Rewards still held past their deadline, a page at a time (keyset `after`), oldest deadline first. */
export function dueRewards(db: Executor, now: Date, limit: number, after?: { deadline: Date; id: string }) {
  return escrowRepo.dueEscrows(db, now, limit, after);
}

/**
 * Claims the reminder `hours` before the deadline of held rewards now inside that window, each
 * once across instances (the claim is a conditional update): the rows returned are this caller's.
 */
export function claimRewardReminders(tx: Executor, now: Date, hours: number, limit: number) {
  return escrowRepo.claimEscrowReminders(tx, now, hours, limit);
}
