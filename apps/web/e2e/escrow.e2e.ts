// Escrow journey: ask → cancel the checkout (the saved question is kept; the button becomes
// "Pay ₹X", no copy is made) → pay → two answers → the deadline passes (the server's clock is moved
// with hackathons-clock.mjs) → the settlement task auto-distributes the reward to the answer ranked
// first → the question is closed and the winner's wallet holds the reward.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { QUESTION_TEXT, TEST_MODE_TEXT } from '@agora/shared';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiSignup,
  launchBrowser,
  newPage,
  type RunningServer,
  SCREENSHOT_DIR,
  signInPage,
  startServer,
} from './support';

const here = path.dirname(fileURLToPath(import.meta.url));
const HOUR = 3_600_000;

let server: RunningServer;
let browser: Browser;
let clockDir: string;
let clockFile: string;
type Session = Awaited<ReturnType<typeof apiSignup>>;
let asker: Session;
let ann: Session;
let ben: Session;
let questionId = '';
const problems: string[] = [];
const title = 'How do I index a PostgreSQL JSONB column for fast key lookups?';

async function api<T>(method: string, url: string, token: string | null, body?: unknown): Promise<T> {
  const res = await fetch(`${server.url}${url}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!res.ok) throw new Error(`${method} ${url} → ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

async function shot(page: Page, name: string) {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.waitForTimeout(300);
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `escrow-${name}.png`), fullPage: true });
}

async function pageFor(session: Session, width = 1280) {
  const { page, context } = await newPage(browser, { width, height: width < 600 ? 800 : 900 });
  page.on('pageerror', (e) => problems.push(e.message));
  await signInPage(page, server.url, session);
  return { page, context };
}

beforeAll(async () => {
  clockDir = mkdtempSync(path.join(tmpdir(), 'agora-clock-'));
  clockFile = path.join(clockDir, 'offset');
  writeFileSync(clockFile, '0');
  server = await startServer({
    NODE_OPTIONS: `--import ${path.join(here, 'hackathons-clock.mjs')}`,
    E2E_CLOCK_OFFSET_FILE: clockFile,
    PAYMENTS_PROVIDER: 'sandbox',
    REWARD_DEADLINE: '12h',
    // The clock jumps 13 hours: keep sessions from idling out meanwhile.
    SESSION_IDLE_MINUTES: '1440',
  });
  browser = await launchBrowser();
  const stamp = Date.now();
  asker = await apiSignup(server.url, {
    name: 'Asha Asker',
    email: `asha-${stamp}@escrow.test`,
    password: 'password-123',
    role: 'questioner',
  });
  ann = await apiSignup(server.url, {
    name: 'Ann Answerer',
    email: `ann-${stamp}@escrow.test`,
    password: 'password-123',
    role: 'answerer',
  });
  ben = await apiSignup(server.url, {
    name: 'Ben Answerer',
    email: `ben-${stamp}@escrow.test`,
    password: 'password-123',
    role: 'answerer',
  });
}, 200_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (clockDir) rmSync(clockDir, { recursive: true, force: true });
});

describe('escrow journey', () => {
  it('keeps the saved question after a cancelled checkout and pays it with "Pay ₹25"', async () => {
    const { page, context } = await pageFor(asker);
    await page.goto(`${server.url}/ask-question`);
    await page.getByTestId('test-mode-banner').waitFor();
    expect(await page.getByTestId('test-mode-banner').textContent()).toBe(TEST_MODE_TEXT.banner);
    // Inline errors, all at once, with the spec's message.
    await page.getByRole('button', { name: 'Create Question & Pay' }).click();
    await page
      .getByText('Please fill in all required fields: Title, Description, and Category')
      .first()
      .waitFor();
    await page.getByLabel('Subject').fill(title);
    await page.getByRole('combobox', { name: 'Category', exact: true }).click();
    await page.getByRole('option', { name: 'Technology', exact: true }).click();
    await page.getByLabel('Reward (₹)').fill('25');
    await page
      .getByLabel('Description')
      .fill('Queries filter on one key of a large JSONB column. Which index?');
    await page.getByRole('button', { name: 'Create Question & Pay' }).click();
    const checkout = page.getByRole('dialog');
    await checkout.getByRole('button', { name: 'Pay ₹25.00' }).waitFor();
    await checkout.getByRole('button', { name: 'Cancel' }).click();
    await page.getByTestId('saved-unpaid').waitFor();
    const pay = page.getByRole('button', { name: 'Pay ₹25.00' });
    await pay.waitFor();
    await shot(page, 'ask-saved-unpaid');
    await pay.click();
    await page.getByRole('dialog').getByRole('button', { name: 'Pay ₹25.00' }).click();
    await page.getByText('Question Created Successfully!').waitFor();
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
  }, 120_000);

  it('shows the escrow and its countdown; two answers arrive', async () => {
    await api('POST', `/api/questions/${questionId}/answers`, ann.token, { content: 'Use it.' });
    await api('POST', `/api/questions/${questionId}/answers`, ben.token, {
      content:
        'Create a GIN index on the JSONB column: CREATE INDEX ON items USING gin (data jsonb_path_ops). ' +
        'Queries with the containment operator @> then use it; for one key, an expression B-tree index on ' +
        "(data->>'key') is smaller and faster. Check with EXPLAIN ANALYZE that the planner uses it.",
    });
    for (const width of [1280, 375]) {
      const { page, context } = await pageFor(asker, width);
      await page.goto(`${server.url}/question/${questionId}`);
      const escrow = page.getByTestId('escrow-status');
      await escrow.waitFor();
      expect(await escrow.getAttribute('data-state')).toBe('held');
      expect(await escrow.textContent()).toMatch(/left to distribute/);
      await shot(page, `question-held-${width}`);
      await page.goto(`${server.url}/questioner-portal`);
      await page.getByTestId('own-question').getByTestId('escrow-status').waitFor();
      await shot(page, `portal-held-${width}`);
      await context.close();
    }
  }, 120_000);

  it('auto-distributes at the deadline to the answer ranked first; the winner sees it in the wallet', async () => {
    writeFileSync(clockFile, String(13 * HOUR));
    // The settlement task runs every 30 s: wait for it (on a loaded machine, allow a few periods).
    const deadline = Date.now() + 150_000;
    let q: { status: string; escrow: { state: string } };
    for (;;) {
      q = await api('GET', `/api/questions/${questionId}?view=false`, asker.token);
      if (q.escrow.state !== 'held') break;
      if (Date.now() > deadline) throw new Error('the reward was not settled after its deadline');
      await new Promise((r) => setTimeout(r, 1000));
    }
    expect(q).toMatchObject({ status: 'answered', escrow: { state: 'auto-distributed' } });

    const { page, context } = await pageFor(ben);
    await page.goto(`${server.url}/question/${questionId}`);
    await page.getByTestId('answers-closed').waitFor();
    expect(await page.getByTestId('answers-closed').textContent()).toBe(QUESTION_TEXT.rewardPaidOut);
    expect(await page.getByTestId('escrow-status').getAttribute('data-state')).toBe('auto-distributed');
    await page.goto(`${server.url}/wallet`);
    await page.getByRole('heading', { name: 'My Wallet' }).waitFor();
    await page.getByText('Reward for your answer (distributed automatically at the deadline)').waitFor();
    const wallet = await api<{ balance: number }>('GET', '/api/wallet', ben.token);
    expect(wallet.balance).toBe(2500);
    await page.getByText('₹25.00').first().waitFor();
    await shot(page, 'winner-wallet');
    await context.close();
    const loser = await api<{ balance: number }>('GET', '/api/wallet', ann.token);
    expect(loser.balance).toBe(0);
    expect(problems).toEqual([]);
  }, 200_000);
});
