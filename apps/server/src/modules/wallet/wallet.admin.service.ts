import type { AdminWithdrawal } from '@agora/shared';
import type { Executor } from '../../db/client.js';
import { ageMinutes, iso, type ListOpts, person } from '../../lib/admin-list.js';
import { page } from '../../lib/cursor.js';
import * as repo from './wallet.repo.js';

/**
 * What the admin area reads of withdrawals and wallets (paying out or failing one is the wallet
 * service's completeWithdrawal/failWithdrawal, called with the admin's transaction).
 */
export function toAdminWithdrawal(r: repo.AdminWithdrawalRow, now: Date, slaMs: number): AdminWithdrawal {
  return {
    _id: r.w.id,
    user: person(r.user),
    amount: r.w.amount,
    status: r.w.status as AdminWithdrawal['status'],
    payoutMethod: r.w.payoutMethod,
    payout: r.payout,
    payoutReference: r.w.payoutReference,
    failureReason: r.w.failureReason,
    processedAt: iso(r.w.processedAt),
    createdAt: r.w.createdAt.toISOString(),
    ageMinutes: ageMinutes(r.w.createdAt, now),
    // PAYOUT_SLA: a request still pending after this long is flagged in the admin queue.
    pastSla: r.w.status === 'pending' && now.getTime() - r.w.createdAt.getTime() > slaMs,
    testMode: r.w.testMode,
  };
}

export async function listWithdrawalsForAdmin(
  db: Executor,
  f: { status: string; q?: string } & ListOpts,
  now: Date,
  slaMs: number,
): Promise<{ items: AdminWithdrawal[]; nextCursor: string | null }> {
  const p = page(await repo.listForAdmin(db, f), f.limit);
  return { items: p.items.map((r) => toAdminWithdrawal(r, now, slaMs)), nextCursor: p.nextCursor };
}

/** The withdrawal with its requester (`lock`: for the rest of the transaction). */
export const findWithdrawalForAdmin = repo.findForAdmin;

/** The wallet's balance (paise), null when the user has none. */
export const walletBalance = repo.walletBalance;
