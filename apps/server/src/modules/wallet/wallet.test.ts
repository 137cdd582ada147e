import { MSG } from '@agora/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildTestApp,
  expectErrorBody,
  makeAdmin,
  signup,
  type TestApp,
  type TestUser,
} from '../../../test/helpers.js';
import type { SessionUser } from '../../context.js';
import {
  notifications,
  payments,
  questions,
  wallets,
  walletTransactions,
  withdrawals,
} from '../../db/schema/index.js';
import { createBankCipher } from './bank-crypto.js';
import { makeAnswer, makeQuestion, moneyViolations, payThroughApi } from './money.fixtures.js';
import { createWalletService, WALLET_MSG } from './wallet.service.js';

let t: TestApp;
let author: TestUser;
beforeAll(async () => {
  t = await buildTestApp();
  author = await signup(t.app, { name: 'Asha Author' });
});
afterAll(async () => {
  expect(await moneyViolations(t.database.db)).toEqual([]);
  await t.close();
});

const req = (method: 'GET' | 'POST' | 'PUT', url: string, user: TestUser | null, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: user?.auth ?? {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

const sessionUser = (u: TestUser, role: SessionUser['role'] = 'user'): SessionUser => ({
  id: u.user.id,
  sessionId: 'test',
  email: u.user.email,
  name: u.user.name,
  displayName: u.user.name,
  role,
});

/** A paid question with one answer per given answerer. */
async function paidQuestionWithAnswers(rupees: number, answerers: TestUser[], title?: string) {
  const q = await makeQuestion(t.database.db, author, title ? { title } : {});
  await payThroughApi(t.app, author, q.id, rupees);
  const answers = [];
  for (const a of answerers) answers.push(await makeAnswer(t.database.db, q.id, a));
  return { q, answers };
}

async function walletOf(u: TestUser) {
  return (await req('GET', '/api/wallet', u)).json();
}

/** An answerer with `rupees` in the wallet and payout details saved. */
async function fundedAnswerer(rupees: number) {
  const u = await signup(t.app, { name: 'Funded Answerer' });
  const { q, answers } = await paidQuestionWithAnswers(rupees, [u]);
  const res = await req('POST', '/api/rewards/distribute', author, {
    questionId: q.id,
    rewards: [{ answerId: answers[0]!.id, answererId: u.user.id, percentage: 100 }],
  });
  expect(res.statusCode).toBe(200);
  expect((await req('PUT', '/api/wallet/bank-details', u, { upiId: 'funded@okbank' })).statusCode).toBe(200);
  return u;
}

describe('reward view', () => {
  it('shows the author the question, the paid total, the answers and the distribution status', async () => {
    const a1 = await signup(t.app, { name: 'Bina Answerer' });
    const a2 = await signup(t.app, { name: 'Chen Answerer' });
    const { q, answers } = await paidQuestionWithAnswers(50, [a1, a2], 'What is a paisa?');
    const res = await req('GET', `/api/questions/${q.id}/rewards`, author);
    expect(res.statusCode).toBe(200);
    const v = res.json();
    expect(v.question).toMatchObject({
      _id: q.id,
      title: 'What is a paisa?',
      isPaid: true,
      paymentAmount: 5000,
      rewardsDistributedAt: null,
    });
    expect(v.question.answers.map((a: { _id: string }) => a._id)).toEqual(answers.map((a) => a.id));
    expect(v.question.answers[0]).toMatchObject({
      authorId: a1.user.id,
      author: { id: a1.user.id, displayName: 'Bina Answerer' },
    });
    expect(v).toMatchObject({
      payment: { amount: 5000 },
      rewards: [],
      totalDistributed: 0,
      remainingPercentage: 100,
    });
  });

  it('is for the author only', async () => {
    const q = await makeQuestion(t.database.db, author);
    const stranger = await signup(t.app);
    expect((await req('GET', `/api/questions/${q.id}/rewards`, null)).statusCode).toBe(401);
    const res = await req('GET', `/api/questions/${q.id}/rewards`, stranger);
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe(WALLET_MSG.notAuthor);
    expect(
      (await req('GET', '/api/questions/00000000-0000-4000-8000-000000000000/rewards', author)).statusCode,
    ).toBe(404);
    expect((await req('GET', '/api/questions/not-a-uuid/rewards', author)).statusCode).toBe(400);
  });

  it("answers 404, not 403, for someone else's unpaid question (CONTRACT §3: not visible to them)", async () => {
    const q = await makeQuestion(t.database.db, author, { rewardAmount: 2000 });
    const a1 = await signup(t.app);
    const ans = await makeAnswer(t.database.db, q.id, a1);
    const stranger = await signup(t.app);
    const view = await req('GET', `/api/questions/${q.id}/rewards`, stranger);
    expect(view.statusCode).toBe(404);
    expect(view.json()).toMatchObject({ code: 'NOT_FOUND', error: MSG.questionNotFound });
    const dist = await req('POST', '/api/rewards/distribute', stranger, {
      questionId: q.id,
      rewards: [{ answerId: ans.id, answererId: a1.user.id, percentage: 100 }],
    });
    expect(dist.statusCode).toBe(404);
    expect(dist.json()).toMatchObject({ code: 'NOT_FOUND', error: MSG.questionNotFound });
    // Its author still sees it.
    expect((await req('GET', `/api/questions/${q.id}/rewards`, author)).statusCode).toBe(200);
  });
});

describe('distribution', () => {
  it('credits floor(total × pct / 100) with the leftover paise to the first selected answer', async () => {
    const [a1, a2, a3] = [await signup(t.app), await signup(t.app), await signup(t.app)];
    const { q, answers } = await paidQuestionWithAnswers(10, [a1!, a2!, a3!], 'Split me exactly');
    // A total that does not divide evenly (1001 paise), as a whole-rupee payment never would.
    await t.database.db.update(questions).set({ paymentAmount: 1001 }).where(eq(questions.id, q.id));
    await t.database.db.update(payments).set({ amount: 1001 }).where(eq(payments.questionId, q.id));
    const res = await req('POST', '/api/rewards/distribute', author, {
      questionId: q.id,
      rewards: [
        { answerId: answers[2]!.id, answererId: a3!.user.id, percentage: 34 },
        { answerId: answers[0]!.id, answererId: a1!.user.id, percentage: 33 },
        { answerId: answers[1]!.id, answererId: a2!.user.id, percentage: 33 },
      ],
    });
    expect(res.statusCode).toBe(200);
    // floor(340.34)=340, floor(330.33)=330 twice → 1000; the 1 leftover paisa goes to the first.
    expect(res.json().rewards.map((r: { amount: number }) => r.amount)).toEqual([341, 330, 330]);
    expect((await walletOf(a3!)).balance).toBe(341);
    expect((await walletOf(a1!)).balance).toBe(330);
    expect((await walletOf(a2!)).totalEarned).toBe(330);

    const txs = (await req('GET', '/api/wallet/transactions', a3!)).json();
    expect(txs).toHaveLength(1);
    expect(txs[0]).toMatchObject({
      type: 'reward',
      amount: 341,
      status: 'completed',
      questionTitle: 'Split me exactly',
    });
    const notes = await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, a1!.user.id));
    expect(notes).toEqual([expect.objectContaining({ type: 'reward', link: '/wallet' })]);
    expect(notes[0]!.body).toContain('₹3.30');

    const view = (await req('GET', `/api/questions/${q.id}/rewards`, author)).json();
    expect(view).toMatchObject({ totalDistributed: 100, remainingPercentage: 0 });
    expect(view.question.rewardsDistributedAt).toEqual(expect.any(String));
    expect(view.rewards).toHaveLength(3);
  });

  it('happens once: a second request gets 409', async () => {
    const a1 = await signup(t.app);
    const { q, answers } = await paidQuestionWithAnswers(20, [a1]);
    const body = {
      questionId: q.id,
      rewards: [{ answerId: answers[0]!.id, answererId: a1.user.id, percentage: 100 }],
    };
    expect((await req('POST', '/api/rewards/distribute', author, body)).statusCode).toBe(200);
    const again = await req('POST', '/api/rewards/distribute', author, body);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'ALREADY_DISTRIBUTED', error: WALLET_MSG.alreadyDistributed });
    expect((await walletOf(a1)).balance).toBe(2000);
  });

  it('happens once when many requests race, whatever their splits', async () => {
    const [a1, a2] = [await signup(t.app), await signup(t.app)];
    const { q, answers } = await paidQuestionWithAnswers(99, [a1!, a2!]);
    const splits = [
      [50, 50],
      [70, 30],
      [1, 99],
      [100, 0],
      [60, 40],
      [50, 50],
      [99, 1],
      [30, 70],
    ];
    const results = await Promise.all(
      splits.map(([p1, p2]) =>
        req('POST', '/api/rewards/distribute', author, {
          questionId: q.id,
          rewards: [
            { answerId: answers[0]!.id, answererId: a1!.user.id, percentage: p1 },
            ...(p2 ? [{ answerId: answers[1]!.id, answererId: a2!.user.id, percentage: p2 }] : []),
          ],
        }),
      ),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 409, 409, 409, 409, 409, 409, 409]);
    const total = (await walletOf(a1!)).balance + (await walletOf(a2!)).balance;
    expect(total).toBe(9900);
  });

  it('refuses anyone but the author, and an unpaid question', async () => {
    const a1 = await signup(t.app);
    const unpaid = await makeQuestion(t.database.db, author);
    const ans = await makeAnswer(t.database.db, unpaid.id, a1);
    const body = {
      questionId: unpaid.id,
      rewards: [{ answerId: ans.id, answererId: a1.user.id, percentage: 100 }],
    };
    const notPaid = await req('POST', '/api/rewards/distribute', author, body);
    expect(notPaid.statusCode).toBe(409);
    expect(notPaid.json()).toMatchObject({ code: 'NOT_PAID', error: WALLET_MSG.notPaid });
    const { q, answers } = await paidQuestionWithAnswers(10, [a1]);
    const byAnswerer = await req('POST', '/api/rewards/distribute', a1, {
      questionId: q.id,
      rewards: [{ answerId: answers[0]!.id, answererId: a1.user.id, percentage: 100 }],
    });
    expect(byAnswerer.statusCode).toBe(403);
    expect((await walletOf(a1)).balance).toBe(0);
  });

  it('validates the selection: at least one, whole percentages summing to 100, own answers, true answerers', async () => {
    const [a1, a2] = [await signup(t.app), await signup(t.app)];
    const { q, answers } = await paidQuestionWithAnswers(10, [a1!, a2!]);
    const other = await paidQuestionWithAnswers(10, [a1!]);
    const e1 = { answerId: answers[0]!.id, answererId: a1!.user.id };
    const e2 = { answerId: answers[1]!.id, answererId: a2!.user.id };
    const cases: [unknown[], string][] = [
      [[], MSG.selectAnswerToReward],
      [
        [
          { ...e1, percentage: 60 },
          { ...e2, percentage: 30 },
        ],
        WALLET_MSG.percentages,
      ],
      [
        [
          { ...e1, percentage: 50.5 },
          { ...e2, percentage: 49.5 },
        ],
        'Percentages must be whole numbers',
      ],
      [
        [
          { ...e1, percentage: 120 },
          { ...e2, percentage: -20 },
        ],
        '',
      ],
      [
        [
          { ...e1, percentage: 50 },
          { ...e1, percentage: 50 },
        ],
        WALLET_MSG.duplicateAnswer,
      ],
      [
        [{ answerId: other.answers[0]!.id, answererId: a1!.user.id, percentage: 100 }],
        WALLET_MSG.foreignAnswer,
      ],
      [[{ answerId: answers[0]!.id, answererId: a2!.user.id, percentage: 100 }], WALLET_MSG.wrongAnswerer],
    ];
    for (const [rewards, message] of cases) {
      const res = await req('POST', '/api/rewards/distribute', author, { questionId: q.id, rewards });
      expect(res.statusCode, JSON.stringify(rewards)).toBe(400);
      expectErrorBody(res.json());
      if (message) expect(res.json().error).toContain(message);
    }
    expect((await req('GET', `/api/questions/${q.id}/rewards`, author)).json().totalDistributed).toBe(0);
    expect((await walletOf(a1!)).balance).toBe(0);
  });
});

describe('wallet and payout details', () => {
  it('starts empty', async () => {
    const u = await signup(t.app);
    expect(await walletOf(u)).toEqual({
      _id: u.user.id,
      balance: 0,
      totalEarned: 0,
      bankAccount: null,
      upiId: null,
    });
    expect((await req('GET', '/api/wallet/transactions', u)).json()).toEqual([]);
    expect((await req('GET', '/api/wallet', null)).statusCode).toBe(401);
  });

  it('needs a UPI id or all four bank fields', async () => {
    const u = await signup(t.app);
    const bad: [Record<string, unknown>, string][] = [
      [{}, MSG.paymentDetailsRequired],
      [
        { upiId: '   ', accountNumber: '', ifsc: '', accountHolderName: '', bankName: '' },
        MSG.paymentDetailsRequired,
      ],
      [
        { accountNumber: '123456789', ifsc: 'SBIN0001234', accountHolderName: 'U' },
        MSG.paymentDetailsRequired,
      ],
      [{ upiId: 'no-handle' }, WALLET_MSG.invalidUpi],
      [{ upiId: 'x@y@z' }, WALLET_MSG.invalidUpi],
      [
        { accountNumber: '123456789', ifsc: 'SBIN1234567', accountHolderName: 'U', bankName: 'SBI' },
        WALLET_MSG.invalidIfsc,
      ],
      [
        { accountNumber: '12ab', ifsc: 'SBIN0001234', accountHolderName: 'U', bankName: 'SBI' },
        WALLET_MSG.invalidAccountNumber,
      ],
      [{ upiId: 'ok@bank', accountNumber: '123456789' }, WALLET_MSG.incompleteBank],
      // No saved account to keep: a blank account number leaves the bank account incomplete.
      [
        { accountNumber: '', ifsc: 'SBIN0001234', accountHolderName: 'U', bankName: 'SBI' },
        MSG.paymentDetailsRequired,
      ],
    ];
    for (const [body, message] of bad) {
      const res = await req('PUT', '/api/wallet/bank-details', u, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error).toBe(message);
    }
    expect(await walletOf(u)).toMatchObject({ bankAccount: null, upiId: null });
  });

  it('stores the bank account encrypted, shows only its last 4 digits, and upper-cases the IFSC', async () => {
    const u = await signup(t.app);
    const res = await req('PUT', '/api/wallet/bank-details', u, {
      accountNumber: '0012 3456 7890',
      ifsc: 'hdfc0abc123',
      accountHolderName: '  Devi Rao ',
      bankName: 'HDFC Bank',
      upiId: '',
    });
    expect(res.statusCode).toBe(200);
    const expected = {
      bankAccount: {
        accountNumber: 'XXXXXX7890',
        ifsc: 'HDFC0ABC123',
        accountHolderName: 'Devi Rao',
        bankName: 'HDFC Bank',
      },
      upiId: null,
    };
    expect(res.json()).toMatchObject(expected);
    expect(await walletOf(u)).toMatchObject(expected);
    expect(JSON.stringify(await walletOf(u))).not.toContain('001234567890');

    const [row] = await t.database.db.select().from(wallets).where(eq(wallets.userId, u.user.id));
    expect(row!.bankAccountEnc).toMatch(/^v1:/);
    expect(row!.bankAccountEnc).not.toContain('4567890');
    const cipher = createBankCipher(t.config.jwtSecret);
    expect(cipher.decrypt(row!.bankAccountEnc!, u.user.id)).toBe('001234567890');
    // Bound to its owner: the same ciphertext on another wallet does not decrypt.
    expect(() => cipher.decrypt(row!.bankAccountEnc!, author.user.id)).toThrow();
    // A different key cannot read it either.
    expect(() =>
      createBankCipher('another-secret-another-secret-0123').decrypt(row!.bankAccountEnc!, u.user.id),
    ).toThrow();

    // Adding a UPI id from the edit form: the account number is not prefilled (never sent back in
    // full), so it comes blank with the other three fields, and the saved account stays.
    const both = await req('PUT', '/api/wallet/bank-details', u, {
      upiId: 'devi@okhdfc',
      accountNumber: '',
      ifsc: 'HDFC0ABC123',
      accountHolderName: 'Devi Rao',
      bankName: 'HDFC Bank, Pune',
    });
    expect(both.statusCode).toBe(200);
    expect(both.json()).toMatchObject({
      upiId: 'devi@okhdfc',
      bankAccount: { ...expected.bankAccount, bankName: 'HDFC Bank, Pune' },
    });
    const [kept] = await t.database.db.select().from(wallets).where(eq(wallets.userId, u.user.id));
    expect(cipher.decrypt(kept!.bankAccountEnc!, u.user.id)).toBe('001234567890');
    // Still incomplete without the other bank fields, and without a UPI id the spec's sentence.
    const partial = { accountNumber: '', ifsc: 'HDFC0ABC123', accountHolderName: 'Devi Rao', bankName: '' };
    const noUpi = await req('PUT', '/api/wallet/bank-details', u, partial);
    expect(noUpi.statusCode).toBe(400);
    expect(noUpi.json().error).toBe(MSG.paymentDetailsRequired);
    const withUpi = await req('PUT', '/api/wallet/bank-details', u, { ...partial, upiId: 'devi@okhdfc' });
    expect(withUpi.statusCode).toBe(400);
    expect(withUpi.json().error).toBe(WALLET_MSG.incompleteBank);

    // Switching to UPI only replaces the bank details (PUT).
    const upi = await req('PUT', '/api/wallet/bank-details', u, { upiId: 'devi.rao@okhdfc' });
    expect(upi.json()).toMatchObject({ upiId: 'devi.rao@okhdfc', bankAccount: null });
    const [after] = await t.database.db.select().from(wallets).where(eq(wallets.userId, u.user.id));
    expect(after!.bankAccountEnc).toBeNull();
  });

  it('lists transactions newest first in bounded pages with X-Next-Cursor', async () => {
    const u = await signup(t.app);
    for (let i = 0; i < 5; i++) {
      t.clock.advance(1000);
      const { q, answers } = await paidQuestionWithAnswers(10 + i, [u], `Question ${i}`);
      await req('POST', '/api/rewards/distribute', author, {
        questionId: q.id,
        rewards: [{ answerId: answers[0]!.id, answererId: u.user.id, percentage: 100 }],
      });
    }
    const all = (await req('GET', '/api/wallet/transactions', u)).json();
    expect(all.map((x: { questionTitle: string }) => x.questionTitle)).toEqual([
      'Question 4',
      'Question 3',
      'Question 2',
      'Question 1',
      'Question 0',
    ]);
    const seen: string[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < 5; page++) {
      const res = await req('GET', `/api/wallet/transactions?limit=2${cursor ? `&cursor=${cursor}` : ''}`, u);
      seen.push(...res.json().map((x: { _id: string }) => x._id));
      cursor = res.headers['x-next-cursor'] as string | undefined;
      if (!cursor) break;
    }
    expect(seen).toEqual(all.map((x: { _id: string }) => x._id));
    expect((await req('GET', '/api/wallet/transactions?limit=101', u)).statusCode).toBe(400);
    expect((await req('GET', '/api/wallet/transactions?cursor=garbage', u)).statusCode).toBe(400);
  });
});

describe('withdrawals', () => {
  it('needs payout details and a balance, and an amount within it', async () => {
    const u = await signup(t.app);
    const noDetails = await req('POST', '/api/withdrawals/request', u, { amount: 100 });
    expect(noDetails.statusCode).toBe(400);
    expect(noDetails.json().error).toBe(MSG.addPayoutFirst);
    await req('PUT', '/api/wallet/bank-details', u, { upiId: 'broke@okbank' });
    expect((await req('POST', '/api/withdrawals/request', u, { amount: 100 })).json().error).toBe(
      MSG.noBalance,
    );

    const rich = await fundedAnswerer(10);
    const over = await req('POST', '/api/withdrawals/request', rich, { amount: 1001 });
    expect(over.statusCode).toBe(400);
    expect(over.json().error).toBe(MSG.insufficientBalance);
    for (const amount of [0, -5, 1.5, 'abc', null]) {
      const res = await req('POST', '/api/withdrawals/request', rich, { amount });
      expect(res.statusCode, String(amount)).toBe(400);
      expect(res.json().error).toBe(MSG.invalidAmount);
    }
    expect((await walletOf(rich)).balance).toBe(1000);
  });

  it('debits the wallet and records a pending withdrawal transaction together', async () => {
    const u = await fundedAnswerer(25);
    const res = await req('POST', '/api/withdrawals/request', u, { amount: 1001 });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      message: MSG.withdrawalSubmitted,
      balance: 1499,
      withdrawal: { amount: 1001, status: 'pending', userId: u.user.id },
    });
    expect(await walletOf(u)).toMatchObject({ balance: 1499, totalEarned: 2500 });
    const [latest] = (await req('GET', '/api/wallet/transactions', u)).json();
    expect(latest).toMatchObject({
      type: 'withdrawal',
      amount: 1001,
      status: 'pending',
      description: 'Withdrawal to UPI ID funded@okbank',
    });
    // The full balance can go, to the last paisa.
    expect((await req('POST', '/api/withdrawals/request', u, { amount: 1499 })).statusCode).toBe(201);
    expect((await walletOf(u)).balance).toBe(0);
  });

  it('pays to the method the user chooses when both UPI and bank account are saved', async () => {
    const bankOnly = await signup(t.app, { name: 'Bank Only' });
    const u = await fundedAnswerer(30);
    const bank = {
      upiId: 'funded@okbank',
      accountNumber: '123456789012',
      ifsc: 'SBIN0001234',
      accountHolderName: 'Funded Answerer',
      bankName: 'SBI',
    };
    expect((await req('PUT', '/api/wallet/bank-details', u, bank)).statusCode).toBe(200);

    // Both saved and no choice: asked, nothing taken.
    const unasked = await req('POST', '/api/withdrawals/request', u, { amount: 100 });
    expect(unasked.statusCode).toBe(400);
    expect(unasked.json().error).toBe(MSG.payoutMethodRequired);
    const odd = await req('POST', '/api/withdrawals/request', u, { amount: 100, method: 'cash' });
    expect(odd.statusCode).toBe(400);
    expect((await walletOf(u)).balance).toBe(3000);

    const toBank = await req('POST', '/api/withdrawals/request', u, { amount: 1000, method: 'bank' });
    expect(toBank.statusCode).toBe(201);
    const toUpi = await req('POST', '/api/withdrawals/request', u, { amount: 500, method: 'upi' });
    expect(toUpi.statusCode).toBe(201);
    const rows = await t.database.db.select().from(withdrawals).where(eq(withdrawals.userId, u.user.id));
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(byId.get(toBank.json().withdrawal._id)).toMatchObject({
      payoutMethod: 'bank',
      payoutUpiId: null,
      payoutBankAccountLast4: '9012',
      payoutIfsc: 'SBIN0001234',
    });
    expect(byId.get(toUpi.json().withdrawal._id)).toMatchObject({
      payoutMethod: 'upi',
      payoutUpiId: 'funded@okbank',
      payoutBankAccountLast4: null,
    });
    const descriptions = (await req('GET', '/api/wallet/transactions', u))
      .json()
      .filter((x: { type: string }) => x.type === 'withdrawal')
      .map((x: { description: string }) => x.description);
    expect(descriptions).toContain('Withdrawal to UPI ID funded@okbank');
    expect(
      descriptions.some((d: string) => d.startsWith('Withdrawal to bank account') && d.endsWith('9012')),
    ).toBe(true);
    expect((await walletOf(u)).balance).toBe(1500);

    // With one method saved it is used without asking; choosing the missing one is refused.
    const upiOnly = await fundedAnswerer(10);
    expect((await req('POST', '/api/withdrawals/request', upiOnly, { amount: 100 })).statusCode).toBe(201);
    const noBank = await req('POST', '/api/withdrawals/request', upiOnly, { amount: 100, method: 'bank' });
    expect(noBank.statusCode).toBe(400);
    expect(noBank.json().error).toBe(MSG.payoutMethodBankMissing);
    await req('PUT', '/api/wallet/bank-details', bankOnly, { ...bank, upiId: '' });
    const noUpi = await req('POST', '/api/withdrawals/request', bankOnly, { amount: 100, method: 'upi' });
    expect(noUpi.json().error).toBe(MSG.payoutMethodUpiMissing);
  });

  it('never overdraws when requests race', async () => {
    const u = await fundedAnswerer(10);
    const results = await Promise.all(
      Array.from({ length: 10 }, () => req('POST', '/api/withdrawals/request', u, { amount: 600 })),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([201, ...Array(9).fill(400)]);
    expect(
      results.filter((r) => r.statusCode === 400).every((r) => r.json().error === MSG.insufficientBalance),
    ).toBe(true);
    expect((await walletOf(u)).balance).toBe(400);
  });

  it('is idempotent by request id, also when the retries race', async () => {
    const u = await fundedAnswerer(10);
    const body = { amount: 300, requestId: 'client-key-0001' };
    const results = await Promise.all(
      Array.from({ length: 6 }, () => req('POST', '/api/withdrawals/request', u, body)),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 200, 200, 201]);
    const ids = new Set(results.map((r) => r.json().withdrawal._id));
    expect(ids.size).toBe(1);
    expect(results[0]!.json().withdrawal.requestId).toBe('client-key-0001');
    expect((await walletOf(u)).balance).toBe(700);
    const reused = await req('POST', '/api/withdrawals/request', u, {
      amount: 200,
      requestId: 'client-key-0001',
    });
    expect(reused.statusCode).toBe(409);
    // Another user's identical key is a different request.
    const v = await fundedAnswerer(10);
    expect((await req('POST', '/api/withdrawals/request', v, body)).statusCode).toBe(201);
  });
});

describe('admin withdrawal service', () => {
  let admin: SessionUser;
  beforeAll(async () => {
    const a = await signup(t.app, { name: 'Ada Admin' });
    await makeAdmin(t, a);
    admin = sessionUser(a, 'admin');
  });
  const svc = () => createWalletService(t.app.ctx);

  async function pendingWithdrawal(rupees: number, amount: number) {
    const u = await fundedAnswerer(rupees);
    const res = await req('POST', '/api/withdrawals/request', u, { amount });
    return { u, id: res.json().withdrawal._id as string };
  }

  it('completes a pending withdrawal once and tells the user', async () => {
    const { u, id } = await pendingWithdrawal(10, 400);
    await expect(svc().completeWithdrawal(sessionUser(u), id, 'UTR1')).rejects.toMatchObject({ status: 403 });
    const done = await svc().completeWithdrawal(admin, id, 'UTR123456');
    expect(done).toMatchObject({ status: 'completed', payoutReference: 'UTR123456' });
    const again = await svc().completeWithdrawal(admin, id, 'UTR-other');
    expect(again).toMatchObject({ status: 'completed', payoutReference: 'UTR123456' });
    await expect(svc().failWithdrawal(admin, id, 'late')).rejects.toMatchObject({ status: 409 });
    expect(await walletOf(u)).toMatchObject({ balance: 600 });
    const [txn] = (await req('GET', '/api/wallet/transactions', u)).json();
    expect(txn).toMatchObject({ type: 'withdrawal', status: 'completed', amount: 400 });
    const notes = await t.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, u.user.id), eq(notifications.type, 'withdrawal')));
    // Every change of a withdrawal is told: requested, then completed — once each.
    expect(notes.map((n) => n.title).sort()).toEqual(['Withdrawal completed', 'Withdrawal requested']);
  });

  it('fails a pending withdrawal once, returning the money and marking the transaction failed', async () => {
    const { u, id } = await pendingWithdrawal(10, 700);
    expect((await walletOf(u)).balance).toBe(300);
    const failed = await svc().failWithdrawal(admin, id, 'Account closed');
    expect(failed).toMatchObject({ status: 'failed', failureReason: 'Account closed' });
    expect((await walletOf(u)).balance).toBe(1000);
    await svc().failWithdrawal(admin, id, 'again');
    expect((await walletOf(u)).balance).toBe(1000);
    await expect(svc().completeWithdrawal(admin, id, 'UTR')).rejects.toMatchObject({ status: 409 });
    const [txn] = (await req('GET', '/api/wallet/transactions', u)).json();
    expect(txn).toMatchObject({ status: 'failed', amount: 700 });
  });

  it('refunds once when fail calls race, also inside a caller transaction', async () => {
    const { u, id } = await pendingWithdrawal(10, 500);
    await Promise.all([
      ...Array.from({ length: 4 }, () => svc().failWithdrawal(admin, id, 'Bounced')),
      ...Array.from({ length: 2 }, () =>
        t.database.db.transaction((tx) =>
          createWalletService({ ...t.app.ctx, db: tx }).failWithdrawal(admin, id, 'Bounced'),
        ),
      ),
    ]);
    expect((await walletOf(u)).balance).toBe(1000);
    const [row] = await t.database.db.select().from(withdrawals).where(eq(withdrawals.id, id));
    expect(row!.status).toBe('failed');
    const txns = await t.database.db
      .select()
      .from(walletTransactions)
      .where(eq(walletTransactions.userId, u.user.id));
    expect(txns.filter((x) => x.type === 'withdrawal')).toEqual([
      expect.objectContaining({ status: 'failed', amount: -500 }),
    ]);
  });

  it('answers 404 for an unknown withdrawal', async () => {
    await expect(
      svc().completeWithdrawal(admin, '00000000-0000-4000-8000-000000000000', 'x'),
    ).rejects.toMatchObject({ status: 404 });
    await expect(svc().failWithdrawal(admin, 'nope', 'x')).rejects.toMatchObject({ status: 404 });
  });

  it('pays the destination recorded with the request, even after the user edits the wallet', async () => {
    const u = await fundedAnswerer(10);
    const adminUser = await signup(t.app, { name: 'Pat Payouts' });
    await makeAdmin(t, adminUser);
    const bank = {
      accountNumber: '001234567890',
      ifsc: 'HDFC0ABC123',
      accountHolderName: 'Devi Rao',
      bankName: 'HDFC Bank',
    };
    // Bank only: this withdrawal goes to the bank account.
    expect((await req('PUT', '/api/wallet/bank-details', u, bank)).statusCode).toBe(200);
    const res = await req('POST', '/api/withdrawals/request', u, { amount: 300, requestId: 'snapshot-0001' });
    expect(res.statusCode).toBe(201);
    const id = res.json().withdrawal._id as string;
    // Then the user switches to a UPI id (the bank account is removed from the wallet).
    const upi = await req('PUT', '/api/wallet/bank-details', u, { upiId: 'someone.else@okbank' });
    expect(upi.json()).toMatchObject({ upiId: 'someone.else@okbank', bankAccount: null });

    const list = await req('GET', '/api/admin/withdrawals?status=pending', adminUser);
    expect(list.statusCode).toBe(200);
    const row = list.json().find((w: { _id: string }) => w._id === id);
    expect(row).toMatchObject({
      payoutMethod: 'bank',
      payout: {
        upiId: null,
        bankAccountLast4: '7890',
        ifsc: 'HDFC0ABC123',
        accountHolderName: 'Devi Rao',
        bankName: 'HDFC Bank',
      },
    });
    const details = await req('GET', `/api/admin/withdrawals/${id}/payout-details`, adminUser);
    expect(details.statusCode).toBe(200);
    expect(details.json()).toEqual({ upiId: null, bankAccount: bank });
    const svcList = await svc().listWithdrawals({ status: 'pending', limit: 100 });
    expect(svcList.items.find((w) => w._id === id)).toMatchObject({
      payoutMethod: 'bank',
      payout: { upiId: null, bankAccount: { accountNumber: 'XXXXXX7890', bankName: 'HDFC Bank' } },
    });

    // A UPI withdrawal keeps its UPI id when the user later saves a bank account instead.
    const second = await req('POST', '/api/withdrawals/request', u, {
      amount: 200,
      requestId: 'snapshot-0002',
    });
    const id2 = second.json().withdrawal._id as string;
    await req('PUT', '/api/wallet/bank-details', u, { ...bank, accountNumber: '999988887777' });
    const after = (await req('GET', '/api/admin/withdrawals?status=pending', adminUser)).json();
    expect(after.find((w: { _id: string }) => w._id === id2)).toMatchObject({
      payoutMethod: 'upi',
      payout: { upiId: 'someone.else@okbank', bankAccountLast4: null },
    });
    expect((await req('GET', `/api/admin/withdrawals/${id2}/payout-details`, adminUser)).json()).toEqual({
      upiId: 'someone.else@okbank',
      bankAccount: null,
    });
    // And the first still goes to the account it was asked for.
    expect((await req('GET', `/api/admin/withdrawals/${id}/payout-details`, adminUser)).json()).toEqual({
      upiId: null,
      bankAccount: bank,
    });
  });

  it('lists withdrawals by status with masked payout details, in pages', async () => {
    const a = await pendingWithdrawal(10, 100);
    const b = await pendingWithdrawal(10, 200);
    const list = await svc().listWithdrawals({ status: 'pending', limit: 100 });
    const mine = list.items.filter((w) => w._id === a.id || w._id === b.id);
    expect(mine).toHaveLength(2);
    expect(mine[0]).toMatchObject({
      payoutMethod: 'upi',
      payout: { upiId: 'funded@okbank', bankAccount: null },
    });
    expect(list.items.every((w) => w.status === 'pending')).toBe(true);
    const first = await svc().listWithdrawals({ status: 'pending', limit: 1 });
    expect(first.items).toHaveLength(1);
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = await svc().listWithdrawals({ status: 'pending', limit: 1, cursor: first.nextCursor! });
    expect(second.items[0]!._id).not.toBe(first.items[0]!._id);
    const reveal = await svc().revealPayoutDetails(admin, a.id);
    expect(reveal.upiId).toBe('funded@okbank');
  });
});
