import { and, desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { payments, questions } from '../../db/schema/index.js';

export type PaymentRow = typeof payments.$inferSelect;
export type QuestionRow = typeof questions.$inferSelect;

export async function findQuestion(db: Executor, id: string): Promise<QuestionRow | undefined> {
  const [row] = await db.select().from(questions).where(eq(questions.id, id)).limit(1);
  return row;
}

/** Locks the question row: every change to a question's payment state is serialised on it. */
export async function lockQuestion(db: Executor, id: string): Promise<QuestionRow | undefined> {
  const [row] = await db.select().from(questions).where(eq(questions.id, id)).limit(1).for('update');
  return row;
}

export async function insertPayment(db: Executor, values: typeof payments.$inferInsert): Promise<PaymentRow> {
  const [row] = await db.insert(payments).values(values).returning();
  return row!;
}

export async function findPaymentByOrderId(db: Executor, orderId: string): Promise<PaymentRow | undefined> {
  const [row] = await db.select().from(payments).where(eq(payments.orderId, orderId)).limit(1);
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

/** created → paid|failed|refunded, only from created: a second caller changes nothing. */
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
    .where(and(eq(payments.id, id), eq(payments.status, 'created')))
    .returning();
  return row;
}

export async function markQuestionPaid(
  db: Executor,
  id: string,
  amountPaise: number,
  at: Date,
): Promise<QuestionRow> {
  const [row] = await db
    .update(questions)
    .set({ isPaid: true, paymentAmount: amountPaise, updatedAt: at })
    .where(eq(questions.id, id))
    .returning();
  return row!;
}

/** The question's newest unpaid order of this amount from this payer, if any. */
export async function findOpenOrder(
  db: Executor,
  questionId: string,
  userId: string,
  amount: number,
  provider: string,
): Promise<PaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.questionId, questionId),
        eq(payments.userId, userId),
        eq(payments.amount, amount),
        eq(payments.provider, provider),
        eq(payments.status, 'created'),
      ),
    )
    .orderBy(desc(payments.createdAt))
    .limit(1);
  return row;
}
