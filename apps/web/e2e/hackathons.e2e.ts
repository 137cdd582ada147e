import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
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

// Hackathons journey (spec 03): organiser submits through /conduct-hackathon → admin approves
// (admin API) → participant joins from /hackathons → the event starts → participant submits a
// project with a file → organiser sees it, downloads the file and sets the judging criteria → after
// the end the organiser publishes the results and everyone sees the winner.
//
// Registration closes 1 hour before the start, so joining and submitting are at least an hour
// apart: the server runs with hackathons-clock.mjs preloaded and the test moves its clock forward.

const here = path.dirname(fileURLToPath(import.meta.url));
const HOUR = 3_600_000;
const PNG = gradientPng(640, 240);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << >>\n%%EOF\n');

let server: RunningServer;
let browser: Browser;
let clockDir: string;
let clockFile: string;
type Session = Awaited<ReturnType<typeof apiSignup>>;
let organiser: Session;
let participant: Session;
let adminToken: string;
const problems: string[] = [];

async function setServerClock(offsetMs: number, hackathonId: string) {
  writeFileSync(clockFile, String(offsetMs));
  // The preload re-reads the file every 100 ms; wait until the server reports the new time.
  const deadline = Date.now() + 5000;
  for (;;) {
    const h = await api<{ serverTime: string }>('GET', `/api/hackathons/${hackathonId}`, null);
    if (Math.abs(Date.parse(h.serverTime) - (Date.now() + offsetMs)) < 5000) return;
    if (Date.now() > deadline) throw new Error('server clock did not move');
    await new Promise((r) => setTimeout(r, 100));
  }
}

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
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `hackathons-${name}.png`), fullPage: true });
}

async function pageFor(session: Session | null, width = 1280) {
  const { page, context } = await newPage(browser, { width, height: width < 600 ? 800 : 900 });
  page.on('pageerror', (e) => problems.push(e.message));
  if (session) await signInPage(page, server.url, session);
  return { page, context };
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

beforeAll(async () => {
  clockDir = mkdtempSync(path.join(tmpdir(), 'agora-clock-'));
  clockFile = path.join(clockDir, 'offset');
  writeFileSync(clockFile, '0');
  server = await startServer({
    NODE_OPTIONS: `--import ${path.join(here, 'hackathons-clock.mjs')}`,
    E2E_CLOCK_OFFSET_FILE: clockFile,
    // The clock jumps by hours: keep sessions from idling out meanwhile.
    SESSION_IDLE_MINUTES: '600',
  });
  browser = await launchBrowser();
  organiser = await apiSignup(server.url, {
    name: 'Olga Organiser',
    email: 'olga@hack.test',
    password: 'password-123',
  });
  participant = await apiSignup(server.url, {
    name: 'Paul Participant',
    email: 'paul@hack.test',
    password: 'password-123',
  });
  const login = await api<{ token: string }>('POST', '/api/auth/login', null, {
    email: 'admin@agora.test',
    password: 'admin-password-123',
  });
  adminToken = login.token;
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  rmSync(clockDir, { recursive: true, force: true });
});

describe('Hackathons', () => {
  let hackathonId = '';
  const title = 'Green Code Sprint 2030';

  it('organiser submits a hackathon through /conduct-hackathon (checks, image preview, success)', async () => {
    const { page, context } = await pageFor(organiser);
    await page.goto(`${server.url}/conduct-hackathon`);
    await page.getByRole('heading', { name: 'Conduct a Hackathon' }).waitFor();
    for (const section of [
      'Basic Information',
      'Organizer Information',
      'Event Details',
      'Prizes & Requirements',
      'Hackathon Image (optional)',
      'Additional Information',
    ]) {
      expect(await page.getByText(section, { exact: true }).count()).toBeGreaterThan(0);
    }
    expect(await page.getByText(/reviewed by our admin team within 24-48 hours/).count()).toBe(1);
    expect(await page.getByRole('link', { name: 'Cancel' }).getAttribute('href')).toBe(
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
      await page.getByText(message, { exact: true }).first().waitFor();
    }
    expect(await page.getByText('Please provide both start and end dates.', { exact: true }).count()).toBe(2);
    await page.getByRole('alert').filter({ hasText: 'Please provide a title for your hackathon.' }).waitFor();
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-path'))).toBe('title');
    await shot(page, 'conduct-errors-1280');

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
    expect(await page.getByTestId('duration').inputValue()).toMatch(/^(69|70|71) hours$/);
    await choose(page, 'Location Type', 'Hybrid');
    await page.getByLabel('Location', { exact: true }).fill('Bengaluru, Hall 2');
    await page.getByLabel('Prize Pool').fill('₹1,00,000');
    await page.getByLabel('Judging Criteria').fill('Impact, craft, demo');
    await page.getByLabel('Requirements').fill('A laptop and a public repository');

    // A non-image is refused with the spec's message; an image shows a preview.
    await page
      .locator('input[type=file]')
      .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hi') });
    await page.getByText('Invalid File Type').waitFor();
    await page
      .locator('input[type=file]')
      .setInputFiles({ name: 'banner.png', mimeType: 'image/png', buffer: PNG });
    await page.getByAltText('Preview of the hackathon image').waitFor();
    await shot(page, 'conduct-1280');

    await page.getByRole('button', { name: 'Submit for Review' }).click();
    await page.getByText('Hackathon Submitted!').waitFor();
    // spec 03 §4: success clears the form.
    expect(await page.getByLabel('Hackathon Title').inputValue()).toBe('');
    expect(await page.getByAltText('Preview of the hackathon image').count()).toBe(0);

    const mine = await api<
      Array<{ _id: string; title: string; status: string; tags: string[]; image: string }>
    >('GET', '/api/hackathons/my-submissions', organiser.token);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ title, status: 'pending', tags: ['green', 'energy', 'ai'] });
    expect(mine[0]!.image).toMatch(/^\/uploads\//);
    hackathonId = mine[0]!._id;

    // Pending: the organiser sees it on My Hackathons; visitors get "not found".
    await page.goto(`${server.url}/my-hackathons`);
    await page.getByRole('tab', { name: 'Organized (1)', selected: true }).waitFor();
    await page.getByTestId('organized-card').getByText('pending').waitFor();
    await shot(page, 'my-hackathons-1280');

    // Manage opens it filled in; an edit is submitted for review again.
    await page.getByRole('link', { name: `Manage ${title}` }).click();
    await page.waitForURL(`**/conduct-hackathon?edit=${hackathonId}`);
    await page.getByRole('heading', { name: 'Edit Your Hackathon' }).waitFor();
    expect(await page.getByLabel('Hackathon Title').inputValue()).toBe(title);
    expect(await page.getByLabel('Organizer Email').inputValue()).toBe('olga@hack.test');
    expect(await page.getByLabel('Prize Pool').inputValue()).toBe('₹1,00,000');
    await page.getByLabel('Prize Pool').fill('₹1,00,000, swag and mentorship');
    await shot(page, 'conduct-edit-1280');
    const put = page.waitForResponse(
      (r) => r.url().endsWith(`/api/hackathons/${hackathonId}`) && r.request().method() === 'PUT',
    );
    await page.getByRole('button', { name: 'Resubmit for Review' }).click();
    expect((await put).status()).toBe(200);
    await page.waitForURL('**/my-hackathons');
    await page.getByTestId('organized-card').getByText('pending').waitFor();
    await context.close();

    const visitor = await pageFor(null, 375);
    await visitor.page.goto(`${server.url}/hackathon/${hackathonId}`);
    await visitor.page.getByText('Hackathon Not Found').waitFor();
    await visitor.page.getByRole('link', { name: 'Back to Hackathons' }).first().waitFor();
    await visitor.context.close();
  });

  it('admin approves it through the admin API; the organiser is e-mailed', async () => {
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

  it('participant joins from /hackathons: Hackathon Joined!, then the hackathon page after 1.5 s', async () => {
    const { page, context } = await pageFor(participant);
    await page.goto(`${server.url}/hackathons`);
    await page.getByText('No hackathons currently running. Check upcoming hackathons!').waitFor();
    await page.getByRole('tab', { name: 'Upcoming' }).click();
    const card = page.getByTestId('hackathon-card').filter({ hasText: title });
    await card.waitFor();
    await shot(page, 'list-upcoming-1280');
    const clickedAt = Date.now();
    await card.getByRole('button', { name: 'Join Hackathon' }).click();
    await page.getByText('Hackathon Joined!').waitFor();
    await page.waitForURL(`**/hackathon/${hackathonId}`);
    // spec 03 §9: the hackathon page opens 1.5 s after the join succeeded.
    expect(Date.now() - clickedAt).toBeGreaterThanOrEqual(1500);
    await page.getByText('You are registered').first().waitFor();
    await page.getByRole('button', { name: 'Unregister' }).waitFor();
    await page.getByText(/Registration closes/).waitFor();
    await page.getByTestId('countdown').getByText('Starts in').waitFor();
    await shot(page, 'detail-registered-1280');

    // The list now shows the registered banner.
    await page.goto(`${server.url}/hackathons?tab=upcoming`);
    await card.getByText('You are registered').waitFor();
    await card.getByText(/Join until/).waitFor();
    await context.close();

    const mobile = await pageFor(participant, 375);
    await mobile.page.goto(`${server.url}/hackathons?tab=upcoming`);
    await mobile.page.getByTestId('hackathon-card').first().waitFor();
    await shot(mobile.page, 'list-upcoming-375');
    await mobile.context.close();

    // The organiser's e-mail is for signed-in users; the prize keeps the organiser's case.
    const signedIn = await pageFor(participant);
    await signedIn.page.goto(`${server.url}/hackathon/${hackathonId}`);
    await signedIn.page.getByText('olga@hack.test').waitFor();
    const pill = signedIn.page.getByTestId('prize-pill');
    // biome-ignore lint/performance/useDomNodeTextContent: the pill's text as a reader sees it (innerText follows the CSS)
    expect(await pill.innerText()).toBe('Prize pool: ₹1,00,000, swag and mentorship');
    await signedIn.context.close();

    // A visitor sees the login prompt on the detail page, and no e-mail address.
    const visitor = await pageFor(null);
    await visitor.page.goto(`${server.url}/hackathon/${hackathonId}`);
    await visitor.page.getByText('Login required').waitFor();
    expect(await visitor.page.getByText('olga@hack.test').count()).toBe(0);
    expect(await visitor.page.getByRole('link', { name: 'Log In to Join' }).getAttribute('href')).toBe(
      '/login',
    );
    await visitor.context.close();
  });

  it('inside the last hour the page says registration is closed', async () => {
    await setServerClock(HOUR + 5 * 60_000, hackathonId); // 55 minutes before the start
    const { page, context } = await pageFor(participant);
    await page.goto(`${server.url}/hackathon/${hackathonId}`);
    await page
      .getByText('Registration period closed - You cannot unregister now (within 1 hour of start).')
      .waitFor();
    expect(await page.getByRole('button', { name: 'Unregister' }).count()).toBe(0);
    await context.close();
    const other = await apiSignup(server.url, {
      name: 'Late Larry',
      email: 'larry@hack.test',
      password: 'password-123',
    });
    const late = await pageFor(other);
    await late.page.goto(`${server.url}/hackathon/${hackathonId}`);
    await late.page
      .getByText('Registration closed - You can only register until 1 hour before the hackathon starts.')
      .waitFor();
    await late.context.close();
  });

  it('once it runs, the participant submits a project with a file', async () => {
    await setServerClock(2 * HOUR + 60_000, hackathonId); // a minute after the start
    const { page, context } = await pageFor(participant);
    await page.goto(`${server.url}/hackathon/${hackathonId}`);
    await page.getByRole('heading', { name: 'Submit Your Project' }).waitFor();
    await page.getByTestId('countdown').getByText('Ends in').waitFor();

    await page.getByRole('button', { name: 'Submit Project' }).click();
    await page
      .getByText('Please fill in all required fields (Team Name, Project Title, Description)')
      .waitFor();

    await page.getByLabel('Team Name').fill('Team Photon');
    await page.getByLabel('Project Title').fill('Watt Watcher');
    await page.getByLabel('Project Description').fill('Measures and trims idle power draw in offices.');
    await page.getByLabel('Project URL').fill('https://example.com/watt');
    await page.getByLabel('GitHub URL').fill('https://github.com/example/watt');
    await page
      .locator('input[type=file]')
      .setInputFiles({ name: 'slides.pdf', mimeType: 'application/pdf', buffer: PDF });
    // A URL the server refuses: 'Submission Failed'; once fixed, only 'Submission Complete!' stays.
    await page.getByLabel('Demo URL').fill('javascript:alert(1)');
    await page.getByRole('button', { name: 'Submit Project' }).click();
    await page.getByText('Submission Failed').waitFor();
    await page.getByLabel('Demo URL').fill('https://example.com/watt/demo');
    await page.getByRole('button', { name: 'Submit Project' }).click();
    await page.getByText('Submission Complete!').waitFor();
    await page.getByText('Submission Failed').waitFor({ state: 'detached' });
    await page.getByRole('heading', { name: 'Your Submission', exact: true }).waitFor();
    expect(await page.getByLabel('Team Name').inputValue()).toBe('');
    await shot(page, 'detail-running-1280');
    await context.close();

    const mobile = await pageFor(participant, 375);
    await mobile.page.goto(`${server.url}/hackathon/${hackathonId}`);
    await mobile.page.getByRole('heading', { name: 'Your Submission', exact: true }).waitFor();
    await shot(mobile.page, 'detail-running-375');
    await mobile.context.close();
  });

  it('the organiser sees participants and the submission, downloads the file and sets the criteria', async () => {
    const { page, context } = await pageFor(organiser);
    await page.goto(`${server.url}/hackathon/${hackathonId}`);
    await page.getByText('You are the organizer').waitFor();
    await page.getByRole('heading', { name: /Registered Participants/ }).waitFor();
    await page.getByRole('cell', { name: 'paul@hack.test' }).waitFor();
    const item = page.getByTestId('submission-item').filter({ hasText: 'Watt Watcher' });
    await item.waitFor();
    expect(await item.getByRole('link', { name: 'GitHub' }).getAttribute('href')).toBe(
      'https://github.com/example/watt',
    );

    const download = page.waitForEvent('download');
    await item.getByRole('button', { name: 'slides.pdf' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('slides.pdf');
    expect(readFileSync((await file.path())!).equals(PDF)).toBe(true);

    // Places come from publication, not from a per-project choice.
    expect(await item.getByRole('combobox').count()).toBe(0);
    await shot(page, 'detail-organiser-1280');
    await page.getByRole('tab', { name: 'Judging' }).click();
    await page.getByLabel('Criterion 1', { exact: true }).fill('Impact');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.getByText('Judging settings saved').waitFor();
    await context.close();

    const mobile = await pageFor(organiser, 375);
    await mobile.page.goto(`${server.url}/hackathon/${hackathonId}`);
    await mobile.page.getByText('You are the organizer').waitFor();
    await shot(mobile.page, 'detail-organiser-375');
    await mobile.page.goto(`${server.url}/conduct-hackathon`);
    await mobile.page.getByRole('heading', { name: 'Conduct a Hackathon' }).waitFor();
    await shot(mobile.page, 'conduct-375');
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

  it('My Hackathons: opens on the tab with content, and empty states for a new user', async () => {
    const { page, context } = await pageFor(participant, 375);
    await page.goto(`${server.url}/my-hackathons`);
    // Only participated: that tab is open without a click.
    await page.getByRole('tab', { name: 'Participated (1)', selected: true }).waitFor();
    await page.getByTestId('participated-card').getByText(title).waitFor();
    await page.getByRole('link', { name: 'View Details & Submit' }).waitFor();
    await page.getByRole('tab', { name: 'Organized (0)' }).click();
    await page.getByText('No organized hackathons yet').waitFor();
    await page.getByRole('link', { name: 'Create Your First Hackathon' }).waitFor();
    await shot(page, 'my-hackathons-375');
    await context.close();

    const anon = await pageFor(null);
    await anon.page.goto(`${server.url}/my-hackathons`);
    await anon.page.waitForURL('**/login');
    await anon.context.close();
    expect(problems).toEqual([]);
  });

  // Last: the clock jumps days ahead, past the signed-in sessions' idle timeout.
  it('after the end, the organiser publishes and everyone sees the winner on the hackathon page', async () => {
    await setServerClock(3 * 24 * HOUR + HOUR, hackathonId);
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
      await visitor.page.goto(`${server.url}/hackathon/${hackathonId}`);
      const winners = visitor.page.getByRole('region', { name: 'Winners' });
      await winners.waitFor();
      const result = winners.getByTestId('result').first();
      await result.getByText('Watt Watcher').waitFor();
      expect(await result.textContent()).toContain('Winner');
      expect(await result.textContent()).toContain('Team Photon');
      await shot(visitor.page, `detail-past-${width}`);
      await visitor.context.close();
    }
  });
});
