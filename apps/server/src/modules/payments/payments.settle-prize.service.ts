import type { PaidHackathonPrize } from '@agora/shared';
import type { AppContext } from '../../context.js';
import { pgErrorCode } from '../../db/client.js';
import { conflict } from '../../lib/errors.js';
import {
  canHoldPrize,
  findPrizeTarget,
  holdPrize,
  type PrizeTarget,
} from '../hackathons/hackathons.prizes.service.js';
import { PAYMENT_MSG } from './payments.messages.js';
import { presentPaidPrize } from './payments.presenter.js';
import * as repo from './payments.repo.js';
import { refundToWallet } from './payments.shared.js';

/**
 * Records a prize-pool order's capture, exactly once: the hackathon's row lock serialises verify, webhook, order
 * creation and publication; the pool is held once (markPrizeHeld is conditional too). A capture
 * the hackathon can no longer take (a second order paid, its results or a rejection came first,
 * an expired checkout) is the payer's: refunded to their wallet, on the ledger.
 */
export async function settlePrizePayment(
  ctx: AppContext,
  payment: repo.PaymentRow,
  providerPaymentId: string,
): Promise<{ outcome: 'paid' | 'duplicate'; hackathon: PaidHackathonPrize }> {
  const now = ctx.clock.now();
  let result: { outcome: 'paid' | 'duplicate' | 'refunded'; hackathon: PrizeTarget };
  try {
    result = await ctx.db.transaction(async (tx) => {
      const h = (await findPrizeTarget(tx, payment.hackathonId!, true))!;
      const current = (await repo.findPaymentByOrderId(tx, payment.orderId, true))!;
      if (current.status !== 'created' && current.status !== 'cancelled') {
        if (current.providerPaymentId === providerPaymentId) {
          return {
            outcome: current.status === 'paid' ? ('duplicate' as const) : ('refunded' as const),
            hackathon: h,
          };
        }
        return conflict('ORDER_ALREADY_PAID', PAYMENT_MSG.orderPaid);
      }
      if (await repo.findPaymentByProviderId(tx, providerPaymentId)) {
        return conflict('PAYMENT_ALREADY_USED', PAYMENT_MSG.paymentUsed);
      }
      if (current.status === 'cancelled' || !canHoldPrize(h)) {
        await repo.settlePayment(tx, current.id, 'refunded', providerPaymentId, now);
        await refundToWallet(
          ctx,
          tx,
          current,
          { id: null, title: null },
          h.prizeState !== null
            ? `Refund: a second payment for the prize pool of "${h.title}"`
            : `Refund: a prize pool payment "${h.title}" could no longer take`,
        );
        return { outcome: 'refunded' as const, hackathon: h };
      }
      await repo.settlePayment(tx, current.id, 'paid', providerPaymentId, now);
      await holdPrize(tx, h.id, current.amount, now);
      return {
        outcome: 'paid' as const,
        hackathon: { ...h, prizeState: 'held', prizeAmount: current.amount },
      };
    });
  } catch (err) {
    if (pgErrorCode(err) !== '23505') throw err;
    const again = await repo.findPaymentByOrderId(ctx.db, payment.orderId);
    const h = await findPrizeTarget(ctx.db, payment.hackathonId!);
    if (again?.status === 'paid' && again.providerPaymentId === providerPaymentId && h) {
      return { outcome: 'duplicate', hackathon: presentPaidPrize(h) };
    }
    return conflict('PAYMENT_ALREADY_USED', PAYMENT_MSG.paymentUsed);
  }
  if (result.outcome === 'refunded') conflict('PRIZE_PAYMENT_REFUNDED', PAYMENT_MSG.prizeRefunded);
  return { outcome: result.outcome as 'paid' | 'duplicate', hackathon: presentPaidPrize(result.hackathon) };
}
