import type { AppContext } from '../../context.js';
import { AppError } from '../../lib/errors.js';
import type { PaymentProvider } from '../../platform/payments.js';
import * as repo from './payments.repo.js';
import { settlePrizePayment } from './payments.settle-prize.service.js';
import { settleQuestionPayment } from './payments.settle-question.service.js';

export type WebhookOutcome =
  | 'paid'
  | 'duplicate'
  | 'ignored'
  | 'unknown_order'
  | 'amount_mismatch'
  | 'conflict';

/** The provider's side of a capture: its signed webhook, which settles the order as verify does. */
export function createWebhookService(ctx: AppContext, provider: PaymentProvider) {
  return {
    /** The provider's webhook; the raw body is what was signed. Never throws for events it ignores. */
    async webhook(rawBody: Buffer, signature: string | undefined): Promise<WebhookOutcome> {
      if (!signature || !provider.verifyWebhookSignature(rawBody, signature)) {
        throw new AppError('WEBHOOK_SIGNATURE_INVALID', 400, 'Invalid webhook signature');
      }
      let event: {
        event?: unknown;
        payload?: {
          payment?: {
            entity?: {
              id?: unknown;
              order_id?: unknown;
              amount?: unknown;
              currency?: unknown;
              status?: unknown;
            };
          };
          order?: { entity?: { id?: unknown } };
        };
      };
      try {
        event = JSON.parse(rawBody.toString('utf8'));
      } catch {
        throw new AppError('BAD_REQUEST', 400, 'Malformed JSON body');
      }
      if (event?.event !== 'payment.captured' && event?.event !== 'order.paid') return 'ignored';
      const pay = event.payload?.payment?.entity;
      const orderId = pay?.order_id ?? event.payload?.order?.entity?.id;
      const paymentId = pay?.id;
      if (
        typeof orderId !== 'string' ||
        typeof paymentId !== 'string' ||
        !paymentId ||
        paymentId.length > 100
      ) {
        return 'ignored';
      }
      if (pay?.status !== undefined && pay.status !== 'captured') return 'ignored';
      const payment = await repo.findPaymentByOrderId(ctx.db, orderId);
      if (!payment) return 'unknown_order';
      if (
        pay?.amount !== payment.amount ||
        (pay?.currency !== undefined && pay.currency !== payment.currency)
      ) {
        return 'amount_mismatch';
      }
      try {
        const { outcome } =
          payment.purpose === 'hackathon-prize'
            ? await settlePrizePayment(ctx, payment, paymentId)
            : await settleQuestionPayment(ctx, payment, paymentId);
        return outcome;
      } catch (err) {
        // A state conflict will not resolve by the provider retrying: acknowledge it.
        if (err instanceof AppError && err.status === 409) return 'conflict';
        throw err;
      }
    },
  };
}
