import {
  CHECKOUT_OPEN_MS,
  type CreateOrderBody,
  type CreateOrderResult,
  MSG,
  type PaidHackathonPrize,
  type PaidQuestion,
  type SandboxPayResult,
  type VerifyPaymentBody,
} from '@agora/shared';
import type { AppContext, SessionUser } from '../../context.js';
import { type Executor, pgErrorCode } from '../../db/client.js';
import { AppError, conflict, forbidden, notFound } from '../../lib/errors.js';
import { createPaymentProvider, type PaymentProvider, SandboxProvider } from '../../platform/payments.js';
import { canSeeQuestion } from '../questions/questions.policy.js';
import { getMinReward } from '../settings/settings.service.js';
import * as ledger from '../wallet/ledger.js';
import * as repo from './payments.repo.js';
import {
  findQuestion,
  holdReward,
  lockQuestion,
  type QuestionRecord,
} from '../questions/questions.escrow.service.js';
import { queueCategoryAlert } from '../questions/category-follows.service.js';
import {
  canHoldPrize,
  findPrizeTarget,
  holdPrize,
  type PrizeTarget,
} from '../hackathons/hackathons.prizes.service.js';
import { canSeeHackathon, isOrganizer } from '../hackathons/hackathons.policy.js';
import { isUuid } from '../../lib/ids.js';

/** A question as this area reads it: through the questions area's escrow service (lookup and lock). */
type QuestionRow = Pick<
  QuestionRecord,
  'id' | 'authorId' | 'title' | 'isPaid' | 'paymentAmount' | 'rewardAmount' | 'status' | 'hidden'
>;

export const PAYMENT_MSG = {
  notAuthor: "Only the question's author can pay for it",
  alreadyPaid: 'This question has already been paid for',
  orderNotFound: 'Payment order not found',
  orderPaid: 'This order has already been paid',
  wrongQuestion: 'This payment does not belong to this question',
  badSignature: 'Payment verification failed. Please contact support.',
  paymentUsed: 'This payment has already been used',
  orderInProgress: 'A checkout for this question is being started. Please try again in a moment.',
  duplicateRefunded:
    'This question had already been paid for, so this payment has been added to your wallet. You can withdraw it from My Wallet.',
  deletedRefunded:
    'This question was deleted before the payment arrived, so the payment has been added to your wallet. You can withdraw it from My Wallet.',
  expiredRefunded:
    'This checkout had expired and a newer one was started, so this payment has been added to your wallet. You can withdraw it from My Wallet.',
  belowMinimum: (min: number) => `The minimum reward is ₹${min}`,
  hackathonNotFound: 'Hackathon not found',
  notOrganizer: 'Only the organizer can fund the prize pool',
  notApproved: 'The prize pool can be funded once the hackathon is approved',
  resultsPublished: 'The results of this hackathon are published: its prize pool can no longer be funded',
  prizeAlreadyHeld: 'This hackathon’s prize pool has already been paid for',
  prizeBelowMinimum: (min: number) => `The minimum prize pool is ₹${min}`,
  wrongHackathon: 'This payment does not belong to this hackathon',
  prizeRefunded:
    'This hackathon could no longer take this prize pool (it was already funded, or its results or review came first), so this payment has been added to your wallet. You can withdraw it from My Wallet.',
  amountMismatch: (reward: number) =>
    `The amount must be the question's reward, ₹${reward}. Reload the page to see the current reward.`,
} as const;

export type WebhookOutcome =
  | 'paid'
  | 'duplicate'
  | 'ignored'
  | 'unknown_order'
  | 'amount_mismatch'
  | 'conflict';

function toPaidQuestion(q: QuestionRow): PaidQuestion {
  return { _id: q.id, title: q.title, isPaid: q.isPaid, paymentAmount: q.paymentAmount ?? 0 };
}

/** What the browser's checkout needs for a recorded order (question reward or prize pool alike). */
function checkoutOf(
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
function reusableOrder(
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

export function createPaymentsService(
  ctx: AppContext,
  provider: PaymentProvider = createPaymentProvider(ctx.config.payments),
) {
  /**
   * Records a captured provider payment against its order, exactly once. Verify and webhook both
   * land here; the question row lock serialises them, and the unique provider payment id and the
   * "one paid order per question" index are the last line of defence.
   */
  async function refundToWallet(
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

  /**
   * settle for a prize-pool order: the hackathon's row lock serialises verify, webhook, order
   * creation and publication; the pool is held once (markPrizeHeld is conditional too). A capture
   * the hackathon can no longer take (a second order paid, its results or a rejection came first,
   * an expired checkout) is the payer's: refunded to their wallet, on the ledger.
   */
  async function settlePrize(
    payment: repo.PaymentRow,
    providerPaymentId: string,
  ): Promise<{ outcome: 'paid' | 'duplicate'; hackathon: PaidHackathonPrize }> {
    const now = ctx.clock.now();
    const view = (h: PrizeTarget): PaidHackathonPrize => ({
      _id: h.id,
      title: h.title,
      prizeState: h.prizeState ?? 'none',
      prizeAmount: h.prizeAmount ?? 0,
    });
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
        return { outcome: 'duplicate', hackathon: view(h) };
      }
      return conflict('PAYMENT_ALREADY_USED', PAYMENT_MSG.paymentUsed);
    }
    if (result.outcome === 'refunded') conflict('PRIZE_PAYMENT_REFUNDED', PAYMENT_MSG.prizeRefunded);
    return { outcome: result.outcome as 'paid' | 'duplicate', hackathon: view(result.hackathon) };
  }

  async function settle(
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
          await refundToWallet(tx, current, question, 'Refund: a payment for an expired checkout');
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

  return {
    provider,

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
        const { hackathon } = await settlePrize(payment, body.razorpay_payment_id);
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
      const { question } = await settle(payment, body.razorpay_payment_id);
      return { question: toPaidQuestion(question) };
    },

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
            ? await settlePrize(payment, paymentId)
            : await settle(payment, paymentId);
        return outcome;
      } catch (err) {
        // A state conflict will not resolve by the provider retrying: acknowledge it.
        if (err instanceof AppError && err.status === 409) return 'conflict';
        throw err;
      }
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

export type PaymentsService = ReturnType<typeof createPaymentsService>;
