import type { AdminQuestion } from '@agora/shared';
import type { Executor } from '../../db/client.js';
import { person, type ListOpts } from '../../lib/admin-list.js';
import { page } from '../../lib/cursor.js';
import * as repo from './questions.repo.js';

/** The one lookup with lock of a question (defined in questions.repo only). */
export { lockQuestion } from './questions.repo.js';

/**
 * What the admin area reads and changes of questions. This area owns the rows; the admin area
 * authorises, audits and calls these inside its transaction.
 */
export function toAdminQuestion(r: repo.AdminQuestionRow): AdminQuestion {
  return {
    _id: r.id,
    title: r.title,
    category: r.category,
    status: r.status as AdminQuestion['status'],
    hidden: r.hidden,
    isPaid: r.isPaid,
    paymentAmount: r.paymentAmount,
    rewardsDistributed: Boolean(r.rewardsDistributed),
    answerCount: r.answerCount,
    author: person(r.author),
    createdAt: r.createdAt.toISOString(),
  };
}

export async function listQuestionsForAdmin(
  db: Executor,
  f: { q?: string; status?: string; hidden?: boolean; paid?: boolean } & ListOpts,
): Promise<{ items: AdminQuestion[]; nextCursor: string | null }> {
  const p = page(await repo.listForAdmin(db, f), f.limit);
  return { items: p.items.map(toAdminQuestion), nextCursor: p.nextCursor };
}

export async function findQuestionForAdmin(db: Executor, id: string): Promise<AdminQuestion | undefined> {
  const row = await repo.findForAdmin(db, id);
  return row && toAdminQuestion(row);
}

export function moderateQuestion(
  tx: Executor,
  id: string,
  set: { status?: string; hidden?: boolean; updatedAt: Date },
): Promise<void> {
  return repo.setStatusHidden(tx, id, set);
}

/**
 * Deletes an unpaid question, answers by cascade. The caller has detached its orders first (the
 * payments area keeps them, cancelled), so that a capture arriving later is refunded.
 */
export async function deleteUnpaidQuestion(tx: Executor, id: string): Promise<void> {
  await repo.deleteQuestion(tx, id);
}
