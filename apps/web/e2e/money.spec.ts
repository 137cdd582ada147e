// Money journey: a question is paid through the sandbox checkout (the PaymentStep UI), answered by
// two other accounts, its reward split 50/50 on the rewards page, and both answerers add payout
// details and withdraw on the wallet page. Every amount on screen is checked against the server.
import { MSG } from '@agora/shared';
import type { Browser, Page } from '@playwright/test';
import { expect, openAs, serverForThisFile, test } from './fixtures';
import { adminToken, apiJson, apiSignupAll, noOverflow, type Session } from './support';

const server = serverForThisFile({ PAYMENTS_PROVIDER: 'sandbox' });
let browser: Browser;

/** Calls the API as `s` and returns the status with the JSON answer, for checks on refusals too. */
async function call<T = Record<string, unknown>>(
  method: string,
  url: string,
  s: Session | null,
  body?: unknown,
): Promise<{ status: number; json: T }> {
  const res = await fetch(server.url + url, {
    method,
    headers: {
      ...(s ? { authorization: `Bearer ${s.token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, json: (text ? JSON.parse(text) : null) as T };
}

const rupees = (paise: number) => `₹${(paise / 100).toFixed(2)}`;

let author: Session;
let bina: Session;
let chen: Session;
let questionId: string;
const answerIds: string[] = [];

test.beforeAll(async ({ browser: b }) => {
  browser = b;
  ({
    asha: author,
    bina,
    chen,
  } = await apiSignupAll(server.url, 'example.com', {
    asha: { name: 'Asha Author', role: 'questioner' },
    bina: { name: 'Bina Answerer', role: 'answerer' },
    chen: { name: 'Chen Answerer', role: 'answerer' },
  }));

  // The question is created unpaid (as when a checkout is closed) and paid on its rewards page by
  // the first test; until then it is its author's alone, so the answers come after the payment.
  const created = await call<{ _id: string }>('POST', '/api/questions', author, {
    title: 'How should a reward be split fairly?',
    description: 'Two people helped me; I want to pay them both.',
    category: 'Business',
    reward: 50,
  });
  expect(created.status, JSON.stringify(created.json)).toBe(201);
  questionId = created.json._id;
});

/** The wallet page shows the server's balance, total earned and transactions, in its order. */
async function expectWalletMatchesServer(page: Page, s: Session) {
  const w = (await call<{ balance: number; totalEarned: number }>('GET', '/api/wallet', s)).json;
  await expect(page.getByTestId('wallet-balance')).toHaveText(rupees(w.balance));
  await expect(page.getByTestId('wallet-total-earned')).toHaveText(rupees(w.totalEarned));
  const txs = (
    await call<{ type: string; amount: number; status: string }[]>('GET', '/api/wallet/transactions', s)
  ).json;
  await expect(page.getByTestId('transaction')).toHaveCount(txs.length);
  await expect(page.getByTestId('transaction-amount')).toHaveText(
    txs.map((t) => `${t.type === 'reward' ? '+' : '-'}${rupees(t.amount)}`),
  );
  await expect(page.getByTestId('transaction-status')).toHaveText(
    txs.map((t) => (t.status === 'completed' || t.status === 'pending' ? t.status : 'failed')),
  );
  return w;
}

test.describe('money journey', () => {
  test('pays the reward through the sandbox checkout', async () => {
    const { context, page, problems } = await openAs(browser, author);
    await page.goto(`/question/${questionId}/rewards`);
    await expect(page.getByText("This question's reward is not paid yet")).toBeVisible();
    // Unpaid, it is its author's alone: an answerer cannot even find it.
    const early = await call('POST', `/api/questions/${questionId}/answers`, bina, {
      content: 'Answering before the reward is paid.',
    });
    expect(early.status).toBe(404);
    await expect(page.getByTestId('reward-total')).toHaveText('₹0.00');

    // Cancelling the checkout pays nothing.
    await page.getByRole('button', { name: 'Pay ₹50' }).click();
    const checkout = page.getByRole('dialog');
    await expect(checkout.getByTestId('checkout-amount')).toHaveText('₹50.00');
    // Prefilled with the signed-in user's name and e-mail.
    await expect(checkout.getByLabel('Name')).toHaveValue('Asha Author');
    await expect(checkout.getByLabel('Email')).toHaveValue(author.user.email);
    await checkout.getByRole('button', { name: 'Cancel' }).click();
    await expect(checkout).toHaveCount(0);
    expect(
      (await call<{ question: { isPaid: boolean } }>('GET', `/api/questions/${questionId}/rewards`, author))
        .json.question.isPaid,
    ).toBe(false);

    // The checkout at phone width, then cancelled too.
    const narrow = await openAs(browser, author, { width: 375, height: 800 });
    await narrow.page.goto(`/question/${questionId}/rewards`);
    await narrow.page.getByRole('button', { name: 'Pay ₹50' }).click();
    await expect(narrow.page.getByRole('dialog').getByTestId('checkout-amount')).toBeVisible();
    await narrow.page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    await expect(narrow.page.getByRole('dialog')).toHaveCount(0);
    expect(narrow.problems).toEqual([]);
    await narrow.context.close();

    // Paying for real (sandbox): order → signed payment → verify.
    await page.getByRole('button', { name: 'Pay ₹50' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Pay ₹50.00' }).click();
    await expect(page.getByText('Payment successful')).toBeVisible();
    await expect(page.getByText('Total Reward')).toBeVisible();
    await expect(page.getByTestId('reward-total')).toHaveText('₹50.00');
    const view = await call<{ question: { isPaid: boolean; paymentAmount: number } }>(
      'GET',
      `/api/questions/${questionId}/rewards`,
      author,
    );
    expect(view.json.question).toMatchObject({ isPaid: true, paymentAmount: 5000 });
    await expect(page.getByTestId('reward-total')).toHaveText(rupees(view.json.question.paymentAmount));

    // Paid, the question is public: the two answerers answer it.
    for (const [s, content] of [
      [bina, 'Split it by how much each answer helped.'],
      [chen, 'An equal split is the simplest fair rule.'],
    ] as const) {
      const a = await call<{ _id: string }>('POST', `/api/questions/${questionId}/answers`, s, { content });
      expect(a.status, JSON.stringify(a.json)).toBe(201);
      answerIds.push(a.json._id);
    }
    expect(problems).toEqual([]);
    await context.close();
  });

  test('splits the reward 50/50 on the rewards page, once', async () => {
    const { context, page } = await openAs(browser, author);
    await page.goto(`/question/${questionId}/rewards`);
    await expect(page.getByTestId('reward-answer').first()).toBeVisible();
    await expect(page.getByTestId('reward-distributed')).toContainText('0%');
    await expect(page.getByTestId('reward-remaining')).toContainText('100%');

    // Nothing selected: the spec's message.
    await page.getByRole('button', { name: 'Distribute Rewards' }).click();
    await expect(page.getByText(MSG.selectAnswerToReward)).toBeVisible();

    // Live preview while selecting: 100% → 50/50.
    const shares = page.getByTestId('reward-share');
    await page.getByRole('checkbox', { name: 'Reward the answer by Bina Answerer' }).check();
    await expect(shares).toHaveText(['100% · ₹50.00']);
    await page.getByRole('checkbox', { name: 'Reward the answer by Chen Answerer' }).check();
    await expect(shares).toHaveText(['50% · ₹25.00', '50% · ₹25.00']);

    await page.getByRole('button', { name: 'Distribute Rewards' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByText('2 answerers will receive their percentage rewards.')).toBeVisible();
    const done = page.getByRole('button', { name: 'Rewards Already Distributed' });
    await expect(done).toBeDisabled();
    await expect(page.getByTestId('reward-distributed')).toContainText('100%');
    await expect(page.getByTestId('reward-remaining')).toContainText('0%');
    const boxes = page.getByRole('checkbox');
    await expect(boxes).toHaveCount(2);
    for (const box of await boxes.all()) await expect(box).toBeDisabled();

    const view = await call<{
      rewards: { answererId: string; amount: number; percentage: number }[];
      totalDistributed: number;
    }>('GET', `/api/questions/${questionId}/rewards`, author);
    expect(view.json.totalDistributed).toBe(100);
    const byUser = new Map(view.json.rewards.map((r) => [r.answererId, r]));
    expect(byUser.get(bina.user.id)).toMatchObject({ percentage: 50, amount: 2500 });
    expect(byUser.get(chen.user.id)).toMatchObject({ percentage: 50, amount: 2500 });
    await expect(shares).toHaveText(view.json.rewards.map((r) => `${r.percentage}% · ${rupees(r.amount)}`));

    // A second distribution is refused by the server too.
    const again = await call('POST', '/api/rewards/distribute', author, {
      questionId,
      rewards: [{ answerId: answerIds[0], answererId: bina.user.id, percentage: 100 }],
    });
    expect(again.status).toBe(409);

    const narrow = await openAs(browser, author, { width: 375, height: 800 });
    await narrow.page.goto(`/question/${questionId}/rewards`);
    await expect(narrow.page.getByRole('button', { name: 'Rewards Already Distributed' })).toBeVisible();
    await expect.poll(() => noOverflow(narrow.page)).toBeLessThanOrEqual(0);
    await narrow.context.close();
    await context.close();
  });

  test('lets the first answerer add a UPI id and withdraw part of the balance', async () => {
    const { context, page } = await openAs(browser, bina);
    await page.goto('/wallet');
    await expect(page.getByRole('heading', { name: 'My Wallet' })).toBeVisible();
    const start = await expectWalletMatchesServer(page, bina);
    expect(start).toMatchObject({ balance: 2500, totalEarned: 2500 });

    // No payout details: the dialog does not open; the details form does.
    await page.getByRole('button', { name: 'Withdraw', exact: true }).click();
    await expect(page.getByText(MSG.addPayoutFirst)).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await page.getByRole('button', { name: 'Save Details' }).click();
    await expect(page.getByText(MSG.paymentDetailsRequired)).toBeVisible();
    await page.getByLabel('UPI ID').fill('bina.answerer@okbank');
    await page.getByRole('button', { name: 'Save Details' }).click();
    await expect(page.getByTestId('payout-upi')).toHaveText('bina.answerer@okbank');

    await page.getByRole('button', { name: 'Withdraw', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByTestId('withdraw-available')).toHaveText('₹25.00');
    await dialog.getByLabel('Amount (₹)').fill('0');
    await dialog.getByRole('button', { name: 'Request Withdrawal' }).click();
    await expect(dialog.getByText(MSG.invalidAmount)).toBeVisible();
    await dialog.getByLabel('Amount (₹)').fill('25.01');
    await dialog.getByRole('button', { name: 'Request Withdrawal' }).click();
    await expect(dialog.getByText(MSG.insufficientBalance)).toBeVisible();
    await dialog.getByLabel('Amount (₹)').fill('10.50');
    await dialog.getByRole('button', { name: 'Request Withdrawal' }).click();
    await expect(page.getByText(MSG.withdrawalSubmitted)).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    const after = await expectWalletMatchesServer(page, bina);
    expect(after).toMatchObject({ balance: 1450, totalEarned: 2500 });

    const narrow = await openAs(browser, bina, { width: 375, height: 800 });
    await narrow.page.goto('/wallet');
    await expectWalletMatchesServer(narrow.page, bina);
    await expect.poll(() => noOverflow(narrow.page)).toBeLessThanOrEqual(0);
    await narrow.context.close();
    await context.close();
  });

  test('lets the second answerer add a bank account (masked, IFSC upper-cased) and withdraw everything', async () => {
    const { context, page } = await openAs(browser, chen);
    await page.goto('/wallet');
    await expect(page.getByRole('heading', { name: 'My Wallet' })).toBeVisible();
    await expectWalletMatchesServer(page, chen);
    await page.getByRole('button', { name: 'Add Payment Details' }).click();
    await page.getByLabel('Account Number').fill('001234567890');
    await page.getByLabel('IFSC Code').fill('hdfc0abc123');
    await expect(page.getByLabel('IFSC Code')).toHaveValue('HDFC0ABC123');
    await page.getByLabel('Account Holder Name').fill('Chen Answerer');
    await page.getByLabel('Bank Name').fill('HDFC Bank');
    await page.getByRole('button', { name: 'Save Details' }).click();
    await expect(page.getByTestId('payout-account')).toBeVisible();
    const w = (
      await call<{ bankAccount: { accountNumber: string; ifsc: string } }>('GET', '/api/wallet', chen)
    ).json;
    expect(w.bankAccount).toMatchObject({ accountNumber: 'XXXXXX7890', ifsc: 'HDFC0ABC123' });
    await expect(page.getByTestId('payout-account')).toHaveText(w.bankAccount.accountNumber);
    await expect(page.getByTestId('payout-ifsc')).toHaveText('HDFC0ABC123');
    // The full account number is nowhere on the page once the details are saved.
    expect(await page.content()).not.toContain('001234567890');

    await page.getByRole('button', { name: 'Withdraw', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Max' }).click();
    await expect(dialog.getByLabel('Amount (₹)')).toHaveValue('25.00');
    await dialog.getByRole('button', { name: 'Request Withdrawal' }).click();
    await expect(page.getByText(MSG.withdrawalSubmitted)).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    const after = await expectWalletMatchesServer(page, chen);
    expect(after).toMatchObject({ balance: 0, totalEarned: 2500 });

    // Zero balance: the dialog does not open.
    await page.getByRole('button', { name: 'Withdraw', exact: true }).click();
    await expect(page.getByText(MSG.noBalance)).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await context.close();
  });

  test('shows a failed withdrawal in red with the money back, when an admin fails it', async () => {
    const token = await adminToken(server.url);
    const pending = await apiJson<{ _id: string; user: { id: string } }[]>(
      server.url,
      'GET',
      '/api/admin/withdrawals?status=pending',
      token,
    );
    const mine = pending.find((w) => w.user.id === bina.user.id);
    expect(mine, "the first answerer's withdrawal is in the admin's pending list").toBeDefined();
    await apiJson(server.url, 'POST', `/api/admin/withdrawals/${mine!._id}/fail`, token, {
      reason: 'Bank rejected the transfer',
    });
    const { context, page } = await openAs(browser, bina);
    await page.goto('/wallet');
    const w = await expectWalletMatchesServer(page, bina);
    expect(w.balance).toBe(2500);
    await expect(page.getByTestId('transaction-status').first()).toHaveText('failed');
    await context.close();
  });

  test('rewarded the two answers posted after the payment', () => {
    expect(answerIds).toHaveLength(2);
  });
});
