import {
  type BankAccountView,
  MSG,
  type RewardRecord,
  type WalletTransaction,
  type WalletView,
  type WithdrawalStatus,
  type WithdrawalView,
} from '@agora/shared';
import { badRequest } from '../../lib/errors.js';
import { maskAccountNumber } from './bank-crypto.js';
import type * as repo from './wallet.repo.js';

/** The wallet's rows as the API sends them. */
export function bankView(
  w: Pick<repo.WalletRow, 'bankAccountLast4' | 'ifsc' | 'accountHolderName' | 'bankName'>,
): BankAccountView | null {
  if (!w.bankAccountLast4) return null;
  return {
    accountNumber: maskAccountNumber(w.bankAccountLast4),
    ifsc: w.ifsc ?? '',
    accountHolderName: w.accountHolderName ?? '',
    bankName: w.bankName ?? '',
  };
}

export function walletView(userId: string, w: repo.WalletRow | undefined): WalletView {
  return {
    _id: userId,
    balance: w?.balance ?? 0,
    totalEarned: w?.totalEarned ?? 0,
    bankAccount: w ? bankView(w) : null,
    upiId: w?.upiId ?? null,
  };
}

export function rewardView(r: repo.RewardRow): RewardRecord {
  return {
    _id: r.id,
    questionId: r.questionId,
    answerId: r.answerId,
    answererId: r.answererId,
    percentage: r.percentage,
    amount: r.amount,
    createdAt: r.createdAt.toISOString(),
  };
}

export function transactionView(t: repo.TransactionRow): WalletTransaction {
  return {
    _id: t.id,
    type: t.type,
    amount: Math.abs(t.amount),
    status: t.status,
    description: t.description,
    questionTitle: t.questionTitle,
    createdAt: t.createdAt.toISOString(),
  };
}

export function withdrawalView(w: repo.WithdrawalRow): WithdrawalView {
  // Client keys are stored namespaced by user ("<userId>:<key>"); server-made ones are "auto:<uuid>".
  const sep = w.requestId.indexOf(':');
  const clientKey = w.requestId.startsWith('auto:') ? null : w.requestId.slice(sep + 1);
  return {
    _id: w.id,
    userId: w.userId,
    amount: w.amount,
    status: w.status as WithdrawalStatus,
    requestId: clientKey,
    payoutReference: w.payoutReference,
    failureReason: w.failureReason,
    createdAt: w.createdAt.toISOString(),
    processedAt: w.processedAt?.toISOString() ?? null,
    testMode: w.testMode,
  };
}

/**
 * The destination of a withdrawal, copied from the wallet when it is requested: only what the chosen
 * method needs, the account number still encrypted (bound to the same user id).
 */
export function payoutSnapshot(method: 'upi' | 'bank', w: repo.WalletRow) {
  const bank = method === 'bank';
  return {
    payoutUpiId: bank ? null : w.upiId,
    payoutBankAccountEnc: bank ? w.bankAccountEnc : null,
    payoutBankAccountLast4: bank ? w.bankAccountLast4 : null,
    payoutIfsc: bank ? w.ifsc : null,
    payoutAccountHolderName: bank ? w.accountHolderName : null,
    payoutBankName: bank ? w.bankName : null,
  };
}

/**
 * Where a withdrawal is paid: the saved one when only one of UPI and bank account is saved, the
 * user's choice when both are (asked for, never guessed), refused when the chosen one is not saved.
 */
export function payoutMethodFor(w: repo.WalletRow, chosen: 'upi' | 'bank' | undefined): 'upi' | 'bank' {
  const hasUpi = Boolean(w.upiId);
  const hasBank = Boolean(w.bankAccountLast4);
  if (chosen === 'upi' && !hasUpi) return badRequest(MSG.payoutMethodUpiMissing);
  if (chosen === 'bank' && !hasBank) return badRequest(MSG.payoutMethodBankMissing);
  if (chosen) return chosen;
  if (hasUpi && hasBank) return badRequest(MSG.payoutMethodRequired);
  return hasUpi ? 'upi' : 'bank';
}

/** The snapshot in the wallet's shape, so the wallet's views and masking apply unchanged. */
export function snapshotOf(w: repo.WithdrawalRow) {
  return {
    upiId: w.payoutUpiId,
    bankAccountEnc: w.payoutBankAccountEnc,
    bankAccountLast4: w.payoutBankAccountLast4,
    ifsc: w.payoutIfsc,
    accountHolderName: w.payoutAccountHolderName,
    bankName: w.payoutBankName,
  };
}
