import path from 'node:path';
import { mkdirSync } from 'node:fs';
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

// An idea with visuals and a document, its lifecycle and its followers: share with two images and
// a PDF, see the gallery and the card's cover, move the status, a follower is notified, the
// listing's search finds an idea beyond the first page.

let server: RunningServer;
let browser: Browser;
type Session = Awaited<ReturnType<typeof apiSignup>>;
let alice: Session;
let bob: Session;
const problems: string[] = [];
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

async function shot(page: Page, name: string) {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.waitForTimeout(400);
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `ideas-lifecycle-${name}.png`), fullPage: true });
}

async function pageFor(session: Session, width = 1280) {
  const { page, context } = await newPage(browser, { width, height: 900 });
  page.on('pageerror', (e) => problems.push(`${e.message}`));
  await signInPage(page, server.url, session);
  return { page, context };
}

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  alice = await apiSignup(server.url, {
    name: 'Alice Maker',
    email: 'alice@life.test',
    password: 'password-123',
  });
  bob = await apiSignup(server.url, {
    name: 'Bob Follower',
    email: 'bob@life.test',
    password: 'password-123',
  });
  await api('POST', '/api/ideas', bob.token, {
    title: 'Neighbourhood tool library',
    description: 'Borrow a drill instead of buying one.',
    category: 'Social Impact',
  });
  for (let i = 0; i < 12; i++) {
    await api('POST', '/api/ideas', bob.token, {
      title: `Filler idea ${i}`,
      description: 'Pushes the library off the first page.',
      category: 'Technology',
    });
  }
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('ideas with visuals, a lifecycle and followers', () => {
  let ideaId = '';

  it('shares an idea with two images and a PDF; the page shows a gallery and the document', async () => {
    const { page, context } = await pageFor(alice);
    await page.goto(`${server.url}/share-idea`);
    await page.getByLabel('Title').fill('Rooftop rain gardens');
    await page
      .getByLabel('Description')
      .fill('Planters that hold the first rain of the monsoon on flat roofs.');
    await page.getByRole('combobox', { name: 'Category' }).click();
    await page.getByRole('option', { name: 'Environment' }).click();
    await page.locator('input[type=file]').setInputFiles([
      { name: 'garden.png', mimeType: 'image/png', buffer: gradientPng(640, 360) },
      { name: 'roof.png', mimeType: 'image/png', buffer: gradientPng(400, 300) },
      { name: 'plan.pdf', mimeType: 'application/pdf', buffer: PDF },
    ]);
    await shot(page, 'share-with-files');
    await page.getByRole('button', { name: 'Share Idea' }).click();
    await page.waitForURL(/\/idea\/[0-9a-f-]{36}$/, { timeout: 20_000 });
    ideaId = page.url().split('/').pop()!;
    await page.getByRole('link', { name: 'plan.pdf' }).waitFor();
    await page.getByRole('link', { name: 'Open garden.png' }).waitFor();
    expect(await page.getByRole('link', { name: /Open .*\.png/ }).count()).toBe(2);
    await shot(page, 'detail-gallery');
    await context.close();
  });

  it('a follower hears of a status change; the card shows its cover and badge', async () => {
    await api('POST', `/api/ideas/${ideaId}/follow`, bob.token);
    const { page, context } = await pageFor(alice);
    await page.goto(`${server.url}/idea/${ideaId}`);
    await page.getByLabel('New status').selectOption('prototyping');
    await page.getByLabel('Note (optional)').fill('First planter is on our roof');
    await page.getByRole('button', { name: 'Update status' }).click();
    await page.getByText('First planter is on our roof').first().waitFor();
    await shot(page, 'detail-timeline');
    await context.close();

    const notes = await api<{ notifications: Array<{ title: string; link: string }> }>(
      'GET',
      '/api/notifications',
      bob.token,
    );
    expect(
      notes.notifications.some((n) => n.title.includes('Prototyping') && n.link === `/idea/${ideaId}`),
    ).toBe(true);

    const b = await pageFor(bob);
    await b.page.goto(`${server.url}/ideas`);
    const card = b.page.getByRole('article').filter({ hasText: 'Rooftop rain gardens' });
    await card.waitFor();
    await card.getByText('Prototyping').waitFor();
    expect(await card.locator('img').count()).toBe(1);
    await shot(b.page, 'list-cover');
    await b.context.close();
  });

  it('the search box finds an idea beyond the loaded page', async () => {
    const { page, context } = await pageFor(bob, 375);
    await page.goto(`${server.url}/ideas`);
    await page.getByRole('article').first().waitFor();
    await page.getByLabel('Search ideas').fill('Neighbourhood tool');
    await page.getByRole('article').filter({ hasText: 'Neighbourhood tool library' }).waitFor();
    await shot(page, 'search-375');
    await context.close();
    expect(problems).toEqual([]);
  });
});
