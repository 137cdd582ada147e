import path from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
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

type Session = Awaited<ReturnType<typeof apiSignup>>;

const MATCHED = 'Backend Engineer';
const OTHER = 'Product Designer';
const ALERTED = 'Kubernetes Platform Engineer';

const shot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(SCREENSHOT_DIR, `matching-${name}.png`), fullPage: true });

/** A real PDF with a line of text, as a résumé exported from a word processor would be. */
async function resumePdf(text: string): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([595, 842]);
  page.drawText('Asha Seeker — Software Engineer', { x: 50, y: 780, size: 16, font });
  page.drawText(text, { x: 50, y: 740, size: 11, font });
  return Buffer.from(await doc.save());
}

async function call<T>(session: Session | null, method: string, url: string, body?: unknown): Promise<T> {
  const res = await fetch(`${server.url}${url}`, {
    method,
    headers: {
      ...(session ? { authorization: `Bearer ${session.token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  expect(res.ok, `${method} ${url}: ${res.status} ${text}`).toBe(true);
  return (text ? JSON.parse(text) : {}) as T;
}

async function adminSession(): Promise<Session> {
  return call<Session>(null, 'POST', '/api/auth/login', {
    email: 'admin@agora.test',
    password: 'admin-password-123',
  });
}

/** Posts a job as `session` and has the admin approve it, as the review screen does. */
async function postApprovedJob(session: Session, title: string, company: string, skills: string[]) {
  const { job } = await call<{ job: { _id: string } }>(session, 'POST', '/api/jobs', {
    title,
    description: 'Build and run the services our teams ship on.',
    company: { name: company },
    location: { city: 'Pune', state: 'Maharashtra', country: 'India' },
    category: 'Engineering',
    level: 'Senior',
    skills,
    contactEmail: 'hiring@orbit.example.com',
  });
  const admin = await adminSession();
  const queue = await call<Array<{ _id: string; updatedAt: string }>>(
    admin,
    'GET',
    `/api/admin/jobs?status=pending&q=${encodeURIComponent(title)}`,
  );
  const item = queue.find((j) => j._id === job._id)!;
  await call(admin, 'POST', `/api/admin/jobs/${job._id}/approve`, { updatedAt: item.updatedAt });
  return job._id;
}

async function pageFor(session: Session) {
  const opened = await newPage(browser, { width: 1280, height: 900 });
  opened.page.setDefaultTimeout(20_000);
  const problems: string[] = [];
  opened.page.on('pageerror', (e) => problems.push(e.message));
  await signInPage(opened.page, server.url, session);
  return { ...opened, problems };
}

describe('Smart Matching, job alerts and referrals', () => {
  let poster: Session;
  let seeker: Session;
  let friend: Session;
  let matchedId = '';

  beforeAll(async () => {
    poster = await apiSignup(server.url, {
      name: 'Nisha Poster',
      email: 'nisha@orbit.example.com',
      password: 'nisha-password-1',
    });
    seeker = await apiSignup(server.url, {
      name: 'Asha Seeker',
      email: 'asha@example.com',
      password: 'asha-password-1',
    });
    friend = await apiSignup(server.url, {
      name: 'Kiran Mehta',
      email: 'kiran@example.com',
      password: 'kiran-password-1',
    });
    // Kiran works at Orbit Labs (spelt their own way) and follows Asha: Asha's network there.
    await call(friend, 'PUT', '/api/users/me', { company: '  orbit   LABS ', headline: 'Staff Engineer' });
    await call(friend, 'POST', '/api/users/follow', { targetUserId: seeker.user.id });
    await call(seeker, 'PUT', '/api/users/me', { level: 'Senior', location: 'Pune' });
    matchedId = await postApprovedJob(poster, MATCHED, 'Orbit Labs', [
      'JavaScript',
      'PostgreSQL',
      'Kubernetes',
      'Docker',
      'AWS',
    ]);
    await postApprovedJob(poster, OTHER, 'Pixel Works', ['Figma', 'UX Research']);
  });

  it('a seeker stores a résumé and sees the skills found in it, synonyms folded', async () => {
    const { page, context, problems } = await pageFor(seeker);
    await page.goto(`${server.url}/profile`);
    await page.getByRole('heading', { name: 'Résumé' }).waitFor();
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Upload résumé' }).click();
    await (await chooser).setFiles({
      name: 'asha-resume.pdf',
      mimeType: 'application/pdf',
      buffer: await resumePdf('Five years of JS, Postgres and k8s in production.'),
    });
    await page.getByTestId('resume-name').getByText('asha-resume.pdf').waitFor();
    const found = page.getByTestId('inferred-skills');
    for (const skill of ['JavaScript', 'PostgreSQL', 'Kubernetes']) await found.getByText(skill).waitFor();
    expect(await found.getByText('Docker').count()).toBe(0);
    await shot(page, 'profile-resume-1280');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('the Jobs Hub recommends the matching job and every card says how it matches', async () => {
    const { page, context, problems } = await pageFor(seeker);
    await page.goto(`${server.url}/jobhubs`);
    const recommended = page.getByTestId('recommended-jobs');
    await recommended.getByText('Recommended for you').waitFor();
    await recommended.getByText(MATCHED).first().waitFor();
    await page.getByText('3 of 5 skills match — missing Docker, AWS').first().waitFor();
    await shot(page, 'jobhubs-recommended-1280');

    await page.goto(`${server.url}/job/${matchedId}`);
    await page.getByRole('heading', { name: MATCHED, level: 1 }).waitFor();
    await page
      .getByTestId('match-summary')
      .getByText(/3 of 5 skills match/)
      .waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });

  it('a saved instant search notifies the seeker when a matching job is approved', async () => {
    const { page, context, problems } = await pageFor(seeker);
    await page.goto(`${server.url}/jobhubs?q=Kubernetes`);
    await page.getByRole('button', { name: 'Save this search' }).click();
    const dropdown = page.getByRole('dialog', { name: 'Save this search' });
    await dropdown.getByText('Instant').click();
    const saved = page.waitForResponse(
      (r) => r.url().endsWith('/api/job-alerts') && r.request().method() === 'POST',
    );
    await dropdown.getByRole('button', { name: 'Save alert' }).click();
    expect((await saved).status()).toBe(201);
    await shot(page, 'save-search-1280');

    const alertedId = await postApprovedJob(poster, ALERTED, 'Cloudline', ['Kubernetes', 'Go']);
    // The instant task runs every 30 s: the notification arrives within a minute of approval.
    const deadline = Date.now() + 90_000;
    let link = '';
    while (!link && Date.now() < deadline) {
      const res = await call<
        | { notifications?: Array<{ type: string; link: string | null }> }
        | Array<{ type: string; link: string | null }>
      >(seeker, 'GET', '/api/notifications');
      const list = Array.isArray(res) ? res : (res.notifications ?? []);
      link = list.find((n) => n.type === 'job_alert')?.link ?? '';
      if (!link) await new Promise((r) => setTimeout(r, 2_000));
    }
    expect(link).toBe(`/job/${alertedId}`);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('the seeker applies with the stored résumé and asks a follower at the company for a referral', async () => {
    const { page, context, problems } = await pageFor(seeker);
    await page.goto(`${server.url}/job/${matchedId}`);
    await page.getByRole('button', { name: 'Apply now' }).click();
    const dialog = page.getByRole('dialog', { name: `Apply: ${MATCHED}` });
    await dialog.getByText(/Your saved résumé \(asha-resume\.pdf\)/).waitFor();
    const sent = page.waitForResponse(
      (r) => r.url().endsWith(`/api/jobs/${matchedId}/applications`) && r.request().method() === 'POST',
    );
    await dialog.getByRole('button', { name: 'Submit application' }).click();
    expect((await sent).status()).toBe(201);
    await dialog.waitFor({ state: 'detached' });

    await page.getByText('People you know at Orbit Labs').waitFor();
    await page.getByRole('button', { name: 'Ask Kiran Mehta for a referral' }).click();
    await page.getByLabel('Message to Kiran Mehta (optional)').fill('We met at the Pune hackathon.');
    const asked = page.waitForResponse(
      (r) => r.url().endsWith('/referral-requests') && r.request().method() === 'POST',
    );
    await page.getByRole('button', { name: 'Send request' }).click();
    expect((await asked).status()).toBe(201);
    await page.getByText('Requested').first().waitFor();
    await shot(page, 'referral-asked-1280');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('the follower accepts, and the poster sees the referral and the match on the applicant', async () => {
    const asked = await pageFor(friend);
    await asked.page.goto(`${server.url}/referrals`);
    await asked.page.getByText(MATCHED).first().waitFor();
    await asked.page.getByRole('button', { name: 'Accept' }).first().click();
    await asked.page.getByText('Accepted').first().waitFor();
    await shot(asked.page, 'referrals-accepted-1280');
    expect(asked.problems).toEqual([]);
    await asked.context.close();

    const hiring = await pageFor(poster);
    await hiring.page.goto(`${server.url}/my-jobs/${matchedId}/applicants`);
    await hiring.page.getByText('Referred by Kiran Mehta').waitFor();
    await hiring.page
      .getByText(/3 of 5 skills match/)
      .first()
      .waitFor();
    await shot(hiring.page, 'pipeline-referred-1280');
    expect(hiring.problems).toEqual([]);
    await hiring.context.close();
  });
});
