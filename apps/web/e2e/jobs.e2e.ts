import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiSignup,
  gradientPng,
  launchBrowser,
  newPage,
  type RunningServer,
  SCREENSHOT_DIR,
  signInPage,
  startServer,
} from './support';

let server: RunningServer;
let browser: Browser;
beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const TITLE = 'Quantum Widget Engineer';
/**
 * About 6,000 characters of many distinct words: a posting this long could not be saved while the
 * jobs indexes carried its search vector (migration 0018; a b-tree row holds 2,704 bytes).
 */
const LONG_DESCRIPTION = (() => {
  const syllables = ['qu', 'an', 'tor', 'vel', 'mi', 'stra', 'no', 'ka', 'pel', 'ri', 'don', 'se'];
  const words: string[] = [];
  for (let i = 0; words.join(' ').length < 5_900; i++) {
    let w = '';
    for (let k = i + 12; k > 0; k = Math.floor(k / 12)) w += syllables[k % 12];
    words.push(`${w}ing`);
  }
  return `Design and build quantum widget control software with a small, friendly team. ${words.join(' ')}`;
})();

/** Console errors, page errors and CSP violations (the JSON-LD block must not cause one). */
async function watchProblems(page: Page): Promise<string[]> {
  page.setDefaultTimeout(10_000);
  const problems: string[] = [];
  page.on('console', (m) => {
    if (
      m.type() === 'error' &&
      !/Failed to load resource: the server responded with a status of 404/.test(m.text())
    ) {
      problems.push(m.text());
    }
  });
  page.on('pageerror', (e) => problems.push(e.message));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      console.error(`CSP violation: ${e.violatedDirective} ${e.blockedURI}`);
    });
  });
  return problems;
}

async function adminToken(): Promise<string> {
  const res = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@agora.test', password: 'admin-password-123' }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

const shot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(SCREENSHOT_DIR, `jobs-${name}.png`), fullPage: true });

/**
 * An admin's decision on a job: it names the version the review queue shows (`updatedAt`), as the
 * admin screen does; a posting changed since would be refused.
 */
async function review(
  token: string,
  id: string,
  title: string,
  decision: 'approve' | 'reject',
  reason?: string,
) {
  const queue = await fetch(`${server.url}/api/admin/jobs?status=pending&q=${encodeURIComponent(title)}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const item = ((await queue.json()) as Array<{ _id: string; updatedAt: string }>).find((j) => j._id === id);
  if (!item) throw new Error(`job ${id} is not in the review queue`);
  return fetch(`${server.url}/api/admin/jobs/${id}/${decision}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ ...(reason === undefined ? {} : { reason }), updatedAt: item.updatedAt }),
  });
}

describe('Jobs Hub', () => {
  let jobId = '';

  it('posts a job through /create-job: required-field message, then Job Submitted and back to /jobhubs', async () => {
    const session = await apiSignup(server.url, {
      name: 'Priya Poster',
      email: 'priya@example.com',
      password: 'priya-password-1',
    });
    const { page, context } = await newPage(browser);
    const problems = await watchProblems(page);
    await signInPage(page, server.url, session);
    await page.goto(`${server.url}/create-job`);
    await page.getByRole('heading', { name: 'Create Job Posting' }).waitFor();
    for (const section of ['Job Details', 'Company Details', 'Location', 'Additional Details']) {
      await page.getByRole('heading', { name: section, exact: true }).waitFor();
    }
    // Defaults of the spec.
    expect(await page.getByRole('combobox', { name: 'Job Type' }).inputValue()).toBe('Full-time');
    expect(await page.getByRole('combobox', { name: 'Experience Level' }).inputValue()).toBe('Mid-level');
    expect(await page.getByLabel('Country', { exact: true }).inputValue()).toBe('India');
    expect(await page.getByLabel('Job Description').getAttribute('rows')).toBe('6');
    await shot(page, 'create-1280');

    // Nothing filled: the spec's message, nothing sent.
    await page.getByRole('button', { name: 'Submit for Approval' }).click();
    await page.getByText('Missing Information').waitFor();
    await page.getByText('Please fill in all required fields.').first().waitFor();
    // Every missing field is named on the field itself, all at once.
    for (const inline of [
      'Please enter the job title',
      'Please select a category',
      'Please enter the job description',
      'Please enter the company name',
      'Please enter the city',
      'Please enter a contact email',
    ]) {
      await page.getByText(inline, { exact: true }).waitFor();
    }
    // The first missing field has the focus (its visible input, not a hidden one).
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-path'))).toBe('title');
    await shot(page, 'create-errors-1280');

    await page.getByLabel('Job Title').fill(TITLE);
    await page.getByRole('combobox', { name: 'Category' }).click();
    await page.getByRole('option', { name: 'Data Science' }).click();
    await page.getByLabel('Job Description').fill(LONG_DESCRIPTION);
    await page.getByLabel('Requirements', { exact: true }).fill('Three years building production software.');
    await page.getByLabel('Skills', { exact: true }).fill('Rust, Qiskit, , Linear Algebra, Python, Go');
    await page.getByLabel('Company Name').fill('Qubit Works');
    await page.getByLabel('Company Website').fill('https://qubit.example.com');
    // The logo is uploaded (checked by its bytes) and previewed before the posting is sent.
    const uploaded = page.waitForResponse((r) => r.url().endsWith('/api/jobs/logo'));
    await page
      .locator('input[type="file"]')
      .setInputFiles({ name: 'qubit.png', mimeType: 'image/png', buffer: gradientPng(96, 96) });
    expect((await uploaded).status()).toBe(201);
    await page.getByRole('img', { name: 'Qubit Works logo' }).waitFor();
    await page.getByText('qubit.png').waitFor();
    await shot(page, 'create-filled-1280');
    await page.getByRole('textbox', { name: /^City/ }).fill('Bengaluru');
    await page.getByLabel('State', { exact: true }).fill('Karnataka');
    // The currency follows the country (India → INR) until the poster picks one; a preview reads
    // the salary as the listing will show it, figures as entered.
    expect(await page.getByRole('combobox', { name: 'Salary currency' }).inputValue()).toBe('INR');
    await page.getByLabel('Country', { exact: true }).fill('United States');
    expect(await page.getByRole('combobox', { name: 'Salary currency' }).inputValue()).toBe('USD');
    await page.getByLabel('Country', { exact: true }).fill('India');
    expect(await page.getByRole('combobox', { name: 'Salary currency' }).inputValue()).toBe('INR');
    await page.getByLabel('Minimum salary (per year)').fill('1800000');
    await page.getByLabel('Maximum salary (per year)').fill('2600000');
    await page.getByText('Will read: ₹18,00,000 - ₹26,00,000 per year').waitFor();
    await page.getByLabel('Experience', { exact: true }).fill('3-5 years');
    await page.getByLabel('Contact Email').fill('hiring@qubit.example.com');

    const posted = page.waitForResponse(
      (r) => r.url().endsWith('/api/jobs') && r.request().method() === 'POST',
    );
    await page.getByRole('button', { name: 'Submit for Approval' }).click();
    const res = await posted;
    expect(res.status()).toBe(201);
    const body = (await res.json()) as {
      job: { _id: string; status: string; skills: string[]; company: { logo: string | null } };
    };
    expect(body.job.status).toBe('pending');
    expect(body.job.company.logo).toMatch(/^\/uploads\/[a-f0-9]{32}\.png$/);
    expect(body.job.skills).toEqual(['Rust', 'Qiskit', 'Linear Algebra', 'Python', 'Go']);
    jobId = body.job._id;
    await page.getByText('Job Submitted').waitFor();
    await page.waitForURL(`${server.url}/jobhubs`);

    // The poster sees the pending notice on the job's page; visitors do not find it.
    await page.goto(`${server.url}/job/${jobId}`);
    await page.getByText('Pending approval').waitFor();
    expect(await page.locator('script[type="application/ld+json"]').count()).toBe(0);
    const anon = await fetch(`${server.url}/api/jobs/${jobId}`);
    expect(anon.status).toBe(404);
    const listed = (await (await fetch(`${server.url}/api/jobs?search=quantum`)).json()) as {
      pagination: { totalJobs: number };
    };
    expect(listed.pagination.totalJobs).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('an admin approves it (POST /api/admin/jobs/:id/approve)', async () => {
    const token = await adminToken();
    const res = await review(token, jobId, TITLE, 'approve');
    expect(res.status, await res.clone().text()).toBe(200);
    const job = (await (await fetch(`${server.url}/api/jobs/${jobId}`)).json()) as { status: string };
    expect(job.status).toBe('approved');
  });

  it('finds it on /jobhubs by keyword, by category and by location, with every filter in the URL', async () => {
    const { page, context } = await newPage(browser);
    const problems = await watchProblems(page);
    await page.goto(`${server.url}/jobhubs`);
    await page.getByRole('heading', { name: /1 job found/ }).waitFor();

    // Keyword (prefix: "quant").
    await page.getByLabel('Keyword', { exact: true }).fill('quant');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.waitForURL(/search=quant/);
    const card = page.getByRole('article').filter({ hasText: TITLE });
    await card.waitFor();
    expect(await card.textContent()).toContain('Qubit Works');
    expect(await card.textContent()).toContain('+2 more');
    await page.getByText('Filtered by:').waitFor();

    // No match → the spec's empty state.
    await page.getByLabel('Keyword', { exact: true }).fill('zzzznotajob');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByText('No jobs found').waitFor();
    await page.getByText('Try adjusting your search criteria or filters').waitFor();
    await page.getByRole('button', { name: 'Clear all', exact: true }).click();
    await page.getByRole('heading', { name: /1 job found/ }).waitFor();

    // Category: the posted job's category is in the sidebar with its count.
    // (The box follows the URL, so it is clicked and the URL awaited.)
    const technology = page.getByRole('checkbox', { name: /Data Science \(1 job\)/ }).first();
    await technology.click();
    await page.waitForURL(/category=Data\+Science/);
    await card.waitFor();
    // The URL is pushed at once; the router renders the new state in a transition, which a busy
    // machine may defer, so the tick is awaited rather than read once.
    await page
      .getByRole('checkbox', { name: /Data Science \(1 job\)/, checked: true })
      .first()
      .waitFor();
    await technology.click();
    await page.waitForURL((u) => !u.search.includes('category='));
    // A category with no open job is not offered (one list, no "Legal 0" rows); a link still filters by it.
    expect(await page.getByRole('checkbox', { name: /^Engineering/ }).count()).toBe(0);
    await page.goto(`${server.url}/jobhubs?category=Engineering`);
    await page.getByText('No jobs found').waitFor();
    await page
      .getByRole('checkbox', { name: /^Engineering/, checked: true })
      .first()
      .click();
    await page.waitForURL((u) => !u.search.includes('category='));
    await card.waitFor();

    // Location: another name of the city, any case.
    await page.getByLabel('Location', { exact: true }).fill('BANGALORE');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.waitForURL(/location=BANGALORE/);
    await card.waitFor();

    // The whole state is in the URL: a shared link shows the same result.
    await page.goto(
      `${server.url}/jobhubs?search=widget&location=karnataka&category=Data+Science&level=Mid-level&employmentType=Full-time&sort=title`,
    );
    await card.waitFor();
    expect(await page.getByLabel('Keyword', { exact: true }).inputValue()).toBe('widget');
    expect(await page.getByRole('combobox', { name: 'Level' }).inputValue()).toBe('Mid-level');
    // Native selects: the value of the chosen option (sort=title).
    expect(await page.getByRole('combobox', { name: 'Sort By' }).inputValue()).toBe('title');
    await shot(page, 'list-1280');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('My Jobs: the poster follows a posting (rejected with the reason), edits it and it goes back to review', async () => {
    const session = await apiSignup(server.url, {
      name: 'Rina Repost',
      email: 'rina@example.com',
      password: 'rina-password-1',
    });
    const auth = { authorization: `Bearer ${session.token}`, 'content-type': 'application/json' };
    const posted = await fetch(`${server.url}/api/jobs`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({
        title: 'Support Lead',
        description: 'Lead our support team.',
        company: { name: 'Helpful Co' },
        location: { city: 'Pune', country: 'India' },
        category: 'Customer Service',
        contactEmail: 'jobs@helpful.example.com',
      }),
    });
    expect(posted.status).toBe(201);
    const id = ((await posted.json()) as { job: { _id: string } }).job._id;
    const token = await adminToken();
    const rejected = await review(token, id, 'Support Lead', 'reject', 'Please add a salary range');
    expect(rejected.status, await rejected.clone().text()).toBe(200);

    const { page, context } = await newPage(browser);
    const problems = await watchProblems(page);
    await signInPage(page, server.url, session);
    await page.goto(`${server.url}/jobhubs`);
    await page.getByRole('link', { name: 'My Jobs' }).first().click();
    await page.waitForURL(`${server.url}/my-jobs`);
    const card = page.getByRole('article').filter({ hasText: 'Support Lead' });
    await card.getByText('Rejected', { exact: true }).waitFor();
    await card.getByText('Please add a salary range').waitFor();
    await shot(page, 'my-jobs-1280');

    await card.getByRole('link', { name: 'Edit Support Lead' }).click();
    await page.waitForURL(`${server.url}/job/${id}/edit`);
    await page.getByRole('heading', { name: 'Edit Job Posting' }).waitFor();
    expect(await page.getByLabel('Job Title').inputValue()).toBe('Support Lead');
    expect(await page.getByLabel('Company Name').inputValue()).toBe('Helpful Co');
    await page.getByLabel('Minimum salary (per year)').fill('900000');
    await page.getByLabel('Maximum salary (per year)').fill('1200000');
    await page.getByText('Will read: ₹9,00,000 - ₹12,00,000 per year').waitFor();
    const put = page.waitForResponse(
      (r) => r.url().endsWith(`/api/jobs/${id}`) && r.request().method() === 'PUT',
    );
    await page.getByRole('button', { name: 'Resubmit for Approval' }).click();
    expect((await put).status()).toBe(200);
    await page.waitForURL(`${server.url}/my-jobs`);
    await card.getByText('Pending review', { exact: true }).waitFor();
    expect(await card.textContent()).not.toContain('Please add a salary range');
    expect(problems).toEqual([]);

    const mobile = await newPage(browser, { width: 375, height: 812 });
    await signInPage(mobile.page, server.url, session);
    await mobile.page.goto(`${server.url}/my-jobs`);
    await mobile.page.getByRole('article').filter({ hasText: 'Support Lead' }).waitFor();
    expect(
      await mobile.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);
    await shot(mobile.page, 'my-jobs-375');
    await mobile.context.close();
    await context.close();
  });

  it('puts View Details in the same place on every card, whatever the pay line', async () => {
    const session = await apiSignup(server.url, {
      name: 'Cara Cards',
      email: 'cara@example.com',
      password: 'cara-password-1',
    });
    const token = await adminToken();
    for (const [title, salary] of [
      ['Card Short Pay', undefined],
      ['Card Long Pay', { min: 1_800_000, max: 260_000_000, currency: 'INR' }],
    ] as const) {
      const res = await fetch(`${server.url}/api/jobs`, {
        method: 'POST',
        headers: { authorization: `Bearer ${session.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          title,
          description: 'Cards that line up.',
          company: { name: 'Aligned Ltd' },
          location: { city: 'Chennai', country: 'India' },
          category: 'Design',
          contactEmail: 'jobs@aligned.example.com',
          experience: salary ? undefined : '2 years',
          salary,
        }),
      });
      const id = ((await res.json()) as { job: { _id: string } }).job._id;
      await review(token, id, title, 'approve');
    }
    for (const width of [1280, 375]) {
      const { page, context } = await newPage(browser, { width, height: 900 });
      await page.goto(`${server.url}/jobhubs?search=card`);
      const cards = page.getByRole('article').filter({ hasText: 'Aligned Ltd' });
      await cards.nth(1).waitFor();
      const offsets = await cards.evaluateAll((els) =>
        els.map((el) => {
          const c = el.getBoundingClientRect();
          const b = el.querySelector('[data-testid="view-details"]')!.getBoundingClientRect();
          return { right: Math.round(c.right - b.right), bottom: Math.round(c.bottom - b.bottom) };
        }),
      );
      expect(offsets).toHaveLength(2);
      expect(offsets[0]).toEqual(offsets[1]);
      await shot(page, `cards-${width}`);
      await context.close();
    }
  });

  it('fills the location box from "use my location" (browser coordinates → offline lookup)', async () => {
    const context = await browser.newContext({
      viewport: { width: 1280, height: 800 },
      geolocation: { latitude: 12.9716, longitude: 77.5946 },
      permissions: ['geolocation'],
    });
    const page = await context.newPage();
    page.setDefaultTimeout(10_000);
    await page.goto(`${server.url}/jobhubs`);
    await page.getByRole('button', { name: 'Use my location' }).click();
    await expect
      .poll(() => page.getByLabel('Location', { exact: true }).inputValue(), { timeout: 10_000 })
      .toBe('Bengaluru');
    await page.waitForURL(/location=Bengaluru/);
    await page.getByRole('article').filter({ hasText: TITLE }).waitFor();

    // In the open ocean there is no city: the spec's fallback text.
    await context.setGeolocation({ latitude: 0, longitude: -30 });
    await page.getByRole('button', { name: 'Use my location' }).click();
    await expect
      .poll(() => page.getByLabel('Location', { exact: true }).inputValue(), { timeout: 10_000 })
      .toBe('Current Location');
    await context.close();
  });

  it('opens the full job page with rupee salary, how to apply and JobPosting JSON-LD without CSP violations', async () => {
    const { page, context } = await newPage(browser);
    const problems = await watchProblems(page);
    await page.goto(`${server.url}/jobhubs?search=quantum`);
    await page.getByRole('link', { name: `View details: ${TITLE}` }).click();
    await page.waitForURL(`${server.url}/job/${jobId}`);
    await page.getByRole('heading', { name: TITLE, level: 1 }).waitFor();
    const text = (await page.locator('main').textContent()) ?? '';
    for (const expected of [
      'Qubit Works',
      'Bengaluru, Karnataka, India',
      '₹18,00,000 - ₹26,00,000 per year',
      'Mid-level',
      'Full-time',
      'Data Science',
      'Three years building production software.',
      'Linear Algebra',
      '3-5 years',
      'hiring@qubit.example.com',
    ]) {
      expect(text).toContain(expected);
    }
    // The uploaded logo is shown (same origin, so the CSP allows it) and has really loaded.
    const logo = page.getByRole('img', { name: 'Qubit Works logo' }).first();
    await logo.waitFor();
    expect(await logo.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(96);
    expect(await page.getByRole('link', { name: 'Apply by Email' }).getAttribute('href')).toMatch(
      /^mailto:hiring@qubit\.example\.com\?subject=/,
    );
    expect(await page.getByRole('link', { name: /Qubit Works/ }).getAttribute('href')).toBe(
      'https://qubit.example.com',
    );

    const ld = JSON.parse(
      (await page.locator('head script[type="application/ld+json"]').textContent()) ?? '{}',
    );
    expect(ld).toMatchObject({
      '@context': 'https://schema.org/',
      '@type': 'JobPosting',
      title: TITLE,
      employmentType: 'FULL_TIME',
      hiringOrganization: { name: 'Qubit Works', sameAs: 'https://qubit.example.com' },
      jobLocation: { address: { addressLocality: 'Bengaluru', addressCountry: 'India' } },
      baseSalary: { currency: 'INR', value: { minValue: 1_800_000, maxValue: 2_600_000 } },
    });
    await shot(page, 'detail-1280');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('reads well at 375 px', async () => {
    const { page, context } = await newPage(browser, { width: 375, height: 812 });
    const problems = await watchProblems(page);
    await page.goto(`${server.url}/jobhubs`);
    await page.getByRole('article').filter({ hasText: TITLE }).waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.getByRole('button', { name: /^Categories/ }).click();
    await page
      .getByRole('checkbox', { name: /Data Science/ })
      .last()
      .waitFor({ state: 'visible' });
    await page.waitForTimeout(400); // the panel's opening animation
    await shot(page, 'list-375');
    await page.goto(`${server.url}/job/${jobId}`);
    await page.getByRole('heading', { name: TITLE, level: 1 }).waitFor();
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);
    await shot(page, 'detail-375');
    const session = await apiSignup(server.url, {
      name: 'Mo Bile',
      email: 'mo@example.com',
      password: 'mo-password-12',
    });
    await signInPage(page, server.url, session);
    await page.goto(`${server.url}/create-job`);
    await page.getByRole('heading', { name: 'Create Job Posting' }).waitFor();
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);
    await shot(page, 'create-375');
    expect(problems).toEqual([]);
    await context.close();
  });
});
