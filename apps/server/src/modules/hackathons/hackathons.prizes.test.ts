// Prize pools held in escrow: funded through the question checkout (verify and webhook), split at
// publication among every member of the placed teams through the ledger, refunded to the organiser
// when the hackathon is rejected or its results do not come within 30 days of its end.
import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Hackathon } from '@agora/shared';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildTestApp,
  expectErrorBody,
  makeAdmin,
  signup,
  type TestApp,
  type TestUser,
} from '../../../test/helpers.js';
import {
  hackathonSubmissions,
  hackathonTeamMembers,
  hackathonTeams,
  hackathons,
  notifications,
  payments,
  sessions,
  walletTransactions,
  wallets,
} from '../../db/schema/index.js';
import { makeHackathon } from '../admin/admin.fixtures.js';
import { moneyViolations } from '../wallet/money.fixtures.js';
import { hackathonsTasks } from './hackathons.tasks.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

let t: TestApp;
let organiser: TestUser;
let other: TestUser;
let admin: TestUser;
/** Placed teams: three (captain c3), four (captain c4) and a solo submitter. */
let c3: TestUser;
let m3a: TestUser;
let m3b: TestUser;
let c4: TestUser;
let m4a: TestUser;
let m4b: TestUser;
let m4c: TestUser;
let solo: TestUser;

const db = () => t.database.db;

async function setClock(d: Date) {
  t.clock.set(d);
  await db().update(sessions).set({ lastSeenAt: d });
}

async function call(who: TestUser | null, method: 'GET' | 'POST', url: string, payload?: unknown) {
  const res = await t.app.inject({
    method,
    url,
    headers: who ? who.auth : {},
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });
  if (res.statusCode >= 400) expectErrorBody(res.json());
  return res;
}

const sign = (secret: string, data: string) => createHmac('sha256', secret).update(data).digest('hex');
const captured = (orderId: string, paymentId: string, amount: number) =>
  JSON.stringify({
    entity: 'event',
    event: 'payment.captured',
    payload: {
      payment: { entity: { id: paymentId, order_id: orderId, amount, currency: 'INR', status: 'captured' } },
    },
  });
const webhook = (body: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/payments/webhook',
    headers: {
      'content-type': 'application/json',
      'x-razorpay-signature': sign(t.config.payments.webhookSecret, body),
    },
    payload: body,
  });

async function order(id: string, rupees: number, who = organiser) {
  const res = await call(who, 'POST', `/api/hackathons/${id}/prize/create-order`, { amount: rupees });
  expect(res.statusCode).toBe(200);
  return res.json() as { orderId: string; amount: number; provider: string; currency: string; key: string };
}

async function signed(orderId: string, who = organiser) {
  const res = await call(who, 'POST', '/api/payments/sandbox/pay', { orderId });
  expect(res.statusCode).toBe(200);
  return res.json() as { razorpay_payment_id: string; razorpay_order_id: string; razorpay_signature: string };
}

/** The organiser pays `rupees` into the pool through checkout and verify. */
async function fund(id: string, rupees: number) {
  const o = await order(id, rupees);
  const res = await call(organiser, 'POST', '/api/payments/verify', {
    ...(await signed(o.orderId)),
    hackathonId: id,
  });
  expect(res.statusCode).toBe(200);
  return res;
}

async function hackathonRow(id: string) {
  const [h] = await db().select().from(hackathons).where(eq(hackathons.id, id));
  return h!;
}

async function detail(id: string, who: TestUser | null = other): Promise<Hackathon> {
  const res = await call(who, 'GET', `/api/hackathons/${id}`);
  expect(res.statusCode).toBe(200);
  return res.json() as Hackathon;
}

async function balance(u: TestUser): Promise<number> {
  const [w] = await db()
    .select({ balance: wallets.balance })
    .from(wallets)
    .where(eq(wallets.userId, u.user.id));
  return w?.balance ?? 0;
}

async function entries(hackathonId: string, type: string) {
  return db()
    .select()
    .from(walletTransactions)
    .where(and(eq(walletTransactions.hackathonId, hackathonId), eq(walletTransactions.type, type)));
}

const task = (name: string) => hackathonsTasks.find((x) => x.name === name)!;
const refundDue = () => task('hackathons.prize-refunds').handler(t.app.ctx);

/** A published hackathon of the organiser, upcoming (default) or ended at `end`, with criteria. */
async function freshHackathon(end?: Date, host = organiser) {
  const now = t.clock.now().getTime();
  const endDate = end ?? new Date(now + 10 * DAY);
  return (
    await makeHackathon(db(), host, {
      status: 'published',
      startDate: new Date(endDate.getTime() - 2 * DAY),
      endDate,
      criteria: [{ name: 'Impact', weight: 1 }],
    })
  ).id;
}

/** An ended hackathon with the three placed submissions: team of 3, team of 4, solo. */
async function endedWithTeams(host = organiser): Promise<{ id: string; subs: [string, string, string] }> {
  const id = await freshHackathon(new Date(t.clock.now().getTime() - HOUR), host);
  const team = async (name: string, captain: TestUser, members: TestUser[]) => {
    const [row] = await db()
      .insert(hackathonTeams)
      .values({ hackathonId: id, name })
      .returning({ id: hackathonTeams.id });
    await db()
      .insert(hackathonTeamMembers)
      .values([
        { teamId: row!.id, hackathonId: id, userId: captain.user.id, role: 'captain' as const },
        ...members.map((m, i) => ({
          teamId: row!.id,
          hackathonId: id,
          userId: m.user.id,
          role: 'member' as const,
          joinedAt: new Date(t.clock.now().getTime() - DAY + i * HOUR),
        })),
      ]);
    return row!.id;
  };
  const three = await team('Three', c3, [m3a, m3b]);
  const four = await team('Four', c4, [m4a, m4b, m4c]);
  const sub = async (u: TestUser, teamId: string | null, name: string) => {
    const [row] = await db()
      .insert(hackathonSubmissions)
      .values({
        hackathonId: id,
        // Any member may have submitted: the team, not the submitter, is paid.
        userId: u.user.id,
        teamId,
        teamName: name,
        projectTitle: `${name} project`,
        projectDescription: 'Built',
      })
      .returning({ id: hackathonSubmissions.id });
    return row!.id;
  };
  return {
    id,
    subs: [await sub(m3a, three, 'Three'), await sub(c4, four, 'Four'), await sub(solo, null, 'Solo')],
  };
}

beforeAll(async () => {
  t = await buildTestApp();
  [organiser, other, admin, c3, m3a, m3b, c4, m4a, m4b, m4c, solo] = await Promise.all(
    Array.from({ length: 11 }, () => signup(t.app)),
  );
  await makeAdmin(t, admin);
});

afterAll(async () => {
  // The ledger invariant, prizes included, on everything this file left behind.
  expect(await moneyViolations(db())).toEqual([]);
  await t.close();
});

describe('prize order', () => {
  it('opens a checkout in paise for the organiser of an approved hackathon', async () => {
    const id = await freshHackathon();
    const o = await order(id, 750);
    expect(o).toMatchObject({ amount: 75_000, currency: 'INR', provider: 'sandbox' });
    const [row] = await db().select().from(payments).where(eq(payments.orderId, o.orderId));
    expect(row).toMatchObject({
      purpose: 'hackathon-prize',
      hackathonId: id,
      questionId: null,
      status: 'created',
      amount: 75_000,
    });
    // A second click hands out the same open order.
    expect((await order(id, 750)).orderId).toBe(o.orderId);
    expect((await detail(id)).prizeEscrow).toBeNull();
  });

  it('refuses anyone but the organiser, and bad amounts', async () => {
    const id = await freshHackathon();
    const url = `/api/hackathons/${id}/prize/create-order`;
    expect((await call(null, 'POST', url, { amount: 500 })).statusCode).toBe(401);
    const stranger = await call(other, 'POST', url, { amount: 500 });
    expect([stranger.statusCode, stranger.json().code]).toEqual([403, 'FORBIDDEN']);
    expect((await call(admin, 'POST', url, { amount: 500 })).statusCode).toBe(403);
    for (const amount of [0, -5, 12.5, '500', null, 10_000_001]) {
      const res = await call(organiser, 'POST', url, { amount });
      expect([res.statusCode, res.json().code]).toEqual([400, 'VALIDATION']);
    }
    expect((await call(organiser, 'POST', url, {})).statusCode).toBe(400);
    // Below the platform's minimum reward.
    const low = await call(organiser, 'POST', url, { amount: 1 });
    expect([low.statusCode, low.json().code]).toEqual([400, 'VALIDATION']);
    expect(low.json().error).toMatch(/^The minimum prize pool is ₹\d+$/);
    const missing = await call(organiser, 'POST', '/api/hackathons/not-a-uuid/prize/create-order', {
      amount: 500,
    });
    expect(missing.statusCode).toBe(404);
  });

  it('is absent for others while pending, and refused to its organiser until approved', async () => {
    const id = (await makeHackathon(db(), organiser, { status: 'pending' })).id;
    const url = `/api/hackathons/${id}/prize/create-order`;
    expect((await call(other, 'POST', url, { amount: 500 })).statusCode).toBe(404);
    const mine = await call(organiser, 'POST', url, { amount: 500 });
    expect([mine.statusCode, mine.json().code]).toEqual([409, 'HACKATHON_NOT_APPROVED']);
  });
});

describe('funding', () => {
  it('holds the pool on verify, once; the hackathon shows it in detail and list', async () => {
    const id = await freshHackathon();
    const o = await order(id, 1_200);
    const s = await signed(o.orderId);
    const first = await call(organiser, 'POST', '/api/payments/verify', { ...s, hackathonId: id });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      hackathon: { _id: id, title: expect.any(String), prizeState: 'held', prizeAmount: 120_000 },
    });
    // Verifying the same payment again changes nothing.
    const again = await call(organiser, 'POST', '/api/payments/verify', { ...s, hackathonId: id });
    expect(again.statusCode).toBe(200);
    const row = await hackathonRow(id);
    expect(row).toMatchObject({ prizeState: 'held', prizeAmount: 120_000, prizeSettledAt: null });
    expect(row.prizeHeldAt).toEqual(t.clock.now());
    const escrow = { state: 'held', amount: 120_000, heldAt: t.clock.now().toISOString(), settledAt: null };
    expect((await detail(id)).prizeEscrow).toEqual(escrow);
    expect((await detail(id, null)).prizeEscrow).toEqual(escrow);
    const list = (await call(null, 'GET', '/api/hackathons?limit=100')).json() as Hackathon[];
    expect(list.find((h) => h._id === id)?.prizeEscrow).toEqual(escrow);
    // Held once: a second pool is refused.
    const second = await call(organiser, 'POST', `/api/hackathons/${id}/prize/create-order`, { amount: 5 });
    expect([second.statusCode, second.json().code]).toEqual([409, 'PRIZE_ALREADY_HELD']);
    expect(
      await db()
        .select()
        .from(payments)
        .where(and(eq(payments.hackathonId, id), eq(payments.status, 'paid'))),
    ).toHaveLength(1);
  });

  it('names the hackathon the payment is for: another, a question or none is refused', async () => {
    const id = await freshHackathon();
    const elsewhere = await freshHackathon();
    const s = await signed((await order(id, 300)).orderId);
    const wrong = await call(organiser, 'POST', '/api/payments/verify', { ...s, hackathonId: elsewhere });
    expect([wrong.statusCode, wrong.json().code]).toEqual([400, 'PAYMENT_HACKATHON_MISMATCH']);
    const asQuestion = await call(organiser, 'POST', '/api/payments/verify', {
      ...s,
      questionId: '00000000-0000-4000-8000-000000000000',
    });
    expect(asQuestion.statusCode).toBe(400);
    const neither = await call(organiser, 'POST', '/api/payments/verify', s);
    expect([neither.statusCode, neither.json().code]).toEqual([400, 'VALIDATION']);
    const both = await call(organiser, 'POST', '/api/payments/verify', {
      ...s,
      hackathonId: id,
      questionId: '00000000-0000-4000-8000-000000000000',
    });
    expect([both.statusCode, both.json().code]).toEqual([400, 'VALIDATION']);
    // Someone else cannot apply the organiser's payment.
    const theirs = await call(other, 'POST', '/api/payments/verify', { ...s, hackathonId: id });
    expect(theirs.statusCode).toBe(404);
    expect((await hackathonRow(id)).prizeState).toBeNull();
  });

  it('holds the pool from the provider’s webhook when the browser never came back', async () => {
    const id = await freshHackathon();
    const o = await order(id, 900);
    const s = await signed(o.orderId);
    const body = captured(o.orderId, s.razorpay_payment_id, 90_000);
    const res = await webhook(body);
    expect(res.json()).toEqual({ status: 'paid' });
    expect(await hackathonRow(id)).toMatchObject({ prizeState: 'held', prizeAmount: 90_000 });
    // The provider retries and the browser comes back late: counted once.
    expect((await webhook(body)).json()).toEqual({ status: 'duplicate' });
    const late = await call(organiser, 'POST', '/api/payments/verify', { ...s, hackathonId: id });
    expect(late.statusCode).toBe(200);
    expect(late.json().hackathon).toMatchObject({ prizeState: 'held', prizeAmount: 90_000 });
    // An amount the order does not carry is not applied.
    const other2 = await freshHackathon();
    const o2 = await order(other2, 900);
    const s2 = await signed(o2.orderId);
    expect((await webhook(captured(o2.orderId, s2.razorpay_payment_id, 100))).json()).toEqual({
      status: 'amount_mismatch',
    });
    expect((await hackathonRow(other2)).prizeState).toBeNull();
  });

  it('refunds a second capture to the payer’s wallet: a replaced order paid late', async () => {
    const id = await freshHackathon();
    const before = await balance(organiser);
    const first = await order(id, 400);
    const firstSigned = await signed(first.orderId);
    // A new amount replaces the open order (cancelled); that one is paid and held.
    await fund(id, 450);
    expect(await hackathonRow(id)).toMatchObject({ prizeState: 'held', prizeAmount: 45_000 });
    // The first checkout's payment arrives anyway: it is the payer's, back in their wallet.
    const late = await call(organiser, 'POST', '/api/payments/verify', { ...firstSigned, hackathonId: id });
    expect([late.statusCode, late.json().code]).toEqual([409, 'PRIZE_PAYMENT_REFUNDED']);
    expect(await balance(organiser)).toBe(before + 40_000);
    const [p] = await db().select().from(payments).where(eq(payments.orderId, first.orderId));
    expect(p!.status).toBe('refunded');
    const refunds = await entries(id, 'refund');
    expect(refunds).toEqual([
      expect.objectContaining({ amount: 40_000, reference: `payment-refund:${p!.id}`, hackathonId: id }),
    ]);
    // Said again on a retry, never credited twice; the held pool is untouched.
    const again = await call(organiser, 'POST', '/api/payments/verify', { ...firstSigned, hackathonId: id });
    expect(again.statusCode).toBe(409);
    expect(await balance(organiser)).toBe(before + 40_000);
    expect(await hackathonRow(id)).toMatchObject({ prizeState: 'held', prizeAmount: 45_000 });
  });
});

describe('payout at publication', () => {
  const percents = [
    { place: 1, percent: 50 },
    { place: 2, percent: 30 },
    { place: 3, percent: 20 },
  ];

  it('credits every member of the placed teams, exact to the paisa, leftovers to each captain', async () => {
    const { id, subs } = await endedWithTeams();
    await fund(id, 1_001); // 1,00,100 paise
    const balances = async () =>
      Promise.all([c3, m3a, m3b, c4, m4a, m4b, m4c, solo, organiser].map((u) => balance(u)));
    const start = await balances();
    const res = await call(organiser, 'POST', `/api/hackathons/${id}/results/publish`, {
      places: subs,
      prizeSplit: percents,
    });
    expect(res.statusCode).toBe(200);
    // Places: 50% = 50,050, 30% = 30,030, 20% = 20,020 paise (a whole-rupee pool has no leftover
    // between places: its paise are a multiple of 100).
    // Team of 3: 50,050 / 3 = 16,683 each, 1 paisa left → the captain 16,684.
    // Team of 4: 30,030 / 4 = 7,507 each, 2 paise left → the captain 7,509.
    // Solo: 20,020.
    const expected = [16_684, 16_683, 16_683, 7_509, 7_507, 7_507, 7_507, 20_020, 0];
    const end = await balances();
    expect(end.map((b, i) => b - start[i]!)).toEqual(expected);
    const credits = await entries(id, 'hackathon-prize');
    expect(credits).toHaveLength(8);
    expect(credits.reduce((s, e) => s + e.amount, 0)).toBe(100_100);
    expect(
      credits.every((e) => e.status === 'completed' && e.reference!.startsWith(`hackathon-prize:${id}:`)),
    ).toBe(true);
    const row = await hackathonRow(id);
    expect(row).toMatchObject({ prizeState: 'paid', prizeAmount: 100_100, prizeSplit: percents });
    expect(row.prizeSettledAt).toEqual(t.clock.now());
    expect((await detail(id)).prizeEscrow).toMatchObject({
      state: 'paid',
      amount: 100_100,
      settledAt: t.clock.now().toISOString(),
    });
    // Every paid member is told, in the app.
    for (const u of [c3, m3a, m3b, c4, m4a, m4b, m4c, solo]) {
      const notes = await db().select().from(notifications).where(eq(notifications.userId, u.user.id));
      expect(notes.filter((n) => n.type === 'reward' && n.title.includes('You won'))).toHaveLength(1);
    }
    // The organiser is paid nothing and the pool is no longer held anywhere.
    expect(await moneyViolations(db())).toEqual([]);
  });

  it('pays once when two publications race: one succeeds, the other is refused', async () => {
    const { id, subs } = await endedWithTeams();
    await fund(id, 500);
    const url = `/api/hackathons/${id}/results/publish`;
    const body = {
      places: subs,
      prizeSplit: [
        { place: 1, percent: 60 },
        { place: 3, percent: 40 },
      ],
    };
    const [a, b] = await Promise.all([
      call(organiser, 'POST', url, body),
      call(organiser, 'POST', url, body),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    expect([a, b].find((r) => r.statusCode === 409)!.json().code).toBe('ALREADY_PUBLISHED');
    const credits = await entries(id, 'hackathon-prize');
    // Place 1 (team of 3): 30,000 = 10,000 each; place 3 (solo): 20,000; place 2 unpaid.
    expect(credits.map((c) => c.amount).sort((x, y) => x - y)).toEqual([10_000, 10_000, 10_000, 20_000]);
    expect((await hackathonRow(id)).prizeState).toBe('paid');
  });

  it('asks for a valid split when a pool is held, and rolls the publication back otherwise', async () => {
    const { id, subs } = await endedWithTeams();
    await fund(id, 300);
    const url = `/api/hackathons/${id}/results/publish`;
    const none = await call(organiser, 'POST', url, { places: subs });
    expect(none.statusCode).toBe(400);
    const notHundred = await call(organiser, 'POST', url, {
      places: subs,
      prizeSplit: [{ place: 1, percent: 90 }],
    });
    expect([notHundred.statusCode, notHundred.json().code]).toEqual([400, 'VALIDATION']);
    const fraction = await call(organiser, 'POST', url, {
      places: subs,
      prizeSplit: [
        { place: 1, percent: 50.5 },
        { place: 2, percent: 49.5 },
      ],
    });
    expect([fraction.statusCode, fraction.json().code]).toEqual([400, 'VALIDATION']);
    const noSuchPlace = await call(organiser, 'POST', url, {
      places: subs.slice(0, 2),
      prizeSplit: [
        { place: 1, percent: 50 },
        { place: 3, percent: 50 },
      ],
    });
    expect(noSuchPlace.statusCode).toBe(400);
    const stranger = await call(other, 'POST', url, {
      places: subs,
      prizeSplit: [{ place: 1, percent: 100 }],
    });
    expect(stranger.statusCode).toBe(403);
    const row = await hackathonRow(id);
    expect(row).toMatchObject({ prizeState: 'held', resultsPublishedAt: null });
    expect(await entries(id, 'hackathon-prize')).toEqual([]);
  });
});

describe('refunds', () => {
  it('gives the pool back to the organiser 30 days after the end without results (the clock)', async () => {
    const start = t.clock.now();
    const { id, subs } = await endedWithTeams();
    await fund(id, 800);
    const end = (await hackathonRow(id)).endDate;
    const before = await balance(organiser);
    try {
      await setClock(new Date(end.getTime() + 30 * DAY - 60_000));
      await refundDue();
      expect((await hackathonRow(id)).prizeState).toBe('held');
      await setClock(new Date(end.getTime() + 30 * DAY + 60_000));
      await Promise.all([refundDue(), refundDue()]);
      const row = await hackathonRow(id);
      expect(row).toMatchObject({ prizeState: 'refunded', prizeSettledAt: t.clock.now() });
      // Every pool of the organiser's that ended over 30 days ago unpublished came back, each once.
      const pools = await db()
        .select({ amount: walletTransactions.amount })
        .from(walletTransactions)
        .where(
          and(
            eq(walletTransactions.userId, organiser.user.id),
            like(walletTransactions.reference, 'hackathon-prize-refund:%'),
          ),
        );
      expect(pools.length).toBeGreaterThanOrEqual(1);
      const back = pools.reduce((sum, e) => sum + e.amount, 0);
      expect(await balance(organiser)).toBe(before + back);
      expect(await entries(id, 'refund')).toEqual([
        expect.objectContaining({
          amount: 80_000,
          reference: `hackathon-prize-refund:${id}`,
          userId: organiser.user.id,
        }),
      ]);
      expect((await detail(id)).prizeEscrow).toMatchObject({ state: 'refunded', amount: 80_000 });
      // Publishing afterwards pays nothing (signed in again: a month has passed).
      const login = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: organiser.user.email, password: 'correct horse battery' },
      });
      const again = { ...organiser, auth: { authorization: `Bearer ${login.json().token}` } };
      const late = await call(again, 'POST', `/api/hackathons/${id}/results/publish`, {
        places: subs,
        prizeSplit: [{ place: 1, percent: 100 }],
      });
      expect([late.statusCode, late.json().code]).toEqual([409, 'NO_PRIZE_HELD']);
      await refundDue();
      expect(await balance(organiser)).toBe(before + back);
      expect(await entries(id, 'hackathon-prize')).toEqual([]);
    } finally {
      await setClock(start);
    }
  });

  it('gives the pool back when the hackathon is rejected', async () => {
    const id = await freshHackathon();
    await fund(id, 650);
    const before = await balance(organiser);
    // Back under review (as after an edit), then rejected by an admin.
    const [{ updatedAt }] = await db()
      .update(hackathons)
      .set({ status: 'pending' })
      .where(eq(hackathons.id, id))
      .returning({ updatedAt: hackathons.updatedAt });
    const res = await call(admin, 'POST', `/api/admin/hackathons/${id}/reject`, {
      reason: 'Not a hackathon',
      updatedAt: updatedAt.toISOString(),
    });
    expect(res.statusCode).toBe(200);
    expect(await hackathonRow(id)).toMatchObject({ status: 'rejected', prizeState: 'refunded' });
    expect(await balance(organiser)).toBe(before + 65_000);
    const notes = await db().select().from(notifications).where(eq(notifications.userId, organiser.user.id));
    expect(notes.some((n) => n.title.includes('prize pool') && n.body.includes('₹650'))).toBe(true);
  });
});

/** A local server answering the Razorpay Orders API call the checkout makes. */
function razorpayStub() {
  const requests: Array<{ url: string; auth: string; body: Record<string, unknown> }> = [];
  let n = 0;
  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => {
      raw += c;
    });
    req.on('end', () => {
      const body = raw ? JSON.parse(raw) : {};
      requests.push({ url: req.url!, auth: String(req.headers.authorization), body });
      n++;
      res.setHeader('content-type', 'application/json');
      res.end(
        JSON.stringify({
          id: `order_Prize${String(n).padStart(9, '0')}`,
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
  const KEY_ID = 'rzp_test_PrizeKey001';
  const KEY_SECRET = 'prize-key-secret-0123456789';
  const WEBHOOK_SECRET = 'prize-webhook-secret-0123456789';
  const stub = razorpayStub();
  let r: TestApp;
  let host: TestUser;

  beforeAll(async () => {
    r = await buildTestApp({
      env: {
        PAYMENTS_PROVIDER: 'razorpay',
        RAZORPAY_KEY_ID: KEY_ID,
        RAZORPAY_KEY_SECRET: KEY_SECRET,
        RAZORPAY_WEBHOOK_SECRET: WEBHOOK_SECRET,
        RAZORPAY_API_BASE: await stub.listen(),
      },
    });
    host = await signup(r.app);
  });
  afterAll(async () => {
    expect(await moneyViolations(r.database.db)).toEqual([]);
    await r.close();
    await stub.close();
  });

  const prizeOrder = async (id: string, amount: number) => {
    const res = await r.app.inject({
      method: 'POST',
      url: `/api/hackathons/${id}/prize/create-order`,
      headers: host.auth,
      payload: { amount },
    });
    expect(res.statusCode).toBe(200);
    return res.json() as { orderId: string; amount: number; key: string; provider: string };
  };
  const pool = async (id: string) => {
    const [h] = await r.database.db
      .select({ state: hackathons.prizeState, amount: hackathons.prizeAmount })
      .from(hackathons)
      .where(eq(hackathons.id, id));
    return h!;
  };

  it('orders the pool over REST with a receipt naming the hackathon, and holds it on the signed checkout', async () => {
    const id = (await makeHackathon(r.database.db, host, { status: 'published' })).id;
    const o = await prizeOrder(id, 2_500);
    expect(o).toMatchObject({ key: KEY_ID, amount: 250_000, provider: 'razorpay' });
    const call = stub.requests.at(-1)!;
    expect(call.url).toBe('/v1/orders');
    expect(call.auth).toBe(`Basic ${Buffer.from(`${KEY_ID}:${KEY_SECRET}`).toString('base64')}`);
    expect(call.body).toMatchObject({
      amount: 250_000,
      currency: 'INR',
      receipt: `h_${id}`,
      notes: { hackathonId: id, userId: host.user.id },
    });
    const paymentId = 'pay_PrizeCheckout1';
    const verify = await r.app.inject({
      method: 'POST',
      url: '/api/payments/verify',
      headers: host.auth,
      payload: {
        razorpay_order_id: o.orderId,
        razorpay_payment_id: paymentId,
        razorpay_signature: sign(KEY_SECRET, `${o.orderId}|${paymentId}`),
        hackathonId: id,
      },
    });
    expect(verify.statusCode).toBe(200);
    expect(await pool(id)).toEqual({ state: 'held', amount: 250_000 });
  });

  it('holds the pool from a webhook signed with the webhook secret', async () => {
    const id = (await makeHackathon(r.database.db, host, { status: 'published' })).id;
    const o = await prizeOrder(id, 600);
    const body = captured(o.orderId, 'pay_PrizeWebhook01', 60_000);
    const res = await r.app.inject({
      method: 'POST',
      url: '/api/payments/webhook',
      headers: { 'content-type': 'application/json', 'x-razorpay-signature': sign(WEBHOOK_SECRET, body) },
      payload: body,
    });
    expect(res.json()).toEqual({ status: 'paid' });
    expect(await pool(id)).toEqual({ state: 'held', amount: 60_000 });
    // Signed with anything else, nothing happens.
    const forged = await r.app.inject({
      method: 'POST',
      url: '/api/payments/webhook',
      headers: { 'content-type': 'application/json', 'x-razorpay-signature': sign(KEY_SECRET, body) },
      payload: body,
    });
    expect(forged.statusCode).toBe(400);
  });
});

describe('prizes under concurrency, by the ledger invariant', () => {
  it('pays or refunds each pool once whatever races: captures, publications and the 30-day refund', async () => {
    // Hackathons ended 31 days ago (the refund is due) and an hour ago (it is not), each funded by
    // two orders of which one is captured twice (verify and webhook) and the other paid late.
    const now = t.clock.now().getTime();
    // An organiser of their own: checkouts are rate-limited per account.
    const host = await signup(t.app);
    const setups = await Promise.all(
      [31 * DAY, HOUR, 31 * DAY, HOUR].map(async (ago, i) => {
        const { id, subs } = await endedWithTeams(host);
        await db()
          .update(hackathons)
          .set({ endDate: new Date(now - ago), startDate: new Date(now - ago - 2 * DAY) })
          .where(eq(hackathons.id, id));
        const stale = await order(id, 300 + i, host);
        const staleSigned = await signed(stale.orderId, host);
        const o = await order(id, 500 + 7 * i, host);
        return { id, subs, o, s: await signed(o.orderId, host), stale, staleSigned, rupees: 500 + 7 * i };
      }),
    );
    const ops: Array<() => Promise<unknown>> = [];
    for (const x of setups) {
      const verify = (s: object) => call(host, 'POST', '/api/payments/verify', { ...s, hackathonId: x.id });
      ops.push(
        () => verify(x.s),
        () => webhook(captured(x.o.orderId, x.s.razorpay_payment_id, x.rupees * 100)),
        () => verify(x.staleSigned),
        () => verify(x.s),
      );
    }
    await Promise.all(ops.map((op) => op()));
    const publish = (x: (typeof setups)[number]) =>
      call(host, 'POST', `/api/hackathons/${x.id}/results/publish`, {
        places: x.subs,
        prizeSplit: [
          { place: 1, percent: 47 },
          { place: 2, percent: 31 },
          { place: 3, percent: 22 },
        ],
      });
    const results = await Promise.all([
      ...setups.map(publish),
      ...setups.map(publish),
      refundDue(),
      refundDue(),
    ]);
    const statuses = results.slice(0, 2 * setups.length).map((r) => (r as { statusCode: number }).statusCode);
    for (const [i, x] of setups.entries()) {
      const row = await hackathonRow(x.id);
      const credits = await entries(x.id, 'hackathon-prize');
      const refund = await entries(x.id, 'refund');
      const paid = credits.reduce((s, e) => s + e.amount, 0);
      const back = refund.filter((e) => e.reference === `hackathon-prize-refund:${x.id}`);
      // Held once, of the order captured first; the replaced order went back to the payer.
      expect(row.prizeAmount).toBe(x.rupees * 100);
      if (row.prizeState === 'paid') {
        expect(paid).toBe(x.rupees * 100);
        expect(back).toEqual([]);
        expect([statuses[i], statuses[i + setups.length]].sort()).toEqual([200, 409]);
      } else {
        // Only a pool whose refund was due can have gone back, and then nobody was paid.
        expect(row.prizeState).toBe('refunded');
        expect(i % 2).toBe(0);
        expect(back.map((e) => e.amount)).toEqual([x.rupees * 100]);
        expect(credits).toEqual([]);
      }
      if (i % 2 === 1) expect(row.prizeState).toBe('paid');
    }
    expect(await moneyViolations(db())).toEqual([]);
  });
});
