import { mkdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { MSG } from '@agora/shared';
import type { Browser, Page } from 'playwright-core';
import { SMTPServer } from 'smtp-server';
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

// From an idea to the people who can make it real: the author shares an idea with two images and
// a PDF and tags an organisation; someone who works there verifies through the e-mailed link and
// answers "Adopted"; a follower hears of it in the bell; a mentor joins the team; the author offers
// a bounty from the idea and pays it through the sandbox checkout, and the idea lists it.

/** A local SMTP sink on a free loopback port: the e-mails the server really sends. */
class SmtpSink {
  readonly mails: Array<{ to: string[]; raw: string }> = [];
  private server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    onData: (stream, session, cb) => {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        this.mails.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        cb();
      });
    },
  });
  async start(): Promise<number> {
    await new Promise<void>((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(0, '127.0.0.1', () => resolve());
    });
    return (this.server.server.address() as AddressInfo).port;
  }
  stop(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
  /** The first e-mail to `to`, quoted-printable undone, once it has arrived. */
  async mailTo(to: string, timeoutMs = 45_000): Promise<string> {
    let raw: string | undefined;
    await expect
      .poll(() => (raw = this.mails.find((m) => m.to.includes(to))?.raw), { timeout: timeoutMs })
      .toBeTruthy();
    return raw!.replace(/=\r?\n/g, '').replace(/=3D/gi, '=');
  }
}

type Session = Awaited<ReturnType<typeof apiSignup>>;
let sink: SmtpSink;
let server: RunningServer;
let browser: Browser;
let author: Session;
let official: Session;
let follower: Session;
let mentor: Session;
const problems: string[] = [];

const ORG = 'Pune Water Board';
const WORK_EMAIL = 'oren@punewater.gov.in';
const TITLE = 'Leak alerts for village water pipes';
const DESCRIPTION = 'Cheap pressure sensors on the mains text the panchayat when a pipe starts to leak.';
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << >>\n%%EOF\n');

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

const shot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(SCREENSHOT_DIR, `ideas-organizations-${name}.png`), fullPage: true });

async function pageFor(session: Session, width = 1280) {
  const { page, context } = await newPage(browser, { width, height: 900 });
  page.on('pageerror', (e) => problems.push(`${session.user.name}: ${e.message}`));
  await signInPage(page, server.url, session);
  return { page, context };
}

beforeAll(async () => {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  sink = new SmtpSink();
  const port = await sink.start();
  server = await startServer({ SMTP_URL: `smtp://127.0.0.1:${port}` });
  browser = await launchBrowser();
  const signup = (name: string, email: string) =>
    apiSignup(server.url, { name, email, password: 'password-123' });
  author = await signup('Asha Author', 'asha@orgs.test');
  official = await signup('Oren Official', 'oren@orgs.test');
  follower = await signup('Fay Follower', 'fay@orgs.test');
  mentor = await signup('Milo Mentor', 'milo@orgs.test');
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await sink?.stop();
});

describe('an idea that organisations answer, a mentor joins and a bounty funds', () => {
  let orgId = '';
  let ideaId = '';
  const ideaUrl = () => `${server.url}/idea/${ideaId}`;

  it('someone who works there adds the organisation; it shows as not verified yet', async () => {
    const { page, context } = await pageFor(official);
    await page.goto(`${server.url}/organizations`);
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill(ORG);
    await page.getByRole('combobox', { name: 'Kind' }).click();
    await page.getByRole('option', { name: 'Government' }).click();
    await page.getByLabel('Domain').fill('punewater.gov.in');
    await page.getByRole('button', { name: 'Add organisation' }).click();
    await page.waitForURL(/\/organization\/[0-9a-f-]{36}$/);
    orgId = page.url().split('/').pop()!;
    await page.getByRole('heading', { name: ORG, level: 1 }).waitFor();
    await page.getByText('Not verified yet').waitFor();
    await context.close();
  });

  it('the author shares an idea with two images and a PDF and tags the organisation', async () => {
    const { page, context } = await pageFor(author);
    await page.goto(`${server.url}/share-idea`);
    await page.getByLabel('Title').fill(TITLE);
    await page.getByLabel('Description').fill(DESCRIPTION);
    await page.getByRole('combobox', { name: 'Category' }).click();
    await page.getByRole('option', { name: 'Technology' }).click();
    await page.getByPlaceholder('Search organisations').fill('pune water');
    await page.getByRole('option', { name: `${ORG} · Government` }).click();
    // Picked: a chip, unverified for now (no mark).
    await page.locator('.mantine-Pill-root', { hasText: `${ORG} · Government` }).waitFor();
    await page.locator('input[type=file]').setInputFiles([
      { name: 'sensor.png', mimeType: 'image/png', buffer: gradientPng(640, 360) },
      { name: 'map.png', mimeType: 'image/png', buffer: gradientPng(400, 300) },
      { name: 'budget.pdf', mimeType: 'application/pdf', buffer: PDF },
    ]);
    await shot(page, 'share-tagged');
    await page.getByRole('button', { name: 'Share Idea' }).click();
    await page.waitForURL(/\/idea\/[0-9a-f-]{36}$/, { timeout: 30_000 });
    ideaId = page.url().split('/').pop()!;

    await page.getByRole('link', { name: 'budget.pdf' }).waitFor();
    await page.getByRole('link', { name: 'Open sensor.png' }).waitFor();
    await page.getByRole('link', { name: 'Open map.png' }).waitFor();
    const tagged = page.getByTestId('idea-organizations');
    await tagged.getByRole('link', { name: ORG }).waitFor();
    expect(await tagged.getByLabel('verified').count()).toBe(0);
    await context.close();

    const idea = await api<{ organizations: Array<{ _id: string; verified: boolean }> }>(
      'GET',
      `/api/ideas/${ideaId}`,
      null,
    );
    expect(idea.organizations).toEqual([expect.objectContaining({ _id: orgId, verified: false })]);
  });

  it('a follower follows the idea from its page', async () => {
    const { page, context } = await pageFor(follower);
    await page.goto(ideaUrl());
    await page.getByRole('heading', { name: TITLE, level: 1 }).waitFor();
    await page.getByRole('button', { name: /^Follow idea · 1$/ }).click();
    await page.getByRole('button', { name: /^Following idea · 2$/ }).waitFor();
    await context.close();
  });

  it('the member verifies through the e-mailed link and answers "Adopted" with a verified mark', async () => {
    const { page, context } = await pageFor(official);
    await page.goto(`${server.url}/organization/${orgId}`);
    await page.getByLabel('Your work e-mail').fill(WORK_EMAIL);
    await page.getByRole('button', { name: 'Send verification link' }).click();
    await page.getByTestId('claim-sent').waitFor();

    const mail = await sink.mailTo(WORK_EMAIL);
    const link = /https?:\/\/[^\s"<>]+\/organizations\/verify\?token=[A-Za-z0-9_-]+/.exec(mail)?.[0];
    expect(link, mail).toBeTruthy();
    const target = new URL(link!);
    await page.goto(`${server.url}${target.pathname}${target.search}`);
    await page.getByTestId('verified').getByText(`respond to ideas that tag ${ORG}`).waitFor();

    await page.goto(ideaUrl());
    await page.getByTestId('idea-organizations').getByLabel('verified').waitFor();
    await page.getByRole('heading', { name: 'Respond officially' }).waitFor();
    await page.getByRole('combobox', { name: 'Status', exact: true }).click();
    await page.getByRole('option', { name: 'Adopted' }).click();
    await page
      .getByRole('textbox', { name: 'Message', exact: true })
      .fill('We will pilot the sensors in three villages this monsoon.');
    await page.getByRole('button', { name: 'Publish response' }).click();
    const responses = page.getByTestId('official-responses');
    await responses.getByText('We will pilot the sensors in three villages this monsoon.').waitFor();
    await responses.getByRole('link', { name: ORG }).waitFor();
    await responses.getByLabel('Verified organisation').waitFor();
    await responses.getByText('Adopted', { exact: true }).waitFor();
    await responses.getByText('Answered by Oren Official, verified member').waitFor();
    await shot(page, 'official-response');
    await context.close();
  });

  it('the follower sees the response in the bell and opens the idea from it', async () => {
    const { page, context } = await pageFor(follower);
    await page.goto(`${server.url}/ideas`);
    const bell = page.getByRole('button', { name: /^Notifications( \(\d+ unread\))?$/ });
    const dialog = page.getByRole('dialog', { name: 'Notifications' });
    const item = dialog.getByRole('button', { name: new RegExp(`^(Unread: )?${ORG} responded: Adopted`) });
    // The bell is lazy: it opens once its code and the page's data have arrived.
    await expect
      .poll(
        async () => {
          if (!(await dialog.isVisible())) await bell.click();
          return item.isVisible();
        },
        { timeout: 30_000, interval: 500 },
      )
      .toBe(true);
    expect(await item.textContent()).toContain(TITLE);
    await shot(page, 'follower-bell');
    await item.click();
    await page.waitForURL(new RegExp(`/idea/${ideaId}#responses$`));
    await page.getByTestId('official-responses').getByText('Adopted', { exact: true }).waitFor();
    await context.close();
  });

  it('a mentor asks to join; the author accepts and the team shows them', async () => {
    const m = await pageFor(mentor);
    await m.page.goto(ideaUrl());
    await m.page.getByRole('button', { name: 'Join this idea' }).click();
    await m.page
      .locator('label')
      .filter({ hasText: /^Mentor$/ })
      .click();
    await m.page
      .getByLabel('Message to the author')
      .fill('I built telemetry for a city water utility; happy to guide the pilot.');
    await m.page.getByRole('button', { name: 'Join as mentor' }).click();
    await m.page.getByTestId('join-pending').waitFor();
    await m.context.close();

    const { page, context } = await pageFor(author);
    await page.goto(ideaUrl());
    const request = page.getByTestId('collaboration-request').filter({ hasText: 'Milo Mentor' });
    await request.getByText('as mentor').waitFor();
    await request.getByRole('button', { name: 'Accept' }).click();
    await request.getByText('Accepted', { exact: true }).waitFor();
    await page.getByTestId('idea-team').getByText('Milo Mentor · Mentor').waitFor();
    await shot(page, 'team');
    await context.close();
  });

  it('the author offers a bounty: the ask form opens prefilled, is paid, and the idea lists it', async () => {
    const { page, context } = await pageFor(author);
    await page.goto(ideaUrl());
    await page.getByRole('link', { name: 'Offer a bounty' }).click();
    await page.waitForURL(/\/ask-question\?/);
    await page
      .getByTestId('bounty-from-idea')
      .getByRole('link', { name: `“${TITLE}”` })
      .waitFor();
    expect(await page.getByLabel('Subject').inputValue()).toBe(TITLE);
    expect(await page.getByRole('textbox', { name: 'Description', exact: true }).inputValue()).toBe(
      DESCRIPTION,
    );
    expect(await page.getByRole('combobox', { name: 'Category' }).inputValue()).toBe('Technology');
    await shot(page, 'bounty-prefilled');

    await page.getByLabel('Reward (₹)').fill('25');
    await page.getByRole('button', { name: 'Create Question & Pay' }).click();
    const checkout = page.getByRole('dialog').filter({ has: page.getByTestId('checkout-amount') });
    await checkout.getByRole('button', { name: /Pay ₹25\.00/ }).click();
    await page.getByText(MSG.questionCreated).waitFor();

    await page.goto(ideaUrl());
    const bounty = page.getByTestId('idea-bounty');
    await bounty.getByRole('link', { name: TITLE }).waitFor();
    await bounty.getByText('₹25.00').waitFor();
    await shot(page, 'bounty-listed');
    await context.close();

    const idea = await api<{ bounties: Array<{ title: string; reward: number }> }>(
      'GET',
      `/api/ideas/${ideaId}`,
      null,
    );
    expect(idea.bounties).toEqual([expect.objectContaining({ title: TITLE, reward: 2500 })]);
    expect(problems).toEqual([]);
  });
});
