// Admin journey: the admin approves a pending hackathon and a pending job, marks one withdrawal
// paid and fails another (the users' wallets and notifications are checked after), and suspends a
// user whose open session is signed out. Money is arranged through the public API (question, sandbox
// payment, two answers, 50/50 distribution, payout details, withdrawal requests).
import type { Browser, Page } from '@playwright/test';
import { expect, openAs, serverForThisFile, test } from './fixtures';
import { apiSignup, signInPage } from './support';

interface Session {
  token: string;
  user: { id: string; name: string; email: string; role: string };
}

const server = serverForThisFile();
let browser: Browser;

// biome-ignore lint/suspicious/noExplicitAny: JSON bodies of many shapes, read field by field in each step
async function call<T = Record<string, any>>(
  method: string,
  url: string,
  s: Session | null,
  body?: unknown,
): Promise<{ status: number; json: T }> {
  const headers: Record<string, string> = {};
  if (s) headers.authorization = `Bearer ${s.token}`;
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  const res = await fetch(`${server.url}${url}`, { method, headers, body: payload });
  const text = await res.text();
  return { status: res.status, json: (text ? JSON.parse(text) : null) as T };
}

// biome-ignore lint/suspicious/noExplicitAny: JSON bodies of many shapes, read field by field in each step
async function ok<T = Record<string, any>>(method: string, url: string, s: Session | null, body?: unknown) {
  const r = await call<T>(method, url, s, body);
  if (r.status >= 300) throw new Error(`${method} ${url} → ${r.status} ${JSON.stringify(r.json)}`);
  return r.json;
}

const stamp = Date.now().toString(36);
let admin: Session;
let organiser: Session;
let poster: Session;
let payee: Session;
let bounced: Session;
let victim: Session;
let hackathonId: string;
let jobId: string;

test.beforeAll(async ({ browser: b }) => {
  // Money, a hackathon and a job arranged through the API: longer than a journey on a loaded machine.
  test.setTimeout(240_000);
  browser = b;
  admin = await ok<Session>('POST', '/api/auth/login', null, {
    email: 'admin@agora.test',
    password: 'admin-password-123',
  });
  const signupAs = (name: string, role = 'user') =>
    apiSignup(server.url, {
      name,
      email: `${name.toLowerCase().replace(/\s+/g, '.')}.${stamp}@example.com`,
      password: 'long-enough-password',
      role,
    }) as Promise<Session>;
  organiser = await signupAs('Olu Organiser');
  poster = await signupAs('Pia Poster');
  const asker = await signupAs('Asha Asker', 'questioner');
  payee = await signupAs('Wanda Payee', 'answerer');
  bounced = await signupAs('Fabio Bounced', 'answerer');
  victim = await signupAs('Vic Suspended');

  // A hackathon waiting for review (the organiser form's multipart call, spec 03 §7).
  const start = new Date(Date.now() + 10 * 86_400_000);
  const form = new FormData();
  form.set('title', `Green Code Jam ${stamp}`);
  form.set('description', 'Build tools that cut the energy use of software.');
  form.set('organizer', JSON.stringify({ name: 'Olu Organiser', email: organiser.user.email, phone: '' }));
  form.set(
    'eventDetails',
    JSON.stringify({
      startDate: start.toISOString(),
      endDate: new Date(start.getTime() + 2 * 86_400_000).toISOString(),
      duration: '48 hours',
      location: 'Online',
      locationType: 'online',
    }),
  );
  form.set('prizes', JSON.stringify({ prizePool: '₹50,000', judgingCriteria: 'Impact' }));
  form.set('category', 'Web Development');
  form.set('tags', JSON.stringify(['green']));
  hackathonId = (await ok('POST', '/api/hackathons/submit', organiser, form)).hackathon._id;

  // A job waiting for approval.
  const job = await ok('POST', '/api/jobs', poster, {
    title: `Platform Engineer ${stamp}`,
    description: 'Run our platform.',
    company: { name: 'Acme Energy' },
    location: { city: 'Pune', country: 'India' },
    category: 'Engineering',
    contactEmail: poster.user.email,
  });
  jobId = job.job._id;

  // Money: a ₹100 question paid in the sandbox, two answers rewarded 50/50, two withdrawals.
  const q = await ok('POST', '/api/questions', asker, {
    title: `How do I profile a Node service? ${stamp}`,
    description: 'CPU is at 100% and I do not know why.',
    category: 'Technology',
    reward: 100,
  });
  const order = await ok('POST', '/api/payments/create-order', asker, { questionId: q._id, amount: 100 });
  const signed = await ok('POST', '/api/payments/sandbox/pay', asker, { orderId: order.orderId });
  await ok('POST', '/api/payments/verify', asker, { ...signed, questionId: q._id });
  const a1 = await ok('POST', `/api/questions/${q._id}/answers`, payee, { content: 'Use --cpu-prof.' });
  const a2 = await ok('POST', `/api/questions/${q._id}/answers`, bounced, { content: 'Try clinic flame.' });
  await ok('POST', '/api/rewards/distribute', asker, {
    questionId: q._id,
    rewards: [
      { answererId: payee.user.id, answerId: a1._id, percentage: 50 },
      { answererId: bounced.user.id, answerId: a2._id, percentage: 50 },
    ],
  });
  await ok('PUT', '/api/wallet/bank-details', payee, { upiId: 'wanda.payee@okbank' });
  await ok('PUT', '/api/wallet/bank-details', bounced, { upiId: 'fabio.bounced@okbank' });
  await ok('POST', '/api/withdrawals/request', payee, { amount: 3000 });
  await ok('POST', '/api/withdrawals/request', bounced, { amount: 2000 });
});

async function adminPage(width = 1280) {
  const { context, page, problems } = await openAs(browser, admin, { width, height: 900 });
  return { context, page, errors: problems };
}

/** Opens a section through the sidebar (desktop) and waits for its heading. */
async function openSection(page: Page, label: string) {
  await page
    .getByRole('navigation', { name: 'Admin sections' })
    .getByRole('link', { name: new RegExp(`^${label}`) })
    .click();
  await expect(page.getByRole('heading', { name: label, level: 2 })).toBeVisible();
}

/** Mantine's SegmentedControl hides its radio inputs; the visible label is what a user clicks. */
async function segment(page: Page, label: string) {
  await page.locator('.mantine-SegmentedControl-label', { hasText: new RegExp(`^${label}$`) }).click();
}

async function confirmDialog(page: Page, button: string, field?: { label: RegExp; value: string }) {
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  if (field) await dialog.getByLabel(field.label).fill(field.value);
  await dialog.getByRole('button', { name: button, exact: true }).click();
  await expect(dialog).toHaveCount(0);
}

test.describe('admin portal', () => {
  test('keeps visitors and non-admins out', async () => {
    const { context, page } = await openAs(browser, null);
    await page.goto(`${server.url}/admin-portal`);
    await page.waitForURL(/\/login$/);
    await signInPage(page, server.url, victim);
    await page.goto(`${server.url}/admin-portal`);
    await expect(page.getByRole('heading', { name: 'Not allowed' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Admin sections' })).toHaveCount(0);
    await context.close();
  });

  test('shows the overview with the review backlog and charts', async () => {
    const { context, page, errors } = await adminPage();
    await page.goto(`${server.url}/admin-portal`);
    await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible();
    await expect(page.locator('.recharts-surface').first()).toBeVisible();
    await expect(page.getByRole('link', { name: '1' }).first()).toBeVisible();
    // The charts lay the series' columns out as days from `from`: the first day is the axes' first tick.
    const firstTick = async () =>
      (await page.locator('.recharts-cartesian-axis-tick-value').allTextContents())
        .map((t) => t.trim())
        .find((t) => /^[A-Z][a-z]{2} \d{1,2}$/.test(t));
    const label = (daysAgo: number) =>
      new Date(Date.now() - daysAgo * 86_400_000).toLocaleDateString('en-US', {
        month: 'short',
        day: 'numeric',
        timeZone: 'UTC',
      });
    expect(await firstTick()).toBe(label(29));
    // A year: 365 days, from the day a year back.
    await segment(page, '1 year');
    const from = new Date(Date.now() - 364 * 86_400_000).toISOString().slice(0, 10);
    await expect(page.getByText(`Daily figures from ${from} to`)).toBeVisible();
    await expect.poll(firstTick).toBe(label(364));
    expect(errors).toEqual([]);
    await context.close();
  });

  test('approves the pending hackathon and the pending job', async () => {
    const { context, page, errors } = await adminPage();
    await page.goto(`${server.url}/admin-portal`);
    await openSection(page, 'Hackathons');
    const card = page.getByTestId(`review-${hackathonId}`);
    await expect(card).toBeVisible();
    // The queue's search narrows it; a search that matches nothing says so.
    const search = page.getByLabel('Search hackathons');
    await search.fill('no such hackathon anywhere');
    await expect(page.getByText('No hackathons waiting for review')).toBeVisible();
    await search.fill(`Green Code Jam ${stamp}`);
    await expect(card).toBeVisible();
    await expect(card).toContainText(`Green Code Jam ${stamp}`);
    await card.getByRole('button', { name: 'Approve' }).click();
    await confirmDialog(page, 'Approve');
    await expect(card).toHaveCount(0);
    await expect(page.getByText('No hackathons waiting for review')).toBeVisible();
    const h = await ok('GET', `/api/hackathons/${hackathonId}`, null);
    expect(h.status).toBe('published');

    await openSection(page, 'Jobs');
    const jobCard = page.getByTestId(`review-${jobId}`);
    await jobCard.getByRole('button', { name: 'Approve' }).click();
    await confirmDialog(page, 'Approve');
    await expect(jobCard).toHaveCount(0);
    const j = await call('GET', `/api/jobs/${jobId}`, null);
    expect(j.status).toBe(200);
    expect(j.json.status ?? j.json.job?.status).toBe('approved');

    const organiserNotes = await ok('GET', '/api/notifications', organiser);
    expect(organiserNotes.notifications[0]).toMatchObject({
      type: 'hackathon_review',
      link: `/hackathon/${hackathonId}`,
    });
    const posterNotes = await ok('GET', '/api/notifications', poster);
    expect(posterNotes.notifications[0]).toMatchObject({ type: 'job_review', link: `/job/${jobId}` });
    expect(errors).toEqual([]);
    await context.close();
  });

  test('marks one withdrawal paid and fails the other: wallets follow', async () => {
    const { context, page, errors } = await adminPage();
    await page.goto(`${server.url}/admin-portal/withdrawals`);
    await expect(page.getByRole('heading', { name: 'Withdrawals', level: 2 })).toBeVisible();
    const paidRow = page.getByTestId(`withdrawal-${payee.user.email}`);
    const failRow = page.getByTestId(`withdrawal-${bounced.user.email}`);
    await expect(paidRow).toBeVisible();
    await expect(paidRow).toContainText('₹30.00');
    await expect(paidRow).toContainText('wanda.payee@okbank');

    await paidRow.getByRole('button', { name: 'Mark paid' }).click();
    // The reference is required: an empty submit is refused in the dialog.
    await page.getByRole('dialog').getByRole('button', { name: 'Mark paid', exact: true }).click();
    await expect(page.getByRole('dialog').getByText('Please enter the payout reference')).toBeVisible();
    await confirmDialog(page, 'Mark paid', { label: /Payout reference/, value: 'UTR-998877' });
    await expect(paidRow).toHaveCount(0);

    await failRow.getByRole('button', { name: 'Mark failed' }).click();
    await confirmDialog(page, 'Mark failed', { label: /Reason/, value: 'UPI id is not active' });
    await expect(failRow).toHaveCount(0);
    await expect(page.getByText('No withdrawals waiting')).toBeVisible();

    const wPaid = await ok('GET', '/api/wallet', payee);
    const wFailed = await ok('GET', '/api/wallet', bounced);
    expect(wPaid.balance).toBe(2000);
    expect(wFailed.balance).toBe(5000);
    const txPaid = await ok<Array<{ type: string }>>('GET', '/api/wallet/transactions', payee);
    expect(txPaid.find((t) => t.type === 'withdrawal')).toMatchObject({ status: 'completed', amount: 3000 });
    const txFailed = await ok<Array<{ type: string }>>('GET', '/api/wallet/transactions', bounced);
    expect(txFailed.find((t) => t.type === 'withdrawal')).toMatchObject({ status: 'failed', amount: 2000 });

    // The completed view keeps the payout reference.
    await segment(page, 'Completed');
    await expect(page.getByText('Ref UTR-998877')).toBeVisible();
    expect(errors).toEqual([]);
    await context.close();
  });

  // Its own test (after the one above settles both withdrawals), so that a retry of it only reads:
  // a retry of the whole journey found the withdrawals already settled.
  test('tells both users in the bell: the failed one with its reason, linked to the wallet', async () => {
    const user = await openAs(browser, bounced, { height: 900 });
    await user.page.goto(`${server.url}/questions`);
    const bell = user.page.getByRole('button', { name: /^Notifications( \(\d+ unread\))?$/ });
    const dialog = user.page.getByRole('dialog', { name: 'Notifications' });
    // Unread the first time; a retry after the click below finds it read.
    const item = dialog.getByRole('button', { name: /^(Unread: )?Withdrawal failed/ }).first();
    // Opened once, the popover was once found closed again on a loaded CI machine (the item never
    // showed in 30 s; not reproduced, here or under load): open it again while it is closed.
    await expect
      .poll(
        async () => {
          if (!(await dialog.isVisible())) await bell.click();
          return item.isVisible();
        },
        { timeout: 30_000, intervals: [1_000] },
      )
      .toBe(true);
    await expect(dialog).toContainText('UPI id is not active');
    await item.click();
    await user.page.waitForURL(/\/wallet$/);
    await user.context.close();

    const paidNotes = await ok('GET', '/api/notifications', payee);
    expect(paidNotes.notifications.find((n: { type: string }) => n.type === 'withdrawal')).toMatchObject({
      title: 'Withdrawal completed',
      read: false,
    });
  });

  test('hides an idea from everyone else, can still read it, and shows it again', async () => {
    const idea = await ok('POST', '/api/ideas', organiser, {
      title: `Solar benches ${stamp}`,
      description: 'Benches that charge phones in public parks.',
      category: 'Technology',
      tags: 'solar, parks',
    });
    const { context, page, errors } = await adminPage();
    await page.goto(`${server.url}/admin-portal/ideas`);
    await expect(page.getByRole('heading', { name: 'Ideas', level: 2 })).toBeVisible();
    await page.getByLabel('Search').fill(`Solar benches ${stamp}`);
    const row = page.getByRole('row', { name: new RegExp(`Solar benches ${stamp}`) });
    await row.getByRole('button', { name: 'Hide', exact: true }).click();
    await confirmDialog(page, 'Hide');
    await expect(row.getByText('hidden by admin', { exact: true })).toBeVisible();
    expect((await call('GET', `/api/ideas/${idea._id}`, null)).status).toBe(404);
    expect((await call('GET', `/api/ideas/${idea._id}`, payee)).status).toBe(404);
    // Its author cannot undo a moderator's hide.
    expect((await call('PUT', `/api/ideas/${idea._id}/restore`, organiser)).status).toBe(403);

    // The admin follows the title link and reads what they moderate.
    await row.getByRole('link', { name: `Solar benches ${stamp}` }).click();
    await expect(page.getByRole('heading', { name: `Solar benches ${stamp}` })).toBeVisible();
    await page.goBack();
    await row.getByRole('button', { name: 'Unhide', exact: true }).click();
    await expect(row.getByRole('button', { name: 'Hide', exact: true })).toBeVisible();
    expect((await call('GET', `/api/ideas/${idea._id}`, null)).status).toBe(200);
    expect(errors).toEqual([]);
    await context.close();
  });

  test('suspends a user, whose open session is signed out at once', async () => {
    const vic = await openAs(browser, victim, { height: 900 });
    await vic.page.goto(`${server.url}/questions`);
    await expect(vic.page.getByRole('button', { name: /^Notifications/ })).toBeVisible();

    const { context, page, errors } = await adminPage();
    await page.goto(`${server.url}/admin-portal/users`);
    await expect(page.getByRole('heading', { name: 'Users', level: 2 })).toBeVisible();
    await page.getByLabel('Search').fill(victim.user.email);
    const row = page.getByTestId(`user-row-${victim.user.email}`);
    await expect(row).toBeVisible();
    await expect(page.locator('[data-testid^="user-row-"]')).toHaveCount(1);
    await row.getByRole('button', { name: 'Suspend', exact: true }).click();
    await confirmDialog(page, 'Suspend');
    await expect(row.getByText('suspended', { exact: true })).toBeVisible();
    expect((await call('GET', '/api/auth/me', victim)).status).toBe(401);

    // The victim's next request (here: opening the bell) meets the revoked session → signed out.
    await vic.page.getByRole('button', { name: /^Notifications/ }).click();
    await vic.page.waitForURL(`${server.url}/`);
    await expect(vic.page.getByRole('link', { name: 'Login' }).first()).toBeVisible();
    await expect.poll(() => vic.page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    const login = await call('POST', '/api/auth/login', null, {
      email: victim.user.email,
      password: 'long-enough-password',
    });
    expect(login.status).toBe(403);

    // Audit trail of everything above.
    await openSection(page, 'Audit log');
    for (const action of [
      'user.suspend',
      'idea.unhide',
      'idea.hide',
      'withdrawal.complete',
      'withdrawal.fail',
      'job.approve',
      'hackathon.approve',
    ]) {
      await expect(page.getByText(action, { exact: true }).first()).toBeVisible();
    }
    expect(errors).toEqual([]);
    await vic.context.close();
    await context.close();
  });

  test('is usable at 375 px (section picker, tables scroll)', async () => {
    const { context, page, errors } = await adminPage(375);
    await page.goto(`${server.url}/admin-portal`);
    await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible();
    await expect(page.locator('.recharts-surface').first()).toBeVisible();
    await page.getByLabel('Section', { exact: true }).selectOption({ label: 'Withdrawals' });
    await expect(page.getByRole('heading', { name: 'Withdrawals', level: 2 })).toBeVisible();
    await segment(page, 'All');
    await expect(page.getByTestId(`withdrawal-${payee.user.email}`)).toBeVisible();
    await page.getByLabel('Section', { exact: true }).selectOption({ label: 'Hackathons' });
    await segment(page, 'Published');
    await expect(page.getByTestId(`review-${hackathonId}`)).toBeVisible();
    await page.getByLabel('Section', { exact: true }).selectOption({ label: 'Users' });
    await expect(page.getByRole('heading', { name: 'Users', level: 2 })).toBeVisible();
    // Nothing wider than the screen except inside the tables' own scroll containers.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(1);
    await page.goto(`${server.url}/questions`);
    // The bell is lazy: click once its code and the page's data have arrived.
    await page.waitForLoadState('networkidle');
    await page.getByRole('button', { name: /^Notifications/ }).click();
    await expect(page.getByRole('dialog', { name: 'Notifications' })).toBeVisible();
    expect(errors).toEqual([]);
    await context.close();
  });
});
