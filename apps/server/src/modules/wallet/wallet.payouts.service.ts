import {
  type AdminWithdrawalView,
  type BankAccountView,
  MSG,
  type WithdrawalListQuery,
  type WithdrawalView,
} from '@agora/shared';
import type { AppContext, SessionUser } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { decodeKeyset, encodeKeyset } from '../../lib/cursor.js';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../lib/errors.js';
import { audit } from '../../lib/audit.js';
import { notify } from '../notifications/notifications.service.js';
import * as ledger from './ledger.js';
import * as repo from './wallet.repo.js';
import { isUuid } from '../../lib/ids.js';
import { rupees } from '../../lib/money.js';
import { canManagePayouts } from './wallet.policy.js';
import { WALLET_MSG } from './wallet.messages.js';
import { bankView, snapshotOf, withdrawalView } from './wallet.presenter.js';
import type { BankCipher } from './bank-crypto.js';

/** The admin's side of withdrawals: paying them out, failing them, listing them, revealing where to pay. */
export function createPayoutsService(ctx: AppContext, cipher: BankCipher) {
  function requireAdmin(user: SessionUser) {
    if (!canManagePayouts(user)) forbidden(MSG.forbidden);
  }

  return {
    // The admin area authorises the route, writes the audit entry and calls these inside its own
    // transaction, passed as `exec` (ours then becomes a savepoint of it).

    /** Admin: the payout was sent. Only from pending; repeating it changes nothing. */
    async completeWithdrawal(
      admin: SessionUser,
      withdrawalId: string,
      payoutReference: string,
      exec: Executor = ctx.db,
    ): Promise<WithdrawalView> {
      requireAdmin(admin);
      if (!isUuid(withdrawalId)) notFound(WALLET_MSG.withdrawalNotFound);
      const reference = payoutReference.trim().slice(0, 200);
      if (!reference) badRequest('Please enter the payout reference');
      const now = ctx.clock.now();
      return exec.transaction(async (tx) => {
        const done = await repo.settleWithdrawal(tx, withdrawalId, {
          status: 'completed',
          payoutReference: reference,
          processedBy: admin.id,
          processedAt: now,
        });
        if (!done) {
          const current =
            (await repo.findWithdrawal(tx, withdrawalId)) ?? notFound(WALLET_MSG.withdrawalNotFound);
          if (current.status === 'completed') return withdrawalView(current);
          return conflict('WITHDRAWAL_FAILED', WALLET_MSG.withdrawalFailed);
        }
        await ledger.completePending(tx, done.transactionId);
        await notify(tx, done.userId, {
          type: 'withdrawal',
          title: 'Withdrawal completed',
          body: `Your withdrawal of ${rupees(done.amount)} has been paid out (reference ${reference}).`,
          link: '/wallet',
        });
        return withdrawalView(done);
      });
    },

    /** Admin: the payout could not be made. The money goes back to the wallet; only from pending. */
    async failWithdrawal(
      admin: SessionUser,
      withdrawalId: string,
      reason: string,
      exec: Executor = ctx.db,
    ): Promise<WithdrawalView> {
      requireAdmin(admin);
      if (!isUuid(withdrawalId)) notFound(WALLET_MSG.withdrawalNotFound);
      const why = reason.trim().slice(0, 500);
      if (!why) badRequest('Please enter a reason');
      const now = ctx.clock.now();
      return exec.transaction(async (tx) => {
        const failed = await repo.settleWithdrawal(tx, withdrawalId, {
          status: 'failed',
          failureReason: why,
          processedBy: admin.id,
          processedAt: now,
        });
        if (!failed) {
          const current =
            (await repo.findWithdrawal(tx, withdrawalId)) ?? notFound(WALLET_MSG.withdrawalNotFound);
          if (current.status === 'failed') return withdrawalView(current);
          return conflict('WITHDRAWAL_COMPLETED', WALLET_MSG.withdrawalCompleted);
        }
        await ledger.failPending(tx, failed.transactionId, now);
        await notify(tx, failed.userId, {
          type: 'withdrawal',
          title: 'Withdrawal failed',
          body: `Your withdrawal of ${rupees(failed.amount)} could not be paid out: ${why}. The amount is back in your wallet.`,
          link: '/wallet',
        });
        return withdrawalView(failed);
      });
    },

    /** Admin list, newest first, keyset-paginated. The route checks the admin role. */
    async listWithdrawals(
      q: WithdrawalListQuery,
    ): Promise<{ items: AdminWithdrawalView[]; nextCursor: string | null }> {
      const limit = Math.min(Math.max(Math.trunc(Number(q.limit ?? 20)) || 20, 1), 100);
      const rows = await repo.listWithdrawals(ctx.db, q.status ?? null, decodeKeyset(q.cursor), limit + 1);
      const page = rows.slice(0, limit);
      const last = page[page.length - 1];
      return {
        items: page.map((r) => ({
          ...withdrawalView(r.withdrawal),
          user: r.user,
          payoutMethod: r.withdrawal.payoutMethod === 'upi' ? 'upi' : 'bank',
          description: r.description,
          payout: { upiId: r.withdrawal.payoutUpiId, bankAccount: bankView(snapshotOf(r.withdrawal)) },
        })),
        nextCursor:
          rows.length > limit && last ? encodeKeyset({ ts: last.cursorTs, id: last.withdrawal.id }) : null,
      };
    },

    /**
     * Admin: the full destination needed to send the money (decrypted), recorded in the audit log. It
     * is the destination recorded with the request, whatever the wallet holds now.
     */
    async revealPayoutDetails(
      admin: SessionUser,
      withdrawalId: string,
    ): Promise<{ upiId: string | null; bankAccount: (BankAccountView & { accountNumber: string }) | null }> {
      requireAdmin(admin);
      if (!isUuid(withdrawalId)) notFound(WALLET_MSG.withdrawalNotFound);
      return ctx.db.transaction(async (tx) => {
        const w = (await repo.findWithdrawal(tx, withdrawalId)) ?? notFound(WALLET_MSG.withdrawalNotFound);
        const dest = snapshotOf(w);
        await audit(tx, admin, 'withdrawal.reveal_payout', 'withdrawal', w.id, null, null);
        let bankAccount = null;
        if (w.payoutMethod === 'bank' && dest.bankAccountEnc) {
          let accountNumber: string;
          try {
            accountNumber = cipher.decrypt(dest.bankAccountEnc, w.userId);
          } catch {
            throw new AppError(
              'PAYOUT_DETAILS_UNREADABLE',
              409,
              'The stored bank account cannot be read; ask the user to save it again',
            );
          }
          bankAccount = { ...bankView(dest)!, accountNumber };
        }
        return { upiId: w.payoutMethod === 'upi' ? dest.upiId : null, bankAccount };
      });
    },
  };
}
