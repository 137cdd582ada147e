import { type CreateOrderBody, type CreateOrderResult, MSG } from '@agora/shared';
import type { AppContext, SessionUser } from '../../context.js';
import { pgErrorCode } from '../../db/client.js';
import { AppError, conflict, forbidden, notFound } from '../../lib/errors.js';
import type { PaymentProvider } from '../../platform/payments.js';
import { canSeeQuestion } from '../questions/questions.policy.js';
import { findQuestion, lockQuestion } from '../questions/questions.escrow.service.js';
import { getMinReward } from '../settings/settings.service.js';
import { PAYMENT_MSG } from './payments.messages.js';
import * as repo from './payments.repo.js';
import { checkoutOf, reusableOrder } from './payments.shared.js';

/** A question's checkout: the author opens (or is handed again) the one order for its reward. */
export function createQuestionOrders(ctx: AppContext, provider: PaymentProvider) {
  return {
    async createOrder(user: SessionUser, body: CreateOrderBody): Promise<CreateOrderResult> {
      const question = (await findQuestion(ctx.db, body.questionId)) ?? notFound(MSG.questionNotFound);
      // CONTRACT §3: a hidden or unpaid question is absent for everyone but its author and admins.
      if (!canSeeQuestion(user, question)) notFound(MSG.questionNotFound);
      if (question.authorId !== user.id) forbidden(PAYMENT_MSG.notAuthor);
      if (question.isPaid) conflict('QUESTION_ALREADY_PAID', PAYMENT_MSG.alreadyPaid);
      // One question, one amount: the order is always the question's reward.
      const amountPaise = question.rewardAmount;
      if (body.amount * 100 !== amountPaise) {
        const message = PAYMENT_MSG.amountMismatch(amountPaise / 100);
        throw new AppError('VALIDATION', 400, message, [{ field: 'body.amount', message }]);
      }
      const min = await getMinReward(ctx.db);
      if (body.amount < min) {
        throw new AppError('VALIDATION', 400, PAYMENT_MSG.belowMinimum(min), [
          { field: 'body.amount', message: PAYMENT_MSG.belowMinimum(min) },
        ]);
      }
      const result = (o: repo.PaymentRow) => checkoutOf(provider, o);
      // One open order per question: paying from two windows, a double-click or a retry after
      // closing the checkout pays the same order, which the provider takes once. An order is handed
      // out again while its checkout window lasts (the window in which the question cannot be
      // deleted either); an older one is replaced by a new order.
      const reusable = (o: repo.PaymentRow) =>
        reusableOrder(o, user.id, amountPaise, provider.name, ctx.clock.now());
      const open = await repo.findOpenOrder(ctx.db, question.id);
      if (open && reusable(open)) return result(open);
      // The provider's round trip is made outside any transaction (no lock is held across it). Of
      // calls racing here only one order is recorded; the provider orders of the others are never
      // handed out, so never paid.
      const order = await provider.createOrder({
        amountPaise,
        currency: 'INR',
        receipt: `q_${question.id}`,
        notes: { questionId: question.id, userId: user.id },
      });
      try {
        return result(
          await ctx.db.transaction(async (tx) => {
            // The question row lock serialises order creation with itself, with settle and with
            // the question's deletion.
            const q = await lockQuestion(tx, question.id);
            if (!q || !canSeeQuestion(user, q)) return notFound(MSG.questionNotFound);
            if (q.isPaid) conflict('QUESTION_ALREADY_PAID', PAYMENT_MSG.alreadyPaid);
            if (q.rewardAmount !== amountPaise) {
              const message = PAYMENT_MSG.amountMismatch(q.rewardAmount / 100);
              throw new AppError('VALIDATION', 400, message, [{ field: 'body.amount', message }]);
            }
            const current = await repo.findOpenOrder(tx, q.id, true);
            if (current && reusable(current)) return current;
            // Past its checkout window (or for another amount): cancelled, as an abandoned checkout
            // is when its question is deleted — a capture arriving for it later is refunded.
            if (current) await repo.cancelOpenOrder(tx, current.id);
            return repo.insertPayment(tx, {
              questionId: q.id,
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
        // The one-open-order index refused a second order that got past the lock.
        if (pgErrorCode(err) !== '23505') throw err;
        const winner = await repo.findOpenOrder(ctx.db, question.id);
        if (winner && reusable(winner)) return result(winner);
        return conflict('ORDER_IN_PROGRESS', PAYMENT_MSG.orderInProgress);
      }
    },
  };
}
