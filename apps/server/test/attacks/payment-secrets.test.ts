// The payments sandbox signed checkouts (whose signatures it hands to the browser) and verified
// webhooks with one secret, so a signature made for one was good for the other. Each now has its own.
import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { questions } from '../../src/db/schema/index.js';
import { askReward, makeQuestion } from '../../src/modules/wallet/money.fixtures.js';
import { RazorpayProvider, SandboxProvider } from '../../src/platform/payments.js';
import { buildTestApp, dbKind, expectErrorBody, signup, type TestApp, type TestUser } from '../helpers.js';

const sign = (secret: string, data: string) => createHmac('sha256', secret).update(data).digest('hex');

describe(`sandbox checkout and webhook secrets (${dbKind})`, () => {
  let t: TestApp;
  let author: TestUser;
  beforeAll(async () => {
    t = await buildTestApp();
    author = await signup(t.app);
  });
  afterAll(() => t.close());

  const post = (url: string, payload: object, headers: Record<string, string> = author.auth) =>
    t.app.inject({ method: 'POST', url, headers, payload });
  const webhook = (body: string, signature: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/payments/webhook',
      headers: { 'content-type': 'application/json', 'x-razorpay-signature': signature },
      payload: body,
    });
  const isPaid = async (id: string) =>
    (await t.database.db.select().from(questions).where(eq(questions.id, id)))[0]!.isPaid;

  it('uses two different secrets', () => {
    const { keySecret, webhookSecret } = t.config.payments;
    expect(keySecret.length).toBeGreaterThanOrEqual(32);
    expect(webhookSecret.length).toBeGreaterThanOrEqual(32);
    expect(webhookSecret).not.toBe(keySecret);
  });

  it('refuses a webhook signed with the checkout secret, and a checkout signed with the webhook secret', async () => {
    const { keySecret, webhookSecret } = t.config.payments;
    const q = await makeQuestion(t.database.db, author);
    await askReward(t.database.db, q.id, 25);
    const order = (await post('/api/payments/create-order', { questionId: q.id, amount: 25 })).json();
    const paid = (await post('/api/payments/sandbox/pay', { orderId: order.orderId })).json();
    expect(paid.razorpay_signature).toBe(sign(keySecret, `${order.orderId}|${paid.razorpay_payment_id}`));

    const event = JSON.stringify({
      entity: 'event',
      event: 'payment.captured',
      payload: {
        payment: {
          entity: {
            id: paid.razorpay_payment_id,
            order_id: order.orderId,
            amount: 2500,
            currency: 'INR',
            status: 'captured',
          },
        },
      },
    });
    const forgedHook = await webhook(event, sign(keySecret, event));
    expect(forgedHook.statusCode).toBe(400);
    expectErrorBody(forgedHook.json());
    const forgedCheckout = await post('/api/payments/verify', {
      ...paid,
      razorpay_signature: sign(webhookSecret, `${order.orderId}|${paid.razorpay_payment_id}`),
      questionId: q.id,
    });
    expect(forgedCheckout.statusCode).toBe(400);
    expect(forgedCheckout.json().code).toBe('PAYMENT_SIGNATURE_INVALID');
    expect(await isPaid(q.id)).toBe(false);

    // Each signed with its own secret is accepted.
    const hook = await webhook(event, sign(webhookSecret, event));
    expect(hook.statusCode).toBe(200);
    expect(hook.json()).toEqual({ status: 'paid' });
    expect(await isPaid(q.id)).toBe(true);
    expect((await post('/api/payments/verify', { ...paid, questionId: q.id })).statusCode).toBe(200);
  });

  it('no provider can be built with one secret for both', () => {
    expect(() => new SandboxProvider('rzp_test_sandbox', 'one-secret', 'one-secret')).toThrow(/differ/);
    expect(
      () => new RazorpayProvider('rzp_test_x', 'one-secret', 'one-secret', 'http://127.0.0.1:9'),
    ).toThrow(/differ/);
    const p = new SandboxProvider('rzp_test_sandbox', 'checkout-secret', 'webhook-secret');
    const body = Buffer.from('{"event":"payment.captured"}');
    expect(p.verifyWebhookSignature(body, sign('webhook-secret', body.toString()))).toBe(true);
    expect(p.verifyWebhookSignature(body, sign('checkout-secret', body.toString()))).toBe(false);
    expect(p.verifyPaymentSignature('order_A', 'pay_B', sign('checkout-secret', 'order_A|pay_B'))).toBe(true);
    expect(p.verifyPaymentSignature('order_A', 'pay_B', sign('webhook-secret', 'order_A|pay_B'))).toBe(false);
  });
});
