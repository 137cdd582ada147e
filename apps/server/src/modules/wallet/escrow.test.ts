import { CHECKOUT_OPEN_MS, QUESTION_TEXT, TEST_MODE_TEXT } from '@agora/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildTestApp,
  expectErrorBody,
  makeAdmin,
  signup,
  type TestApp,
  type TestUser,
} from '../../../test/helpers.js';
import { ConfigError, loadConfig, parseDuration } from '../../config.js';
import {
  escrowSettlements,
  mailOutbox,
  notifications,
  payments,
  questions,
  rewardDistributions,
} from '../../db/schema/index.js';
import { PAYMENT_MSG } from '../payments/payments.service.js';
import { createQuestionsService } from '../questions/questions.service.js';
import { escrowTasks } from './escrow.tasks.js';
import { expectLedgerInvariant, moneyViolations, payThroughApi } from './money.fixtures.js';
import { createWalletService } from './wallet.service.js';

const HOUR = 3_600_000;
const DEADLINE_MS = 36 * HOUR;

let t: TestApp;
let asker: TestUser;
let ann: TestUser;
let ben: TestUser;
let cat: TestUser;

const everyone: TestUser[] = [];

/** Moves the server clock. Sessions idle out meanwhile (SESSION_IDLE_MINUTES), so everyone signs in again. */
async function setClock(at: Date) {
  t.clock.set(at);
  for (const u of everyone) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: u.user.email, password: 'correct horse battery' },
    });
    expect(res.statusCode).toBe(200);
    u.token = res.json().token;
    u.auth = { authorization: `Bearer ${u.token}` };
  }
}

const task = (name: string) => escrowTasks.find((x) => x.name === name)!;
const settleDue = (app = t) => task('escrow.settle-due').handler(app.app.ctx);
const remind = (app = t) => task('escrow.remind').handler(app.app.ctx);

function call(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  user: TestUser | null,
  payload?: unknown,
) {
  return t.app.inject({
    method,
    url,
    headers: user?.auth ?? {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

async function ask(rupees: number, title = `Escrow question ${Math.random().toString(36).slice(2, 8)}`) {
  const res = await call('POST', '/api/questions', asker, {
    title,
    description: 'How does the reward escrow behave at its deadline?',
    category: 'Technology',
    reward: rupees,
  });
  expect(res.statusCode).toBe(201);
  return res.json() as { _id: string };
}

async function paidQuestion(rupees: number, title?: string) {
  const q = await ask(rupees, title);
  await payThroughApi(t.app, asker, q._id, rupees);
  return q._id;
}

const answer = (id: string, user: TestUser, content: string) =>
  call('POST', `/api/questions/${id}/answers`, user, { content });
const question = async (id: string, user: TestUser | null = asker) =>
  (await call('GET', `/api/questions/${id}?view=false`, user)).json();
const wallet = async (user: TestUser) => (await call('GET', '/api/wallet', user)).json();

beforeAll(async () => {
  t = await buildTestApp({ env: { REWARD_DEADLINE: '36h' } });
  asker = await signup(t.app, { name: 'Asha Asker' });
  ann = await signup(t.app, { name: 'Ann Answerer' });
  ben = await signup(t.app, { name: 'Ben Answerer' });
  cat = await signup(t.app, { name: 'Cat Answerer' });
  everyone.push(asker, ann, ben, cat);
});

afterAll(async () => {
  await expectLedgerInvariant(t.database.db);
  await t.close();
});

describe('configuration', () => {
  it('reads REWARD_DEADLINE and PAYOUT_SLA as 90s, 36h, 14d and refuses anything else', () => {
    expect(parseDuration('90s')).toBe(90_000);
    expect(parseDuration('36h')).toBe(36 * HOUR);
    expect(parseDuration('14d')).toBe(14 * 24 * HOUR);
    for (const bad of ['', '14', '1.5h', '-3d', '0s', '3w']) expect(parseDuration(bad), bad).toBeNull();
    const base = { DATA_DIR: t.dataDir, JWT_SECRET: 'x'.repeat(40) };
    expect(loadConfig(base).rewardDeadlineMs).toBe(14 * 24 * HOUR);
    expect(loadConfig(base).payoutSlaMs).toBe(72 * HOUR);
    expect(() => loadConfig({ ...base, REWARD_DEADLINE: 'soon' })).toThrow(/REWARD_DEADLINE/);
    expect(() => loadConfig({ ...base, PAYOUT_SLA: '3 days' })).toThrow(/PAYOUT_SLA/);
  });

  it('refuses to start in production unless PAYMENTS_PROVIDER is set explicitly', () => {
    const base = { DATA_DIR: t.dataDir, JWT_SECRET: 'x'.repeat(40), NODE_ENV: 'production' };
    expect(() => loadConfig(base)).toThrow(ConfigError);
    expect(() => loadConfig(base)).toThrow(/PAYMENTS_PROVIDER/);
    expect(loadConfig({ ...base, PAYMENTS_PROVIDER: 'sandbox' }).payments.provider).toBe('sandbox');
  });

  it('tells the web that payments are simulated (the test-mode banner)', async () => {
    expect((await call('GET', '/api/settings/payments', null)).json()).toEqual({
      provider: 'sandbox',
      testMode: true,
    });
    expect(TEST_MODE_TEXT.banner).toBe('Test mode — payments are simulated');
  });
});

describe('one question, one order', () => {
  it("takes the order's amount from the question and refuses any other amount with 400", async () => {
    const q = await ask(120);
    const wrong = await call('POST', '/api/payments/create-order', asker, { questionId: q._id, amount: 10 });
    expect(wrong.statusCode).toBe(400);
    expectErrorBody(wrong.json());
    expect(wrong.json().error).toBe(PAYMENT_MSG.amountMismatch(120));
    const ok = await call('POST', '/api/payments/create-order', asker, { questionId: q._id, amount: 120 });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().amount).toBe(12_000);
  });

  it('offers neither Mark as Answered nor ranking on an unpaid question', async () => {
    const q = await ask(15);
    const mark = await call('POST', `/api/questions/${q._id}/mark-answered`, asker);
    expect(mark.statusCode).toBe(409);
    expect(mark.json().error).toBe(QUESTION_TEXT.unpaidNoActions);
    const rank = await call('POST', `/api/questions/${q._id}/rank-answers`, asker);
    expect(rank.statusCode).toBe(409);
    expect(rank.json().error).toBe(QUESTION_TEXT.unpaidNoActions);
  });

  it('lets the author delete an unpaid question with no order (204), nobody else', async () => {
    const q = await ask(15);
    expect((await call('DELETE', `/api/questions/${q._id}`, null)).statusCode).toBe(401);
    expect((await call('DELETE', `/api/questions/${q._id}`, ann)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/questions/${q._id}`, asker)).statusCode).toBe(204);
    expect((await call('GET', `/api/questions/${q._id}`, asker)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/questions/${q._id}`, asker)).statusCode).toBe(404);
  });

  it('refuses deletion (409) while an order is open and once paid', async () => {
    const q = await ask(16);
    await call('POST', '/api/payments/create-order', asker, { questionId: q._id, amount: 16 });
    const open = await call('DELETE', `/api/questions/${q._id}`, asker);
    expect(open.statusCode).toBe(409);
    expect(open.json()).toMatchObject({
      code: 'PAYMENT_IN_PROGRESS',
      error: QUESTION_TEXT.orderOpenCannotDelete,
    });
    const paid = await paidQuestion(17);
    const res = await call('DELETE', `/api/questions/${paid}`, asker);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'QUESTION_PAID', error: QUESTION_TEXT.paidCannotDelete });
  });

  it('keeps an abandoned order, cancelled, when the question is deleted: a late capture is refunded', async () => {
    const q = await ask(18);
    const order = (
      await call('POST', '/api/payments/create-order', asker, { questionId: q._id, amount: 18 })
    ).json();
    const signed = (
      await call('POST', '/api/payments/sandbox/pay', asker, { orderId: order.orderId })
    ).json();
    await setClock(new Date(t.clock.now().getTime() + CHECKOUT_OPEN_MS + 1000));
    expect((await call('DELETE', `/api/questions/${q._id}`, asker)).statusCode).toBe(204);
    const [kept] = await t.database.db.select().from(payments).where(eq(payments.orderId, order.orderId));
    expect(kept).toMatchObject({ status: 'cancelled', questionId: null, questionTitle: expect.any(String) });
    const before = (await wallet(asker)).balance;
    const late = await call('POST', '/api/payments/verify', asker, { ...signed, questionId: q._id });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ code: 'QUESTION_DELETED', error: PAYMENT_MSG.deletedRefunded });
    expect((await wallet(asker)).balance).toBe(before + 1800);
    // A retry changes nothing.
    expect(
      (await call('POST', '/api/payments/verify', asker, { ...signed, questionId: q._id })).statusCode,
    ).toBe(409);
    expect((await wallet(asker)).balance).toBe(before + 1800);
    expect(await moneyViolations(t.database.db)).toEqual([]);
  });
});

describe('escrow', () => {
  it('holds a paid reward until paid-at + REWARD_DEADLINE, visible to the author and answerers', async () => {
    const paidAt = t.clock.now();
    const id = await paidQuestion(50);
    const q = await question(id);
    expect(q.escrow).toEqual({
      state: 'held',
      amount: 5000,
      heldAt: paidAt.toISOString(),
      deadline: new Date(paidAt.getTime() + DEADLINE_MS).toISOString(),
      settledAt: null,
    });
    expect((await question(id, ann)).escrow.state).toBe('held');
    expect((await question((await ask(11))._id)).escrow).toBeNull();
  });

  it('closes the question after a distribution by hand: no more answers, no reopening, not listed as open', async () => {
    const title = `Closed after payout ${Date.now()}`;
    const id = await paidQuestion(40, title);
    const a = (await answer(id, ann, 'Set the deadline from the payment time.')).json();
    const dist = await call('POST', '/api/rewards/distribute', asker, {
      questionId: id,
      rewards: [{ answerId: a._id, answererId: ann.user.id, percentage: 100 }],
    });
    expect(dist.statusCode).toBe(200);
    const q = await question(id);
    expect(q.status).toBe('answered');
    expect(q.escrow).toMatchObject({ state: 'distributed', settledAt: t.clock.now().toISOString() });
    const late = await answer(id, ben, 'A late answer');
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ code: 'REWARD_PAID_OUT', error: QUESTION_TEXT.rewardPaidOut });
    const reopen = await call('POST', `/api/questions/${id}/reopen`, asker);
    expect(reopen.statusCode).toBe(409);
    expect(reopen.json().error).toBe(QUESTION_TEXT.rewardPaidOut);
    // The Open Questions tab: only open questions, and its counts match the list.
    const open = (await call('GET', '/api/questions/public?status=open&limit=100', null)).json();
    expect(open.every((x: { status: string }) => x.status === 'open')).toBe(true);
    expect(open.some((x: { _id: string }) => x._id === id)).toBe(false);
    const all = (await call('GET', '/api/questions/public?limit=100', null)).json();
    expect(all.some((x: { _id: string }) => x._id === id)).toBe(true);
    const counts = (await call('GET', '/api/questions/categories?status=open', null)).json();
    expect(counts.Technology).toBe(
      open.filter((x: { category: string }) => x.category === 'Technology').length,
    );
  });

  it('reminds the author in the app and by e-mail 72 h and 24 h before the deadline, once each', async () => {
    const id = await paidQuestion(30, `Reminder question ${Date.now()}`);
    const deadline = new Date((await question(id)).escrow.deadline).getTime();
    const mine = async () =>
      (
        await t.database.db.select().from(notifications).where(eq(notifications.userId, asker.user.id))
      ).filter((n) => n.title === 'Your reward deadline is near' && n.link === `/question/${id}/rewards`);
    // A 36 h deadline is already inside the 72 h window: one reminder now, not two.
    await remind();
    await remind();
    expect(await mine()).toHaveLength(1);
    await setClock(new Date(deadline - 24 * HOUR + 1000));
    await Promise.all([remind(), remind()]);
    expect(await mine()).toHaveLength(2);
    const mails = (await t.database.db.select().from(mailOutbox)).filter(
      (m) => m.to === asker.user.email && m.subject.startsWith('Distribute your reward within'),
    );
    expect(mails.length).toBeGreaterThanOrEqual(2);
    // Distribution by hand is still possible before the deadline, refused after it.
    await setClock(new Date(deadline + 1));
    const a = (await call('GET', `/api/questions/${id}`, asker)).json();
    expect(a.escrow.state).toBe('held');
    const res = await call('POST', '/api/rewards/distribute', asker, {
      questionId: id,
      rewards: [
        { answerId: '00000000-0000-4000-8000-000000000000', answererId: ann.user.id, percentage: 100 },
      ],
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe(QUESTION_TEXT.distributeAfterDeadline);
    await settleDue();
    expect((await question(id)).escrow.state).toBe('refunded');
  });

  it('auto-distributes at the deadline to the answer ranked first, and tells everyone involved', async () => {
    const id = await paidQuestion(100, 'How do I index a PostgreSQL JSONB column for key lookups?');
    await answer(id, ann, 'Use it.');
    await answer(
      id,
      ben,
      'Create a GIN index on the JSONB column: CREATE INDEX ON items USING gin (data jsonb_path_ops). ' +
        'Then queries with the containment operator @> use the index; for a single key, an expression ' +
        'B-tree index on (data->>key) is smaller and faster. Check with EXPLAIN ANALYZE that it is used.',
    );
    const deadline = new Date((await question(id)).escrow.deadline);
    await setClock(new Date(deadline.getTime() - 1000));
    await settleDue();
    expect((await question(id)).escrow.state).toBe('held');
    const benBefore = (await wallet(ben)).balance;
    await setClock(new Date(deadline.getTime() + 1000));
    await settleDue();
    const q = await question(id);
    expect(q.status).toBe('answered');
    expect(q.escrow).toMatchObject({ state: 'auto-distributed', settledAt: t.clock.now().toISOString() });
    expect((await wallet(ben)).balance).toBe(benBefore + 10_000);
    const notes = async (u: TestUser) =>
      (await t.database.db.select().from(notifications).where(eq(notifications.userId, u.user.id))).map(
        (n) => n.title,
      );
    expect(await notes(ben)).toContain('You received a reward');
    expect(await notes(ann)).toContain('The reward was distributed');
    expect(await notes(asker)).toContain('Your reward was distributed automatically');
    // A retry, or another run, changes nothing.
    await settleDue();
    expect((await wallet(ben)).balance).toBe(benBefore + 10_000);
    expect((await answer(id, cat, 'Too late')).json().error).toBe(QUESTION_TEXT.rewardPaidOut);
    expect(await moneyViolations(t.database.db)).toEqual([]);
  });

  it('splits equally between answers ranked first together, the leftover paise to the earliest', async () => {
    // New answerers with the same (empty) track record, so equal answers score equally.
    const trio = [await signup(t.app), await signup(t.app), await signup(t.app)];
    everyone.push(...trio);
    const id = await paidQuestion(11, 'Which sorting algorithm is stable?');
    const same = 'Merge sort is stable: equal keys keep their order.';
    for (const u of trio) {
      await answer(id, u, same);
      t.clock.advance(1000);
    }
    const before = await Promise.all(trio.map(async (u) => (await wallet(u)).balance));
    await setClock(new Date(new Date((await question(id)).escrow.deadline).getTime() + 1));
    await settleDue();
    const after = await Promise.all(trio.map(async (u) => (await wallet(u)).balance));
    // 1,100 paise / 3 = 366 each, 2 left over to the earliest answer.
    expect(after.map((b, i) => b - before[i]!)).toEqual([368, 366, 366]);
    expect((await question(id)).escrow.state).toBe('auto-distributed');
  });

  it("refunds the asker's wallet when nobody answered, and the question stops taking answers", async () => {
    const id = await paidQuestion(25);
    const before = (await wallet(asker)).balance;
    await setClock(new Date(new Date((await question(id)).escrow.deadline).getTime() + 1));
    await settleDue();
    const q = await question(id);
    expect(q.escrow).toMatchObject({ state: 'refunded', settledAt: t.clock.now().toISOString() });
    expect(q.status).toBe('closed');
    expect((await wallet(asker)).balance).toBe(before + 2500);
    const [entry] = (await call('GET', '/api/wallet/transactions', asker)).json();
    expect(entry).toMatchObject({ type: 'refund', amount: 2500, status: 'completed' });
    const late = await answer(id, ann, 'Now?');
    expect(late.statusCode).toBe(409);
    expect(late.json().error).toBe(QUESTION_TEXT.rewardRefunded);
  });

  it('settles exactly once when two app instances race the deadline task', async () => {
    const second = await buildTestApp({ database: t.database, env: { REWARD_DEADLINE: '36h' } });
    try {
      const answered = await paidQuestion(60, 'What is a race condition in a database?');
      await answer(answered, ann, 'Two transactions read then write the same row without a lock.');
      await answer(answered, ben, 'When the result depends on which of two writers commits first.');
      const lonely = await paidQuestion(70);
      const annBefore = (await wallet(ann)).balance;
      const benBefore = (await wallet(ben)).balance;
      const askerBefore = (await wallet(asker)).balance;
      const deadline = new Date((await question(lonely)).escrow.deadline).getTime();
      await setClock(new Date(deadline + 1));
      second.clock.set(new Date(deadline + 1));
      await Promise.all([settleDue(t), settleDue(second), settleDue(t), settleDue(second)]);
      const gained = (await wallet(ann)).balance - annBefore + ((await wallet(ben)).balance - benBefore);
      expect(gained).toBe(6000);
      expect((await wallet(asker)).balance - askerBefore).toBe(7000);
      expect((await question(answered)).escrow.state).toBe('auto-distributed');
      expect((await question(lonely)).escrow.state).toBe('refunded');
      expect(await moneyViolations(t.database.db)).toEqual([]);
    } finally {
      await second.close();
    }
  });
});

describe('payouts with a visible timeline', () => {
  it('records test mode, shows requested → paid with dates, notifies each change and flags past PAYOUT_SLA', async () => {
    const admin = await signup(t.app, { name: 'Ada Admin' });
    await makeAdmin(t, admin);
    everyone.push(admin);
    expect((await call('PUT', '/api/wallet/bank-details', ben, { upiId: 'ben@okbank' })).statusCode).toBe(
      200,
    );
    const requestedAt = t.clock.now();
    const req = await call('POST', '/api/withdrawals/request', ben, {
      amount: 500,
      requestId: 'timeline-req-1',
    });
    expect(req.statusCode).toBe(201);
    expect(req.json().withdrawal).toMatchObject({ status: 'pending', testMode: true });
    const id = req.json().withdrawal._id;
    const list = async () =>
      (await call('GET', '/api/admin/withdrawals?status=pending', admin)).json() as Array<{
        _id: string;
        pastSla: boolean;
        testMode: boolean;
        ageMinutes: number;
      }>;
    expect((await list()).find((w) => w._id === id)).toMatchObject({ pastSla: false, testMode: true });
    await setClock(new Date(t.clock.now().getTime() + 73 * HOUR));
    expect((await list()).find((w) => w._id === id)).toMatchObject({ pastSla: true, ageMinutes: 73 * 60 });
    const done = await call('POST', `/api/admin/withdrawals/${id}/complete`, admin, {
      payoutReference: 'UTR998877',
    });
    expect(done.statusCode).toBe(200);
    const [mine] = (await call('GET', '/api/withdrawals', ben)).json();
    expect(mine).toMatchObject({
      _id: id,
      status: 'completed',
      payoutReference: 'UTR998877',
      createdAt: requestedAt.toISOString(),
      processedAt: t.clock.now().toISOString(),
      testMode: true,
    });
    const titles = (
      await t.database.db.select().from(notifications).where(eq(notifications.userId, ben.user.id))
    ).map((n) => n.title);
    expect(titles).toEqual(expect.arrayContaining(['Withdrawal requested', 'Withdrawal completed']));
    expect((await call('GET', '/api/withdrawals', null)).statusCode).toBe(401);
  });
});

/**
 * The race an attacker won: one instance (its clock just before the deadline) takes an answer
 * while another (just after) runs the settlement, then the author distributes. Whatever the order,
 * the reward leaves escrow once: to the answer, if it landed before the settlement's lock, or back to
 * the asker with the answer refused. Each try is a question of its own with its own deadline.
 */
describe('answers racing the deadline settlement on two instances', () => {
  const TRIES = 200;

  it(`never pays a reward twice (${TRIES} tries)`, async () => {
    const second = await buildTestApp({ database: t.database, env: { REWARD_DEADLINE: '36h' } });
    try {
      const settlingQuestions = createQuestionsService(second.app.ctx);
      const settlingWallet = createWalletService(second.app.ctx);
      const author = await signup(t.app, { name: 'Racing Asker' });
      const racer = await signup(t.app, { name: 'Racing Answerer' });
      const base = t.clock.now().getTime() + DEADLINE_MS;
      const ids: string[] = [];
      // Paid questions written directly (the payment flow has its own tests): held, one deadline a
      // second apart, each with its captured payment so the per-question money check applies.
      for (let i = 0; i < TRIES; i++) {
        const deadline = new Date(base + i * 1000);
        const [q] = await t.database.db
          .insert(questions)
          .values({
            authorId: author.user.id,
            title: `Racing the deadline ${i}`,
            description: 'Does an answer at the deadline get the reward, or the asker a refund?',
            category: 'Technology',
            rewardAmount: 1000,
            isPaid: true,
            paymentAmount: 1000,
            escrowState: 'held',
            escrowHeldAt: t.clock.now(),
            escrowDeadline: deadline,
          })
          .returning({ id: questions.id });
        await t.database.db.insert(payments).values({
          questionId: q!.id,
          userId: author.user.id,
          provider: 'sandbox',
          orderId: `order_race_${q!.id}`,
          providerPaymentId: `pay_race_${q!.id}`,
          amount: 1000,
          status: 'paid',
          paidAt: t.clock.now(),
        });
        ids.push(q!.id);
      }
      // Sessions idle out across the jump to the first deadline: everyone signs in again there.
      everyone.push(author, racer);
      await setClock(new Date(base - 1));
      const outcomes = { answeredAndPaid: 0, refusedAndRefunded: 0 };
      for (let i = 0; i < TRIES; i++) {
        const id = ids[i]!;
        const deadline = base + i * 1000;
        // The answering instance's clock lags the settling one's by 2 ms around the deadline.
        t.clock.set(new Date(deadline - 1));
        second.clock.set(new Date(deadline + 1));
        // The settlement starts after a varying number of event-loop turns, so that across the tries
        // it takes the lock before, while and after the answer's transaction holds it.
        // Every third try forces the attacker's interleaving: the settlement ranks (nobody yet), the
        // answer commits, then the settlement takes the lock with its stale ranking.
        const turns = i % 12;
        const post = () =>
          t.app.inject({
            method: 'POST',
            url: `/api/questions/${id}/answers`,
            headers: racer.auth,
            payload: { content: `An answer that races the deadline settlement, try ${i}.` },
          });
        let posted: Awaited<ReturnType<typeof post>>;
        if (i % 3 === 0) {
          const ranking = await settlingQuestions.rankForSettlement(id);
          posted = await post();
          await settlingWallet.settleEscrow(id, ranking);
        } else {
          [posted] = await Promise.all([
            post(),
            (async () => {
              for (let k = 0; k < turns; k++) await new Promise((r) => setImmediate(r));
              await settleDue(second);
            })(),
          ]);
        }
        // The author then tries to pay the answer by hand from the lagging instance.
        const dist =
          posted.statusCode === 201
            ? await t.app.inject({
                method: 'POST',
                url: '/api/rewards/distribute',
                headers: author.auth,
                payload: {
                  questionId: id,
                  rewards: [{ answerId: posted.json()._id, answererId: racer.user.id, percentage: 100 }],
                },
              })
            : null;
        await settleDue(second);
        const [row] = await t.database.db
          .select({ state: questions.escrowState })
          .from(questions)
          .where(eq(questions.id, id));
        if (posted.statusCode === 201) {
          // An answer that was taken is paid exactly once, by hand or automatically; never refunded.
          expect(row!.state === 'auto-distributed' || row!.state === 'distributed').toBe(true);
          if (dist && dist.statusCode === 200) expect(row!.state).toBe('distributed');
          outcomes.answeredAndPaid++;
        } else {
          expect(posted.statusCode).toBe(409);
          expect(row!.state).toBe('refunded');
          outcomes.refusedAndRefunded++;
        }
      }
      expect(outcomes.answeredAndPaid + outcomes.refusedAndRefunded).toBe(TRIES);
      expect(outcomes.answeredAndPaid).toBeGreaterThanOrEqual(TRIES / 3);
      expect(await moneyViolations(t.database.db)).toEqual([]);
      // The racer got exactly 1,000 paise per answered question, the asker a refund per other one.
      expect((await wallet(racer)).balance).toBe(outcomes.answeredAndPaid * 1000);
      expect((await wallet(author)).balance).toBe(outcomes.refusedAndRefunded * 1000);
      await setClock(t.clock.now());
    } finally {
      await second.close();
    }
  }, 300_000);
});

describe('settlement decides under the lock', () => {
  it('a distribution is refused once the reward was refunded, and the database refuses it too', async () => {
    const id = await paidQuestion(15);
    await setClock(new Date(new Date((await question(id)).escrow.deadline).getTime() + 1));
    await settleDue();
    expect((await question(id)).escrow.state).toBe('refunded');
    // Back before the deadline on this instance (a lagging clock): still refused, by state.
    await setClock(new Date(t.clock.now().getTime() - 10_000));
    const fake = '00000000-0000-4000-8000-000000000000';
    const res = await call('POST', '/api/rewards/distribute', asker, {
      questionId: id,
      rewards: [{ answerId: fake, answererId: ann.user.id, percentage: 100 }],
    });
    expect(res.statusCode).toBe(409);
    expectErrorBody(res.json());
    expect(res.json()).toMatchObject({ code: 'REWARD_REFUNDED', error: QUESTION_TEXT.distributeRefunded });
    // Whatever the code asks, a refunded question cannot also be distributed.
    await expect(
      t.database.db.insert(rewardDistributions).values({
        questionId: id,
        distributedBy: asker.user.id,
        total: 1500,
        kind: 'manual',
      }),
    ).rejects.toThrow();
    await expect(
      t.database.db.insert(escrowSettlements).values({
        questionId: id,
        outcome: 'distributed',
        amount: 1500,
        settledAt: t.clock.now(),
      }),
    ).rejects.toThrow();
    expect(await moneyViolations(t.database.db)).toEqual([]);
  });

  it('takes no answers once the deadline has passed, before the settlement has run', async () => {
    const id = await paidQuestion(12);
    await setClock(new Date(new Date((await question(id)).escrow.deadline).getTime()));
    const res = await answer(id, ann, 'Just in time?');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'DEADLINE_PASSED', error: QUESTION_TEXT.answersAfterDeadline });
    await settleDue();
    expect((await question(id)).escrow.state).toBe('refunded');
  });

  it('ranks again when an answer lands between the ranking and the lock', async () => {
    const id = await paidQuestion(20);
    const deadline = new Date((await question(id)).escrow.deadline).getTime();
    // A settlement that ranked nobody is told the question has answers now.
    expect((await answer(id, ben, 'Set a timeout and clear it on each keystroke.')).statusCode).toBe(201);
    await setClock(new Date(deadline + 1));
    const stale = await createWalletService(t.app.ctx).settleEscrow(id, { answerCount: 0, winners: [] });
    expect(stale).toBe('stale');
    expect((await question(id)).escrow.state).toBe('held');
    const before = (await wallet(ben)).balance;
    await settleDue();
    expect((await question(id)).escrow.state).toBe('auto-distributed');
    expect((await wallet(ben)).balance).toBe(before + 2000);
  });

  it('walks past rewards it cannot settle instead of letting them fill the batch, and counts them', async () => {
    const { dueRewards } = await import('../questions/questions.escrow.service.js');
    const { readOperationalSnapshot } = await import('../../platform/metrics.js');
    // A reward held past its deadline (as one the task could not settle would be) shows in the metric.
    const overdue = await paidQuestion(13);
    const deadline = new Date((await question(overdue)).escrow.deadline).getTime();
    const later = new Date(deadline + 10 * 60_000);
    const snapshot = await readOperationalSnapshot(t.database, later, 72 * HOUR);
    expect(snapshot.escrowOverdue).toBeGreaterThanOrEqual(1);
    const before = await readOperationalSnapshot(t.database, new Date(deadline - 1000), 72 * HOUR);
    expect(before.escrowOverdue).toBeLessThan(snapshot.escrowOverdue);
    const now = new Date(t.clock.now().getTime() + 400 * DEADLINE_MS);
    const first = await dueRewards(t.database.db, now, 2);
    if (first.length === 2) {
      const next = await dueRewards(t.database.db, now, 2, first[1]);
      expect(next.map((r) => r.id)).not.toContain(first[0]!.id);
      expect(next.map((r) => r.id)).not.toContain(first[1]!.id);
    }
  });
});
