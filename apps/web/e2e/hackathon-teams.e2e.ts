import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
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

// Hackathon teams and judging: three people form a team on the Teams tab (create, request to join
// and accept, invite by e-mail and accept), one of them submits for the team, the server's clock
// moves past the end, two judges score every submission on the scoring screen, the organiser
// publishes from the ranking, and each member sees the place and the judges' comments. The organiser
// funds a ₹1,000 prize pool through the sandbox checkout beforehand; at publication it is split 70/30
// between the places, each place's share equally among the team's members (leftover paise to the
// captain), and each member's wallet shows their share.

const here = path.dirname(fileURLToPath(import.meta.url));
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

let server: RunningServer;
let browser: Browser;
let clockDir: string;
let clockFile: string;
type Session = Awaited<ReturnType<typeof apiSignup>>;
const people: Record<string, Session> = {};
let adminToken: string;
let hackathonId = '';
const problems: string[] = [];

async function api<T>(method: string, url: string, token: string | null, body?: unknown): Promise<T> {
  const isForm = body instanceof FormData;
  const res = await fetch(`${server.url}${url}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body && !isForm ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? (isForm ? body : JSON.stringify(body)) : undefined,
  });
  if (!res.ok) throw new Error(`${method} ${url} → ${res.status} ${await res.text()}`);
  return (res.status === 204 ? null : await res.json()) as T;
}

async function setServerClock(offsetMs: number) {
  writeFileSync(clockFile, String(offsetMs));
  const deadline = Date.now() + 5000;
  for (;;) {
    const h = await api<{ serverTime: string }>('GET', `/api/hackathons/${hackathonId}`, null);
    if (Math.abs(Date.parse(h.serverTime) - (Date.now() + offsetMs)) < 5000) return;
    if (Date.now() > deadline) throw new Error('server clock did not move');
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function shot(page: Page, name: string) {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.waitForTimeout(300);
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `hackathon-teams-${name}.png`), fullPage: true });
}

async function pageFor(who: string, width = 1280) {
  const { page, context } = await newPage(browser, { width, height: width < 600 ? 800 : 900 });
  page.on('pageerror', (e) => problems.push(e.message));
  await signInPage(page, server.url, people[who]!);
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
    // The clock moves by hours: keep sessions from idling out meanwhile.
    SESSION_IDLE_MINUTES: String(24 * 60),
  });
  browser = await launchBrowser();
  for (const [key, name] of [
    ['olga', 'Olga Organiser'],
    ['ana', 'Ana Captain'],
    ['ben', 'Ben Builder'],
    ['cai', 'Cai Coder'],
    ['dan', 'Dan Solo'],
    ['jo', 'Jo Judge'],
    ['kim', 'Kim Judge'],
  ] as const) {
    people[key] = await apiSignup(server.url, { name, email: `${key}@teams.test`, password: 'password-123' });
  }
  adminToken = (
    await api<{ token: string }>('POST', '/api/auth/login', null, {
      email: 'admin@agora.test',
      password: 'admin-password-123',
    })
  ).token;

  // A hackathon starting in 2 hours and running 3 hours, approved, with four registered participants.
  const start = new Date(Date.now() + 2 * HOUR);
  const form = new FormData();
  form.set('title', 'Team Power Jam');
  form.set('description', 'Build in teams; judges score against the criteria.');
  form.set('organizer', JSON.stringify({ name: 'Olga Organiser', email: 'olga@teams.test', phone: '' }));
  form.set(
    'eventDetails',
    JSON.stringify({
      startDate: start.toISOString(),
      endDate: new Date(start.getTime() + 3 * HOUR).toISOString(),
      duration: '3 hours',
      location: 'Online',
      locationType: 'online',
    }),
  );
  form.set('prizes', JSON.stringify({ prizePool: '₹3,000', judgingCriteria: '' }));
  form.set('category', 'Web Development');
  form.set('tags', JSON.stringify(['teams']));
  hackathonId = (
    await api<{ hackathon: { _id: string } }>('POST', '/api/hackathons/submit', people.olga!.token, form)
  ).hackathon._id;
  const queue = await api<Array<{ _id: string; updatedAt: string }>>(
    'GET',
    '/api/admin/hackathons?status=pending&limit=100',
    adminToken,
  );
  const item = queue.find((x) => x._id === hackathonId)!;
  await api('POST', `/api/admin/hackathons/${hackathonId}/approve`, adminToken, {
    updatedAt: item.updatedAt,
  });
  for (const who of ['ana', 'ben', 'cai', 'dan']) {
    await api('POST', `/api/hackathons/${hackathonId}/register`, people[who]!.token);
  }
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (clockDir) rmSync(clockDir, { recursive: true, force: true });
});

describe('Hackathon teams and judging', () => {
  it('the organiser sets two weighted criteria and invites two judges', async () => {
    const { page, context } = await pageFor('olga');
    await page.goto(`${server.url}/hackathon/${hackathonId}?tab=judging`);
    await page.getByLabel('Criterion 1', { exact: true }).fill('Impact');
    await page.getByRole('textbox', { name: 'Weight' }).first().fill('2');
    await page.getByRole('button', { name: 'Add criterion' }).click();
    await page.getByLabel('Criterion 2', { exact: true }).fill('Execution');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.getByText('Judging settings saved').waitFor();
    for (const judge of ['jo@teams.test', 'kim@teams.test']) {
      await page.getByLabel('Invite a judge by e-mail').fill(judge);
      await page.getByRole('button', { name: 'Invite judge' }).click();
      await page.getByTestId('judge-row').filter({ hasText: judge }).waitFor();
    }
    expect(await page.getByTestId('judge-row').count()).toBe(2);
    await shot(page, 'organiser-judging-1280');
    await context.close();
  });

  it('the organiser funds a ₹1,000 prize pool from the Judging tab through the checkout', async () => {
    const { page, context } = await pageFor('olga');
    await page.goto(`${server.url}/hackathon/${hackathonId}?tab=judging`);
    await page.getByLabel('Prize pool (₹)').fill('1000');
    await page.getByRole('button', { name: 'Fund the prize pool' }).click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /^Pay ₹1,?000\.00$/ })
      .click();
    await page.getByText('Prize pool funded').first().waitFor();
    await page
      .getByTestId('prize-escrow')
      .getByText(/in escrow since/)
      .waitFor();
    expect(await page.getByTestId('prize-escrow').textContent()).toMatch(/^₹1,?000/);
    const h = await api<{ prizeEscrow: { state: string; amount: number } | null }>(
      'GET',
      `/api/hackathons/${hackathonId}`,
      people.olga!.token,
    );
    expect(h.prizeEscrow).toMatchObject({ state: 'held', amount: 100_000 });
    await shot(page, 'prize-funded-1280');
    await context.close();
  });

  it('three people form a team: create, request and accept, invite and accept', async () => {
    const ana = await pageFor('ana');
    await ana.page.goto(`${server.url}/hackathon/${hackathonId}?tab=teams`);
    await ana.page.getByLabel('Team name').fill('Photon');
    const skills = ana.page.getByRole('combobox', { name: 'Skills wanted' });
    await skills.fill('React');
    await skills.press('Enter');
    await ana.page.getByRole('button', { name: 'Create team' }).click();
    await ana.page.getByRole('heading', { name: 'Your team: Photon' }).waitFor();

    const ben = await pageFor('ben', 375);
    await ben.page.goto(`${server.url}/hackathon/${hackathonId}?tab=teams`);
    await ben.page.getByLabel('Filter by skill').fill('React');
    await ben.page.getByRole('button', { name: 'Request to join Photon' }).click();
    await ben.page.getByText('Request sent').first().waitFor();
    await shot(ben.page, 'board-375');

    await ana.page.reload();
    await ana.page.getByRole('button', { name: 'Accept Ben Builder' }).click();
    await ana.page.getByTestId('your-team').getByText('2/4 members').waitFor();
    await ana.page.getByLabel('Invite by e-mail').fill('cai@teams.test');
    await ana.page.getByRole('button', { name: 'Invite', exact: true }).click();
    await ana.page.getByText('Invited cai@teams.test').waitFor();

    const cai = await pageFor('cai');
    await cai.page.goto(`${server.url}/hackathon/${hackathonId}?tab=teams`);
    await cai.page.getByText('Photon invited you to join').waitFor();
    await cai.page.getByRole('button', { name: 'Accept the invitation of Photon' }).click();
    await cai.page.getByRole('heading', { name: 'Your team: Photon' }).waitFor();
    await cai.page.getByTestId('your-team').getByText('3/4 members').waitFor();
    await shot(cai.page, 'your-team-1280');
    for (const p of [ana, ben, cai]) await p.context.close();
  });

  it('once it runs, a member submits for the team and every member sees it', async () => {
    await setServerClock(2 * HOUR + MINUTE);
    const ben = await pageFor('ben');
    await ben.page.goto(`${server.url}/hackathon/${hackathonId}`);
    await ben.page.getByLabel('Team Name').fill('Photon');
    await ben.page.getByLabel('Project Title').fill('Light Ledger');
    await ben.page.getByLabel('Project Description').fill('Tracks the energy each office floor uses.');
    await ben.page.getByRole('button', { name: 'Submit Project' }).click();
    await ben.page.getByText('Submission Complete!').waitFor();
    await ben.context.close();

    // A participant without a team submits as a team of one.
    const solo = new FormData();
    solo.set('teamName', 'Dan Solo');
    solo.set('projectTitle', 'Solo Sparks');
    solo.set('projectDescription', 'A single-person project.');
    await api('POST', `/api/hackathons/${hackathonId}/submit`, people.dan!.token, solo);

    const cai = await pageFor('cai', 375);
    await cai.page.goto(`${server.url}/my-hackathons`);
    const card = cai.page.getByTestId('participated-card').filter({ hasText: 'Team Power Jam' });
    await card.getByTestId('team-submission').getByText('Light Ledger').waitFor();
    expect(await card.getByTestId('team-submission').textContent()).toContain('Photon');
    await shot(cai.page, 'my-hackathons-375');
    await cai.context.close();
  });

  it('after the end, two judges score every submission on the scoring screen', async () => {
    await setServerClock(5 * HOUR + MINUTE);
    const sheets: Record<string, Record<string, [string, string]>> = {
      // Jo is harsh, Kim lenient: both put Light Ledger first.
      jo: { 'Light Ledger': ['3', '2'], 'Solo Sparks': ['1', '1'] },
      kim: { 'Light Ledger': ['5', '5'], 'Solo Sparks': ['4', '3'] },
    };
    for (const judge of ['jo', 'kim']) {
      const { page, context } = await pageFor(judge, judge === 'kim' ? 375 : 1280);
      await page.goto(`${server.url}/hackathon/${hackathonId}`);
      await page.getByText('You are a judge').waitFor();
      await page.getByRole('link', { name: 'Score submissions' }).click();
      await page.getByTestId('judge-progress').getByText('0 of 2 scored · 2 left').waitFor();
      for (let n = 0; n < 2; n++) {
        const title = (await page.locator('#sheet-title').textContent())!;
        const [impact, execution] = sheets[judge]![title]!;
        await page.getByRole('radiogroup', { name: 'Impact' }).getByText(impact, { exact: true }).click();
        await page
          .getByRole('radiogroup', { name: 'Execution' })
          .getByText(execution, { exact: true })
          .click();
        await page.getByLabel(/Comment for the team/).fill(`${judge} on ${title}: keep going`);
        if (n === 1 && judge === 'kim') await shot(page, 'judge-375');
        await page.getByRole('button', { name: 'Save and next' }).click();
        await page
          .getByTestId('judge-progress')
          .getByText(`${n + 1} of 2 scored`)
          .waitFor();
      }
      await page.getByText('All scored').waitFor();
      await context.close();
    }
  });

  it('the organiser sees the ranking and publishes; members see their place and the comments', async () => {
    // People's choice: a participant outside the team votes for it on the Overview; their own
    // project cannot be chosen.
    const dan = await pageFor('dan', 375);
    await dan.page.goto(`${server.url}/hackathon/${hackathonId}`);
    const choice = dan.page.getByRole('region', { name: 'People’s choice' });
    expect(await choice.getByRole('button', { name: 'Vote for Solo Sparks' }).isDisabled()).toBe(true);
    await choice.getByRole('button', { name: 'Vote for Light Ledger' }).click();
    await choice
      .getByTestId('gallery-item')
      .filter({ hasText: 'Light Ledger' })
      .getByText('Your vote')
      .waitFor();
    await shot(dan.page, 'peoples-choice-375');
    await dan.context.close();

    const { page, context } = await pageFor('olga');
    await page.goto(`${server.url}/hackathon/${hackathonId}?tab=judging`);
    const table = page.getByTestId('results-table');
    await table.waitFor();
    expect(await table.locator('tbody tr').first().textContent()).toContain('Light Ledger');
    for (const judge of ['Jo Judge', 'Kim Judge']) {
      await page.getByTestId('judge-row').filter({ hasText: judge }).getByText('2/2 scored').waitFor();
    }
    // A 70/30 split of the ₹1,000 pool between the two places.
    await page.getByLabel('Place 1 share (%)').fill('70');
    await page.getByLabel('Place 2 share (%)').fill('30');
    await shot(page, 'organiser-results-1280');
    await page.getByRole('button', { name: 'Publish results' }).click();
    await page.getByText('Results published').first().waitFor();
    await context.close();

    for (const [who, width] of [
      ['ana', 1280],
      ['cai', 375],
    ] as const) {
      const member = await pageFor(who, width);
      await member.page.goto(`${server.url}/hackathon/${hackathonId}`);
      await member.page.getByRole('heading', { name: 'Team Power Jam' }).waitFor();
      await shot(member.page, `results-${width}`);
      const winners = member.page.getByRole('region', { name: 'Winners' });
      const first = winners.getByTestId('result').first();
      await first.getByText('Light Ledger', { exact: true }).waitFor();
      expect(await first.textContent()).toContain('Winner');
      expect(await first.textContent()).toContain('1 vote');
      await first.getByText('jo on Light Ledger: keep going').waitFor();
      await first.getByText('kim on Light Ledger: keep going').waitFor();
      await member.context.close();
    }
    // Comments are the team's own: a visitor sees the places, not the comments.
    const visitor = await newPage(browser);
    await visitor.page.goto(`${server.url}/hackathon/${hackathonId}`);
    await visitor.page
      .getByRole('region', { name: 'Winners' })
      .getByText('Light Ledger', { exact: true })
      .waitFor();
    expect(await visitor.page.getByText('keep going').count()).toBe(0);
    await visitor.context.close();
    expect(problems).toEqual([]);
  });

  it('each team member’s wallet shows their share of the prize, exact to the paisa', async () => {
    // Place 1 (Photon, three members): 70% of ₹1,000 = 70,000 paise → 23,334 to the captain (the
    // leftover paisa), 23,333 to each other member. Place 2 (Dan alone): 30,000 paise.
    const shares: Array<[string, number, string]> = [
      ['ana', 1280, '₹233.34'],
      ['ben', 375, '₹233.33'],
      ['cai', 1280, '₹233.33'],
      ['dan', 1280, '₹300.00'],
    ] as Array<[string, number, string]>;
    for (const [who, width, expected] of shares) {
      const wallet = await api<{ balance: number }>('GET', '/api/wallet', people[who]!.token);
      expect(`₹${(wallet.balance / 100).toFixed(2)}`).toBe(expected);
      const { page, context } = await pageFor(who, width);
      await page.goto(`${server.url}/wallet`);
      await page.waitForFunction(
        (text) => document.querySelector('[data-testid="wallet-balance"]')?.textContent === text,
        expected,
      );
      // The history loads on its own after the balance.
      await page.getByTestId('transaction-amount').first().waitFor();
      expect(await page.getByTestId('transaction-amount').allTextContents()).toEqual([`+${expected}`]);
      if (who === 'ana' || who === 'ben') await shot(page, `wallet-${who}-${width}`);
      await context.close();
    }
    const h = await api<{ prizeEscrow: { state: string } | null }>(
      'GET',
      `/api/hackathons/${hackathonId}`,
      people.olga!.token,
    );
    expect(h.prizeEscrow?.state).toBe('paid');
    expect(problems).toEqual([]);
  });
});
