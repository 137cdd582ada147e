import type { Executor } from '../../db/client.js';
import * as repo from './payments.repo.js';

/**
 * What other areas read and change of a question's orders (this area owns them): admin's question
 * moderation and the author's delete of an unpaid question.
 */

/** Whether money moved for a question (paid order, distributed reward, checkout still open). */
export const questionMoney = repo.questionMoney;

/** Cancels and detaches a question's orders before it is deleted (see repo.detachOrders). */
export function detachQuestionOrders(tx: Executor, questionId: string, title: string): Promise<void> {
  return repo.detachOrders(tx, questionId, title);
}
