import { ADMIN_MESSAGES, type AdminWithdrawal, type AdminWithdrawalsQuery } from '@agora/shared';
import type { AppContext, SessionUser } from '../../context.js';
import { audit } from '../../lib/audit.js';
import { conflict, notFound } from '../../lib/errors.js';
import {
  findWithdrawalForAdmin,
  listWithdrawalsForAdmin,
  toAdminWithdrawal,
  walletBalance,
} from '../wallet/wallet.admin.service.js';
import type { WalletService } from '../wallet/wallet.service.js';
import { listOpts, type Paged } from './admin.paging.js';

/**
 * Withdrawals: the payout queue, an admin completing or failing a payout, and its destination,
 * through the app's one wallet service.
 */
export function createAdminWithdrawals(ctx: AppContext, wallet: WalletService) {
  async function listWithdrawals(q: AdminWithdrawalsQuery): Promise<Paged<AdminWithdrawal>> {
    const opts = listOpts(q);
    return listWithdrawalsForAdmin(
      ctx.db,
      { status: q.status, q: q.q, ...opts },
      ctx.clock.now(),
      ctx.config.payoutSlaMs,
    );
  }

  async function processWithdrawal(
    admin: SessionUser,
    id: string,
    decision: 'complete' | 'fail',
    text: string,
  ): Promise<AdminWithdrawal> {
    return ctx.db.transaction(async (tx) => {
      const before = (await findWithdrawalForAdmin(tx, id, true)) ?? notFound('Withdrawal not found');
      if (before.w.status !== 'pending') conflict('ALREADY_PROCESSED', ADMIN_MESSAGES.alreadyProcessed);
      const balanceBefore = await walletBalance(tx, before.w.userId);
      if (decision === 'complete') await wallet.completeWithdrawal(admin, id, text, tx);
      else await wallet.failWithdrawal(admin, id, text, tx);
      const after = (await findWithdrawalForAdmin(tx, id))!;
      const balanceAfter = await walletBalance(tx, before.w.userId);
      await audit(
        tx,
        admin,
        `withdrawal.${decision}`,
        'withdrawal',
        id,
        { status: before.w.status, amount: before.w.amount, walletBalance: balanceBefore },
        {
          status: after.w.status,
          amount: after.w.amount,
          payoutReference: after.w.payoutReference,
          failureReason: after.w.failureReason,
          walletBalance: balanceAfter,
        },
      );
      return toAdminWithdrawal(after, ctx.clock.now(), ctx.config.payoutSlaMs);
    });
  }

  /** The full payout destination (decrypted) for sending the money; the wallet service audits it. */
  function payoutDetails(admin: SessionUser, id: string) {
    return wallet.revealPayoutDetails(admin, id);
  }

  return { listWithdrawals, processWithdrawal, payoutDetails };
}
