import type { Browser } from '@playwright/test';
import { expect, openAs, serverForThisFile, test } from './fixtures';
import { apiJson, apiSignup, gradientPng, TINY_PDF } from './support';

// An idea with visuals and a document, its lifecycle and its followers: share with two images and
// a PDF, see the gallery and the card's cover, move the status, a follower is notified, the
// listing's search finds an idea beyond the first page.

const server = serverForThisFile();
let browser: Browser;
test.beforeAll(({ browser: b }) => {
  browser = b;
});

type Session = Awaited<ReturnType<typeof apiSignup>>;
let alice: Session;
let bob: Session;

const api = <T>(method: string, url: string, token: string | null, body?: unknown) =>
  apiJson<T>(server.url, method, url, token, body);

const pageFor = (session: Session, width = 1280) => openAs(browser, session, { width, height: 900 });

test.beforeAll(async () => {
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

test.describe('ideas with visuals, a lifecycle and followers', () => {
  let ideaId = '';

  test('shares an idea with two images and a PDF; the page shows a gallery and the document', async () => {
    const { page, context, problems } = await pageFor(alice);
    await page.goto('/share-idea');
    await page.getByLabel('Title').fill('Rooftop rain gardens');
    await page
      .getByLabel('Description')
      .fill('Planters that hold the first rain of the monsoon on flat roofs.');
    await page.getByRole('combobox', { name: 'Category' }).click();
    await page.getByRole('option', { name: 'Environment' }).click();
    await page.locator('input[type=file]').setInputFiles([
      { name: 'garden.png', mimeType: 'image/png', buffer: gradientPng(640, 360) },
      { name: 'roof.png', mimeType: 'image/png', buffer: gradientPng(400, 300) },
      { name: 'plan.pdf', mimeType: 'application/pdf', buffer: TINY_PDF },
    ]);
    await page.getByRole('button', { name: 'Share Idea' }).click();
    // Three uploads go first, then the idea: longer than one request on a loaded machine.
    await expect(page).toHaveURL(/\/idea\/[0-9a-f-]{36}$/, { timeout: 30_000 });
    ideaId = page.url().split('/').pop()!;
    await expect(page.getByRole('link', { name: 'plan.pdf' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Open garden.png' })).toBeVisible();
    await expect(page.getByRole('link', { name: /Open .*\.png/ })).toHaveCount(2);
    expect(problems).toEqual([]);
    await context.close();
  });

  test('a follower hears of a status change; the card shows its cover and badge', async () => {
    await api('POST', `/api/ideas/${ideaId}/follow`, bob.token);
    const { page, context, problems } = await pageFor(alice);
    await page.goto(`/idea/${ideaId}`);
    await page.getByLabel('New status').selectOption('prototyping');
    await page.getByLabel('Note (optional)').fill('First planter is on our roof');
    await page.getByRole('button', { name: 'Update status' }).click();
    await expect(page.getByText('First planter is on our roof').first()).toBeVisible();
    expect(problems).toEqual([]);
    await context.close();

    const notes = await api<{ notifications: Array<{ title: string; link: string }> }>(
      'GET',
      '/api/notifications',
      bob.token,
    );
    expect(notes.notifications).toContainEqual(
      expect.objectContaining({ title: expect.stringContaining('Prototyping'), link: `/idea/${ideaId}` }),
    );

    const b = await pageFor(bob);
    await b.page.goto('/ideas');
    const card = b.page.getByRole('article').filter({ hasText: 'Rooftop rain gardens' });
    await expect(card.getByText('Prototyping')).toBeVisible();
    await expect(card.locator('img')).toHaveCount(1);
    expect(b.problems).toEqual([]);
    await b.context.close();
  });

  test('the search box finds an idea beyond the loaded page', async () => {
    const { page, context, problems } = await pageFor(bob, 375);
    await page.goto('/ideas');
    await expect(page.getByRole('article').first()).toBeVisible();
    await expect(page.getByRole('article').filter({ hasText: 'Neighbourhood tool library' })).toHaveCount(0);
    await page.getByLabel('Search ideas').fill('Neighbourhood tool');
    await expect(page.getByRole('article').filter({ hasText: 'Neighbourhood tool library' })).toBeVisible();
    expect(problems).toEqual([]);
    await context.close();
  });
});
