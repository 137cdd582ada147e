import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CHECKOUT_OPEN_MS, MSG, QUESTION_LIMITS, QUESTION_TEXT } from '@agora/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, expectErrorBody, signup, type TestApp, type TestUser } from '../../../test/helpers.js';
import { payments, questions } from '../../db/schema/index.js';
import { setMinReward } from '../settings/settings.service.js';
import { askReward, makeQuestion, moneyViolations, payThroughApi } from '../wallet/money.fixtures.js';
import { PAYMENT_MSG } from './payments.service.js';

const sign = (secret: string, data: string) => createHmac('sha256', secret).update(data).digest('hex');

async function paidRows(t: TestApp, questionId: string) {
  return t.database.db
    .select()
    .from(payments)
    .where(and(eq(payments.questionId, questionId), eq(payments.status, 'paid')));
}

async function questionRow(t: TestApp, id: string) {
  const [q] = await t.database.db.select().from(questions).where(eq(questions.id, id));
  return q!;
}

describe('sandbox provider', () => {
  let t: TestApp;
  let author: TestUser;
  let other: TestUser;
  const post = async (url: string, user: TestUser | null, payload: unknown) => {
    const p = payload as { questionId?: string; amount?: number };
    // Fixture questions have no reward yet: the first order names it (see askReward).
    if (
      url === '/api/payments/create-order' &&
      user &&
      p.questionId &&
      Number.isInteger(p.amount) &&
      p.amount! > 0 &&
      p.amount! <= QUESTION_LIMITS.rewardMaxRupees
    )
      await askReward(t.database.db, p.questionId, p.amount!, true);
    return t.app.inject({ method: 'POST', url, headers: user?.auth ?? {}, payload: payload as object });
  };
  const webhook = (body: string, signature: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/payments/webhook',
      headers: { 'content-type': 'application/json', 'x-razorpay-signature': signature },
      payload: body,
    });
  const capturedEvent = (orderId: string, paymentId: string, amount: number, event = 'payment.captured') =>
    JSON.stringify({
      entity: 'event',
      event,
      payload: {
        payment: {
          entity: { id: paymentId, order_id: orderId, amount, currency: 'INR', status: 'captured' },
        },
        ...(event === 'order.paid'
          ? { order: { entity: { id: orderId, amount_paid: amount, status: 'paid' } } }
          : {}),
      },
    });

  beforeAll(async () => {
    t = await buildTestApp();
    author = await signup(t.app, { name: 'Asha Author' });
    other = await signup(t.app, { name: 'Omar Other' });
  });
  afterAll(async () => {
    expect(await moneyViolations(t.database.db)).toEqual([]);
    await t.close();
  });

  describe('create-order', () => {
    it('creates an order in paise for the author of an unpaid question', async () => {
      const q = await makeQuestion(t.database.db, author);
      const res = await post('/api/payments/create-order', author, { questionId: q.id, amount: 25 });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({
        key: t.config.payments.keyId,
        amount: 2500,
        currency: 'INR',
        provider: 'sandbox',
      });
      expect(body.orderId).toMatch(/^order_[A-Za-z0-9]{14}$/);
      const [row] = await t.database.db.select().from(payments).where(eq(payments.orderId, body.orderId));
      expect(row).toMatchObject({
        questionId: q.id,
        userId: author.user.id,
        amount: 2500,
        status: 'created',
      });
    });

    it('requires sign-in, an existing question and its author', async () => {
      const q = await makeQuestion(t.database.db, author);
      expect(
        (await post('/api/payments/create-order', null, { questionId: q.id, amount: 25 })).statusCode,
      ).toBe(401);
      const missing = await post('/api/payments/create-order', author, {
        questionId: '00000000-0000-4000-8000-000000000000',
        amount: 25,
      });
      expect(missing.statusCode).toBe(404);
      // (a question with no reward is public: its author alone may pay it)
      const foreign = await t.app.inject({
        method: 'POST',
        url: '/api/payments/create-order',
        headers: other.auth,
        payload: { questionId: q.id, amount: 25 },
      });
      expect(foreign.statusCode).toBe(403);
      expect(foreign.json()).toMatchObject({ code: 'FORBIDDEN', error: PAYMENT_MSG.notAuthor });
      expectErrorBody(foreign.json());
    });

    it("answers 404 for someone else's unpaid question (it is not visible to them)", async () => {
      const q = await makeQuestion(t.database.db, author, { rewardAmount: 2500 });
      const foreign = await post('/api/payments/create-order', other, { questionId: q.id, amount: 25 });
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json()).toMatchObject({ code: 'NOT_FOUND', error: MSG.questionNotFound });
      // Its author still pays it.
      expect(
        (await post('/api/payments/create-order', author, { questionId: q.id, amount: 25 })).statusCode,
      ).toBe(200);
    });

    it("refuses an amount above the question form's maximum reward", async () => {
      const q = await makeQuestion(t.database.db, author);
      const max = QUESTION_LIMITS.rewardMaxRupees;
      const over = await post('/api/payments/create-order', author, { questionId: q.id, amount: max + 1 });
      expect(over.statusCode).toBe(400);
      expect(over.json()).toMatchObject({ code: 'VALIDATION' });
      expect(over.json().error).toContain(QUESTION_TEXT.rewardTooLarge);
      expect(
        (await post('/api/payments/create-order', author, { questionId: q.id, amount: max })).statusCode,
      ).toBe(200);
    });

    it('refuses an amount below the minimum reward, and fractions of a rupee', async () => {
      const q = await makeQuestion(t.database.db, author);
      await setMinReward(t.database.db, 50, t.clock.now());
      try {
        const low = await post('/api/payments/create-order', author, { questionId: q.id, amount: 49 });
        expect(low.statusCode).toBe(400);
        expect(low.json()).toMatchObject({ code: 'VALIDATION', error: PAYMENT_MSG.belowMinimum(50) });
        expect(
          (await post('/api/payments/create-order', author, { questionId: q.id, amount: 50 })).statusCode,
        ).toBe(200);
      } finally {
        await setMinReward(t.database.db, 10, t.clock.now());
      }
      for (const amount of [10.5, -10, 0, 'ten', null]) {
        const res = await post('/api/payments/create-order', author, { questionId: q.id, amount });
        expect(res.statusCode, String(amount)).toBe(400);
        expectErrorBody(res.json());
      }
    });

    it('refuses a question that is already paid with 409', async () => {
      const q = await makeQuestion(t.database.db, author);
      await payThroughApi(t.app, author, q.id, 10);
      const res = await post('/api/payments/create-order', author, { questionId: q.id, amount: 10 });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: 'QUESTION_ALREADY_PAID', error: PAYMENT_MSG.alreadyPaid });
    });
  });

  describe('sandbox checkout and verify', () => {
    it('signs exactly like the provider: HMAC-SHA256 of order_id|payment_id with the key secret', async () => {
      const q = await makeQuestion(t.database.db, author);
      const order = (
        await post('/api/payments/create-order', author, { questionId: q.id, amount: 30 })
      ).json();
      const res = await post('/api/payments/sandbox/pay', author, { orderId: order.orderId });
      expect(res.statusCode).toBe(200);
      const s = res.json();
      expect(s.razorpay_order_id).toBe(order.orderId);
      expect(s.razorpay_payment_id).toMatch(/^pay_[A-Za-z0-9]{14}$/);
      expect(s.razorpay_signature).toBe(
        sign(t.config.payments.keySecret, `${order.orderId}|${s.razorpay_payment_id}`),
      );
      // Someone else's order is not found.
      expect((await post('/api/payments/sandbox/pay', other, { orderId: order.orderId })).statusCode).toBe(
        404,
      );
    });

    it('marks the question paid with the order amount, and a repeated verify changes nothing', async () => {
      const q = await makeQuestion(t.database.db, author);
      const { signed, question } = await payThroughApi(t.app, author, q.id, 40);
      expect(question).toMatchObject({ _id: q.id, isPaid: true, paymentAmount: 4000 });
      const again = await post('/api/payments/verify', author, { ...signed, questionId: q.id });
      expect(again.statusCode).toBe(200);
      expect(again.json().question).toMatchObject({ isPaid: true, paymentAmount: 4000 });
      const rows = await paidRows(t, q.id);
      expect(rows).toHaveLength(1);
      expect(rows[0]!.providerPaymentId).toBe(signed.razorpay_payment_id);
      // The order is settled: the sandbox will not sign a second payment for it.
      const second = await post('/api/payments/sandbox/pay', author, { orderId: signed.razorpay_order_id });
      expect(second.statusCode).toBe(409);
    });

    it('refuses a forged or altered signature in constant-time comparison', async () => {
      const q = await makeQuestion(t.database.db, author);
      const order = (
        await post('/api/payments/create-order', author, { questionId: q.id, amount: 20 })
      ).json();
      const s = (await post('/api/payments/sandbox/pay', author, { orderId: order.orderId })).json();
      const forged = [
        { ...s, razorpay_signature: sign('not-the-secret', `${order.orderId}|${s.razorpay_payment_id}`) },
        { ...s, razorpay_payment_id: 'pay_AAAAAAAAAAAAAA' },
        { ...s, razorpay_signature: s.razorpay_signature.slice(0, -2) },
        { ...s, razorpay_signature: 'zz' },
      ];
      for (const body of forged) {
        const res = await post('/api/payments/verify', author, { ...body, questionId: q.id });
        expect(res.statusCode).toBe(400);
        expect(res.json().code).toBe('PAYMENT_SIGNATURE_INVALID');
      }
      expect((await questionRow(t, q.id)).isPaid).toBe(false);
    });

    it('never lets a payment for one question pay for another', async () => {
      const a = await makeQuestion(t.database.db, author);
      const b = await makeQuestion(t.database.db, author);
      const order = (
        await post('/api/payments/create-order', author, { questionId: a.id, amount: 15 })
      ).json();
      const s = (await post('/api/payments/sandbox/pay', author, { orderId: order.orderId })).json();
      const res = await post('/api/payments/verify', author, { ...s, questionId: b.id });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'PAYMENT_QUESTION_MISMATCH',
        error: PAYMENT_MSG.wrongQuestion,
      });
      expect((await questionRow(t, b.id)).isPaid).toBe(false);
      expect((await questionRow(t, a.id)).isPaid).toBe(false);
    });

    it("does not let another user verify someone's order", async () => {
      const q = await makeQuestion(t.database.db, author);
      const order = (
        await post('/api/payments/create-order', author, { questionId: q.id, amount: 15 })
      ).json();
      const s = (await post('/api/payments/sandbox/pay', author, { orderId: order.orderId })).json();
      expect((await post('/api/payments/verify', other, { ...s, questionId: q.id })).statusCode).toBe(404);
    });

    it('counts only the first of two paid orders of one question', async () => {
      const q = await makeQuestion(t.database.db, author);
      const o1 = (await post('/api/payments/create-order', author, { questionId: q.id, amount: 10 })).json();
      const s1 = (await post('/api/payments/sandbox/pay', author, { orderId: o1.orderId })).json();
      expect((await post('/api/payments/verify', author, { ...s1, questionId: q.id })).statusCode).toBe(200);
      // A second order of one question can no longer be made through create-order (one open order
      // per question, of its reward); one paid at the provider all the same is written directly.
      const o2 = { orderId: `order_Legacy${Date.now()}` };
      await t.database.db.insert(payments).values({
        questionId: q.id,
        userId: author.user.id,
        provider: 'sandbox',
        orderId: o2.orderId,
        amount: 9900,
        status: 'created',
      });
      const s2 = (await post('/api/payments/sandbox/pay', author, { orderId: o2.orderId })).json();
      const second = await post('/api/payments/verify', author, { ...s2, questionId: q.id });
      expect(second.statusCode).toBe(409);
      expect(second.json().code).toBe('QUESTION_ALREADY_PAID');
      expect(second.json().error).toBe(PAYMENT_MSG.duplicateRefunded);
      expect((await questionRow(t, q.id)).paymentAmount).toBe(1000);
      // The extra capture is never counted for the question: it goes to the payer's wallet, once.
      const [extra] = await t.database.db.select().from(payments).where(eq(payments.orderId, o2.orderId));
      expect(extra).toMatchObject({ status: 'refunded', providerPaymentId: s2.razorpay_payment_id });
      const again = await post('/api/payments/verify', author, { ...s2, questionId: q.id });
      expect(again.statusCode).toBe(409);
      const wallet = (await t.app.inject({ url: '/api/wallet', headers: author.auth })).json();
      expect(wallet.balance).toBe(9900); // paise
      const history = (await t.app.inject({ url: '/api/wallet/transactions', headers: author.auth })).json();
      const refunds = (Array.isArray(history) ? history : history.transactions).filter(
        (x: { description: string }) => x.description.startsWith('Refund'),
      );
      expect(refunds).toHaveLength(1);
      expect(await moneyViolations(t.database.db)).toEqual([]);
    });

    it('hands out the same open order again: paying from two windows pays one order', async () => {
      const q = await makeQuestion(t.database.db, author);
      const first = (
        await post('/api/payments/create-order', author, { questionId: q.id, amount: 25 })
      ).json();
      const again = (
        await post('/api/payments/create-order', author, { questionId: q.id, amount: 25 })
      ).json();
      expect(again.orderId).toBe(first.orderId);
      // Another amount is refused: the order is always the question's reward.
      const changed = await t.app.inject({
        method: 'POST',
        url: '/api/payments/create-order',
        headers: author.auth,
        payload: { questionId: q.id, amount: 30 },
      });
      expect(changed.statusCode).toBe(400);
      expect(changed.json()).toMatchObject({ code: 'VALIDATION', error: PAYMENT_MSG.amountMismatch(25) });
    });

    it('settles once when the same verify races itself', async () => {
      const q = await makeQuestion(t.database.db, author);
      const order = (
        await post('/api/payments/create-order', author, { questionId: q.id, amount: 12 })
      ).json();
      const s = (await post('/api/payments/sandbox/pay', author, { orderId: order.orderId })).json();
      const results = await Promise.all(
        Array.from({ length: 12 }, () => post('/api/payments/verify', author, { ...s, questionId: q.id })),
      );
      expect(results.map((r) => r.statusCode)).toEqual(Array(12).fill(200));
      expect(await paidRows(t, q.id)).toHaveLength(1);
      expect((await questionRow(t, q.id)).paymentAmount).toBe(1200);
    });
  });

  describe('one open order per question', () => {
    const openOrders = (questionId: string) =>
      t.database.db
        .select()
        .from(payments)
        .where(and(eq(payments.questionId, questionId), eq(payments.status, 'created')));
    // A payer per test: create-order is rate-limited per user.
    let payer: TestUser;
    beforeEach(async () => {
      payer = await signup(t.app, { name: 'Pia Payer' });
    });
    const createOrder = (app: TestApp['app'], questionId: string, amount: number) =>
      app.inject({
        method: 'POST',
        url: '/api/payments/create-order',
        headers: payer.auth,
        payload: { questionId, amount },
      });
    const balance = async () =>
      (await t.app.inject({ url: '/api/wallet', headers: payer.auth })).json().balance as number;

    it('answers 20 parallel create-order calls with one order (a double-click pays once)', async () => {
      const q = await makeQuestion(t.database.db, payer);
      await askReward(t.database.db, q.id, 40);
      const answers = await Promise.all(Array.from({ length: 20 }, () => createOrder(t.app, q.id, 40)));
      const open = await openOrders(q.id);
      expect(open).toHaveLength(1);
      for (const res of answers) {
        if (res.statusCode === 409) {
          expect(res.json()).toMatchObject({ code: 'ORDER_IN_PROGRESS', error: PAYMENT_MSG.orderInProgress });
          expectErrorBody(res.json());
        } else {
          expect(res.statusCode, res.body).toBe(200);
          expect(res.json()).toMatchObject({ orderId: open[0]!.orderId, amount: 4000 });
        }
      }
      expect(answers.filter((r) => r.statusCode === 200).length).toBeGreaterThan(0);
      // Only that order is recorded at all, and it is the one that pays the question.
      const all = await t.database.db.select().from(payments).where(eq(payments.questionId, q.id));
      expect(all).toHaveLength(1);
      const s = (await post('/api/payments/sandbox/pay', payer, { orderId: open[0]!.orderId })).json();
      expect((await post('/api/payments/verify', payer, { ...s, questionId: q.id })).statusCode).toBe(200);
      expect(await moneyViolations(t.database.db)).toEqual([]);
    });

    it('holds across two instances on one database', async () => {
      const second = await buildTestApp({ database: t.database });
      try {
        const q = await makeQuestion(t.database.db, payer);
        await askReward(t.database.db, q.id, 41);
        const answers = await Promise.all(
          Array.from({ length: 20 }, (_, i) => createOrder(i % 2 ? second.app : t.app, q.id, 41)),
        );
        const open = await openOrders(q.id);
        expect(open).toHaveLength(1);
        for (const res of answers) {
          if (res.statusCode !== 409) expect(res.json().orderId).toBe(open[0]!.orderId);
        }
      } finally {
        await second.close();
      }
    });

    it('is enforced by the database: a second open order of one question is refused', async () => {
      const q = await makeQuestion(t.database.db, payer);
      const order = (
        await post('/api/payments/create-order', payer, { questionId: q.id, amount: 15 })
      ).json();
      await expect(
        t.database.db.insert(payments).values({
          questionId: q.id,
          userId: payer.user.id,
          provider: 'sandbox',
          orderId: `order_Second${Date.now()}`,
          amount: 1500,
          status: 'created',
        }),
      ).rejects.toThrow();
      expect((await openOrders(q.id)).map((o) => o.orderId)).toEqual([order.orderId]);
    });

    it('replaces an order past its checkout window; a late capture of the old one is refunded', async () => {
      const q = await makeQuestion(t.database.db, payer);
      const old = (await post('/api/payments/create-order', payer, { questionId: q.id, amount: 33 })).json();
      const oldSigned = (await post('/api/payments/sandbox/pay', payer, { orderId: old.orderId })).json();
      // Within the window the order is handed out again; once past it, a new one replaces it.
      expect((await createOrder(t.app, q.id, 33)).json().orderId).toBe(old.orderId);
      await t.database.db
        .update(payments)
        .set({ createdAt: new Date(t.clock.now().getTime() - CHECKOUT_OPEN_MS - 1000) })
        .where(eq(payments.orderId, old.orderId));
      const fresh = await createOrder(t.app, q.id, 33);
      expect(fresh.statusCode).toBe(200);
      expect(fresh.json().orderId).not.toBe(old.orderId);
      expect((await openOrders(q.id)).map((o) => o.orderId)).toEqual([fresh.json().orderId]);
      const [cancelled] = await t.database.db
        .select()
        .from(payments)
        .where(eq(payments.orderId, old.orderId));
      expect(cancelled).toMatchObject({ status: 'cancelled', questionId: q.id });

      // The old checkout is paid after all: the money goes to the payer's wallet, the question
      // stays unpaid, and a retry changes nothing.
      const before = await balance();
      const late = await post('/api/payments/verify', payer, { ...oldSigned, questionId: q.id });
      expect(late.statusCode).toBe(409);
      expect(late.json()).toMatchObject({ code: 'ORDER_EXPIRED', error: PAYMENT_MSG.expiredRefunded });
      expect(await balance()).toBe(before + 3300);
      expect((await questionRow(t, q.id)).isPaid).toBe(false);
      const retry = await post('/api/payments/verify', payer, { ...oldSigned, questionId: q.id });
      expect(retry.json()).toMatchObject({ code: 'ORDER_EXPIRED' });
      expect(await balance()).toBe(before + 3300);
      const [refunded] = await t.database.db.select().from(payments).where(eq(payments.orderId, old.orderId));
      expect(refunded).toMatchObject({
        status: 'refunded',
        providerPaymentId: oldSigned.razorpay_payment_id,
      });

      // The new order pays the question.
      const s = (await post('/api/payments/sandbox/pay', payer, { orderId: fresh.json().orderId })).json();
      const paid = await post('/api/payments/verify', payer, { ...s, questionId: q.id });
      expect(paid.statusCode).toBe(200);
      expect((await questionRow(t, q.id)).paymentAmount).toBe(3300);
      expect(await moneyViolations(t.database.db)).toEqual([]);
    });

    it('replaces an open order of an older reward with one of the current reward', async () => {
      const q = await makeQuestion(t.database.db, payer);
      const first = (
        await post('/api/payments/create-order', payer, { questionId: q.id, amount: 20 })
      ).json();
      // The author changed the reward before paying (the question form saves it).
      await askReward(t.database.db, q.id, 22, true);
      const second = await createOrder(t.app, q.id, 22);
      expect(second.statusCode).toBe(200);
      expect(second.json()).toMatchObject({ amount: 2200 });
      expect(second.json().orderId).not.toBe(first.orderId);
      expect((await openOrders(q.id)).map((o) => o.orderId)).toEqual([second.json().orderId]);
    });
  });

  describe('webhook', () => {
    const hook = () => t.config.payments.webhookSecret;

    it('marks the order paid when the browser never came back, and a later verify is idempotent', async () => {
      const q = await makeQuestion(t.database.db, author);
      const order = (
        await post('/api/payments/create-order', author, { questionId: q.id, amount: 18 })
      ).json();
      const s = (await post('/api/payments/sandbox/pay', author, { orderId: order.orderId })).json();
      const body = capturedEvent(order.orderId, s.razorpay_payment_id, 1800);
      const res = await webhook(body, sign(hook(), body));
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: 'paid' });
      expect(await questionRow(t, q.id)).toMatchObject({ isPaid: true, paymentAmount: 1800 });
      // The provider retries, the browser comes back late: nothing is counted twice.
      expect((await webhook(body, sign(hook(), body))).json()).toEqual({ status: 'duplicate' });
      const late = await post('/api/payments/verify', author, { ...s, questionId: q.id });
      expect(late.statusCode).toBe(200);
      expect(await paidRows(t, q.id)).toHaveLength(1);
    });

    it('accepts order.paid too', async () => {
      const q = await makeQuestion(t.database.db, author);
      const order = (
        await post('/api/payments/create-order', author, { questionId: q.id, amount: 11 })
      ).json();
      const body = capturedEvent(order.orderId, 'pay_WebhookOnly0001', 1100, 'order.paid');
      expect((await webhook(body, sign(hook(), body))).json()).toEqual({ status: 'paid' });
      expect((await questionRow(t, q.id)).isPaid).toBe(true);
    });

    it('refuses a missing or wrong signature, computed over the exact raw bytes', async () => {
      const q = await makeQuestion(t.database.db, author);
      const order = (
        await post('/api/payments/create-order', author, { questionId: q.id, amount: 11 })
      ).json();
      const body = capturedEvent(order.orderId, 'pay_WebhookForged01', 1100);
      const noSig = await t.app.inject({
        method: 'POST',
        url: '/api/payments/webhook',
        headers: { 'content-type': 'application/json' },
        payload: body,
      });
      expect(noSig.statusCode).toBe(400);
      expectErrorBody(noSig.json());
      expect((await webhook(body, sign('wrong-secret', body))).statusCode).toBe(400);
      // Same JSON, different bytes (re-serialised with spaces): the signature no longer matches.
      const reformatted = JSON.stringify(JSON.parse(body), null, 1);
      expect((await webhook(reformatted, sign(hook(), body))).statusCode).toBe(400);
      expect((await questionRow(t, q.id)).isPaid).toBe(false);
    });

    it('ignores other events, unknown orders and wrong amounts without marking anything paid', async () => {
      const q = await makeQuestion(t.database.db, author);
      const order = (
        await post('/api/payments/create-order', author, { questionId: q.id, amount: 11 })
      ).json();
      const failed = JSON.stringify({
        event: 'payment.failed',
        payload: {
          payment: { entity: { id: 'pay_X', order_id: order.orderId, amount: 1100, status: 'failed' } },
        },
      });
      expect((await webhook(failed, sign(hook(), failed))).json()).toEqual({ status: 'ignored' });
      const unknown = capturedEvent('order_UnknownOrder00', 'pay_UnknownOrder00', 1100);
      expect((await webhook(unknown, sign(hook(), unknown))).json()).toEqual({ status: 'unknown_order' });
      const wrongAmount = capturedEvent(order.orderId, 'pay_WrongAmount0001', 100);
      expect((await webhook(wrongAmount, sign(hook(), wrongAmount))).json()).toEqual({
        status: 'amount_mismatch',
      });
      expect((await questionRow(t, q.id)).isPaid).toBe(false);
    });

    it('settles once when the webhook and the browser race', async () => {
      const q = await makeQuestion(t.database.db, author);
      const order = (
        await post('/api/payments/create-order', author, { questionId: q.id, amount: 21 })
      ).json();
      const s = (await post('/api/payments/sandbox/pay', author, { orderId: order.orderId })).json();
      const body = capturedEvent(order.orderId, s.razorpay_payment_id, 2100);
      const results = await Promise.all([
        ...Array.from({ length: 5 }, () => webhook(body, sign(hook(), body))),
        ...Array.from({ length: 5 }, () => post('/api/payments/verify', author, { ...s, questionId: q.id })),
      ]);
      expect(results.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
      const statuses = results.slice(0, 5).map((r) => r.json().status);
      expect(statuses.every((x) => x === 'paid' || x === 'duplicate')).toBe(true);
      expect(await paidRows(t, q.id)).toHaveLength(1);
    });
  });
});

/** A local server speaking the slice of the Razorpay Orders API we use. */
function startRazorpayStub() {
  const requests: { method: string; url: string; auth: string; body: Record<string, unknown> }[] = [];
  let mode: 'ok' | 'fail500' | 'fail400' | 'garbage' = 'ok';
  let n = 0;
  const server: Server = createServer((req: IncomingMessage, res) => {
    let raw = '';
    req.on('data', (c) => {
      raw += c;
    });
    req.on('end', () => {
      const body = raw ? JSON.parse(raw) : {};
      requests.push({ method: req.method!, url: req.url!, auth: String(req.headers.authorization), body });
      res.setHeader('content-type', 'application/json');
      if (mode === 'fail500') {
        res.statusCode = 500;
        return res.end(
          JSON.stringify({ error: { code: 'SERVER_ERROR', description: 'internal secret detail' } }),
        );
      }
      if (mode === 'fail400') {
        res.statusCode = 400;
        return res.end(
          JSON.stringify({
            error: { code: 'BAD_REQUEST_ERROR', description: 'Order amount exceeds maximum amount allowed.' },
          }),
        );
      }
      if (mode === 'garbage') return res.end('{"id": 42}');
      n++;
      res.end(
        JSON.stringify({
          id: `order_Stub${String(n).padStart(10, '0')}`,
          entity: 'order',
          amount: body.amount,
          amount_paid: 0,
          currency: body.currency,
          receipt: body.receipt,
          status: 'created',
          notes: body.notes,
        }),
      );
    });
  });
  return {
    requests,
    setMode: (m: typeof mode) => {
      mode = m;
    },
    listen: () =>
      new Promise<string>((resolve) =>
        server.listen(0, '127.0.0.1', () =>
          resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`),
        ),
      ),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('razorpay provider against a local stub of its API', () => {
  const KEY_ID = 'rzp_test_StubKey0001';
  const KEY_SECRET = 'stub-key-secret-0123456789';
  const WEBHOOK_SECRET = 'stub-webhook-secret-0123456789';
  const stub = startRazorpayStub();
  let t: TestApp;
  let author: TestUser;

  beforeAll(async () => {
    const base = await stub.listen();
    t = await buildTestApp({
      env: {
        PAYMENTS_PROVIDER: 'razorpay',
        RAZORPAY_KEY_ID: KEY_ID,
        RAZORPAY_KEY_SECRET: KEY_SECRET,
        RAZORPAY_WEBHOOK_SECRET: WEBHOOK_SECRET,
        RAZORPAY_API_BASE: base,
      },
    });
    author = await signup(t.app);
  });
  afterAll(async () => {
    expect(await moneyViolations(t.database.db)).toEqual([]);
    await t.close();
    await stub.close();
  });

  it('creates the order over REST with Basic auth, the amount in paise and a receipt tied to the question', async () => {
    stub.setMode('ok');
    const q = await makeQuestion(t.database.db, author, { rewardAmount: 7500 });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payments/create-order',
      headers: author.auth,
      payload: { questionId: q.id, amount: 75 },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ key: KEY_ID, amount: 7500, currency: 'INR', provider: 'razorpay' });
    const call = stub.requests.at(-1)!;
    expect(call.method).toBe('POST');
    expect(call.url).toBe('/v1/orders');
    expect(call.auth).toBe(`Basic ${Buffer.from(`${KEY_ID}:${KEY_SECRET}`).toString('base64')}`);
    expect(call.body).toMatchObject({
      amount: 7500,
      currency: 'INR',
      receipt: `q_${q.id}`,
      notes: { questionId: q.id },
    });
    expect(String(call.body.receipt).length).toBeLessThanOrEqual(40);
    expect(res.json().orderId).toMatch(/^order_Stub/);

    // The checkout's handler response, signed by "Razorpay" with the key secret.
    const paymentId = 'pay_RealCheckout01';
    const verify = await t.app.inject({
      method: 'POST',
      url: '/api/payments/verify',
      headers: author.auth,
      payload: {
        razorpay_order_id: res.json().orderId,
        razorpay_payment_id: paymentId,
        razorpay_signature: sign(KEY_SECRET, `${res.json().orderId}|${paymentId}`),
        questionId: q.id,
      },
    });
    expect(verify.statusCode).toBe(200);
    expect(verify.json().question).toMatchObject({ isPaid: true, paymentAmount: 7500 });
  });

  it('has no sandbox checkout', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payments/sandbox/pay',
      headers: author.auth,
      payload: { orderId: 'order_Stub0000000001' },
    });
    expect(res.statusCode).toBe(404);
  });

  it('marks an order paid from a webhook signed with the webhook secret', async () => {
    stub.setMode('ok');
    const q = await makeQuestion(t.database.db, author, { rewardAmount: 1000 });
    const order = (
      await t.app.inject({
        method: 'POST',
        url: '/api/payments/create-order',
        headers: author.auth,
        payload: { questionId: q.id, amount: 10 },
      })
    ).json();
    const body = JSON.stringify({
      event: 'payment.captured',
      payload: {
        payment: {
          entity: {
            id: 'pay_HookOnly000001',
            order_id: order.orderId,
            amount: 1000,
            currency: 'INR',
            status: 'captured',
          },
        },
      },
    });
    const keySigned = await t.app.inject({
      method: 'POST',
      url: '/api/payments/webhook',
      headers: { 'content-type': 'application/json', 'x-razorpay-signature': sign(KEY_SECRET, body) },
      payload: body,
    });
    expect(keySigned.statusCode).toBe(400);
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/payments/webhook',
      headers: { 'content-type': 'application/json', 'x-razorpay-signature': sign(WEBHOOK_SECRET, body) },
      payload: body,
    });
    expect(ok.json()).toEqual({ status: 'paid' });
    expect((await questionRow(t, q.id)).isPaid).toBe(true);
  });

  it('answers 502 with a CONTRACT body when the provider fails, without recording an order', async () => {
    const q = await makeQuestion(t.database.db, author, { rewardAmount: 1000 });
    const create = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/payments/create-order',
        headers: author.auth,
        payload: { questionId: q.id, amount: 10 },
      });
    stub.setMode('fail500');
    const outage = await create();
    expect(outage.statusCode).toBe(502);
    expectErrorBody(outage.json());
    expect(outage.body).not.toContain('internal secret detail');
    stub.setMode('fail400');
    const refused = await create();
    expect(refused.statusCode).toBe(502);
    expect(refused.json().error).toBe('Order amount exceeds maximum amount allowed.');
    stub.setMode('garbage');
    expect((await create()).statusCode).toBe(502);
    const rows = await t.database.db.select().from(payments).where(eq(payments.questionId, q.id));
    expect(rows).toHaveLength(0);
    stub.setMode('ok');
  });
});

describe('razorpay provider with its API unreachable', () => {
  it('answers 502', async () => {
    const t = await buildTestApp({
      env: {
        PAYMENTS_PROVIDER: 'razorpay',
        RAZORPAY_KEY_ID: 'rzp_test_x',
        RAZORPAY_KEY_SECRET: 'secret-x',
        RAZORPAY_WEBHOOK_SECRET: 'webhook-x',
        RAZORPAY_API_BASE: 'http://127.0.0.1:9',
      },
    });
    try {
      const author = await signup(t.app);
      const q = await makeQuestion(t.database.db, author, { rewardAmount: 1000 });
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/payments/create-order',
        headers: author.auth,
        payload: { questionId: q.id, amount: 10 },
      });
      expect(res.statusCode).toBe(502);
      expect(res.json().code).toBe('PAYMENT_PROVIDER_UNAVAILABLE');
    } finally {
      await t.close();
    }
  });
});
