import { readFileSync } from 'node:fs';
import type { Browser, Locator, Page } from '@playwright/test';
import { expect, openAs, serverForThisFile, test } from './fixtures';
import {
  apiSignup,
  axeViolations,
  newAxePage,
  noOverflow,
  postApprovedJob as postApprovedJobAs,
  signInPage,
} from './support';

const server = serverForThisFile();
let browser: Browser;
test.beforeAll(({ browser: b }) => {
  browser = b;
});

type Session = Awaited<ReturnType<typeof apiSignup>>;

const TITLE = 'Platform Engineer';
const OTHER = 'Site Reliability Engineer';
const QUESTIONS = [
  { text: 'Can you work from our Pune office?', requiredAnswer: 'yes' },
  { text: 'Do you need visa sponsorship?', requiredAnswer: null },
];
/** A small, real PDF: the server types a résumé by its bytes. */
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

/** A signed-in page that also counts console errors and CSP violations as problems. */
const pageFor = (session: Session, width = 1280) =>
  openAs(browser, session, { width, height: width < 600 ? 844 : 800, consoleErrors: true });

/** Posts a job as `session` at Orbit Labs (with its website and a salary) and has the admin approve it. */
const postApprovedJob = (session: Session, title: string, extra: Record<string, unknown> = {}) =>
  postApprovedJobAs(server.url, session, title, {
    company: { name: 'Orbit Labs', website: 'https://orbit.example.com' },
    salary: { min: 2_400_000, max: 3_200_000, currency: 'INR' },
    ...extra,
  });

test.describe('Quick Apply and the applicant pipeline', () => {
  let poster: Session;
  let seeker: Session;
  let jobId = '';
  let otherId = '';

  test.beforeAll(async () => {
    poster = await apiSignup(server.url, {
      name: 'Nisha Poster',
      email: 'nisha@orbit.example.com',
      password: 'nisha-password-1',
    });
    seeker = await apiSignup(server.url, {
      name: 'Arjun Seeker',
      email: 'arjun@example.com',
      password: 'arjun-password-1',
    });
    jobId = await postApprovedJob(poster, TITLE, { screeningQuestions: QUESTIONS });
    otherId = await postApprovedJob(poster, OTHER);
    // A second applicant, through the API, whose answer differs from the one the job requires.
    const meera = await apiSignup(server.url, {
      name: 'Meera Shah',
      email: 'meera@example.com',
      password: 'meera-password-1',
    });
    const job = (await (await fetch(`${server.url}/api/jobs/${jobId}`)).json()) as {
      screeningQuestions: Array<{ _id: string }>;
    };
    const form = new FormData();
    form.append('resume', new Blob([PDF], { type: 'application/pdf' }), 'meera.pdf');
    form.append(
      'answers',
      JSON.stringify(job.screeningQuestions.map((q) => ({ questionId: q._id, answer: 'no' }))),
    );
    const applied = await fetch(`${server.url}/api/jobs/${jobId}/applications`, {
      method: 'POST',
      headers: { authorization: `Bearer ${meera.token}` },
      body: form,
    });
    expect(applied.status, await applied.clone().text()).toBe(201);
  });

  test('a seeker applies with a résumé, a cover note and answers, and the job page says where it stands', async () => {
    const { page, context, problems } = await pageFor(seeker);
    await page.goto(`${server.url}/job/${jobId}`);
    await expect(page.getByRole('heading', { name: TITLE, level: 1 })).toBeVisible();
    // The posting carries JobPosting data for search engines while it is open.
    const ld = JSON.parse(
      (await page.locator('head script[type="application/ld+json"]').textContent()) ?? '{}',
    );
    expect(ld).toMatchObject({ '@type': 'JobPosting', directApply: true, identifier: { value: jobId } });
    expect(typeof ld.validThrough).toBe('string');
    await expect(page.getByRole('link', { name: 'Apply by Email' })).toHaveAttribute('href', /^mailto:/);

    await page.getByRole('button', { name: 'Apply now' }).click();
    const dialog = page.getByRole('dialog', { name: `Apply: ${TITLE}` });
    await expect(dialog).toBeVisible();
    // Nothing chosen yet: each problem is named on its field, nothing is sent.
    await dialog.getByRole('button', { name: 'Submit application' }).click();
    await expect(dialog.getByText('Please attach your résumé (PDF or DOCX)')).toBeVisible();

    await dialog
      .locator('input[type=file]')
      .setInputFiles({ name: 'arjun-resume.pdf', mimeType: 'application/pdf', buffer: PDF });
    await dialog.getByLabel('Cover note').fill('Six years running Kubernetes in production.');
    await expect(dialog.getByTestId('cover-note-count').getByText('43 / 2000')).toBeVisible();
    await dialog
      .getByRole('radiogroup', { name: /Can you work from our Pune office/ })
      .getByLabel('Yes')
      .check();
    await dialog
      .getByRole('radiogroup', { name: /Do you need visa sponsorship/ })
      .getByLabel('No')
      .check();
    const sent = page.waitForResponse(
      (r) => r.url().endsWith(`/api/jobs/${jobId}/applications`) && r.request().method() === 'POST',
    );
    await dialog.getByRole('button', { name: 'Submit application' }).click();
    expect((await sent).status()).toBe(201);
    await expect(dialog).toHaveCount(0);
    const note = page.getByTestId('applied-note');
    await expect(note.getByText(/^Applied on .+ · Submitted$/)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Apply now' })).toHaveCount(0);

    // The job page keeps saying so on a later visit, and links to the seeker's list.
    await page.reload();
    await expect(page.getByTestId('applied-note')).toBeVisible();
    await page.getByRole('link', { name: 'See all my applications' }).click();
    await page.waitForURL(`${server.url}/my-applications`);
    const card = page.getByRole('article').filter({ hasText: TITLE });
    await expect(card.getByTestId('application-status').getByText('Submitted')).toBeVisible();
    expect(problems).toEqual([]);
    await context.close();

    const mobile = await pageFor(seeker, 390);
    await mobile.page.goto(`${server.url}/job/${jobId}`);
    await expect(mobile.page.getByTestId('applied-note')).toBeVisible();
    expect(await noOverflow(mobile.page)).toBeLessThanOrEqual(0);
    await mobile.context.close();
  });

  test('the poster sees the application on My Jobs and in the pipeline, downloads the résumé and shortlists the applicant', async () => {
    const { page, context, problems } = await pageFor(poster);
    await page.goto(`${server.url}/my-jobs`);
    const card = page.getByRole('article').filter({ hasText: TITLE });
    await expect(card.getByTestId('job-status').getByText('Open')).toBeVisible();
    await expect(card.getByTestId('job-expiry').getByText(/^Expires /)).toBeVisible();
    await expect(card.getByTestId('application-counts').getByText('Submitted 2')).toBeVisible();
    await card.getByRole('link', { name: 'View applicants (2)' }).click();
    await page.waitForURL(`${server.url}/my-jobs/${jobId}/applicants`);

    const applicant = page.getByRole('article', { name: 'Arjun Seeker' });
    await expect(applicant).toBeVisible();
    await expect(applicant.getByText('Six years running Kubernetes in production.')).toBeVisible();
    await expect(applicant.getByText('Can you work from our Pune office?')).toBeVisible();
    await expect(applicant.locator('[data-mismatch]')).toHaveCount(0);
    // The screened-out applicant comes last, marked, with the differing answer highlighted.
    const screened = page.getByRole('article', { name: 'Meera Shah' });
    await expect(screened.getByTestId('screened-out')).toBeVisible();
    await expect(screened.locator('[data-mismatch]')).toHaveCount(1);
    await expect(page.getByRole('article').last().getByTestId('screened-out')).toHaveCount(1);

    const download = page.waitForEvent('download');
    await applicant.getByRole('button', { name: 'Download résumé arjun-resume.pdf' }).click();
    const file = await download;
    expect(readFileSync((await file.path())!).equals(PDF)).toBe(true);

    await applicant.getByRole('combobox', { name: 'Move to' }).click();
    await page.getByRole('option', { name: 'Shortlisted' }).click();
    await applicant.getByLabel(/Note/).fill('Strong platform background; book a call.');
    const patched = page.waitForResponse((r) => r.request().method() === 'PATCH');
    await applicant.getByRole('button', { name: 'Update status' }).click();
    expect((await patched).status()).toBe(200);
    await expect(page.getByRole('tab', { name: 'Submitted (1)' })).toBeVisible();
    await page.getByRole('tab', { name: 'Shortlisted (1)' }).click();
    const moved = page.getByRole('article', { name: 'Arjun Seeker' });
    await expect(moved.getByText('Strong platform background; book a call.')).toBeVisible();
    expect(problems).toEqual([]);
    await context.close();

    const mobile = await pageFor(poster, 390);
    await mobile.page.goto(`${server.url}/my-jobs/${jobId}/applicants`);
    await expect(mobile.page.getByRole('article', { name: 'Meera Shah' })).toBeVisible();
    expect(await noOverflow(mobile.page)).toBeLessThanOrEqual(0);
    await mobile.page.getByRole('tab', { name: 'Shortlisted (1)' }).click();
    await expect(mobile.page.getByRole('article', { name: 'Arjun Seeker' })).toBeVisible();
    expect(await noOverflow(mobile.page)).toBeLessThanOrEqual(0);
    await mobile.page.goto(`${server.url}/my-jobs`);
    await expect(mobile.page.getByRole('article').filter({ hasText: TITLE })).toBeVisible();
    expect(await noOverflow(mobile.page)).toBeLessThanOrEqual(0);
    await mobile.context.close();
  });

  test('the seeker sees the new status and the notification', async () => {
    const { page, context, problems } = await pageFor(seeker);
    await page.goto(`${server.url}/jobhubs`);
    await page.getByRole('button', { name: /Notifications \(\d+ unread\)/ }).click();
    await page.getByRole('dialog', { name: 'Notifications' }).getByText(`Shortlisted: ${TITLE}`).click();
    await page.waitForURL(`${server.url}/my-applications`);
    const card = page.getByRole('article').filter({ hasText: TITLE });
    await expect(card.getByTestId('application-status').getByText('Shortlisted')).toBeVisible();
    expect(problems).toEqual([]);
    await context.close();

    const mobile = await pageFor(seeker, 390);
    await mobile.page.goto(`${server.url}/my-applications`);
    await expect(mobile.page.getByRole('article').filter({ hasText: TITLE })).toBeVisible();
    expect(await noOverflow(mobile.page)).toBeLessThanOrEqual(0);
    await mobile.context.close();
  });

  test('the poster renews a listing and marks another filled; the filled job takes no more applications', async () => {
    const { page, context, problems } = await pageFor(poster);
    await page.goto(`${server.url}/my-jobs`);
    const card = page.getByRole('article').filter({ hasText: TITLE });
    const before = (await card.getByTestId('job-expiry').textContent()) ?? '';
    const renewed = page.waitForResponse((r) => r.url().endsWith(`/api/jobs/${jobId}/renew`));
    await card.getByRole('button', { name: `Renew ${TITLE}` }).click();
    expect((await renewed).status()).toBe(200);
    await expect(page.getByText('Listing renewed')).toBeVisible();
    // The expiry moves on by the listing period.
    await expect
      .poll(async () => (await card.getByTestId('job-expiry').textContent()) ?? '')
      .not.toBe(before);

    const other = page.getByRole('article').filter({ hasText: OTHER });
    await other.getByRole('button', { name: `Mark as filled: ${OTHER}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Mark as filled?' });
    await confirm.getByRole('button', { name: 'Mark as filled' }).click();
    await expect(other.getByTestId('job-status').getByText('Filled')).toBeVisible();
    await expect(other.getByRole('button', { name: /Renew|Mark/ })).toHaveCount(0);
    expect(problems).toEqual([]);
    await context.close();

    const seen = await pageFor(seeker);
    await seen.page.goto(`${server.url}/job/${otherId}`);
    await expect(
      seen.page.getByText('This job is no longer accepting applications', { exact: true }),
    ).toBeVisible();
    await expect(seen.page.getByRole('button', { name: 'Apply now' })).toHaveCount(0);
    await expect(seen.page.locator('head script[type="application/ld+json"]')).toHaveCount(0);
    expect(seen.problems).toEqual([]);
    await seen.context.close();
  });

  test('the poster finds the screening questions on the edit form', async () => {
    const { page, context, problems } = await pageFor(poster, 390);
    await page.goto(`${server.url}/job/${jobId}/edit`);
    const section = page.getByRole('region', { name: 'Screening questions' });
    await expect(section).toBeVisible();
    await expect(section.getByRole('textbox', { name: /^Question 1/ })).toHaveValue(QUESTIONS[0]!.text);
    await expect(section.getByRole('textbox', { name: /^Question 2/ })).toHaveValue(QUESTIONS[1]!.text);
    await expect(section.getByRole('radio', { name: 'Yes' }).first()).toBeChecked();
    await expect(section.getByRole('radio', { name: 'Any' }).nth(1)).toBeChecked();
    expect(await noOverflow(page)).toBeLessThanOrEqual(0);
    expect(problems).toEqual([]);
    await context.close();
  });

  test('has no serious accessibility problems on the new screens, at 1280 and 390 px', async () => {
    // Twelve screens, each loaded, signed in and scanned: more than one journey's time under load.
    test.setTimeout(360_000);
    const testId = (id: string) => (page: Page) => page.getByTestId(id).first();
    const screens: Array<{ who: Session; path: string; ready: (page: Page) => Locator; open?: string }> = [
      { who: seeker, path: `/job/${jobId}`, ready: testId('applied-note') },
      { who: seeker, path: '/my-applications', ready: testId('application-status') },
      { who: poster, path: '/my-jobs', ready: testId('application-counts') },
      { who: poster, path: `/my-jobs/${jobId}/applicants`, ready: testId('application-status') },
      {
        who: poster,
        path: `/job/${jobId}/edit`,
        ready: (page) => page.getByRole('textbox', { name: /^Question 2/ }),
      },
      // The apply form, open, for someone who has not applied yet.
      {
        who: await apiSignupFresh(),
        path: `/job/${jobId}`,
        ready: (page) => page.getByRole('dialog'),
        open: 'Apply now',
      },
    ];
    for (const width of [1280, 390]) {
      for (const s of screens) {
        const { context, page } = await newAxePage(browser, { width, height: 800, reducedMotion: true });
        await signInPage(page, server.url, s.who);
        await page.goto(`${server.url}${s.path}`);
        if (s.open) await page.getByRole('button', { name: s.open }).click();
        await expect(s.ready(page)).toBeVisible();
        expect(await axeViolations(page), `${s.path} at ${width}px`).toEqual([]);
        await context.close();
      }
    }
  });
});

let fresh = 0;
/** Another seeker who has not applied to anything yet. */
function apiSignupFresh() {
  fresh += 1;
  return apiSignup(server.url, {
    name: `Fresh Seeker ${fresh}`,
    email: `fresh${fresh}@example.com`,
    password: 'fresh-password-1',
  });
}
