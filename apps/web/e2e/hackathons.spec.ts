import { readFileSync } from 'node:fs';
import type { Browser, Page } from '@playwright/test';
import { expect, openAs, serverWithMovableClock, test } from './fixtures';
import { apiJson, apiSignup, apiSignupAll, gradientPng, type Session, TINY_PDF } from './support';

// Hackathons journey (spec 03): organiser submits through /conduct-hackathon → admin approves
// (admin API) → participant joins from /hackathons → the event starts → participant submits a
// project with a file → organiser sees it, downloads the file and sets the judging criteria → after
// the end the organiser publishes the results and everyone sees the winner.
//
// Registration closes 1 hour before the start, so joining and submitting are at least an hour
// apart: the server's clock is moved forward from outside (serverWithMovableClock).

const HOUR = 3_600_000;
const PNG = gradientPng(640, 240);

// The clock jumps by hours: keep sessions from idling out meanwhile.
const server = serverWithMovableClock({ SESSION_IDLE_MINUTES: '600' });
let browser: Browser;
let organiser: Session;
let participant: Session;
let adminToken: string;
/** Each page's uncaught errors: none by the end of the journey. */
const problems: string[][] = [];

const api = <T>(method: string, url: string, token: string | null, body?: unknown) =>
  apiJson<T>(server.url, method, url, token, body);

async function pageFor(session: Session | null, width = 1280) {
  const opened = await openAs(browser, session, { width, height: width < 600 ? 800 : 900 });
  problems.push(opened.problems);
  return opened;
}

/** A datetime-local value for "now + ms" in the browser's own time zone. */
function localInput(page: Page, ms: number): Promise<string> {
  return page.evaluate((offset) => {
    const d = new Date(Date.now() + offset);
    const p = (n: number) => String(n).padStart(2, '0');
    return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`;
  }, ms);
}

async function choose(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test.beforeAll(async ({ browser: b }) => {
  browser = b;
  ({ olga: organiser, paul: participant } = await apiSignupAll(server.url, 'hack.test', {
    olga: { name: 'Olga Organiser' },
    paul: { name: 'Paul Participant' },
  }));
  const login = await api<{ token: string }>('POST', '/api/auth/login', null, {
    email: 'admin@agora.test',
    password: 'admin-password-123',
  });
  adminToken = login.token;
});

test.describe('Hackathons', () => {
  let hackathonId = '';
  const title = 'Green Code Sprint 2030';

  test('organiser submits a hackathon through /conduct-hackathon (checks, image preview, success)', async () => {
    const { page, context } = await pageFor(organiser);
    await page.goto('/conduct-hackathon');
    await expect(page.getByRole('heading', { name: 'Conduct a Hackathon' })).toBeVisible();
    for (const section of [
      'Basic Information',
      'Organizer Information',
      'Event Details',
      'Prizes & Requirements',
      'Hackathon Image (optional)',
      'Additional Information',
    ]) {
      await expect(page.getByText(section, { exact: true }).first()).toBeAttached();
    }
    await expect(page.getByText(/reviewed by our admin team within 24-48 hours/)).toHaveCount(1);
    await expect(page.getByRole('link', { name: 'Cancel' })).toHaveAttribute(
      'href',
      '/hackathon-portal-info',
    );

    // An empty form: every check of spec 03 §5 on its field at once, the focus on the first
    // (check 2, the title) and the toast naming it.
    await page.getByRole('button', { name: 'Submit for Review' }).click();
    for (const message of [
      'Please provide a title for your hackathon.',
      'Please provide a description for your hackathon.',
      'Please provide the organizer name.',
      'Please provide the organizer email.',
      'Please provide prize pool information.',
      'Please select a category for your hackathon.',
    ]) {
      await expect(page.getByText(message, { exact: true }).first()).toBeVisible();
    }
    await expect(page.getByText('Please provide both start and end dates.', { exact: true })).toHaveCount(2);
    await expect(
      page.getByRole('alert').filter({ hasText: 'Please provide a title for your hackathon.' }),
    ).toBeVisible();
    await expect(page.locator(':focus')).toHaveAttribute('data-path', 'title');

    await page.getByLabel('Hackathon Title').fill(title);
    await page
      .getByLabel('Description')
      .fill('Build tools that cut energy use. Teams of up to four, mentors on hand.');
    await choose(page, 'Category', 'AI/ML');
    await page.getByLabel('Tags').fill('green, energy, , ai');
    await page.getByLabel('Organizer Name').fill('Olga Organiser');
    await page.getByLabel('Organizer Email').fill('olga@hack.test');
    await page.getByLabel('Start Date & Time').fill(await localInput(page, 2 * HOUR));
    await page.getByLabel('End Date & Time').fill(await localInput(page, 3 * 24 * HOUR));
    // Derived from the dates, so it cannot contradict them.
    await expect(page.getByTestId('duration')).toHaveValue(/^(69|70|71) hours$/);
    await choose(page, 'Location Type', 'Hybrid');
    await page.getByLabel('Location', { exact: true }).fill('Bengaluru, Hall 2');
    await page.getByLabel('Prize Pool').fill('₹1,00,000');
    await page.getByLabel('Judging Criteria').fill('Impact, craft, demo');
    await page.getByLabel('Requirements').fill('A laptop and a public repository');

    // A non-image is refused with the spec's message; an image shows a preview.
    await page
      .locator('input[type=file]')
      .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hi') });
    await expect(page.getByText('Invalid File Type')).toBeVisible();
    await page
      .locator('input[type=file]')
      .setInputFiles({ name: 'banner.png', mimeType: 'image/png', buffer: PNG });
    await expect(page.getByAltText('Preview of the hackathon image')).toBeVisible();

    await page.getByRole('button', { name: 'Submit for Review' }).click();
    await expect(page.getByText('Hackathon Submitted!')).toBeVisible();
    // spec 03 §4: success clears the form.
    await expect(page.getByLabel('Hackathon Title')).toHaveValue('');
    await expect(page.getByAltText('Preview of the hackathon image')).toHaveCount(0);

    const mine = await api<
      Array<{ _id: string; title: string; status: string; tags: string[]; image: string }>
    >('GET', '/api/hackathons/my-submissions', organiser.token);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ title, status: 'pending', tags: ['green', 'energy', 'ai'] });
    expect(mine[0]!.image).toMatch(/^\/uploads\//);
    hackathonId = mine[0]!._id;

    // Pending: the organiser sees it on My Hackathons; visitors get "not found".
    await page.goto('/my-hackathons');
    await expect(page.getByRole('tab', { name: 'Organized (1)', selected: true })).toBeVisible();
    await expect(page.getByTestId('organized-card').getByText('pending')).toBeVisible();

    // Manage opens it filled in; an edit is submitted for review again.
    await page.getByRole('link', { name: `Manage ${title}` }).click();
    await expect(page).toHaveURL(new RegExp(`/conduct-hackathon\\?edit=${hackathonId}$`));
    await expect(page.getByRole('heading', { name: 'Edit Your Hackathon' })).toBeVisible();
    await expect(page.getByLabel('Hackathon Title')).toHaveValue(title);
    await expect(page.getByLabel('Organizer Email')).toHaveValue('olga@hack.test');
    await expect(page.getByLabel('Prize Pool')).toHaveValue('₹1,00,000');
    await page.getByLabel('Prize Pool').fill('₹1,00,000, swag and mentorship');
    const put = page.waitForResponse(
      (r) => r.url().endsWith(`/api/hackathons/${hackathonId}`) && r.request().method() === 'PUT',
    );
    await page.getByRole('button', { name: 'Resubmit for Review' }).click();
    expect((await put).status()).toBe(200);
    await expect(page).toHaveURL(/\/my-hackathons$/);
    await expect(page.getByTestId('organized-card').getByText('pending')).toBeVisible();
    await context.close();

    const visitor = await pageFor(null, 375);
    await visitor.page.goto(`/hackathon/${hackathonId}`);
    await expect(visitor.page.getByText('Hackathon Not Found')).toBeVisible();
    await expect(visitor.page.getByRole('link', { name: 'Back to Hackathons' }).first()).toBeVisible();
    await visitor.context.close();
  });

  test('admin approves it through the admin API; the organiser is e-mailed', async () => {
    expect(hackathonId).not.toBe('');
    // The decision names the version the admin's review queue shows, as the admin screen sends it.
    const queue = await api<Array<{ _id: string; updatedAt: string }>>(
      'GET',
      `/api/admin/hackathons?status=pending&q=${encodeURIComponent(title)}`,
      adminToken,
    );
    const seen = queue.find((h) => h._id === hackathonId)!.updatedAt;
    const approved = await api<{ status: string }>(
      'POST',
      `/api/admin/hackathons/${hackathonId}/approve`,
      adminToken,
      { updatedAt: seen },
    );
    expect(approved.status).toBe('published');
  });

  test('participant joins from /hackathons: Hackathon Joined!, then the hackathon page after 1.5 s', async () => {
    const { page, context } = await pageFor(participant);
    await page.goto('/hackathons');
    await expect(page.getByText('No hackathons currently running. Check upcoming hackathons!')).toBeVisible();
    await page.getByRole('tab', { name: 'Upcoming' }).click();
    const card = page.getByTestId('hackathon-card').filter({ hasText: title });
    await expect(card).toBeVisible();
    const clickedAt = Date.now();
    await card.getByRole('button', { name: 'Join Hackathon' }).click();
    await expect(page.getByText('Hackathon Joined!')).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/hackathon/${hackathonId}$`));
    // spec 03 §9: the hackathon page opens 1.5 s after the join succeeded.
    expect(Date.now() - clickedAt).toBeGreaterThanOrEqual(1500);
    await expect(page.getByText('You are registered').first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Unregister' })).toBeVisible();
    await expect(page.getByText(/Registration closes/)).toBeVisible();
    await expect(page.getByTestId('countdown').getByText('Starts in')).toBeVisible();

    // The list now shows the registered banner.
    await page.goto('/hackathons?tab=upcoming');
    await expect(card.getByText('You are registered')).toBeVisible();
    await expect(card.getByText(/Join until/)).toBeVisible();
    await context.close();

    const mobile = await pageFor(participant, 375);
    await mobile.page.goto('/hackathons?tab=upcoming');
    await expect(mobile.page.getByTestId('hackathon-card').filter({ hasText: title })).toBeVisible();
    await mobile.context.close();

    // The organiser's e-mail is for signed-in users; the prize keeps the organiser's case.
    const signedIn = await pageFor(participant);
    await signedIn.page.goto(`/hackathon/${hackathonId}`);
    await expect(signedIn.page.getByText('olga@hack.test')).toBeVisible();
    // The pill's text as a reader sees it (innerText follows the CSS).
    await expect(signedIn.page.getByTestId('prize-pill')).toHaveText(
      'Prize pool: ₹1,00,000, swag and mentorship',
      { useInnerText: true },
    );
    await signedIn.context.close();

    // A visitor sees the login prompt on the detail page, and no e-mail address.
    const visitor = await pageFor(null);
    await visitor.page.goto(`/hackathon/${hackathonId}`);
    await expect(visitor.page.getByText('Login required')).toBeVisible();
    await expect(visitor.page.getByText('olga@hack.test')).toHaveCount(0);
    await expect(visitor.page.getByRole('link', { name: 'Log In to Join' })).toHaveAttribute(
      'href',
      '/login',
    );
    await visitor.context.close();
  });

  test('inside the last hour the page says registration is closed', async () => {
    await server.moveClock(HOUR + 5 * 60_000, hackathonId); // 55 minutes before the start
    const { page, context } = await pageFor(participant);
    await page.goto(`/hackathon/${hackathonId}`);
    await expect(
      page.getByText('Registration period closed - You cannot unregister now (within 1 hour of start).'),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Unregister' })).toHaveCount(0);
    await context.close();
    const other = await apiSignup(server.url, {
      name: 'Late Larry',
      email: 'larry@hack.test',
      password: 'password-123',
    });
    const late = await pageFor(other);
    await late.page.goto(`/hackathon/${hackathonId}`);
    await expect(
      late.page.getByText(
        'Registration closed - You can only register until 1 hour before the hackathon starts.',
      ),
    ).toBeVisible();
    await late.context.close();
  });

  test('once it runs, the participant submits a project with a file', async () => {
    await server.moveClock(2 * HOUR + 60_000, hackathonId); // a minute after the start
    const { page, context } = await pageFor(participant);
    await page.goto(`/hackathon/${hackathonId}`);
    await expect(page.getByRole('heading', { name: 'Submit Your Project' })).toBeVisible();
    await expect(page.getByTestId('countdown').getByText('Ends in')).toBeVisible();

    await page.getByRole('button', { name: 'Submit Project' }).click();
    await expect(
      page.getByText('Please fill in all required fields (Team Name, Project Title, Description)'),
    ).toBeVisible();

    await page.getByLabel('Team Name').fill('Team Photon');
    await page.getByLabel('Project Title').fill('Watt Watcher');
    await page.getByLabel('Project Description').fill('Measures and trims idle power draw in offices.');
    await page.getByLabel('Project URL').fill('https://example.com/watt');
    await page.getByLabel('GitHub URL').fill('https://github.com/example/watt');
    await page
      .locator('input[type=file]')
      .setInputFiles({ name: 'slides.pdf', mimeType: 'application/pdf', buffer: TINY_PDF });
    // A URL the server refuses: 'Submission Failed'; once fixed, only 'Submission Complete!' stays.
    await page.getByLabel('Demo URL').fill('javascript:alert(1)');
    await page.getByRole('button', { name: 'Submit Project' }).click();
    await expect(page.getByText('Submission Failed')).toBeVisible();
    await page.getByLabel('Demo URL').fill('https://example.com/watt/demo');
    await page.getByRole('button', { name: 'Submit Project' }).click();
    await expect(page.getByText('Submission Complete!')).toBeVisible();
    await expect(page.getByText('Submission Failed')).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Your Submission', exact: true })).toBeVisible();
    await expect(page.getByLabel('Team Name')).toHaveValue('');
    await context.close();

    const mobile = await pageFor(participant, 375);
    await mobile.page.goto(`/hackathon/${hackathonId}`);
    await expect(mobile.page.getByRole('heading', { name: 'Your Submission', exact: true })).toBeVisible();
    await mobile.context.close();
  });

  test('the organiser sees participants and the submission, downloads the file and sets the criteria', async () => {
    const { page, context } = await pageFor(organiser);
    await page.goto(`/hackathon/${hackathonId}`);
    await expect(page.getByText('You are the organizer')).toBeVisible();
    await expect(page.getByRole('heading', { name: /Registered Participants/ })).toBeVisible();
    await expect(page.getByRole('cell', { name: 'paul@hack.test' })).toBeVisible();
    const item = page.getByTestId('submission-item').filter({ hasText: 'Watt Watcher' });
    await expect(item).toBeVisible();
    await expect(item.getByRole('link', { name: 'GitHub' })).toHaveAttribute(
      'href',
      'https://github.com/example/watt',
    );

    const download = page.waitForEvent('download');
    await item.getByRole('button', { name: 'slides.pdf' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('slides.pdf');
    expect(readFileSync((await file.path())!).equals(TINY_PDF)).toBe(true);

    // Places come from publication, not from a per-project choice.
    await expect(item.getByRole('combobox')).toHaveCount(0);
    await page.getByRole('tab', { name: 'Judging' }).click();
    await page.getByLabel('Criterion 1', { exact: true }).fill('Impact');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByText('Judging settings saved')).toBeVisible();
    await context.close();

    const mobile = await pageFor(organiser, 375);
    await mobile.page.goto(`/hackathon/${hackathonId}`);
    await expect(mobile.page.getByText('You are the organizer')).toBeVisible();
    await mobile.page.goto('/conduct-hackathon');
    await expect(mobile.page.getByRole('heading', { name: 'Conduct a Hackathon' })).toBeVisible();
    await mobile.context.close();

    // An outsider cannot fetch the file.
    const sub = await api<{ submissions: Array<{ status: string; fileUrl: string }> }>(
      'GET',
      `/api/hackathons/${hackathonId}`,
      participant.token,
    );
    const outsider = await fetch(`${server.url}${sub.submissions[0]!.fileUrl}`);
    expect(outsider.status).toBe(401);
  });

  test('My Hackathons: opens on the tab with content, and empty states for a new user', async () => {
    const { page, context } = await pageFor(participant, 375);
    await page.goto('/my-hackathons');
    // Only participated: that tab is open without a click.
    await expect(page.getByRole('tab', { name: 'Participated (1)', selected: true })).toBeVisible();
    await expect(page.getByTestId('participated-card').getByText(title)).toBeVisible();
    await expect(page.getByRole('link', { name: 'View Details & Submit' })).toBeVisible();
    await page.getByRole('tab', { name: 'Organized (0)' }).click();
    await expect(page.getByText('No organized hackathons yet')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Create Your First Hackathon' })).toBeVisible();
    await context.close();

    const anon = await pageFor(null);
    await anon.page.goto('/my-hackathons');
    await expect(anon.page).toHaveURL(/\/login$/);
    await anon.context.close();
    expect(problems.flat()).toEqual([]);
  });

  // Last: the clock jumps days ahead, past the signed-in sessions' idle timeout.
  test('after the end, the organiser publishes and everyone sees the winner on the hackathon page', async () => {
    await server.moveClock(3 * 24 * HOUR + HOUR, hackathonId);
    // The jump outlasts the sessions' idle time: the organiser signs in again.
    const again = await api<{ token: string }>('POST', '/api/auth/login', null, {
      email: 'olga@hack.test',
      password: 'password-123',
    });
    const results = await api<{ rows: Array<{ submissionId: string }> }>(
      'GET',
      `/api/hackathons/${hackathonId}/results`,
      again.token,
    );
    await api('POST', `/api/hackathons/${hackathonId}/results/publish`, again.token, {
      places: [results.rows[0]!.submissionId],
    });
    for (const width of [1280, 375]) {
      const visitor = await pageFor(null, width);
      await visitor.page.goto(`/hackathon/${hackathonId}`);
      const winners = visitor.page.getByRole('region', { name: 'Winners' });
      await expect(winners).toBeVisible();
      const result = winners.getByTestId('result').first();
      await expect(result.getByText('Watt Watcher')).toBeVisible();
      await expect(result).toContainText('Winner');
      await expect(result).toContainText('Team Photon');
      await visitor.context.close();
    }
    expect(problems.flat()).toEqual([]);
  });
});
