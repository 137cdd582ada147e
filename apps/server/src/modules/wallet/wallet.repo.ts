import { and, asc, desc, eq, getTableColumns, ilike, inArray, or } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import {
  answers,
  escrowSettlements,
  rewardDistributions,
  rewards,
  users,
  wallets,
  walletTransactions,
  withdrawals,
} from '../../db/schema/index.js';
import { keysetAfter, keysetOrder, likePattern, type ListOpts, personCols } from '../../lib/admin-list.js';
import { afterCursor, cursorTs, type Keyset } from '../../lib/cursor.js';

export type WalletRow = typeof wallets.$inferSelect;
export type TransactionRow = typeof walletTransactions.$inferSelect;
export type WithdrawalRow = typeof withdrawals.$inferSelect;
export type RewardRow = typeof rewards.$inferSelect;

/** A keyset position: newest first, ties broken by id. */

/** Everyone who answered the question (distinct). */
export async function answererIds(db: Executor, questionId: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ id: answers.authorId })
    .from(answers)
    .where(eq(answers.questionId, questionId));
  return rows.map((r) => r.id);
}

export function listAnswersWithAuthors(db: Executor, questionId: string, limit: number) {
  return db
    .select({
      id: answers.id,
      content: answers.content,
      authorId: answers.authorId,
      displayName: users.displayName,
      createdAt: answers.createdAt,
      aiRank: answers.aiRank,
      aiScore: answers.aiScore,
    })
    .from(answers)
    .innerJoin(users, eq(users.id, answers.authorId))
    .where(eq(answers.questionId, questionId))
    .orderBy(asc(answers.createdAt), asc(answers.id))
    .limit(limit);
}

export function findAnswers(db: Executor, questionId: string, answerIds: string[]) {
  return db
    .select({ id: answers.id, authorId: answers.authorId })
    .from(answers)
    .where(and(eq(answers.questionId, questionId), inArray(answers.id, answerIds)));
}

export function listRewards(db: Executor, questionId: string): Promise<RewardRow[]> {
  return db
    .select()
    .from(rewards)
    .where(eq(rewards.questionId, questionId))
    .orderBy(asc(rewards.createdAt), desc(rewards.amount), asc(rewards.id));
}

/**
 * Records how the question's reward left escrow. Its primary key refuses a second settlement of any
 * kind (23505), and a distribution row cannot exist without one of its own outcome.
 */
export async function insertSettlement(
  db: Executor,
  values: typeof escrowSettlements.$inferInsert,
): Promise<void> {
  await db.insert(escrowSettlements).values(values);
}

/** Whether anybody answered the question (read under its row lock by the deadline settlement). */
export async function hasAnswers(db: Executor, questionId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: answers.id })
    .from(answers)
    .where(eq(answers.questionId, questionId))
    .limit(1);
  return row !== undefined;
}

export async function insertDistribution(
  db: Executor,
  values: typeof rewardDistributions.$inferInsert,
): Promise<void> {
  await db.insert(rewardDistributions).values(values);
}

export function insertRewards(db: Executor, values: (typeof rewards.$inferInsert)[]): Promise<RewardRow[]> {
  return db.insert(rewards).values(values).returning();
}

/** Account e-mail addresses by user id, for mail sent beside a notification. */
export async function emailsOf(db: Executor, userIds: string[]): Promise<Map<string, string>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.id, userIds));
  return new Map(rows.map((r) => [r.id, r.email]));
}

/** Creates missing wallets (in id order, so concurrent callers never wait on each other in a cycle). */
export async function ensureWallets(db: Executor, userIds: string[]): Promise<void> {
  const ids = [...new Set(userIds)].sort();
  if (ids.length === 0) return;
  await db
    .insert(wallets)
    .values(ids.map((userId) => ({ userId })))
    .onConflictDoNothing({ target: wallets.userId });
}

/** Row locks on several wallets, always taken in id order (no deadlock between two distributions). */
export async function lockWallets(db: Executor, userIds: string[]): Promise<void> {
  const ids = [...new Set(userIds)].sort();
  if (ids.length === 0) return;
  await db
    .select({ userId: wallets.userId })
    .from(wallets)
    .where(inArray(wallets.userId, ids))
    .orderBy(asc(wallets.userId))
    .for('update');
}

export async function findWallet(db: Executor, userId: string): Promise<WalletRow | undefined> {
  const [row] = await db.select().from(wallets).where(eq(wallets.userId, userId)).limit(1);
  return row;
}

export async function upsertPayout(
  db: Executor,
  userId: string,
  payout: Pick<
    typeof wallets.$inferInsert,
    'upiId' | 'bankAccountEnc' | 'bankAccountLast4' | 'ifsc' | 'accountHolderName' | 'bankName'
  >,
  at: Date,
): Promise<WalletRow> {
  const [row] = await db
    .insert(wallets)
    .values({ userId, ...payout, updatedAt: at })
    .onConflictDoUpdate({ target: wallets.userId, set: { ...payout, updatedAt: at } })
    .returning();
  return row!;
}

export function listTransactions(
  db: Executor,
  userId: string,
  after: Keyset | null,
  limit: number,
): Promise<Array<TransactionRow & { cursorTs: string }>> {
  const where = after
    ? and(
        eq(walletTransactions.userId, userId),
        afterCursor(walletTransactions.createdAt, walletTransactions.id, after, 'desc'),
      )
    : eq(walletTransactions.userId, userId);
  return db
    .select({ ...getTableColumns(walletTransactions), cursorTs: cursorTs(walletTransactions.createdAt) })
    .from(walletTransactions)
    .where(where)
    .orderBy(desc(walletTransactions.createdAt), desc(walletTransactions.id))
    .limit(limit);
}

export async function findWithdrawalByRequestId(
  db: Executor,
  requestId: string,
): Promise<WithdrawalRow | undefined> {
  const [row] = await db.select().from(withdrawals).where(eq(withdrawals.requestId, requestId)).limit(1);
  return row;
}

export async function findWithdrawal(db: Executor, id: string): Promise<WithdrawalRow | undefined> {
  const [row] = await db.select().from(withdrawals).where(eq(withdrawals.id, id)).limit(1);
  return row;
}

export async function insertWithdrawal(
  db: Executor,
  values: typeof withdrawals.$inferInsert,
): Promise<WithdrawalRow> {
  const [row] = await db.insert(withdrawals).values(values).returning();
  return row!;
}

/** pending → completed|failed, only from pending: a repeated or racing call changes nothing. */
export async function settleWithdrawal(
  db: Executor,
  id: string,
  set: Pick<
    typeof withdrawals.$inferInsert,
    'status' | 'payoutReference' | 'failureReason' | 'processedBy' | 'processedAt'
  >,
): Promise<WithdrawalRow | undefined> {
  const [row] = await db
    .update(withdrawals)
    .set(set)
    .where(and(eq(withdrawals.id, id), eq(withdrawals.status, 'pending')))
    .returning();
  return row;
}

export function listWithdrawals(db: Executor, status: string | null, after: Keyset | null, limit: number) {
  const conds = [];
  if (status) conds.push(eq(withdrawals.status, status));
  if (after) {
    conds.push(afterCursor(withdrawals.createdAt, withdrawals.id, after, 'desc'));
  }
  return db
    .select({
      withdrawal: withdrawals,
      cursorTs: cursorTs(withdrawals.createdAt),
      user: { id: users.id, name: users.name, email: users.email },
      description: walletTransactions.description,
    })
    .from(withdrawals)
    .innerJoin(users, eq(users.id, withdrawals.userId))
    .innerJoin(walletTransactions, eq(walletTransactions.id, withdrawals.transactionId))
    .where(conds.length ? and(...conds) : undefined)
    .orderBy(desc(withdrawals.createdAt), desc(withdrawals.id))
    .limit(limit);
}

export function listUserWithdrawals(db: Executor, userId: string, after: Keyset | null, limit: number) {
  const where = after
    ? and(eq(withdrawals.userId, userId), afterCursor(withdrawals.createdAt, withdrawals.id, after, 'desc'))
    : eq(withdrawals.userId, userId);
  return db
    .select({ withdrawal: withdrawals, cursorTs: cursorTs(withdrawals.createdAt) })
    .from(withdrawals)
    .where(where)
    .orderBy(desc(withdrawals.createdAt), desc(withdrawals.id))
    .limit(limit);
}

// ---------- admin ----------

// The destination recorded with the request (not the wallet's current one, which the user may
// have edited since): only the fields of the withdrawal's own method are filled.
const adminWithdrawalCols = {
  w: withdrawals,
  user: personCols,
  payout: {
    upiId: withdrawals.payoutUpiId,
    bankAccountLast4: withdrawals.payoutBankAccountLast4,
    ifsc: withdrawals.payoutIfsc,
    accountHolderName: withdrawals.payoutAccountHolderName,
    bankName: withdrawals.payoutBankName,
  },
};

export type AdminWithdrawalRow = {
  w: WithdrawalRow;
  user: { id: string; displayName: string; email: string };
  payout: {
    upiId: string | null;
    bankAccountLast4: string | null;
    ifsc: string | null;
    accountHolderName: string | null;
    bankName: string | null;
  };
};

/** The admin's payout queue: pending ones oldest first; other views newest first. */
export async function listForAdmin(db: Executor, f: { status: string; q?: string } & ListOpts) {
  const dir = f.status === 'pending' ? 'asc' : 'desc';
  const like = f.q ? likePattern(f.q) : null;
  return db
    .select({ ...adminWithdrawalCols, id: withdrawals.id, cursorTs: cursorTs(withdrawals.createdAt) })
    .from(withdrawals)
    .innerJoin(users, eq(users.id, withdrawals.userId))
    .where(
      and(
        f.status !== 'all' ? eq(withdrawals.status, f.status) : undefined,
        like ? or(ilike(users.displayName, like), ilike(users.email, like)) : undefined,
        keysetAfter(withdrawals.createdAt, withdrawals.id, f, dir),
      ),
    )
    .orderBy(...keysetOrder(withdrawals.createdAt, withdrawals.id, dir))
    .limit(f.limit + 1);
}

/** The withdrawal with its requester; `lock` locks the withdrawal row for the rest of the transaction. */
export async function findForAdmin(
  db: Executor,
  id: string,
  lock = false,
): Promise<AdminWithdrawalRow | undefined> {
  const q = db
    .select(adminWithdrawalCols)
    .from(withdrawals)
    .innerJoin(users, eq(users.id, withdrawals.userId))
    .where(eq(withdrawals.id, id));
  const [row] = lock ? await q.for('update', { of: withdrawals }) : await q;
  return row;
}

export async function walletBalance(db: Executor, userId: string): Promise<number | null> {
  const [row] = await db.select({ balance: wallets.balance }).from(wallets).where(eq(wallets.userId, userId));
  return row?.balance ?? null;
}
