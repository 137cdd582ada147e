import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { wallets, walletTransactions } from '../../db/schema/index.js';
import { orderedId } from './ordered-id.js';
import * as repo from './wallet.repo.js';

/**
 * The one writer of wallets (ARCHITECTURE "Money"): every change of a balance goes through here and
 * writes the wallet row and its `wallet_transactions` row together, inside the caller's transaction.
 * `balance` = the sum of the wallet's completed and pending entries, always; a `reference` is the
 * entry's unique key, so a retried or racing change fails on it instead of counting twice.
 */

export type EntryType = 'reward' | 'refund' | 'withdrawal' | 'hackathon-prize' | 'other';

export interface Entry {
  userId: string;
  /** Paise, > 0 (the sign comes from credit/debit). */
  amount: number;
  type: EntryType;
  description: string;
  /** Unique key of the change (e.g. `reward:<question>:<answer>`, `escrow-refund:<question>`). */
  reference: string;
  questionId?: string | null;
  questionTitle?: string | null;
  /** The hackathon whose prize (or prize refund) this entry is. */
  hackathonId?: string | null;
  at: Date;
}

/** Adds money to a wallet (created if missing); rewards also count towards total earned. */
export async function credit(tx: Executor, e: Entry): Promise<repo.TransactionRow> {
  if (!Number.isSafeInteger(e.amount) || e.amount <= 0) throw new Error(`credit of ${e.amount} paise`);
  await repo.ensureWallets(tx, [e.userId]);
  const earned = e.type === 'reward' ? e.amount : 0;
  // The entry first: a repeated reference fails here, before the balance moves.
  const [row] = await tx
    .insert(walletTransactions)
    .values({
      id: orderedId(),
      userId: e.userId,
      type: e.type,
      amount: e.amount,
      status: 'completed',
      description: e.description,
      questionId: e.questionId ?? null,
      questionTitle: e.questionTitle ?? null,
      hackathonId: e.hackathonId ?? null,
      reference: e.reference,
      createdAt: e.at,
    })
    .returning();
  await tx
    .update(wallets)
    .set({
      balance: sql`${wallets.balance} + ${e.amount}`,
      totalEarned: sql`${wallets.totalEarned} + ${earned}`,
      updatedAt: e.at,
    })
    .where(eq(wallets.userId, e.userId));
  return row!;
}

/**
 * Takes money out of a wallet as a pending entry (a withdrawal on its way). Conditional: returns null
 * when the balance does not cover it, so nothing can overdraw, whatever runs at the same time.
 */
export async function debit(
  tx: Executor,
  e: Entry,
): Promise<{ wallet: repo.WalletRow; entry: repo.TransactionRow } | null> {
  if (!Number.isSafeInteger(e.amount) || e.amount <= 0) throw new Error(`debit of ${e.amount} paise`);
  const [wallet] = await tx
    .update(wallets)
    .set({ balance: sql`${wallets.balance} - ${e.amount}`, updatedAt: e.at })
    .where(and(eq(wallets.userId, e.userId), sql`${wallets.balance} >= ${e.amount}`))
    .returning();
  if (!wallet) return null;
  const [entry] = await tx
    .insert(walletTransactions)
    .values({
      id: orderedId(),
      userId: e.userId,
      type: e.type,
      amount: -e.amount,
      status: 'pending',
      description: e.description,
      questionId: e.questionId ?? null,
      questionTitle: e.questionTitle ?? null,
      reference: e.reference,
      createdAt: e.at,
    })
    .returning();
  return { wallet, entry: entry! };
}

/** A pending debit went through (the payout was sent): its entry is completed; the balance stays. */
export async function completePending(tx: Executor, entryId: string): Promise<void> {
  await tx
    .update(walletTransactions)
    .set({ status: 'completed' })
    .where(and(eq(walletTransactions.id, entryId), eq(walletTransactions.status, 'pending')));
}

/** A pending debit failed: its entry is marked failed and its amount goes back to the balance. */
export async function failPending(tx: Executor, entryId: string, at: Date): Promise<boolean> {
  const [entry] = await tx
    .update(walletTransactions)
    .set({ status: 'failed' })
    .where(and(eq(walletTransactions.id, entryId), eq(walletTransactions.status, 'pending')))
    .returning();
  if (!entry) return false;
  await tx
    .update(wallets)
    .set({ balance: sql`${wallets.balance} + ${-entry.amount}`, updatedAt: at })
    .where(eq(wallets.userId, entry.userId));
  return true;
}
