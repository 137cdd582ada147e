import type { AppContext } from '../../context.js';
import { pgErrorCode } from '../../db/client.js';
import { conflict } from '../../lib/errors.js';
import { queueCategoryAlert } from '../questions/category-follows.service.js';
import {
  findQuestion,
  holdReward,
  lockQuestion,
  type QuestionRecord,
} from '../questions/questions.escrow.service.js';
import { PAYMENT_MSG } from './payments.messages.js';
import * as repo from './payments.repo.js';
import { refundToWallet } from './payments.shared.js';

/** A question as this area reads it: through the questions area's escrow service (lookup and lock). */
export type QuestionRow = Pick<
  QuestionRecord,
  'id' | 'authorId' | 'title' | 'isPaid' | 'paymentAmount' | 'rewardAmount' | 'status' | 'hidden'
>;

/**
 * Records a captured provider payment against its order, exactly once. Verify and webhook both
 * land here; the question row lock serialises them, and the unique provider payment id and the
 * "one paid order per question" index are the last line of defence.
 */
export async function settleQuestionPayment(
  ctx: AppContext,
  payment: repo.PaymentRow,
  providerPaymentId: string,
): Promise<{ outcome: 'paid' | 'duplicate'; question: QuestionRow }> {
  const now = ctx.clock.now();
  let result: {
    outcome: 'paid' | 'duplicate' | 'question_already_paid' | 'question_deleted' | 'order_expired';
    question: QuestionRow | null;
  };
  try {
    result = await ctx.db.transaction(async (tx) => {
      const question = payment.questionId ? ((await lockQuestion(tx, payment.questionId)) ?? null) : null;
      const current = (await repo.findPaymentByOrderId(tx, payment.orderId, true))!;
      if (current.status !== 'created' && current.status !== 'cancelled') {
        if (current.providerPaymentId === providerPaymentId) {
          if (current.status === 'paid') return { outcome: 'duplicate' as const, question };
          // Refunded before: say why again.
          return {
            outcome: !current.questionId
              ? ('question_deleted' as const)
              : question?.isPaid
                ? ('question_already_paid' as const)
                : ('order_expired' as const),
            question,
          };
        }
        return conflict('ORDER_ALREADY_PAID', PAYMENT_MSG.orderPaid);
      }
      if (await repo.findPaymentByProviderId(tx, providerPaymentId)) {
        return conflict('PAYMENT_ALREADY_USED', PAYMENT_MSG.paymentUsed);
      }
      if (!question) {
        // Its question was deleted unpaid, and the money came anyway: it is the payer's.
        await repo.settlePayment(tx, current.id, 'refunded', providerPaymentId, now);
        await refundToWallet(
          ctx,
          tx,
          current,
          { id: null, title: current.questionTitle },
          'Refund: a payment for a deleted question',
        );
        return { outcome: 'question_deleted' as const, question: null };
      }
      if (question.isPaid) {
        // A second order of an already-paid question was paid too (two windows, a retry after
        // the webhook won): the money is the payer's, so it goes to their wallet, on the ledger.
        await repo.settlePayment(tx, current.id, 'refunded', providerPaymentId, now);
        await refundToWallet(
          ctx,
          tx,
          current,
          question,
          'Refund: a second payment for an already-paid question',
        );
        return { outcome: 'question_already_paid' as const, question };
      }
      if (current.status === 'cancelled') {
        // Its checkout window had passed and a newer order replaced it (the question has one open
        // order at a time): the late capture does not pay the question, it is the payer's.
        await repo.settlePayment(tx, current.id, 'refunded', providerPaymentId, now);
        await refundToWallet(ctx, tx, current, question, 'Refund: a payment for an expired checkout');
        return { outcome: 'order_expired' as const, question };
      }
      await repo.settlePayment(tx, current.id, 'paid', providerPaymentId, now);
      // The reward is held in escrow from now until the deadline (REWARD_DEADLINE).
      const paid = await holdReward(
        tx,
        question.id,
        current.amount,
        now,
        new Date(now.getTime() + ctx.config.rewardDeadlineMs),
      );
      // Its category's followers hear of it (in batches, by a task: this stays one short step).
      if (!paid.hidden) await queueCategoryAlert(tx, paid, now);
      return { outcome: 'paid' as const, question: paid };
    });
  } catch (err) {
    if (pgErrorCode(err) !== '23505') throw err;
    // Lost a race on a unique key: whoever won recorded it; report that state.
    const again = await repo.findPaymentByOrderId(ctx.db, payment.orderId);
    const q = payment.questionId ? await findQuestion(ctx.db, payment.questionId) : undefined;
    if (again?.status === 'paid' && again.providerPaymentId === providerPaymentId && q) {
      return { outcome: 'duplicate', question: q };
    }
    return conflict('PAYMENT_ALREADY_USED', PAYMENT_MSG.paymentUsed);
  }
  if (result.outcome === 'question_already_paid')
    conflict('QUESTION_ALREADY_PAID', PAYMENT_MSG.duplicateRefunded);
  if (result.outcome === 'question_deleted') conflict('QUESTION_DELETED', PAYMENT_MSG.deletedRefunded);
  if (result.outcome === 'order_expired') conflict('ORDER_EXPIRED', PAYMENT_MSG.expiredRefunded);
  return result as { outcome: 'paid' | 'duplicate'; question: QuestionRow };
}
