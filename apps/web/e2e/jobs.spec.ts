import type { Browser, Page } from '@playwright/test';
import { expect, openAs, serverForThisFile, test } from './fixtures';
import { adminToken, apiSignup, gradientPng, noOverflow, postApprovedJob, reviewJob } from './support';

const server = serverForThisFile();

type Session = Awaited<ReturnType<typeof apiSignup>>;

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

/**
 * A page (signed in as `session`, if any) whose problems are its uncaught errors, console errors and
 * CSP violations (the JSON-LD block must not cause one), and any resource that failed to load other
 * than a 404.
 */
async function pageFor(browser: Browser, session: Session | null, width = 1280, height = 800) {
  const opened = await openAs(browser, session, { width, height, consoleErrors: true });
  opened.page.on('console', (m) => {
    if (
      m.type() === 'error' &&
      /Failed to load resource/.test(m.text()) &&
      !/the server responded with a status of 404/.test(m.text())
    ) {
      opened.problems.push(m.text());
    }
  });
  return opened;
}

/** The element that has the keyboard focus, by its form path. */
const focusedPath = (page: Page) =>
  page.evaluate(() => document.activeElement?.getAttribute('data-path') ?? null);

test.describe('Jobs Hub', () => {
  let jobId = '';

  test('posts a job through /create-job: required-field message, then Job Submitted and back to /jobhubs', async ({
    browser,
  }) => {
    const session = await apiSignup(server.url, {
      name: 'Priya Poster',
      email: 'priya@example.com',
      password: 'priya-password-1',
    });
    const { page, context, problems } = await pageFor(browser, session);
    await page.goto('/create-job');
    await expect(page.getByRole('heading', { name: 'Create Job Posting' })).toBeVisible();
    for (const section of ['Job Details', 'Company Details', 'Location', 'Additional Details']) {
      await expect(page.getByRole('heading', { name: section, exact: true })).toBeVisible();
    }
    // Defaults of the spec.
    await expect(page.getByRole('combobox', { name: 'Job Type' })).toHaveValue('Full-time');
    await expect(page.getByRole('combobox', { name: 'Experience Level' })).toHaveValue('Mid-level');
    await expect(page.getByLabel('Country', { exact: true })).toHaveValue('India');
    await expect(page.getByLabel('Job Description')).toHaveAttribute('rows', '6');

    // Nothing filled: the spec's message, nothing sent.
    await page.getByRole('button', { name: 'Submit for Approval' }).click();
    await expect(page.getByText('Missing Information')).toBeVisible();
    await expect(page.getByText('Please fill in all required fields.').first()).toBeVisible();
    // Every missing field is named on the field itself, all at once.
    for (const inline of [
      'Please enter the job title',
      'Please select a category',
      'Please enter the job description',
      'Please enter the company name',
      'Please enter the city',
      'Please enter a contact email',
    ]) {
      await expect(page.getByText(inline, { exact: true })).toBeVisible();
    }
    // The first missing field has the focus (its visible input, not a hidden one).
    await expect.poll(() => focusedPath(page)).toBe('title');

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
    await expect(page.getByRole('img', { name: 'Qubit Works logo' })).toBeVisible();
    await expect(page.getByText('qubit.png')).toBeVisible();
    await page.getByRole('textbox', { name: /^City/ }).fill('Bengaluru');
    await page.getByLabel('State', { exact: true }).fill('Karnataka');
    // The currency follows the country (India → INR) until the poster picks one; a preview reads
    // the salary as the listing will show it, figures as entered.
    const currency = page.getByRole('combobox', { name: 'Salary currency' });
    await expect(currency).toHaveValue('INR');
    await page.getByLabel('Country', { exact: true }).fill('United States');
    await expect(currency).toHaveValue('USD');
    await page.getByLabel('Country', { exact: true }).fill('India');
    await expect(currency).toHaveValue('INR');
    await page.getByLabel('Minimum salary (per year)').fill('1800000');
    await page.getByLabel('Maximum salary (per year)').fill('2600000');
    await expect(page.getByText('Will read: ₹18,00,000 - ₹26,00,000 per year')).toBeVisible();
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
    await expect(page.getByText('Job Submitted')).toBeVisible();
    await expect(page).toHaveURL(`${server.url}/jobhubs`);

    // The poster sees the pending notice on the job's page; visitors do not find it.
    await page.goto(`/job/${jobId}`);
    await expect(page.getByText('Pending approval')).toBeVisible();
    await expect(page.locator('script[type="application/ld+json"]')).toHaveCount(0);
    const anon = await fetch(`${server.url}/api/jobs/${jobId}`);
    expect(anon.status).toBe(404);
    const listed = (await (await fetch(`${server.url}/api/jobs?search=quantum`)).json()) as {
      pagination: { totalJobs: number };
    };
    expect(listed.pagination.totalJobs).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });

  test('an admin approves it (POST /api/admin/jobs/:id/approve)', async () => {
    await reviewJob(server.url, await adminToken(server.url), { id: jobId, title: TITLE }, 'approve');
    const job = (await (await fetch(`${server.url}/api/jobs/${jobId}`)).json()) as { status: string };
    expect(job.status).toBe('approved');
  });

  test('finds it on /jobhubs by keyword, by category and by location, with every filter in the URL', async ({
    browser,
  }) => {
    const { page, context, problems } = await pageFor(browser, null);
    await page.goto('/jobhubs');
    await expect(page.getByRole('heading', { name: /1 job found/ })).toBeVisible();

    // Keyword (prefix: "quant").
    await page.getByLabel('Keyword', { exact: true }).fill('quant');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page).toHaveURL(/search=quant/);
    const card = page.getByRole('article').filter({ hasText: TITLE });
    await expect(card).toBeVisible();
    await expect(card).toContainText('Qubit Works');
    await expect(card).toContainText('+2 more');
    await expect(page.getByText('Filtered by:')).toBeVisible();

    // No match → the spec's empty state.
    await page.getByLabel('Keyword', { exact: true }).fill('zzzznotajob');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page.getByText('No jobs found')).toBeVisible();
    await expect(page.getByText('Try adjusting your search criteria or filters')).toBeVisible();
    await page.getByRole('button', { name: 'Clear all', exact: true }).click();
    await expect(page.getByRole('heading', { name: /1 job found/ })).toBeVisible();

    // Category: the posted job's category is in the sidebar with its count.
    // (The box follows the URL, so it is clicked and the URL awaited.)
    const technology = page.getByRole('checkbox', { name: /Data Science \(1 job\)/ }).first();
    await technology.click();
    await expect(page).toHaveURL(/category=Data\+Science/);
    await expect(card).toBeVisible();
    // The URL is pushed at once; the router renders the new state in a transition, which a busy
    // machine may defer, so the tick is awaited rather than read once.
    await expect(technology).toBeChecked();
    await technology.click();
    await expect(page).toHaveURL((u) => !u.search.includes('category='));
    // A category with no open job is not offered (one list, no "Legal 0" rows); a link still filters by it.
    await expect(page.getByRole('checkbox', { name: /^Engineering/ })).toHaveCount(0);
    await page.goto('/jobhubs?category=Engineering');
    await expect(page.getByText('No jobs found')).toBeVisible();
    await page
      .getByRole('checkbox', { name: /^Engineering/, checked: true })
      .first()
      .click();
    await expect(page).toHaveURL((u) => !u.search.includes('category='));
    await expect(card).toBeVisible();

    // Location: another name of the city, any case.
    await page.getByLabel('Location', { exact: true }).fill('BANGALORE');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page).toHaveURL(/location=BANGALORE/);
    await expect(card).toBeVisible();

    // The whole state is in the URL: a shared link shows the same result.
    await page.goto(
      '/jobhubs?search=widget&location=karnataka&category=Data+Science&level=Mid-level&employmentType=Full-time&sort=title',
    );
    await expect(card).toBeVisible();
    await expect(page.getByLabel('Keyword', { exact: true })).toHaveValue('widget');
    await expect(page.getByRole('combobox', { name: 'Level' })).toHaveValue('Mid-level');
    // Native selects: the value of the chosen option (sort=title).
    await expect(page.getByRole('combobox', { name: 'Sort By' })).toHaveValue('title');
    expect(problems).toEqual([]);
    await context.close();
  });

  test('My Jobs: the poster follows a posting (rejected with the reason), edits it and it goes back to review', async ({
    browser,
  }) => {
    const session = await apiSignup(server.url, {
      name: 'Rina Repost',
      email: 'rina@example.com',
      password: 'rina-password-1',
    });
    const posted = await fetch(`${server.url}/api/jobs`, {
      method: 'POST',
      headers: { authorization: `Bearer ${session.token}`, 'content-type': 'application/json' },
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
    await reviewJob(
      server.url,
      await adminToken(server.url),
      { id, title: 'Support Lead' },
      'reject',
      'Please add a salary range',
    );

    const { page, context, problems } = await pageFor(browser, session);
    await page.goto('/jobhubs');
    await page.getByRole('link', { name: 'My Jobs' }).first().click();
    await expect(page).toHaveURL(`${server.url}/my-jobs`);
    const card = page.getByRole('article').filter({ hasText: 'Support Lead' });
    await expect(card.getByText('Rejected', { exact: true })).toBeVisible();
    await expect(card.getByText('Please add a salary range')).toBeVisible();

    await card.getByRole('link', { name: 'Edit Support Lead' }).click();
    await expect(page).toHaveURL(`${server.url}/job/${id}/edit`);
    await expect(page.getByRole('heading', { name: 'Edit Job Posting' })).toBeVisible();
    await expect(page.getByLabel('Job Title')).toHaveValue('Support Lead');
    await expect(page.getByLabel('Company Name')).toHaveValue('Helpful Co');
    await page.getByLabel('Minimum salary (per year)').fill('900000');
    await page.getByLabel('Maximum salary (per year)').fill('1200000');
    await expect(page.getByText('Will read: ₹9,00,000 - ₹12,00,000 per year')).toBeVisible();
    const put = page.waitForResponse(
      (r) => r.url().endsWith(`/api/jobs/${id}`) && r.request().method() === 'PUT',
    );
    await page.getByRole('button', { name: 'Resubmit for Approval' }).click();
    expect((await put).status()).toBe(200);
    await expect(page).toHaveURL(`${server.url}/my-jobs`);
    await expect(card.getByText('Pending review', { exact: true })).toBeVisible();
    await expect(card).not.toContainText('Please add a salary range');
    expect(problems).toEqual([]);

    const mobile = await openAs(browser, session, { width: 375, height: 812 });
    await mobile.page.goto('/my-jobs');
    await expect(mobile.page.getByRole('article').filter({ hasText: 'Support Lead' })).toBeVisible();
    await expect.poll(() => noOverflow(mobile.page)).toBeLessThanOrEqual(0);
    await mobile.context.close();
    await context.close();
  });

  test('puts View Details in the same place on every card, whatever the pay line', async ({ browser }) => {
    const session = await apiSignup(server.url, {
      name: 'Cara Cards',
      email: 'cara@example.com',
      password: 'cara-password-1',
    });
    for (const [title, salary] of [
      ['Card Short Pay', undefined],
      ['Card Long Pay', { min: 1_800_000, max: 260_000_000, currency: 'INR' }],
    ] as const) {
      await postApprovedJob(server.url, session, title, {
        description: 'Cards that line up.',
        company: { name: 'Aligned Ltd' },
        location: { city: 'Chennai', country: 'India' },
        category: 'Design',
        contactEmail: 'jobs@aligned.example.com',
        experience: salary ? undefined : '2 years',
        salary,
      });
    }
    for (const width of [1280, 375]) {
      const { page, context } = await openAs(browser, null, { width, height: 900 });
      await page.goto('/jobhubs?search=card');
      const cards = page.getByRole('article').filter({ hasText: 'Aligned Ltd' });
      await expect(cards).toHaveCount(2);
      // Where the button sits in each card, measured from the card's bottom-right corner.
      await expect(async () => {
        const offsets = await cards.evaluateAll((els) =>
          els.map((el) => {
            const c = el.getBoundingClientRect();
            const b = el.querySelector('[data-testid="view-details"]')!.getBoundingClientRect();
            return { right: Math.round(c.right - b.right), bottom: Math.round(c.bottom - b.bottom) };
          }),
        );
        expect(offsets).toHaveLength(2);
        expect(offsets[0]).toEqual(offsets[1]);
      }).toPass();
      await context.close();
    }
  });

  test('fills the location box from "use my location" (browser coordinates → offline lookup)', async ({
    browser,
  }) => {
    const context = await browser.newContext({
      baseURL: server.url,
      viewport: { width: 1280, height: 800 },
      geolocation: { latitude: 12.9716, longitude: 77.5946 },
      permissions: ['geolocation'],
    });
    const page = await context.newPage();
    await page.goto('/jobhubs');
    const location = page.getByLabel('Location', { exact: true });
    await page.getByRole('button', { name: 'Use my location' }).click();
    await expect(location).toHaveValue('Bengaluru');
    await expect(page).toHaveURL(/location=Bengaluru/);
    await expect(page.getByRole('article').filter({ hasText: TITLE })).toBeVisible();

    // In the open ocean there is no city: the spec's fallback text.
    await context.setGeolocation({ latitude: 0, longitude: -30 });
    await page.getByRole('button', { name: 'Use my location' }).click();
    await expect(location).toHaveValue('Current Location');
    await context.close();
  });

  test('opens the full job page with rupee salary, how to apply and JobPosting JSON-LD without CSP violations', async ({
    browser,
  }) => {
    const { page, context, problems } = await pageFor(browser, null);
    await page.goto('/jobhubs?search=quantum');
    await page.getByRole('link', { name: `View details: ${TITLE}` }).click();
    await expect(page).toHaveURL(`${server.url}/job/${jobId}`);
    await expect(page.getByRole('heading', { name: TITLE, level: 1 })).toBeVisible();
    const main = page.locator('main');
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
      await expect(main).toContainText(expected);
    }
    // The uploaded logo is shown (same origin, so the CSP allows it) and has really loaded.
    const logo = page.getByRole('img', { name: 'Qubit Works logo' }).first();
    await expect(logo).toBeVisible();
    await expect.poll(() => logo.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(96);
    await expect(page.getByRole('link', { name: 'Apply by Email' })).toHaveAttribute(
      'href',
      /^mailto:hiring@qubit\.example\.com\?subject=/,
    );
    await expect(page.getByRole('link', { name: /Qubit Works/ })).toHaveAttribute(
      'href',
      'https://qubit.example.com',
    );

    const ld = page.locator('head script[type="application/ld+json"]');
    await expect
      .poll(async () => JSON.parse((await ld.textContent()) ?? '{}'))
      .toMatchObject({
        '@context': 'https://schema.org/',
        '@type': 'JobPosting',
        title: TITLE,
        employmentType: 'FULL_TIME',
        hiringOrganization: { name: 'Qubit Works', sameAs: 'https://qubit.example.com' },
        jobLocation: { address: { addressLocality: 'Bengaluru', addressCountry: 'India' } },
        baseSalary: { currency: 'INR', value: { minValue: 1_800_000, maxValue: 2_600_000 } },
      });
    expect(problems).toEqual([]);
    await context.close();
  });

  test('reads well at 375 px', async ({ browser }) => {
    const { page, context, problems } = await pageFor(browser, null, 375, 812);
    await page.goto('/jobhubs');
    await expect(page.getByRole('article').filter({ hasText: TITLE })).toBeVisible();
    await expect.poll(() => noOverflow(page)).toBeLessThanOrEqual(0);
    await page.getByRole('button', { name: /^Categories/ }).click();
    await expect(page.getByRole('checkbox', { name: /Data Science/ }).last()).toBeVisible();
    await page.goto(`/job/${jobId}`);
    await expect(page.getByRole('heading', { name: TITLE, level: 1 })).toBeVisible();
    await expect.poll(() => noOverflow(page)).toBeLessThanOrEqual(0);
    const session = await apiSignup(server.url, {
      name: 'Mo Bile',
      email: 'mo@example.com',
      password: 'mo-password-12',
    });
    const signedIn = await pageFor(browser, session, 375, 812);
    await signedIn.page.goto('/create-job');
    await expect(signedIn.page.getByRole('heading', { name: 'Create Job Posting' })).toBeVisible();
    await expect.poll(() => noOverflow(signedIn.page)).toBeLessThanOrEqual(0);
    expect(problems).toEqual([]);
    expect(signedIn.problems).toEqual([]);
    await signedIn.context.close();
    await context.close();
  });
});
