import { MSG, type WithdrawalBody, type WithdrawalResult, type WithdrawalView } from '@agora/shared';
import { randomUUID } from 'node:crypto';
import type { AppContext, SessionUser } from '../../context.js';
import { pgErrorCode } from '../../db/client.js';
import { decodeKeyset, encodeKeyset } from '../../lib/cursor.js';
import { badRequest, conflict } from '../../lib/errors.js';
import { notify } from '../notifications/notifications.service.js';
import * as ledger from './ledger.js';
import * as repo from './wallet.repo.js';
import { rupees } from '../../lib/money.js';
import { WALLET_MSG } from './wallet.messages.js';
import { payoutMethodFor, payoutSnapshot, withdrawalView } from './wallet.presenter.js';
import { maskAccountNumber } from './bank-crypto.js';

/** A user's withdrawals: asking for one and listing them. */
export function createWithdrawalsService(ctx: AppContext) {
  return {
    async listMyWithdrawals(
      user: SessionUser,
      q: { limit: number; cursor?: string },
    ): Promise<{ items: WithdrawalView[]; nextCursor: string | null }> {
      const rows = await repo.listUserWithdrawals(ctx.db, user.id, decodeKeyset(q.cursor), q.limit + 1);
      const page = rows.slice(0, q.limit);
      const last = page[page.length - 1];
      return {
        items: page.map((r) => withdrawalView(r.withdrawal)),
        nextCursor:
          rows.length > q.limit && last ? encodeKeyset({ ts: last.cursorTs, id: last.withdrawal.id }) : null,
      };
    },

    /**
     * Debits the wallet and writes a pending withdrawal transaction in one database transaction.
     * The debit is conditional (balance >= amount), so concurrent requests can never overdraw; a
     * repeated request id returns the first result instead of withdrawing twice.
     */
    async requestWithdrawal(
      user: SessionUser,
      body: WithdrawalBody,
    ): Promise<WithdrawalResult & { created: boolean }> {
      const requestKey = body.requestId ? `${user.id}:${body.requestId}` : `auto:${randomUUID()}`;
      const replay = async (existing: repo.WithdrawalRow) => {
        if (existing.userId !== user.id || existing.amount !== body.amount) {
          conflict('REQUEST_ID_REUSED', WALLET_MSG.requestIdReused);
        }
        const w = await repo.findWallet(ctx.db, user.id);
        return {
          message: MSG.withdrawalSubmitted,
          withdrawal: withdrawalView(existing),
          balance: w?.balance ?? 0,
          created: false,
        };
      };
      if (body.requestId) {
        const existing = await repo.findWithdrawalByRequestId(ctx.db, requestKey);
        if (existing) return replay(existing);
      }
      const now = ctx.clock.now();
      try {
        return await ctx.db.transaction(async (tx) => {
          const wallet = await repo.findWallet(tx, user.id);
          if (!wallet || (!wallet.upiId && !wallet.bankAccountLast4)) badRequest(MSG.addPayoutFirst);
          const method = payoutMethodFor(wallet!, body.method);
          if (wallet!.balance <= 0) badRequest(MSG.noBalance);
          if (body.amount > wallet!.balance) badRequest(MSG.insufficientBalance);
          const destination =
            method === 'upi'
              ? `UPI ID ${wallet!.upiId}`
              : `bank account ${maskAccountNumber(wallet!.bankAccountLast4 ?? '')}`;
          const taken = await ledger.debit(tx, {
            userId: user.id,
            type: 'withdrawal',
            amount: body.amount,
            description: `Withdrawal to ${destination}`,
            reference: `withdrawal:${requestKey}`,
            at: now,
          });
          // Another request spent the money between the read and the debit.
          if (!taken) return badRequest(MSG.insufficientBalance);
          const debited = taken.wallet;
          const txn = taken.entry;
          const withdrawal = await repo.insertWithdrawal(tx, {
            userId: user.id,
            amount: body.amount,
            status: 'pending',
            requestId: requestKey,
            transactionId: txn.id,
            payoutMethod: method,
            ...payoutSnapshot(method, debited),
            testMode: ctx.config.payments.provider === 'sandbox',
            createdAt: now,
          });
          await notify(tx, user.id, {
            type: 'withdrawal',
            title: 'Withdrawal requested',
            body: `Your withdrawal of ${rupees(body.amount)} is waiting to be paid out.`,
            link: '/wallet',
          });
          return {
            message: MSG.withdrawalSubmitted,
            withdrawal: withdrawalView(withdrawal),
            balance: debited.balance,
            created: true,
          };
        });
      } catch (err) {
        // The same request id raced itself: the winner's withdrawal is the answer (our debit rolled back).
        if (pgErrorCode(err) === '23505' && body.requestId) {
          const existing = await repo.findWithdrawalByRequestId(ctx.db, requestKey);
          if (existing) return replay(existing);
        }
        throw err;
      }
    },
  };
}
