import {
  type BankDetailsBody,
  IFSC_PATTERN,
  MSG,
  UPI_PATTERN,
  type WalletTransaction,
  type WalletView,
} from '@agora/shared';
import type { AppContext, SessionUser } from '../../context.js';
import { decodeKeyset, encodeKeyset } from '../../lib/cursor.js';
import { badRequest } from '../../lib/errors.js';
import * as repo from './wallet.repo.js';
import { WALLET_MSG } from './wallet.messages.js';
import { transactionView, walletView } from './wallet.presenter.js';
import type { BankCipher } from './bank-crypto.js';

/** A user's wallet: balance, transactions and where payouts go. */
export function createBalanceService(ctx: AppContext, cipher: BankCipher) {
  return {
    async getWallet(user: SessionUser): Promise<WalletView> {
      return walletView(user.id, await repo.findWallet(ctx.db, user.id));
    },

    async listTransactions(
      user: SessionUser,
      q: { limit: number; cursor?: string },
    ): Promise<{ items: WalletTransaction[]; nextCursor: string | null }> {
      const rows = await repo.listTransactions(ctx.db, user.id, decodeKeyset(q.cursor), q.limit + 1);
      const page = rows.slice(0, q.limit);
      const last = page[page.length - 1];
      return {
        items: page.map(transactionView),
        nextCursor: rows.length > q.limit && last ? encodeKeyset({ ts: last.cursorTs, id: last.id }) : null,
      };
    },

    /**
     * spec 01 §5: a UPI id, or all four bank fields (IFSC upper-cased); the account number is encrypted.
     * The saved account number is never sent back in full, so an edit form cannot prefill it: left
     * blank while the other three bank fields are given, it means "keep the saved account" (so a user
     * with a bank account can add a UPI id, or fix the holder's name, without retyping it).
     */
    async saveBankDetails(user: SessionUser, body: BankDetailsBody): Promise<WalletView> {
      const upiId = body.upiId?.trim() || null;
      const accountNumber = body.accountNumber?.replace(/[\s-]/g, '') || null;
      const ifsc = body.ifsc?.trim().toUpperCase() || null;
      const holder = body.accountHolderName?.trim() || null;
      const bankName = body.bankName?.trim() || null;
      const saved =
        !accountNumber && ifsc && holder && bankName ? await repo.findWallet(ctx.db, user.id) : null;
      const keepSaved = Boolean(saved?.bankAccountEnc && saved.bankAccountLast4);
      const bankFields = [accountNumber ?? keepSaved, ifsc, holder, bankName];
      const bankCount = bankFields.filter(Boolean).length;
      if (!upiId && bankCount < 4) badRequest(MSG.paymentDetailsRequired);
      if (upiId && !UPI_PATTERN.test(upiId)) badRequest(WALLET_MSG.invalidUpi);
      if (bankCount > 0 && bankCount < 4) badRequest(WALLET_MSG.incompleteBank);
      if (bankCount === 4) {
        if (!keepSaved && !/^\d{6,18}$/.test(accountNumber!)) badRequest(WALLET_MSG.invalidAccountNumber);
        if (!IFSC_PATTERN.test(ifsc!)) badRequest(WALLET_MSG.invalidIfsc);
      }
      const bank = bankCount === 4;
      const row = await repo.upsertPayout(
        ctx.db,
        user.id,
        {
          upiId,
          bankAccountEnc: !bank
            ? null
            : keepSaved
              ? saved!.bankAccountEnc
              : cipher.encrypt(accountNumber!, user.id),
          bankAccountLast4: !bank ? null : keepSaved ? saved!.bankAccountLast4 : accountNumber!.slice(-4),
          ifsc: bank ? ifsc : null,
          accountHolderName: bank ? holder : null,
          bankName: bank ? bankName : null,
        },
        ctx.clock.now(),
      );
      return walletView(user.id, row);
    },
  };
}
