import type { Browser } from '@playwright/test';
import { expect, openAs, serverWithMovableClock, test } from './fixtures';
import { apiJson, apiSignup } from './support';

// Hackathon teams and judging: three people form a team on the Teams tab (create, request to join
// and accept, invite by e-mail and accept), one of them submits for the team, the server's clock
// moves past the end, two judges score every submission on the scoring screen, the organiser
// publishes from the ranking, and each member sees the place and the judges' comments. The organiser
// funds a ₹1,000 prize pool through the sandbox checkout beforehand; at publication it is split 70/30
// between the places, each place's share equally among the team's members (leftover paise to the
// captain), and each member's wallet shows their share.

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

const server = serverWithMovableClock({
  PAYMENTS_PROVIDER: 'sandbox',
  // The clock moves by hours: keep sessions from idling out meanwhile.
  SESSION_IDLE_MINUTES: String(24 * 60),
});
let browser: Browser;
type Session = Awaited<ReturnType<typeof apiSignup>>;
const people: Record<string, Session> = {};
let adminToken: string;
let hackathonId = '';
/** Each page's uncaught errors: none by the end of the journey. */
const problems: string[][] = [];

const api = <T>(method: string, url: string, token: string | null, body?: unknown) =>
  apiJson<T>(server.url, method, url, token, body);

async function pageFor(who: string | null, width = 1280) {
  const opened = await openAs(browser, who ? people[who]! : null, {
    width,
    height: width < 600 ? 800 : 900,
  });
  problems.push(opened.problems);
  return opened;
}

test.beforeAll(async ({ browser: b }) => {
  browser = b;
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
});

test.describe('Hackathon teams and judging', () => {
  test('the organiser sets two weighted criteria and invites two judges', async () => {
    const { page, context } = await pageFor('olga');
    await page.goto(`/hackathon/${hackathonId}?tab=judging`);
    await page.getByLabel('Criterion 1', { exact: true }).fill('Impact');
    await page.getByRole('textbox', { name: 'Weight' }).first().fill('2');
    await page.getByRole('button', { name: 'Add criterion' }).click();
    await page.getByLabel('Criterion 2', { exact: true }).fill('Execution');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByText('Judging settings saved')).toBeVisible();
    for (const judge of ['jo@teams.test', 'kim@teams.test']) {
      await page.getByLabel('Invite a judge by e-mail').fill(judge);
      await page.getByRole('button', { name: 'Invite judge' }).click();
      await expect(page.getByTestId('judge-row').filter({ hasText: judge })).toBeVisible();
    }
    await expect(page.getByTestId('judge-row')).toHaveCount(2);
    await context.close();
  });

  test('the organiser funds a ₹1,000 prize pool from the Judging tab through the checkout', async () => {
    const { page, context } = await pageFor('olga');
    await page.goto(`/hackathon/${hackathonId}?tab=judging`);
    await page.getByLabel('Prize pool (₹)').fill('1000');
    await page.getByRole('button', { name: 'Fund the prize pool' }).click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /^Pay ₹1,?000\.00$/ })
      .click();
    await expect(page.getByText('Prize pool funded').first()).toBeVisible();
    await expect(page.getByTestId('prize-escrow').getByText(/in escrow since/)).toBeVisible();
    await expect(page.getByTestId('prize-escrow')).toHaveText(/^₹1,?000/);
    const h = await api<{ prizeEscrow: { state: string; amount: number } | null }>(
      'GET',
      `/api/hackathons/${hackathonId}`,
      people.olga!.token,
    );
    expect(h.prizeEscrow).toMatchObject({ state: 'held', amount: 100_000 });
    await context.close();
  });

  test('three people form a team: create, request and accept, invite and accept', async () => {
    const ana = await pageFor('ana');
    await ana.page.goto(`/hackathon/${hackathonId}?tab=teams`);
    await ana.page.getByLabel('Team name').fill('Photon');
    const skills = ana.page.getByRole('combobox', { name: 'Skills wanted' });
    await skills.fill('React');
    await skills.press('Enter');
    await ana.page.getByRole('button', { name: 'Create team' }).click();
    await expect(ana.page.getByRole('heading', { name: 'Your team: Photon' })).toBeVisible();

    const ben = await pageFor('ben', 375);
    await ben.page.goto(`/hackathon/${hackathonId}?tab=teams`);
    await ben.page.getByLabel('Filter by skill').fill('React');
    await ben.page.getByRole('button', { name: 'Request to join Photon' }).click();
    await expect(ben.page.getByText('Request sent').first()).toBeVisible();

    await ana.page.reload();
    await ana.page.getByRole('button', { name: 'Accept Ben Builder' }).click();
    await expect(ana.page.getByTestId('your-team').getByText('2/4 members')).toBeVisible();
    await ana.page.getByLabel('Invite by e-mail').fill('cai@teams.test');
    await ana.page.getByRole('button', { name: 'Invite', exact: true }).click();
    await expect(ana.page.getByText('Invited cai@teams.test')).toBeVisible();

    const cai = await pageFor('cai');
    await cai.page.goto(`/hackathon/${hackathonId}?tab=teams`);
    await expect(cai.page.getByText('Photon invited you to join')).toBeVisible();
    await cai.page.getByRole('button', { name: 'Accept the invitation of Photon' }).click();
    await expect(cai.page.getByRole('heading', { name: 'Your team: Photon' })).toBeVisible();
    await expect(cai.page.getByTestId('your-team').getByText('3/4 members')).toBeVisible();
    for (const p of [ana, ben, cai]) await p.context.close();
  });

  test('once it runs, a member submits for the team and every member sees it', async () => {
    await server.moveClock(2 * HOUR + MINUTE, hackathonId);
    const ben = await pageFor('ben');
    await ben.page.goto(`/hackathon/${hackathonId}`);
    await ben.page.getByLabel('Team Name').fill('Photon');
    await ben.page.getByLabel('Project Title').fill('Light Ledger');
    await ben.page.getByLabel('Project Description').fill('Tracks the energy each office floor uses.');
    await ben.page.getByRole('button', { name: 'Submit Project' }).click();
    await expect(ben.page.getByText('Submission Complete!')).toBeVisible();
    await ben.context.close();

    // A participant without a team submits as a team of one.
    const solo = new FormData();
    solo.set('teamName', 'Dan Solo');
    solo.set('projectTitle', 'Solo Sparks');
    solo.set('projectDescription', 'A single-person project.');
    await api('POST', `/api/hackathons/${hackathonId}/submit`, people.dan!.token, solo);

    const cai = await pageFor('cai', 375);
    await cai.page.goto('/my-hackathons');
    const card = cai.page.getByTestId('participated-card').filter({ hasText: 'Team Power Jam' });
    await expect(card.getByTestId('team-submission').getByText('Light Ledger')).toBeVisible();
    await expect(card.getByTestId('team-submission')).toContainText('Photon');
    await cai.context.close();
  });

  test('after the end, two judges score every submission on the scoring screen', async () => {
    await server.moveClock(5 * HOUR + MINUTE, hackathonId);
    const sheets: Record<string, Record<string, [string, string]>> = {
      // Jo is harsh, Kim lenient: both put Light Ledger first.
      jo: { 'Light Ledger': ['3', '2'], 'Solo Sparks': ['1', '1'] },
      kim: { 'Light Ledger': ['5', '5'], 'Solo Sparks': ['4', '3'] },
    };
    for (const judge of ['jo', 'kim']) {
      const { page, context } = await pageFor(judge, judge === 'kim' ? 375 : 1280);
      await page.goto(`/hackathon/${hackathonId}`);
      await expect(page.getByText('You are a judge')).toBeVisible();
      await page.getByRole('link', { name: 'Score submissions' }).click();
      await expect(page.getByTestId('judge-progress').getByText('0 of 2 scored · 2 left')).toBeVisible();
      const sheetTitle = page.locator('#sheet-title');
      let scored = '';
      for (let n = 0; n < 2; n++) {
        // The next sheet, not the one just saved.
        if (scored) await expect(sheetTitle).not.toHaveText(scored);
        else await expect(sheetTitle).not.toBeEmpty();
        const title = (await sheetTitle.textContent())!;
        const [impact, execution] = sheets[judge]![title]!;
        await page.getByRole('radiogroup', { name: 'Impact' }).getByText(impact, { exact: true }).click();
        await page
          .getByRole('radiogroup', { name: 'Execution' })
          .getByText(execution, { exact: true })
          .click();
        await page.getByLabel(/Comment for the team/).fill(`${judge} on ${title}: keep going`);
        await page.getByRole('button', { name: 'Save and next' }).click();
        await expect(page.getByTestId('judge-progress').getByText(`${n + 1} of 2 scored`)).toBeVisible();
        scored = title;
      }
      await expect(page.getByText('All scored')).toBeVisible();
      await context.close();
    }
  });

  test('the organiser sees the ranking and publishes; members see their place and the comments', async () => {
    // People's choice: a participant outside the team votes for it on the Overview; their own
    // project cannot be chosen.
    const dan = await pageFor('dan', 375);
    await dan.page.goto(`/hackathon/${hackathonId}`);
    const choice = dan.page.getByRole('region', { name: 'People’s choice' });
    await expect(choice.getByRole('button', { name: 'Vote for Solo Sparks' })).toBeDisabled();
    await choice.getByRole('button', { name: 'Vote for Light Ledger' }).click();
    await expect(
      choice.getByTestId('gallery-item').filter({ hasText: 'Light Ledger' }).getByText('Your vote'),
    ).toBeVisible();
    await dan.context.close();

    const { page, context } = await pageFor('olga');
    await page.goto(`/hackathon/${hackathonId}?tab=judging`);
    const table = page.getByTestId('results-table');
    await expect(table.locator('tbody tr').first()).toContainText('Light Ledger');
    for (const judge of ['Jo Judge', 'Kim Judge']) {
      await expect(
        page.getByTestId('judge-row').filter({ hasText: judge }).getByText('2/2 scored'),
      ).toBeVisible();
    }
    // A 70/30 split of the ₹1,000 pool between the two places.
    await page.getByLabel('Place 1 share (%)').fill('70');
    await page.getByLabel('Place 2 share (%)').fill('30');
    await page.getByRole('button', { name: 'Publish results' }).click();
    await expect(page.getByText('Results published').first()).toBeVisible();
    await context.close();

    for (const [who, width] of [
      ['ana', 1280],
      ['cai', 375],
    ] as const) {
      const member = await pageFor(who, width);
      await member.page.goto(`/hackathon/${hackathonId}`);
      await expect(member.page.getByRole('heading', { name: 'Team Power Jam' })).toBeVisible();
      const winners = member.page.getByRole('region', { name: 'Winners' });
      const first = winners.getByTestId('result').first();
      await expect(first.getByText('Light Ledger', { exact: true })).toBeVisible();
      await expect(first).toContainText('Winner');
      await expect(first).toContainText('1 vote');
      await expect(first.getByText('jo on Light Ledger: keep going')).toBeVisible();
      await expect(first.getByText('kim on Light Ledger: keep going')).toBeVisible();
      await member.context.close();
    }
    // Comments are the team's own: a visitor sees the places, not the comments.
    const visitor = await pageFor(null);
    await visitor.page.goto(`/hackathon/${hackathonId}`);
    await expect(
      visitor.page.getByRole('region', { name: 'Winners' }).getByText('Light Ledger', { exact: true }),
    ).toBeVisible();
    await expect(visitor.page.getByText('keep going')).toHaveCount(0);
    await visitor.context.close();
    expect(problems.flat()).toEqual([]);
  });

  test('each team member’s wallet shows their share of the prize, exact to the paisa', async () => {
    // Place 1 (Photon, three members): 70% of ₹1,000 = 70,000 paise → 23,334 to the captain (the
    // leftover paisa), 23,333 to each other member. Place 2 (Dan alone): 30,000 paise.
    const shares: Array<[string, number, string]> = [
      ['ana', 1280, '₹233.34'],
      ['ben', 375, '₹233.33'],
      ['cai', 1280, '₹233.33'],
      ['dan', 1280, '₹300.00'],
    ];
    for (const [who, width, expected] of shares) {
      const wallet = await api<{ balance: number }>('GET', '/api/wallet', people[who]!.token);
      expect(`₹${(wallet.balance / 100).toFixed(2)}`).toBe(expected);
      const { page, context } = await pageFor(who, width);
      await page.goto('/wallet');
      await expect(page.getByTestId('wallet-balance')).toHaveText(expected);
      // The history loads on its own after the balance.
      await expect(page.getByTestId('transaction-amount')).toHaveText([`+${expected}`]);
      await context.close();
    }
    const h = await api<{ prizeEscrow: { state: string } | null }>(
      'GET',
      `/api/hackathons/${hackathonId}`,
      people.olga!.token,
    );
    expect(h.prizeEscrow?.state).toBe('paid');
    expect(problems.flat()).toEqual([]);
  });
});
