import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { payments, rewardDistributions } from '../../db/schema/index.js';

export type PaymentRow = typeof payments.$inferSelect;

export async function insertPayment(db: Executor, values: typeof payments.$inferInsert): Promise<PaymentRow> {
  const [row] = await db.insert(payments).values(values).returning();
  return row!;
}

export async function findPaymentByOrderId(
  db: Executor,
  orderId: string,
  lock = false,
): Promise<PaymentRow | undefined> {
  const q = db.select().from(payments).where(eq(payments.orderId, orderId)).limit(1);
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

export async function findPaymentByProviderId(
  db: Executor,
  providerPaymentId: string,
): Promise<PaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(payments)
    .where(eq(payments.providerPaymentId, providerPaymentId))
    .limit(1);
  return row;
}

/** created|cancelled → paid|failed|refunded: a second caller changes nothing. */
export async function settlePayment(
  db: Executor,
  id: string,
  status: 'paid' | 'failed' | 'refunded',
  providerPaymentId: string,
  at: Date,
): Promise<PaymentRow | undefined> {
  const [row] = await db
    .update(payments)
    .set({ status, providerPaymentId, paidAt: at })
    .where(and(eq(payments.id, id), inArray(payments.status, ['created', 'cancelled'])))
    .returning();
  return row;
}

/**
 * The question's open (unpaid) order, if any: at most one (`payments_one_open_per_question`).
 * `lock`: held until the caller's transaction ends.
 */
export async function findOpenOrder(
  db: Executor,
  questionId: string,
  lock = false,
): Promise<PaymentRow | undefined> {
  const q = db
    .select()
    .from(payments)
    .where(and(eq(payments.questionId, questionId), eq(payments.status, 'created')))
    .limit(1);
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

/** The hackathon's open prize-pool order, if any: at most one (`payments_one_open_per_hackathon`). */
export async function findOpenPrizeOrder(
  db: Executor,
  hackathonId: string,
  lock = false,
): Promise<PaymentRow | undefined> {
  const q = db
    .select()
    .from(payments)
    .where(and(eq(payments.hackathonId, hackathonId), eq(payments.status, 'created')))
    .limit(1);
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

/** An open order that will not be handed out again; a capture arriving later is refunded. */
export async function cancelOpenOrder(db: Executor, id: string): Promise<void> {
  await db
    .update(payments)
    .set({ status: 'cancelled' })
    .where(and(eq(payments.id, id), eq(payments.status, 'created')));
}

/** Whether money moved for this question: a paid order, and whether its reward was distributed. */
/** `openSince`: an order created after it may still be paid at the provider (checkout open). */
export async function questionMoney(db: Executor, id: string, openSince: Date) {
  const [row] = await db
    .select({
      paid: sql<boolean>`exists (select 1 from ${payments} p where p.question_id = ${id} and p.status = 'paid')`,
      distributed: sql<boolean>`exists (select 1 from ${rewardDistributions} rd where rd.question_id = ${id})`,
      checkoutOpen: sql<boolean>`exists (select 1 from ${payments} p where p.question_id = ${id} and p.status = 'created' and p.created_at > ${openSince.toISOString()}::timestamptz)`,
    })
    .from(sql`(select 1) as one`);
  return {
    paid: Boolean(row?.paid),
    distributed: Boolean(row?.distributed),
    checkoutOpen: Boolean(row?.checkoutOpen),
  };
}

/**
 * Before an unpaid question is deleted: its orders are kept, cancelled and detached (with the
 * title), so a capture arriving later is refunded to the payer's wallet, never lost.
 */
export async function detachOrders(db: Executor, questionId: string, title: string): Promise<void> {
  await db
    .update(payments)
    .set({
      status: sql`case when ${payments.status} = 'created' then 'cancelled' else ${payments.status} end`,
      questionId: null,
      questionTitle: title,
    })
    .where(eq(payments.questionId, questionId));
}
