import type { AppContext } from '../../context.js';
import { createPaymentProvider, type PaymentProvider } from '../../platform/payments.js';
import { createQuestionOrders } from './payments.orders.service.js';
import { createPrizeOrders } from './payments.prize-orders.service.js';
import { createVerifyService } from './payments.verify.service.js';
import { createWebhookService } from './payments.webhook.service.js';

export { PAYMENT_MSG } from './payments.messages.js';
export type { WebhookOutcome } from './payments.webhook.service.js';

/**
 * The payments area's service, the routes' one entry point: each use case lives in its own file
 * (a question's checkout, a prize pool's checkout, verify, the provider's webhook). A captured
 * payment is recorded against its order once, by payments.settle-question.service.ts or
 * payments.settle-prize.service.ts, whichever of verify and the webhook lands first.
 */
export function createPaymentsService(
  ctx: AppContext,
  provider: PaymentProvider = createPaymentProvider(ctx.config.payments),
) {
  return {
    provider,
    ...createQuestionOrders(ctx, provider),
    ...createPrizeOrders(ctx, provider),
    ...createVerifyService(ctx, provider),
    ...createWebhookService(ctx, provider),
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
