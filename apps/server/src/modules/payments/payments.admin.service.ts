import type { Executor } from '../../db/client.js';
import * as repo from './payments.repo.js';

/** What the admin area reads and changes of orders (this area owns them). */

/** Whether money moved for a question (paid order, distributed reward, checkout still open). */
export const questionMoney = repo.questionMoney;

/** Cancels and detaches a question's orders before it is deleted (see repo.detachOrders). */
export function detachQuestionOrders(tx: Executor, questionId: string, title: string): Promise<void> {
  return repo.detachOrders(tx, questionId, title);
}
