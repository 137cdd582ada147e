import type { CreateOrderResult } from '@agora/shared';
import type { AppContext, SessionUser } from '../../context.js';
import { pgErrorCode } from '../../db/client.js';
import { AppError, conflict, forbidden, notFound } from '../../lib/errors.js';
import { isUuid } from '../../lib/ids.js';
import type { PaymentProvider } from '../../platform/payments.js';
import { findPrizeTarget, type PrizeTarget } from '../hackathons/hackathons.prizes.service.js';
import { canSeeHackathon, isOrganizer } from '../hackathons/hackathons.policy.js';
import { getMinReward } from '../settings/settings.service.js';
import { PAYMENT_MSG } from './payments.messages.js';
import * as repo from './payments.repo.js';
import { checkoutOf, reusableOrder } from './payments.shared.js';

/** A hackathon's prize-pool checkout, opened by its organiser. */
export function createPrizeOrders(ctx: AppContext, provider: PaymentProvider) {
  return {
    /**
     * POST /api/hackathons/:id/prize/create-order: the organiser of an approved hackathon whose
     * results are not out and that holds no pool yet opens a checkout for its prize pool (rupees, at
     * least the minimum reward). One open order per hackathon, handed out again while its checkout
     * window lasts, as for questions.
     */
    async createPrizeOrder(
      user: SessionUser,
      hackathonId: string,
      amountRupees: number,
    ): Promise<CreateOrderResult> {
      if (!isUuid(hackathonId)) notFound(PAYMENT_MSG.hackathonNotFound);
      const check = (h: PrizeTarget | undefined): PrizeTarget => {
        // CONTRACT §3: a pending or rejected hackathon is absent for everyone but its organiser and admins.
        if (!h || !canSeeHackathon(user, h)) return notFound(PAYMENT_MSG.hackathonNotFound);
        if (!isOrganizer(user, h)) forbidden(PAYMENT_MSG.notOrganizer);
        if (h.status !== 'published') conflict('HACKATHON_NOT_APPROVED', PAYMENT_MSG.notApproved);
        if (h.resultsPublishedAt) conflict('RESULTS_PUBLISHED', PAYMENT_MSG.resultsPublished);
        if (h.prizeState !== null) conflict('PRIZE_ALREADY_HELD', PAYMENT_MSG.prizeAlreadyHeld);
        return h;
      };
      const hackathon = check(await findPrizeTarget(ctx.db, hackathonId));
      const min = await getMinReward(ctx.db);
      if (amountRupees < min) {
        throw new AppError('VALIDATION', 400, PAYMENT_MSG.prizeBelowMinimum(min), [
          { field: 'body.amount', message: PAYMENT_MSG.prizeBelowMinimum(min) },
        ]);
      }
      const amountPaise = amountRupees * 100;
      const result = (o: repo.PaymentRow) => checkoutOf(provider, o);
      const reusable = (o: repo.PaymentRow) =>
        reusableOrder(o, user.id, amountPaise, provider.name, ctx.clock.now());
      const open = await repo.findOpenPrizeOrder(ctx.db, hackathon.id);
      if (open && reusable(open)) return result(open);
      // The provider's round trip is made outside any transaction, as for questions.
      const order = await provider.createOrder({
        amountPaise,
        currency: 'INR',
        receipt: `h_${hackathon.id}`,
        notes: { hackathonId: hackathon.id, userId: user.id },
      });
      try {
        return result(
          await ctx.db.transaction(async (tx) => {
            const h = check(await findPrizeTarget(tx, hackathon.id, true));
            const current = await repo.findOpenPrizeOrder(tx, h.id, true);
            if (current && reusable(current)) return current;
            // Past its checkout window or for another amount: a capture arriving for it later is refunded.
            if (current) await repo.cancelOpenOrder(tx, current.id);
            return repo.insertPayment(tx, {
              purpose: 'hackathon-prize',
              hackathonId: h.id,
              userId: user.id,
              provider: provider.name,
              orderId: order.orderId,
              amount: amountPaise,
              currency: 'INR',
              status: 'created',
              createdAt: ctx.clock.now(),
            });
          }),
        );
      } catch (err) {
        if (pgErrorCode(err) !== '23505') throw err;
        const winner = await repo.findOpenPrizeOrder(ctx.db, hackathon.id);
        if (winner && reusable(winner)) return result(winner);
        return conflict('ORDER_IN_PROGRESS', PAYMENT_MSG.orderInProgress);
      }
    },
  };
}
