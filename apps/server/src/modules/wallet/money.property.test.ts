// Randomised concurrency test of the money rules: hundreds of verify / webhook / distribute /
// withdraw / complete / fail / escrow-deadline operations fired in parallel (duplicates and races
// included) against the real app, half through app.inject and half over real HTTP, then the
// invariants are checked against the database and against a model built from the responses.
import { createHmac } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { inArray, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { CHECKOUT_OPEN_MS } from '@agora/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, makeAdmin, signup, type TestApp, type TestUser } from '../../../test/helpers.js';
import type { SessionUser } from '../../context.js';
import { payments, questions } from '../../db/schema/index.js';
import { escrowTasks } from './escrow.tasks.js';
import { makeAnswer, makeQuestion, moneyViolations, payThroughApi } from './money.fixtures.js';
import { createWalletService } from './wallet.service.js';
import { rowsOf } from '../../db/prepared.js';

// biome-ignore lint/suspicious/noExplicitAny: response bodies of many shapes, checked field by field
type Json = Record<string, any>;

const N_QUESTIONS = 5;
const N_ANSWERERS = 4;
const OPS_PER_RUN = 160;
const RUNS = 4;

interface World {
  questions: {
    id: string;
    author: TestUser;
    orders: { orderId: string; amount: number; signed: Record<string, string> }[];
    answers: { id: string; answererId: string }[];
  }[];
}

type Op =
  | { kind: 'verify'; q: number; order: number; http: boolean }
  | { kind: 'webhook'; q: number; order: number; http: boolean }
  | { kind: 'crossVerify'; q: number; other: number; http: boolean }
  | { kind: 'distribute'; q: number; pick: number[]; weights: number[]; http: boolean }
  | { kind: 'withdraw'; user: number; amount: number; key: number | null; http: boolean }
  | { kind: 'settle'; target: number; decision: 'complete' | 'fail' }
  | { kind: 'expire' };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('verify' as const),
      q: fc.nat(N_QUESTIONS - 1),
      order: fc.nat(1),
      http: fc.boolean(),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('webhook' as const),
      q: fc.nat(N_QUESTIONS - 1),
      order: fc.nat(1),
      http: fc.boolean(),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('crossVerify' as const),
      q: fc.nat(N_QUESTIONS - 1),
      other: fc.integer({ min: 1, max: N_QUESTIONS - 1 }),
      http: fc.boolean(),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('distribute' as const),
      q: fc.nat(N_QUESTIONS - 1),
      pick: fc.uniqueArray(fc.nat(N_ANSWERERS - 1), { minLength: 1, maxLength: N_ANSWERERS }),
      weights: fc.array(fc.integer({ min: 1, max: 9 }), { minLength: N_ANSWERERS, maxLength: N_ANSWERERS }),
      http: fc.boolean(),
    }),
  },
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant('withdraw' as const),
      user: fc.nat(N_ANSWERERS - 1),
      amount: fc.oneof(fc.integer({ min: 1, max: 3000 }), fc.constantFrom(0, -1, 10_000_000)),
      key: fc.option(fc.nat(5), { nil: null }),
      http: fc.boolean(),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('settle' as const),
      target: fc.nat(OPS_PER_RUN - 1),
      decision: fc.constantFrom('complete' as const, 'fail' as const),
    }),
  },
  // The escrow deadline task, run by a second instance whose clock is past every deadline: it races
  // the author's own distribution and the payment confirmations of the same questions.
  { weight: 1, arbitrary: fc.constant({ kind: 'expire' as const }) },
);

const settleDue = escrowTasks.find((x) => x.name === 'escrow.settle-due')!.handler;

/** Percentages from weights: whole numbers summing to exactly 100. */
function percentages(weights: number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  // Each weight is ≥ 1 of at most 36, so every floor is ≥ 2 and the remainder is ≥ 0.
  const out = weights.map((w) => Math.floor((w * 100) / sum));
  out[0]! += 100 - out.reduce((a, b) => a + b, 0);
  return out;
}

describe('money under concurrency (property)', () => {
  let t: TestApp;
  /** Another instance on the same database, its clock past every escrow deadline. */
  let later: TestApp;
  let base: string;
  let author: TestUser;
  let answerers: TestUser[];
  let admin: SessionUser;
  let run = 0;

  beforeAll(async () => {
    t = await buildTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    author = await signup(t.app, { name: 'Property Author' });
    answerers = [];
    for (let i = 0; i < N_ANSWERERS; i++) {
      const u = await signup(t.app, { name: `Property Answerer ${i}` });
      await t.app.inject({
        method: 'PUT',
        url: '/api/wallet/bank-details',
        headers: u.auth,
        payload: { upiId: `answerer${i}@okbank` },
      });
      answerers.push(u);
    }
    // Seed money: every answerer starts with ₹20 from one distributed question.
    const q = await makeQuestion(t.database.db, author);
    await payThroughApi(t.app, author, q.id, 20 * N_ANSWERERS);
    const rewards = [];
    for (const u of answerers) {
      const a = await makeAnswer(t.database.db, q.id, u);
      rewards.push({ answerId: a.id, answererId: u.user.id, percentage: 100 / N_ANSWERERS });
    }
    const seeded = await t.app.inject({
      method: 'POST',
      url: '/api/rewards/distribute',
      headers: author.auth,
      payload: { questionId: q.id, rewards },
    });
    expect(seeded.statusCode).toBe(200);
    later = await buildTestApp({ database: t.database });
    const a = await signup(t.app, { name: 'Property Admin' });
    await makeAdmin(t, a);
    admin = {
      id: a.user.id,
      sessionId: 'x',
      email: a.user.email,
      name: 'Property Admin',
      displayName: 'Property Admin',
      role: 'admin',
    };
  });
  afterAll(async () => {
    await later?.close();
    await t.close();
  });

  /** Runs the escrow deadline task on the later instance (one minute past every deadline so far). */
  function expire() {
    later.clock.set(new Date(t.clock.now().getTime() + t.config.rewardDeadlineMs + 60_000));
    return settleDue(later.app.ctx);
  }

  async function call(
    http: boolean,
    method: 'POST' | 'GET',
    url: string,
    user: TestUser | null,
    body?: unknown,
    headers: Record<string, string> = {},
  ) {
    const h: Record<string, string> = { ...(user?.auth ?? {}), ...headers };
    const raw = typeof body === 'string';
    if (http) {
      const res = await fetch(base + url, {
        method,
        headers: body === undefined ? h : { 'content-type': 'application/json', ...h },
        body: body === undefined ? undefined : raw ? body : JSON.stringify(body),
      });
      return { status: res.status, json: (await res.json()) as Json };
    }
    const res = await t.app.inject({
      method,
      url,
      headers: body === undefined ? h : { 'content-type': 'application/json', ...h },
      ...(body === undefined ? {} : { payload: raw ? body : JSON.stringify(body) }),
    });
    return { status: res.statusCode, json: res.json() as Json };
  }

  /**
   * Fresh questions for one run, each with two competing orders: the one create-order makes (always
   * the question's reward, which create-order requires) and an abandoned one of another amount that it replaced — a
   * checkout paid at the provider after all — whose capture must be refunded.
   */
  async function makeWorld(): Promise<World> {
    const questions: World['questions'] = [];
    // A fresh author per run keeps create-order within its per-user rate limit.
    const author = await signup(t.app, { name: `Property Author ${run}` });
    for (let i = 0; i < N_QUESTIONS; i++) {
      const reward = 10 + ((i * 7 + run) % 40);
      const q = await makeQuestion(t.database.db, author, {
        title: `Run ${run} question ${i}`,
        rewardAmount: reward * 100,
      });
      // The abandoned checkout first: an order of another amount (an earlier reward), opened
      // before the checkout window, signed at the provider, then replaced by create-order's order
      // (cancelled: one open order per question). Its capture, whenever it lands, is refunded.
      const staleAmount = reward + 1 + ((i * 3 + run) % 20);
      const staleId = `order_Prop${run}q${i}${Date.now()}`;
      await t.database.db.insert(payments).values({
        questionId: q.id,
        userId: author.user.id,
        provider: 'sandbox',
        orderId: staleId,
        amount: staleAmount * 100,
        status: 'created',
        createdAt: new Date(t.clock.now().getTime() - CHECKOUT_OPEN_MS - 60_000),
      });
      const staleSigned = await call(false, 'POST', '/api/payments/sandbox/pay', author, {
        orderId: staleId,
      });
      expect(staleSigned.status).toBe(200);
      const order = await call(false, 'POST', '/api/payments/create-order', author, {
        questionId: q.id,
        amount: reward,
      });
      expect(order.status).toBe(200);
      expect(order.json.orderId).not.toBe(staleId);
      const signed = await call(false, 'POST', '/api/payments/sandbox/pay', author, {
        orderId: order.json.orderId,
      });
      expect(signed.status).toBe(200);
      const orders = [
        {
          orderId: order.json.orderId as string,
          amount: reward * 100,
          signed: signed.json as Record<string, string>,
        },
        { orderId: staleId, amount: staleAmount * 100, signed: staleSigned.json as Record<string, string> },
      ];
      const answers = [];
      for (const u of answerers)
        answers.push({ id: (await makeAnswer(t.database.db, q.id, u)).id, answererId: u.user.id });
      questions.push({ id: q.id, author, orders, answers });
    }
    return { questions };
  }

  it('keeps every invariant whatever runs at the same time', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: OPS_PER_RUN, maxLength: OPS_PER_RUN }), async (ops) => {
        run++;
        const world = await makeWorld();
        const before = await Promise.all(answerers.map((u) => call(false, 'GET', '/api/wallet', u)));
        const wallet = createWalletService(t.app.ctx);
        const results: Promise<{ op: Op; status: number; json: Json }>[] = [];
        const withdrawOps = ops.flatMap((o, j) => (o.kind === 'withdraw' ? [j] : []));

        ops.forEach((op, i) => {
          const p = (async () => {
            // Spread the start a little so that requests interleave with each other's transactions.
            await new Promise((r) => setTimeout(r, i % 7));
            switch (op.kind) {
              case 'verify': {
                const q = world.questions[op.q]!;
                const o = q.orders[op.order]!;
                return {
                  op,
                  ...(await call(op.http, 'POST', '/api/payments/verify', q.author, {
                    ...o.signed,
                    questionId: q.id,
                  })),
                };
              }
              case 'webhook': {
                const o = world.questions[op.q]!.orders[op.order]!;
                const body = JSON.stringify({
                  event: 'payment.captured',
                  payload: {
                    payment: {
                      entity: {
                        id: o.signed.razorpay_payment_id,
                        order_id: o.orderId,
                        amount: o.amount,
                        currency: 'INR',
                        status: 'captured',
                      },
                    },
                  },
                });
                const sig = createHmac('sha256', t.config.payments.webhookSecret).update(body).digest('hex');
                return {
                  op,
                  ...(await call(op.http, 'POST', '/api/payments/webhook', null, body, {
                    'x-razorpay-signature': sig,
                  })),
                };
              }
              case 'crossVerify': {
                const q = world.questions[op.q]!;
                const other = world.questions[(op.q + op.other) % N_QUESTIONS]!;
                return {
                  op,
                  ...(await call(op.http, 'POST', '/api/payments/verify', q.author, {
                    ...q.orders[0]!.signed,
                    questionId: other.id,
                  })),
                };
              }
              case 'distribute': {
                const q = world.questions[op.q]!;
                const pcts = percentages(op.pick.map((k) => op.weights[k]!));
                const rewards = op.pick.map((k, j) => ({
                  answerId: q.answers[k]!.id,
                  answererId: q.answers[k]!.answererId,
                  percentage: pcts[j]!,
                }));
                return {
                  op,
                  ...(await call(op.http, 'POST', '/api/rewards/distribute', q.author, {
                    questionId: q.id,
                    rewards,
                  })),
                };
              }
              case 'withdraw': {
                const body = {
                  amount: op.amount,
                  ...(op.key === null ? {} : { requestId: `run${run}-user${op.user}-key${op.key}` }),
                };
                return {
                  op,
                  ...(await call(op.http, 'POST', '/api/withdrawals/request', answerers[op.user]!, body)),
                };
              }
              case 'settle': {
                // Settle whatever withdrawal an earlier operation produced (if any), racing the rest.
                const earlier = withdrawOps.filter((j) => j < i);
                const target = earlier.length
                  ? await results[earlier[op.target % earlier.length]!]
                  : undefined;
                const id =
                  target?.op.kind === 'withdraw' && target.status < 300
                    ? (target.json.withdrawal._id as string)
                    : null;
                if (!id) return { op, status: 204, json: {} };
                try {
                  const w =
                    op.decision === 'complete'
                      ? await wallet.completeWithdrawal(admin, id, `UTR-${i}`)
                      : await wallet.failWithdrawal(admin, id, 'Bounced');
                  return { op, status: 200, json: { withdrawal: w } };
                } catch (err) {
                  return {
                    op,
                    status: (err as { status?: number }).status ?? 500,
                    json: { error: String(err) },
                  };
                }
              }
              case 'expire': {
                try {
                  await expire();
                  return { op, status: 200, json: {} };
                } catch (err) {
                  return { op, status: 500, json: { error: String(err) } };
                }
              }
            }
          })();
          results.push(p);
        });
        const done = await Promise.all(results);
        if (process.env.MONEY_PROPERTY_STATS) {
          const counts: Record<string, number> = {};
          for (const r of done)
            counts[`${r.op.kind} ${r.status}${r.op.kind === 'webhook' ? ` ${r.json.status}` : ''}`] =
              (counts[`${r.op.kind} ${r.status}${r.op.kind === 'webhook' ? ` ${r.json.status}` : ''}`] ?? 0) +
              1;
          console.log(JSON.stringify(counts));
        }

        // No request may crash, whatever it raced with.
        const crashed = done.filter((r) => r.status >= 500);
        expect(crashed.map((r) => `${r.op.kind} ${r.status} ${JSON.stringify(r.json)}`)).toEqual([]);
        for (const r of done) {
          if (r.op.kind === 'crossVerify') expect(r.status).toBe(400);
          if (r.op.kind === 'withdraw' && (r.op.amount <= 0 || r.op.amount > 1_000_000_000))
            expect(r.status).toBe(400);
        }
        expect(await moneyViolations(t.database.db)).toEqual([]);
        // Then every deadline passes: whatever is still held goes to the answer ranked first.
        await expire();
        expect(await moneyViolations(t.database.db)).toEqual([]);
        const ids = world.questions.map((q) => q.id);
        const escrow = new Map(
          (
            await t.database.db
              .select({ id: questions.id, state: questions.escrowState })
              .from(questions)
              .where(inArray(questions.id, ids))
          ).map((r) => [r.id, r.state]),
        );
        const auto = await t.database.db.execute<{ answerer_id: string; amount: number }>(
          sql`select r.answerer_id, sum(r.amount)::int as amount
                from rewards r join reward_distributions d on d.question_id = r.question_id
               where d.kind = 'auto' and ${inArray(sql`r.question_id`, ids)}
               group by r.answerer_id`,
        );
        const autoCredited = new Map(
          rowsOf<{ answerer_id: string; amount: number }>(auto).map((r) => [r.answerer_id, Number(r.amount)]),
        );

        // Model from the responses: at most one distribution per question, by its author or else by
        // the deadline; each answerer's balance moved by exactly the rewards credited (by hand or by
        // the deadline) minus the withdrawals accepted and not failed.
        for (const [qi, q] of world.questions.entries()) {
          const ok = done.filter((r) => r.op.kind === 'distribute' && r.op.q === qi && r.status === 200);
          expect(ok.length).toBeLessThanOrEqual(1);
          const anyPaid = done.some(
            (r) =>
              (r.op.kind === 'verify' || r.op.kind === 'webhook') &&
              r.op.q === qi &&
              r.status === 200 &&
              (r.op.kind === 'verify' || ['paid', 'duplicate'].includes(r.json.status)),
          );
          const view = await call(false, 'GET', `/api/questions/${q.id}/rewards`, q.author);
          expect(view.json.question.isPaid).toBe(anyPaid);
          expect(escrow.get(q.id)).toBe(
            !anyPaid ? null : ok.length === 1 ? 'distributed' : 'auto-distributed',
          );
          if (ok.length === 1) {
            expect(view.json.question.isPaid).toBe(true);
            const sum = (ok[0]!.json.rewards as { amount: number }[]).reduce((s, r) => s + r.amount, 0);
            expect(sum).toBe(view.json.payment.amount);
          }
        }
        const withdrawalsById = new Map<string, { user: number; amount: number }>();
        for (const r of done) {
          if (r.op.kind === 'withdraw' && r.status < 300) {
            withdrawalsById.set(r.json.withdrawal._id, { user: r.op.user, amount: r.json.withdrawal.amount });
          }
        }
        // Every 201 is a distinct withdrawal; replays (200) point at one of them.
        const created = done.filter((r) => r.op.kind === 'withdraw' && r.status === 201).length;
        expect(created).toBe(
          new Set(
            done
              .filter((r) => r.op.kind === 'withdraw' && r.status === 201)
              .map((r) => r.json.withdrawal._id),
          ).size,
        );
        const failed = new Set<string>();
        for (const r of done) {
          if (r.op.kind === 'settle' && r.status === 200 && r.json.withdrawal.status === 'failed')
            failed.add(r.json.withdrawal._id);
        }
        for (const [ui, u] of answerers.entries()) {
          const credited = done
            .filter((r) => r.op.kind === 'distribute' && r.status === 200)
            .flatMap((r) => r.json.rewards as { answererId: string; amount: number }[])
            .filter((x) => x.answererId === u.user.id)
            .reduce((s, x) => s + x.amount, autoCredited.get(u.user.id) ?? 0);
          let debited = 0;
          for (const [id, w] of withdrawalsById) if (w.user === ui && !failed.has(id)) debited += w.amount;
          const after = await call(false, 'GET', '/api/wallet', u);
          expect(after.json.balance).toBe(before[ui]!.json.balance + credited - debited);
          expect(after.json.balance).toBeGreaterThanOrEqual(0);
        }
      }),
      { numRuns: RUNS, seed: 20240601, endOnFailure: true },
    );
  }, 600_000);
});
