import type { PaidHackathonPrize, PaidQuestion, SandboxPayResult, VerifyPaymentBody } from '@agora/shared';
import type { AppContext, SessionUser } from '../../context.js';
import { AppError, conflict, notFound } from '../../lib/errors.js';
import { type PaymentProvider, SandboxProvider } from '../../platform/payments.js';
import { PAYMENT_MSG } from './payments.messages.js';
import { presentPaidQuestion } from './payments.presenter.js';
import * as repo from './payments.repo.js';
import { settlePrizePayment } from './payments.settle-prize.service.js';
import { settleQuestionPayment } from './payments.settle-question.service.js';

/**
 * The payer's side of a capture: verifying the provider's signed payment from the browser (and, in
 * the sandbox, signing one as the provider would).
 */
export function createVerifyService(ctx: AppContext, provider: PaymentProvider) {
  return {
    async verify(
      user: SessionUser,
      body: VerifyPaymentBody,
    ): Promise<{ question?: PaidQuestion; hackathon?: PaidHackathonPrize }> {
      if (
        !provider.verifyPaymentSignature(
          body.razorpay_order_id,
          body.razorpay_payment_id,
          body.razorpay_signature,
        )
      ) {
        throw new AppError('PAYMENT_SIGNATURE_INVALID', 400, PAYMENT_MSG.badSignature);
      }
      const payment = await repo.findPaymentByOrderId(ctx.db, body.razorpay_order_id);
      // Someone else's order looks exactly like a missing one.
      if (!payment || payment.userId !== user.id) return notFound(PAYMENT_MSG.orderNotFound);
      if (payment.purpose === 'hackathon-prize') {
        if (payment.hackathonId !== body.hackathonId) {
          throw new AppError('PAYMENT_HACKATHON_MISMATCH', 400, PAYMENT_MSG.wrongHackathon);
        }
        const { hackathon } = await settlePrizePayment(ctx, payment, body.razorpay_payment_id);
        return { hackathon };
      }
      if (body.questionId === undefined) {
        throw new AppError('PAYMENT_QUESTION_MISMATCH', 400, PAYMENT_MSG.wrongQuestion);
      }
      // A cancelled order (its question deleted) is still recorded: settle refunds it.
      if (
        payment.questionId !== null &&
        payment.status !== 'cancelled' &&
        payment.questionId !== body.questionId
      ) {
        throw new AppError('PAYMENT_QUESTION_MISMATCH', 400, PAYMENT_MSG.wrongQuestion);
      }
      const { question } = await settleQuestionPayment(ctx, payment, body.razorpay_payment_id);
      return { question: presentPaidQuestion(question) };
    },

    async sandboxPay(user: SessionUser, orderId: string): Promise<SandboxPayResult> {
      if (!(provider instanceof SandboxProvider)) return notFound('Not found');
      const payment = await repo.findPaymentByOrderId(ctx.db, orderId);
      if (!payment || payment.userId !== user.id) return notFound(PAYMENT_MSG.orderNotFound);
      if (payment.status !== 'created') conflict('ORDER_ALREADY_PAID', PAYMENT_MSG.orderPaid);
      return provider.signPayment(payment.orderId);
    },
  };
}
