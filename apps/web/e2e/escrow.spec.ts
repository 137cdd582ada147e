// Escrow journey: ask → cancel the checkout (the saved question is kept; the button becomes
// "Pay ₹X", no copy is made) → pay → two answers → the deadline passes (the server's clock is moved
// with serverWithMovableClock) → the settlement task auto-distributes the reward to the answer ranked
// first → the question is closed and the winner's wallet holds the reward.
import { QUESTION_TEXT, TEST_MODE_TEXT } from '@agora/shared';
import type { Browser } from '@playwright/test';
import { expect, openAs, serverWithMovableClock, test } from './fixtures';
import { apiJson, apiSignupAll, type Session } from './support';

const HOUR = 3_600_000;

const server = serverWithMovableClock({
  PAYMENTS_PROVIDER: 'sandbox',
  REWARD_DEADLINE: '12h',
  // The clock jumps 13 hours: keep sessions from idling out meanwhile.
  SESSION_IDLE_MINUTES: '1440',
});
let browser: Browser;
let asker: Session;
let ann: Session;
let ben: Session;
let questionId = '';
/** Each page's uncaught errors: none by the end of the journey. */
const problems: string[][] = [];
const title = 'How do I index a PostgreSQL JSONB column for fast key lookups?';

const api = <T>(method: string, url: string, token: string | null, body?: unknown) =>
  apiJson<T>(server.url, method, url, token, body);

async function pageFor(session: Session, width = 1280) {
  const opened = await openAs(browser, session, { width, height: width < 600 ? 800 : 900 });
  problems.push(opened.problems);
  return opened;
}

test.beforeAll(async ({ browser: b }) => {
  browser = b;
  ({
    asha: asker,
    ann,
    ben,
  } = await apiSignupAll(server.url, 'escrow.test', {
    asha: { name: 'Asha Asker', role: 'questioner' },
    ann: { name: 'Ann Answerer', role: 'answerer' },
    ben: { name: 'Ben Answerer', role: 'answerer' },
  }));
});

test.describe('escrow journey', () => {
  test('keeps the saved question after a cancelled checkout and pays it with "Pay ₹25"', async () => {
    const { page, context } = await pageFor(asker);
    await page.goto('/ask-question');
    await expect(page.getByTestId('test-mode-banner')).toHaveText(TEST_MODE_TEXT.banner);
    // Inline errors, all at once, with the spec's message.
    await page.getByRole('button', { name: 'Create Question & Pay' }).click();
    await expect(
      page.getByText('Please fill in all required fields: Title, Description, and Category').first(),
    ).toBeVisible();
    await page.getByLabel('Subject').fill(title);
    await page.getByRole('combobox', { name: 'Category', exact: true }).click();
    await page.getByRole('option', { name: 'Technology', exact: true }).click();
    await page.getByLabel('Reward (₹)').fill('25');
    await page
      .getByLabel('Description')
      .fill('Queries filter on one key of a large JSONB column. Which index?');
    await page.getByRole('button', { name: 'Create Question & Pay' }).click();
    const checkout = page.getByRole('dialog');
    await expect(checkout.getByRole('button', { name: 'Pay ₹25.00' })).toBeVisible();
    await checkout.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByTestId('saved-unpaid')).toBeVisible();
    const pay = page.getByRole('button', { name: 'Pay ₹25.00' });
    await expect(pay).toBeVisible();
    await pay.click();
    await page.getByRole('dialog').getByRole('button', { name: 'Pay ₹25.00' }).click();
    await expect(page.getByText('Question Created Successfully!')).toBeVisible();
    // One question, one order: no unpaid copy was made.
    const mine = await api<Array<{ _id: string; isPaid: boolean; escrow: { state: string } | null }>>(
      'GET',
      '/api/questions?own=true',
      asker.token,
    );
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ isPaid: true, escrow: { state: 'held' } });
    questionId = mine[0]!._id;
    await context.close();
  });

  test('shows the escrow and its countdown; two answers arrive', async () => {
    await api('POST', `/api/questions/${questionId}/answers`, ann.token, { content: 'Use it.' });
    await api('POST', `/api/questions/${questionId}/answers`, ben.token, {
      content:
        'Create a GIN index on the JSONB column: CREATE INDEX ON items USING gin (data jsonb_path_ops). ' +
        'Queries with the containment operator @> then use it; for one key, an expression B-tree index on ' +
        "(data->>'key') is smaller and faster. Check with EXPLAIN ANALYZE that the planner uses it.",
    });
    for (const width of [1280, 375]) {
      const { page, context } = await pageFor(asker, width);
      await page.goto(`/question/${questionId}`);
      const escrow = page.getByTestId('escrow-status');
      await expect(escrow).toHaveAttribute('data-state', 'held');
      await expect(escrow).toContainText(/left to distribute/);
      await page.goto('/questioner-portal');
      await expect(page.getByTestId('own-question').getByTestId('escrow-status')).toBeVisible();
      await context.close();
    }
  });

  test('auto-distributes at the deadline to the answer ranked first; the winner sees it in the wallet', async () => {
    // The settlement task runs every 30 s: wait for it (on a loaded machine, allow a few periods).
    test.setTimeout(200_000);
    await server.moveClock(13 * HOUR);
    const settled = () =>
      api<{ status: string; escrow: { state: string } }>(
        'GET',
        `/api/questions/${questionId}?view=false`,
        asker.token,
      );
    await expect
      .poll(async () => (await settled()).escrow.state, {
        message: 'the reward is settled after its deadline',
        timeout: 150_000,
        intervals: [1_000],
      })
      .not.toBe('held');
    expect(await settled()).toMatchObject({ status: 'answered', escrow: { state: 'auto-distributed' } });

    const { page, context } = await pageFor(ben);
    await page.goto(`/question/${questionId}`);
    await expect(page.getByTestId('answers-closed')).toHaveText(QUESTION_TEXT.rewardPaidOut);
    await expect(page.getByTestId('escrow-status')).toHaveAttribute('data-state', 'auto-distributed');
    await page.goto('/wallet');
    await expect(page.getByRole('heading', { name: 'My Wallet' })).toBeVisible();
    await expect(
      page.getByText('Reward for your answer (distributed automatically at the deadline)'),
    ).toBeVisible();
    const wallet = await api<{ balance: number }>('GET', '/api/wallet', ben.token);
    expect(wallet.balance).toBe(2500);
    await expect(page.getByText('₹25.00').first()).toBeVisible();
    await context.close();
    const loser = await api<{ balance: number }>('GET', '/api/wallet', ann.token);
    expect(loser.balance).toBe(0);
    expect(problems.flat()).toEqual([]);
  });
});
