import { CHECKOUT_OPEN_MS, type CreateOrderResult } from '@agora/shared';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import * as ledger from '../wallet/ledger.js';
import type * as repo from './payments.repo.js';

/** What the browser's checkout needs for a recorded order (question reward or prize pool alike). */
export function checkoutOf(
  provider: { keyId: string; name: CreateOrderResult['provider'] },
  o: repo.PaymentRow,
): CreateOrderResult {
  return {
    key: provider.keyId,
    amount: o.amount,
    currency: 'INR',
    orderId: o.orderId,
    provider: provider.name,
  };
}

/**
 * An open order handed out again: the same payer, amount and provider, within its checkout window
 * (paying from two windows, a double-click or a retry pays the one order, which the provider takes once).
 */
export function reusableOrder(
  o: repo.PaymentRow,
  userId: string,
  amountPaise: number,
  providerName: string,
  now: Date,
) {
  return (
    o.userId === userId &&
    o.amount === amountPaise &&
    o.provider === providerName &&
    o.createdAt.getTime() > now.getTime() - CHECKOUT_OPEN_MS
  );
}

/** A capture nothing can take any more is the payer's: credited to their wallet, on the ledger. */
export async function refundToWallet(
  ctx: AppContext,
  tx: Executor,
  payment: repo.PaymentRow,
  question: { id: string | null; title: string | null },
  description: string,
) {
  await ledger.credit(tx, {
    userId: payment.userId,
    type: 'refund',
    amount: payment.amount,
    description,
    questionId: question.id,
    questionTitle: question.title,
    hackathonId: payment.hackathonId,
    reference: `payment-refund:${payment.id}`,
    at: ctx.clock.now(),
  });
}
