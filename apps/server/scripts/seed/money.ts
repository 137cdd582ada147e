// Money demo data: paid questions (with their payment rows), distributed rewards, wallets with UPI
// payout details, and withdrawals in every state — all written so the money invariants hold
// (balance = completed + pending entries; rewards = payment; one paid payment per question).
import { equalPercentages, splitPaise } from '@agora/shared';
import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import {
  answers,
  escrowSettlements,
  payments,
  questions,
  rewardDistributions,
  rewards,
  wallets,
  walletTransactions,
  withdrawals,
} from '../../src/db/schema/index.js';
import { orderedId } from '../../src/modules/wallet/ordered-id.js';
import { insertBatched, type SeedStep } from './types.js';

const BASE62 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
/** REWARD_DEADLINE's default (14 days): how long a paid reward stays in escrow. */
const DEADLINE_MS = 14 * 86_400_000;

type EscrowRow = {
  id: string;
  state: 'held' | 'distributed' | 'auto-distributed' | 'refunded';
  heldAt: Date;
  deadline: Date;
  settledAt: Date | null;
};

export const step: SeedStep & { order: number } = {
  name: 'money',
  order: 30,
  async run(ctx) {
    const { db, rng } = ctx;
    const providerId = (prefix: string) =>
      `${prefix}_${Array.from({ length: 14 }, () => BASE62[rng.int(0, 61)]).join('')}`;

    const unpaid = await db
      .select({
        id: questions.id,
        authorId: questions.authorId,
        title: questions.title,
        rewardAmount: questions.rewardAmount,
        createdAt: questions.createdAt,
      })
      .from(questions)
      .where(and(eq(questions.isPaid, false), gt(questions.rewardAmount, 0)));
    // Nearly every asker pays at once; a few abandoned checkouts stay drafts (only their author sees them).
    const paid = unpaid.filter(() => rng.chance(0.97));
    if (paid.length === 0) return ctx.log('money: skipped (no unpaid questions)');

    const paidAtOf = new Map<string, Date>();
    const paymentRows: Array<typeof payments.$inferInsert> = paid.map((q) => {
      const paidAt = new Date(q.createdAt.getTime() + rng.int(1, 10) * 60_000);
      paidAtOf.set(q.id, paidAt);
      return {
        questionId: q.id,
        userId: q.authorId,
        provider: 'sandbox',
        orderId: providerId('order'),
        providerPaymentId: providerId('pay'),
        amount: q.rewardAmount,
        currency: 'INR',
        status: 'paid',
        createdAt: q.createdAt,
        paidAt,
      };
    });
    await insertBatched(paymentRows, 1000, (batch) => db.insert(payments).values(batch));
    const paidIds = paid.map((q) => q.id);
    for (let i = 0; i < paidIds.length; i += 1000) {
      await db
        .update(questions)
        .set({ isPaid: true, paymentAmount: sql`${questions.rewardAmount}` })
        .where(inArray(questions.id, paidIds.slice(i, i + 1000)));
    }

    // Distribute about half of the paid questions that have answers.
    const answerRows: Array<{ id: string; questionId: string; authorId: string; createdAt: Date }> = [];
    for (let i = 0; i < paidIds.length; i += 1000) {
      answerRows.push(
        ...(await db
          .select({
            id: answers.id,
            questionId: answers.questionId,
            authorId: answers.authorId,
            createdAt: answers.createdAt,
          })
          .from(answers)
          .where(inArray(answers.questionId, paidIds.slice(i, i + 1000)))),
      );
    }
    const byQuestion = new Map<string, typeof answerRows>();
    for (const a of answerRows) byQuestion.set(a.questionId, [...(byQuestion.get(a.questionId) ?? []), a]);

    const distRows: Array<typeof rewardDistributions.$inferInsert> = [];
    const rewardRows: Array<typeof rewards.$inferInsert> = [];
    const txRows: Array<typeof walletTransactions.$inferInsert> = [];
    const balance = new Map<string, number>();
    const earned = new Map<string, number>();
    const distributed: Array<{ id: string; at: Date }> = [];
    // Escrow: each paid reward is held until paid + DEADLINE_MS. About half are distributed
    // by their author before then; the rest are still held, or — past the deadline — were settled by
    // the deadline task: whole to the first answer (auto), or back to the asker when nobody answered.
    const escrow: EscrowRow[] = [];
    for (const q of paid) {
      const list = byQuestion.get(q.id) ?? [];
      const heldAt = paidAtOf.get(q.id)!;
      const deadline = new Date(heldAt.getTime() + DEADLINE_MS);
      const byHand = list.length > 0 && rng.chance(0.5);
      if (!byHand && deadline > ctx.now) {
        escrow.push({ id: q.id, state: 'held', heldAt, deadline, settledAt: null });
        continue;
      }
      if (!byHand && list.length === 0) {
        escrow.push({ id: q.id, state: 'refunded', heldAt, deadline, settledAt: deadline });
        txRows.push({
          id: orderedId(),
          userId: q.authorId,
          type: 'refund',
          amount: q.rewardAmount,
          status: 'completed',
          description: 'Refund: nobody answered before the deadline',
          questionId: q.id,
          questionTitle: q.title,
          reference: `escrow-refund:${q.id}`,
          createdAt: deadline,
        });
        balance.set(q.authorId, (balance.get(q.authorId) ?? 0) + q.rewardAmount);
        continue;
      }
      const chosen = byHand ? list.slice(0, rng.int(1, Math.min(3, list.length))) : list.slice(0, 1);
      const pcts = equalPercentages(chosen.length);
      const shares = splitPaise(q.rewardAmount, pcts);
      const last = Math.max(...chosen.map((a) => a.createdAt.getTime()));
      const at = new Date(last + rng.int(1, 72) * 3_600_000);
      // By hand: before the deadline (unless the answer itself came later) and not in the future.
      const when = byHand
        ? new Date(Math.max(last, Math.min(at.getTime(), deadline.getTime() - 60_000, ctx.now.getTime())))
        : deadline;
      distRows.push({
        questionId: q.id,
        distributedBy: q.authorId,
        total: q.rewardAmount,
        kind: byHand ? 'manual' : 'auto',
        createdAt: when,
      });
      distributed.push({ id: q.id, at: when });
      escrow.push({
        id: q.id,
        state: byHand ? 'distributed' : 'auto-distributed',
        heldAt,
        deadline,
        settledAt: when,
      });
      chosen.forEach((a, i) => {
        rewardRows.push({
          questionId: q.id,
          answerId: a.id,
          answererId: a.authorId,
          percentage: pcts[i]!,
          amount: shares[i]!,
          createdAt: when,
        });
        if (shares[i]! <= 0) return;
        txRows.push({
          id: orderedId(),
          userId: a.authorId,
          type: 'reward',
          amount: shares[i]!,
          status: 'completed',
          description: 'Reward for your answer',
          questionId: q.id,
          questionTitle: q.title,
          reference: `reward:${q.id}:${a.id}`,
          createdAt: when,
        });
        balance.set(a.authorId, (balance.get(a.authorId) ?? 0) + shares[i]!);
        earned.set(a.authorId, (earned.get(a.authorId) ?? 0) + shares[i]!);
      });
    }

    // Withdrawals by some earners: pending, completed and failed (a failed one returns the money).
    const withdrawalRows: Array<typeof withdrawals.$inferInsert> = [];
    const upi = new Map<string, string>();
    for (const [userId, bal] of balance) {
      upi.set(userId, `member${userId.slice(0, 6)}@okaxis`);
      if (bal < 200 || !rng.chance(0.6)) continue;
      const amount = rng.int(1, Math.floor(bal / 100)) * 100;
      const status = rng.pick(['pending', 'completed', 'failed'] as const);
      const txId = orderedId();
      const at = new Date(ctx.now.getTime() - rng.int(1, 14) * 86_400_000);
      const requestId = `auto:${txId}`;
      txRows.push({
        id: txId,
        userId,
        type: 'withdrawal',
        amount: -amount,
        status,
        description: `Withdrawal to UPI ID ${upi.get(userId)}`,
        reference: `withdrawal:${requestId}`,
        createdAt: at,
      });
      withdrawalRows.push({
        userId,
        amount,
        status,
        requestId,
        transactionId: txId,
        payoutMethod: 'upi',
        // A withdrawal keeps where it is to be paid (the admin queue reads this copy).
        payoutUpiId: upi.get(userId)!,
        payoutReference: status === 'completed' ? `UTR${rng.int(100000000, 999999999)}` : null,
        failureReason: status === 'failed' ? 'Beneficiary bank rejected the transfer' : null,
        processedAt: status === 'pending' ? null : new Date(at.getTime() + 86_400_000),
        createdAt: at,
      });
      if (status !== 'failed') balance.set(userId, bal - amount);
    }

    // Wallets first (transactions and withdrawals reference them); added to any existing balance.
    const walletRows = [...balance.keys()].map((userId) => ({
      userId,
      balance: balance.get(userId)!,
      totalEarned: earned.get(userId) ?? 0,
      upiId: upi.get(userId) ?? null,
    }));
    await insertBatched(walletRows, 1000, (batch) =>
      db
        .insert(wallets)
        .values(batch)
        .onConflictDoUpdate({
          target: wallets.userId,
          set: {
            balance: sql`${wallets.balance} + excluded.balance`,
            totalEarned: sql`${wallets.totalEarned} + excluded.total_earned`,
            upiId: sql`coalesce(${wallets.upiId}, excluded.upi_id)`,
          },
        }),
    );
    // One settlement per reward that left escrow (a distribution row references its own).
    const amountOf = new Map(paid.map((q) => [q.id, q.rewardAmount]));
    const settlementRows = escrow
      .filter((e) => e.state !== 'held' && e.settledAt)
      .map((e) => ({
        questionId: e.id,
        outcome: e.state,
        amount: amountOf.get(e.id)!,
        settledAt: e.settledAt!,
      }));
    await insertBatched(settlementRows, 1000, (batch) => db.insert(escrowSettlements).values(batch));
    await insertBatched(distRows, 1000, (batch) => db.insert(rewardDistributions).values(batch));
    await insertBatched(rewardRows, 1000, (batch) => db.insert(rewards).values(batch));
    await insertBatched(txRows, 1000, (batch) => db.insert(walletTransactions).values(batch));
    await insertBatched(withdrawalRows, 1000, (batch) => db.insert(withdrawals).values(batch));
    await insertBatched(distributed, 1000, (batch) =>
      db.execute(sql`
        update questions as q set rewards_distributed_at = v.at
          from (values ${sql.join(
            batch.map((d) => sql`(${d.id}::uuid, ${d.at.toISOString()}::timestamptz)`),
            sql`, `,
          )}) as v(id, at)
         where q.id = v.id`),
    );
    // Settled questions stop taking answers: paid out → answered, refunded → closed (as the app does).
    await insertBatched(escrow, 1000, (batch) =>
      db.execute(sql`
        update questions as q
           set escrow_state = v.state, escrow_held_at = v.held_at, escrow_deadline = v.deadline,
               escrow_settled_at = v.settled_at,
               status = case when v.state = 'refunded' or q.status = 'closed' then 'closed'
                             when v.state = 'held' then q.status else 'answered' end
          from (values ${sql.join(
            batch.map(
              (e) =>
                sql`(${e.id}::uuid, ${e.state}, ${e.heldAt.toISOString()}::timestamptz, ${e.deadline.toISOString()}::timestamptz, ${e.settledAt?.toISOString() ?? null}::timestamptz)`,
            ),
            sql`, `,
          )}) as v(id, state, held_at, deadline, settled_at)
         where q.id = v.id`),
    );
    ctx.log(
      `money: ${paid.length} paid questions, ${distRows.length} distributed (${rewardRows.length} rewards), ${walletRows.length} wallets, ${withdrawalRows.length} withdrawals`,
    );
  },
};
