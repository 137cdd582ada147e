import type { Browser } from '@playwright/test';
import { MSG } from '@agora/shared';
import { expect, openAs, serverForThisFile, SmtpSink, test } from './fixtures';
import { apiJson, apiSignup, gradientPng, TINY_PDF } from './support';

// From an idea to the people who can make it real: the author shares an idea with two images and
// a PDF and tags an organisation; someone who works there verifies through the e-mailed link and
// answers "Adopted"; a follower hears of it in the bell; a mentor joins the team; the author offers
// a bounty from the idea and pays it through the sandbox checkout, and the idea lists it.

const sink = new SmtpSink();
let smtpPort = 0;
test.beforeAll(async () => {
  smtpPort = await sink.start();
});
test.afterAll(() => sink.stop());
const server = serverForThisFile(() => ({ SMTP_URL: `smtp://127.0.0.1:${smtpPort}` }));
let browser: Browser;
test.beforeAll(({ browser: b }) => {
  browser = b;
});

type Session = Awaited<ReturnType<typeof apiSignup>>;
let author: Session;
let official: Session;
let follower: Session;
let mentor: Session;

const ORG = 'Pune Water Board';
const WORK_EMAIL = 'oren@punewater.gov.in';
const TITLE = 'Leak alerts for village water pipes';
const DESCRIPTION = 'Cheap pressure sensors on the mains text the panchayat when a pipe starts to leak.';

const api = <T>(method: string, url: string, token: string | null, body?: unknown) =>
  apiJson<T>(server.url, method, url, token, body);

const pageFor = (session: Session, width = 1280) => openAs(browser, session, { width, height: 900 });

test.beforeAll(async () => {
  const signup = (name: string, email: string) =>
    apiSignup(server.url, { name, email, password: 'password-123' });
  author = await signup('Asha Author', 'asha@orgs.test');
  official = await signup('Oren Official', 'oren@orgs.test');
  follower = await signup('Fay Follower', 'fay@orgs.test');
  mentor = await signup('Milo Mentor', 'milo@orgs.test');
});

test.describe('an idea that organisations answer, a mentor joins and a bounty funds', () => {
  let orgId = '';
  let ideaId = '';
  const ideaPath = () => `/idea/${ideaId}`;

  test('someone who works there adds the organisation; it shows as not verified yet', async () => {
    const { page, context, problems } = await pageFor(official);
    await page.goto('/organizations');
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill(ORG);
    await page.getByRole('combobox', { name: 'Kind' }).click();
    await page.getByRole('option', { name: 'Government' }).click();
    await page.getByLabel('Domain').fill('punewater.gov.in');
    await page.getByRole('button', { name: 'Add organisation' }).click();
    await expect(page).toHaveURL(/\/organization\/[0-9a-f-]{36}$/);
    orgId = page.url().split('/').pop()!;
    await expect(page.getByRole('heading', { name: ORG, level: 1 })).toBeVisible();
    await expect(page.getByText('Not verified yet')).toBeVisible();
    expect(problems).toEqual([]);
    await context.close();
  });

  test('the author shares an idea with two images and a PDF and tags the organisation', async () => {
    const { page, context, problems } = await pageFor(author);
    await page.goto('/share-idea');
    await page.getByLabel('Title').fill(TITLE);
    await page.getByLabel('Description').fill(DESCRIPTION);
    await page.getByRole('combobox', { name: 'Category' }).click();
    await page.getByRole('option', { name: 'Technology' }).click();
    await page.getByPlaceholder('Search organisations').fill('pune water');
    await page.getByRole('option', { name: `${ORG} · Government` }).click();
    // Picked: a chip, unverified for now (no mark).
    await expect(page.locator('.mantine-Pill-root', { hasText: `${ORG} · Government` })).toBeVisible();
    await page.locator('input[type=file]').setInputFiles([
      { name: 'sensor.png', mimeType: 'image/png', buffer: gradientPng(640, 360) },
      { name: 'map.png', mimeType: 'image/png', buffer: gradientPng(400, 300) },
      { name: 'budget.pdf', mimeType: 'application/pdf', buffer: TINY_PDF },
    ]);
    await page.getByRole('button', { name: 'Share Idea' }).click();
    // Three uploads go first, then the idea: longer than one request on a loaded machine.
    await expect(page).toHaveURL(/\/idea\/[0-9a-f-]{36}$/, { timeout: 30_000 });
    ideaId = page.url().split('/').pop()!;

    await expect(page.getByRole('link', { name: 'budget.pdf' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Open sensor.png' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Open map.png' })).toBeVisible();
    const tagged = page.getByTestId('idea-organizations');
    await expect(tagged.getByRole('link', { name: ORG })).toBeVisible();
    await expect(tagged.getByLabel('verified')).toHaveCount(0);
    expect(problems).toEqual([]);
    await context.close();

    const idea = await api<{ organizations: Array<{ _id: string; verified: boolean }> }>(
      'GET',
      `/api/ideas/${ideaId}`,
      null,
    );
    expect(idea.organizations).toEqual([expect.objectContaining({ _id: orgId, verified: false })]);
  });

  test('a follower follows the idea from its page', async () => {
    const { page, context, problems } = await pageFor(follower);
    await page.goto(ideaPath());
    await expect(page.getByRole('heading', { name: TITLE, level: 1 })).toBeVisible();
    await page.getByRole('button', { name: /^Follow idea · 1$/ }).click();
    await expect(page.getByRole('button', { name: /^Following idea · 2$/ })).toBeVisible();
    expect(problems).toEqual([]);
    await context.close();
  });

  test('the member verifies through the e-mailed link and answers "Adopted" with a verified mark', async () => {
    const { page, context, problems } = await pageFor(official);
    await page.goto(`/organization/${orgId}`);
    await page.getByLabel('Your work e-mail').fill(WORK_EMAIL);
    await page.getByRole('button', { name: 'Send verification link' }).click();
    await expect(page.getByTestId('claim-sent')).toBeVisible();

    const mail = await sink.mailTo(WORK_EMAIL);
    const link = /https?:\/\/[^\s"<>]+\/organizations\/verify\?token=[A-Za-z0-9_-]+/.exec(mail)?.[0];
    expect(link, mail).toBeTruthy();
    const target = new URL(link!);
    await page.goto(`${target.pathname}${target.search}`);
    await expect(page.getByTestId('verified').getByText(`respond to ideas that tag ${ORG}`)).toBeVisible();

    await page.goto(ideaPath());
    await expect(page.getByTestId('idea-organizations').getByLabel('verified')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Respond officially' })).toBeVisible();
    await page.getByRole('combobox', { name: 'Status', exact: true }).click();
    await page.getByRole('option', { name: 'Adopted' }).click();
    await page
      .getByRole('textbox', { name: 'Message', exact: true })
      .fill('We will pilot the sensors in three villages this monsoon.');
    await page.getByRole('button', { name: 'Publish response' }).click();
    const responses = page.getByTestId('official-responses');
    await expect(
      responses.getByText('We will pilot the sensors in three villages this monsoon.'),
    ).toBeVisible();
    await expect(responses.getByRole('link', { name: ORG })).toBeVisible();
    await expect(responses.getByLabel('Verified organisation')).toBeVisible();
    await expect(responses.getByText('Adopted', { exact: true })).toBeVisible();
    await expect(responses.getByText('Answered by Oren Official, verified member')).toBeVisible();
    expect(problems).toEqual([]);
    await context.close();
  });

  test('the follower sees the response in the bell and opens the idea from it', async () => {
    const { page, context, problems } = await pageFor(follower);
    await page.goto('/ideas');
    const bell = page.getByRole('button', { name: /^Notifications( \(\d+ unread\))?$/ });
    const dialog = page.getByRole('dialog', { name: 'Notifications' });
    const item = dialog.getByRole('button', { name: new RegExp(`^(Unread: )?${ORG} responded: Adopted`) });
    // The bell is lazy: a click before its code and the page's data have arrived opens nothing,
    // so it is clicked again until its list shows the response.
    await expect(async () => {
      if (!(await dialog.isVisible())) await bell.click();
      await expect(item).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
    await expect(item).toContainText(TITLE);
    await item.click();
    await expect(page).toHaveURL(new RegExp(`/idea/${ideaId}#responses$`));
    await expect(page.getByTestId('official-responses').getByText('Adopted', { exact: true })).toBeVisible();
    expect(problems).toEqual([]);
    await context.close();
  });

  test('a mentor asks to join; the author accepts and the team shows them', async () => {
    const m = await pageFor(mentor);
    await m.page.goto(ideaPath());
    await m.page.getByRole('button', { name: 'Join this idea' }).click();
    await m.page
      .locator('label')
      .filter({ hasText: /^Mentor$/ })
      .click();
    await m.page
      .getByLabel('Message to the author')
      .fill('I built telemetry for a city water utility; happy to guide the pilot.');
    await m.page.getByRole('button', { name: 'Join as mentor' }).click();
    await expect(m.page.getByTestId('join-pending')).toBeVisible();
    expect(m.problems).toEqual([]);
    await m.context.close();

    const { page, context, problems } = await pageFor(author);
    await page.goto(ideaPath());
    const request = page.getByTestId('collaboration-request').filter({ hasText: 'Milo Mentor' });
    await expect(request.getByText('as mentor')).toBeVisible();
    await request.getByRole('button', { name: 'Accept' }).click();
    await expect(request.getByText('Accepted', { exact: true })).toBeVisible();
    await expect(page.getByTestId('idea-team').getByText('Milo Mentor · Mentor')).toBeVisible();
    expect(problems).toEqual([]);
    await context.close();
  });

  test('the author offers a bounty: the ask form opens prefilled, is paid, and the idea lists it', async () => {
    const { page, context, problems } = await pageFor(author);
    await page.goto(ideaPath());
    await page.getByRole('link', { name: 'Offer a bounty' }).click();
    await expect(page).toHaveURL(/\/ask-question\?/);
    await expect(
      page.getByTestId('bounty-from-idea').getByRole('link', { name: `“${TITLE}”` }),
    ).toBeVisible();
    await expect(page.getByLabel('Subject')).toHaveValue(TITLE);
    await expect(page.getByRole('textbox', { name: 'Description', exact: true })).toHaveValue(DESCRIPTION);
    await expect(page.getByRole('combobox', { name: 'Category' })).toHaveValue('Technology');

    await page.getByLabel('Reward (₹)').fill('25');
    await page.getByRole('button', { name: 'Create Question & Pay' }).click();
    const checkout = page.getByRole('dialog').filter({ has: page.getByTestId('checkout-amount') });
    await checkout.getByRole('button', { name: /Pay ₹25\.00/ }).click();
    await expect(page.getByText(MSG.questionCreated)).toBeVisible();

    await page.goto(ideaPath());
    const bounty = page.getByTestId('idea-bounty');
    await expect(bounty.getByRole('link', { name: TITLE })).toBeVisible();
    await expect(bounty.getByText('₹25.00')).toBeVisible();
    expect(problems).toEqual([]);
    await context.close();

    const idea = await api<{ bounties: Array<{ title: string; reward: number }> }>(
      'GET',
      `/api/ideas/${ideaId}`,
      null,
    );
    expect(idea.bounties).toEqual([expect.objectContaining({ title: TITLE, reward: 2500 })]);
  });
});
