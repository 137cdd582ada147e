import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { MSG } from '@agora/shared';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiAskQuestion,
  apiSignup,
  launchBrowser,
  newPage,
  type RunningServer,
  SCREENSHOT_DIR,
  signInPage,
  startServer,
} from './support';

type Session = Awaited<ReturnType<typeof apiSignup>>;

let server: RunningServer;
let browser: Browser;
let asker: Session;
let alice: Session;
let bob: Session;

const shot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(SCREENSHOT_DIR, `questions-${name}.png`), fullPage: false });

async function api<T>(session: Session | null, method: string, url: string, body?: unknown): Promise<T> {
  const res = await fetch(`${server.url}${url}`, {
    method,
    headers: {
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(session ? { authorization: `Bearer ${session.token}` } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

async function page(session: Session | null, width = 1280) {
  const { context, page } = await newPage(browser, { width, height: width < 500 ? 800 : 900 });
  const problems: string[] = [];
  page.on('pageerror', (e) => problems.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error' && !/status of 40[149]/.test(m.text())) problems.push(m.text());
  });
  if (session) await signInPage(page, server.url, session);
  return { context, page, problems };
}

beforeAll(async () => {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  server = await startServer();
  browser = await launchBrowser();
  asker = await apiSignup(server.url, {
    name: 'Quinn Asker',
    email: 'asker@questions.test',
    password: 'password-123',
    role: 'questioner',
  });
  alice = await apiSignup(server.url, {
    name: 'Alice Answerer',
    email: 'alice@questions.test',
    password: 'password-123',
    role: 'answerer',
  });
  bob = await apiSignup(server.url, {
    name: 'Bob Builder',
    email: 'bob@questions.test',
    password: 'password-123',
  });
  // Some content so the list, counts and similar-question hints have something to show.
  for (const [title, category] of [
    ['How do I debounce a search input in React?', 'Technology'],
    ['Pricing handmade candles for a local market', 'Business'],
    ['Why is the sky blue but sunsets red?', 'Science'],
  ] as const) {
    await apiAskQuestion(server.url, asker, {
      title,
      category,
      description: `Details about: ${title}\n\n- what I tried\n- what failed`,
    });
  }
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('Inquiry Space', () => {
  it('asks a question up to and through the payment step', async () => {
    const { context, page: p, problems } = await page(asker);
    await p.goto(`${server.url}/ask-question`);
    await p.getByLabel('Subject').waitFor();
    // The reward defaults to the server minimum.
    expect(await p.getByLabel('Reward (₹)').inputValue()).toBe('10');
    // Validation first.
    await p.getByRole('button', { name: 'Create Question & Pay' }).click();
    await p.getByText(MSG.questionRequired).waitFor();
    // Image checks happen before upload.
    await p.locator('input[type=file]').setInputFiles({
      name: 'notes.png',
      mimeType: 'text/plain',
      buffer: Buffer.from('not an image'),
    });
    await p.getByText(MSG.invalidImage).waitFor();

    await p.getByLabel('Subject').fill('How do I debounce a React text field?');
    await p
      .getByTestId('similar-questions')
      .getByText('How do I debounce a search input in React?')
      .waitFor();
    await p.getByPlaceholder('Choose a category').click();
    await p.getByRole('option', { name: 'Technology' }).click();
    await p.getByLabel('Reward (₹)').fill('25');
    await p
      .getByLabel('Description')
      .fill('Typing fires a request per key.\n\n```js\ninput.oninput = search;\n```');
    await shot(p, 'ask-1280');
    await p.getByRole('button', { name: 'Create Question & Pay' }).click();

    // The money engineer's PaymentStep takes over: the sandbox checkout for ₹25.00.
    const checkout = p.getByRole('dialog').filter({ has: p.getByTestId('checkout-amount') });
    await checkout.waitFor({ timeout: 15_000 }).catch(async (err) => {
      await shot(p, 'ask-payment-failed-1280');
      throw err;
    });
    expect(await checkout.getByTestId('checkout-amount').textContent()).toBe('₹25.00');
    await shot(p, 'ask-payment-1280');
    const own = await api<Array<{ title: string; isPaid: boolean; rewardAmount: number }>>(
      asker,
      'GET',
      '/api/questions?own=true',
    );
    expect(own[0]).toMatchObject({
      title: 'How do I debounce a React text field?',
      isPaid: false,
      rewardAmount: 2500,
    });

    await checkout.getByRole('button', { name: /Pay ₹25\.00/ }).click();
    await p.getByText(MSG.questionCreated).waitFor();
    // A window the app did not open cannot close itself: it moves on to the portal after 3 s.
    await p.waitForURL('**/questioner-portal', { timeout: 10_000 });
    expect(problems).toEqual([]);
    await context.close();
  });

  it('answers with an attachment, with the one-answer confirmation', async () => {
    const q = await apiAskQuestion<{ _id: string }>(server.url, asker, {
      title: 'Best stretches for lower back pain after desk work?',
      category: 'Health & Wellness',
      description: 'I sit nine hours a day. **No injury**, just stiffness by evening.',
    });
    const { context, page: p, problems } = await page(alice);
    await p.goto(`${server.url}/questions?question=${q._id}`);
    await p.waitForFunction((t) => document.title === t, MSG.questionsTabTitle);
    const panel = p.getByTestId('question-panel');
    await panel.getByText('Best stretches for lower back pain after desk work?').waitFor();
    expect(await panel.getAttribute('data-width')).toBe('66.67');

    await panel.getByRole('button', { name: 'Submit Answer' }).click();
    // On the field: a toast may say it too, and whether it is up yet depends on the machine's speed.
    await panel.getByText(MSG.emptyAnswer).first().waitFor();

    await panel
      .getByLabel('Your answer')
      .fill('Try **cat-cow** and a hip flexor stretch.\n\n1. Cat-cow\n2. Lunge');
    await panel.locator('input[type=file]').setInputFiles({
      name: 'routine.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('Morning: cat-cow x10\nEvening: lunge 30 s each side\n'.repeat(200)),
    });
    await panel.getByRole('link', { name: 'routine.txt' }).waitFor();
    await panel.getByRole('button', { name: 'Submit Answer' }).click();
    const confirm = p.getByRole('dialog', { name: 'Submit your answer?' });
    await confirm.getByText(MSG.answerConfirm).waitFor();
    await p.waitForTimeout(300); // the dialog fades in
    await shot(p, 'answer-confirm-1280');
    await confirm.getByRole('button', { name: 'Submit' }).click();
    // After the refetch the form gives way to the one-answer notice and the answer itself.
    await panel.getByText(MSG.alreadyAnswered).waitFor();
    await panel.getByTestId('answer').getByRole('link', { name: 'routine.txt' }).waitFor();
    await panel.getByRole('strong').filter({ hasText: 'cat-cow' }).waitFor();
    await shot(p, 'panel-1280');

    // The splitter moves with the keyboard and stays within 30–80 %.
    const handle = p.getByRole('separator', { name: 'Resize question panel' });
    await handle.focus();
    for (let i = 0; i < 10; i++) await p.keyboard.press('ArrowLeft');
    expect(await handle.getAttribute('aria-valuenow')).toBe('80');
    await p.keyboard.press('End');
    expect(await handle.getAttribute('aria-valuenow')).toBe('30');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('shows answers by the server rules: author all, answerer own, visitor none', async () => {
    const q = await apiAskQuestion<{ _id: string }>(server.url, asker, {
      title: 'What causes the seasons on Earth?',
      category: 'Science',
      description: 'Is it distance or tilt?',
    });
    await api(alice, 'POST', `/api/questions/${q._id}/answers`, { content: 'Alice: it is the axial tilt.' });
    await api(bob, 'POST', `/api/questions/${q._id}/answers`, {
      content: 'Bob: the tilt, not the distance.',
    });

    const texts = async (session: Session | null) => {
      const { context, page: p } = await page(session);
      await p.goto(`${server.url}/question/${q._id}`);
      await p.getByRole('heading', { name: 'What causes the seasons on Earth?' }).waitFor();
      await p.getByRole('heading', { name: 'Answers (2)' }).waitFor();
      const answers = await p.getByTestId('answer').allTextContents();
      return { context, p, answers };
    };
    const author = await texts(asker);
    expect(author.answers).toHaveLength(2);
    await author.p.getByText(MSG.authorPrivilege).first().waitFor();
    await shot(author.p, 'detail-author-1280');
    await author.context.close();

    const a = await texts(alice);
    expect(a.answers).toHaveLength(1);
    expect(a.answers[0]).toContain('Alice: it is the axial tilt.');
    await a.context.close();

    const b = await texts(bob);
    expect(b.answers).toHaveLength(1);
    expect(b.answers[0]).toContain('Bob: the tilt');
    await b.context.close();

    const visitor = await texts(null);
    expect(visitor.answers).toHaveLength(0);
    await visitor.p.getByRole('button', { name: MSG.signInToAnswer }).waitFor();
    await visitor.context.close();

    const { context, page: p } = await page(null);
    await p.goto(`${server.url}/question/00000000-0000-4000-8000-000000000000`);
    await p.getByRole('heading', { name: MSG.questionNotFoundTitle }).waitFor();
    await context.close();
  });

  it('marks answered, reopens and ranks with AI from the questioner portal', async () => {
    const q = await apiAskQuestion<{ _id: string }>(server.url, asker, {
      title: 'How do I reverse a linked list in Python?',
      category: 'Technology',
      description: 'Iterative, singly linked list.',
    });
    await api(alice, 'POST', `/api/questions/${q._id}/answers`, { content: 'google it' });
    await api(bob, 'POST', `/api/questions/${q._id}/answers`, {
      content:
        'Walk the linked list once and flip each `next` pointer, because you must remember the previous node:\n\n```python\ndef reverse(head):\n    prev = None\n    while head:\n        head.next, prev, head = prev, head, head.next\n    return prev\n```',
    });
    const { context, page: p, problems } = await page(asker);
    await p.goto(`${server.url}/questioner-portal`);
    const card = p
      .getByTestId('own-question')
      .filter({ hasText: 'How do I reverse a linked list in Python?' });
    await card.waitFor();
    await card.getByText(MSG.authorPrivilege).waitFor();

    await card.getByRole('button', { name: 'Mark as Answered' }).click();
    await card.getByRole('button', { name: 'Reopen Question' }).waitFor();
    expect(await card.getByText('Answered', { exact: true }).count()).toBeGreaterThan(0);
    await card.getByRole('button', { name: 'Reopen Question' }).click();
    await card.getByRole('button', { name: 'Mark as Answered' }).waitFor();

    await card.getByRole('button', { name: MSG.rankWithAi }).click();
    await p.getByText(MSG.aiRanked).waitFor();
    await card.getByText(MSG.aiRankedBadge, { exact: true }).waitFor();
    await card.getByRole('button', { name: MSG.rerankWithAi }).waitFor();
    const answers = card.getByTestId('answer');
    expect(await answers.first().textContent()).toContain('flip each');
    expect(await card.getByTestId('ai-reason').count()).toBe(2);
    await shot(p, 'portal-1280');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('lists, filters and sorts through the URL, with the empty states', async () => {
    const { context, page: p } = await page(alice);
    await p.goto(`${server.url}/questions`);
    await p.getByTestId('question-card').first().waitFor();
    await p.getByRole('checkbox', { name: 'Science' }).click();
    await p.waitForURL(/category=Science/);
    // The URL changes before the filtered page arrives: wait for the list to settle on Science.
    await expect
      .poll(
        async () => {
          const cards = await p.getByTestId('question-card').allTextContents();
          return cards.length > 0 && cards.every((c) => c.includes('Science'));
        },
        { timeout: 20_000 },
      )
      .toBe(true);
    await p.getByRole('button', { name: /^Sort/ }).click();
    await p.getByRole('menuitem', { name: 'Oldest first' }).click();
    await p.waitForURL(/sort=date-old/);
    await p.getByRole('button', { name: 'Clear All' }).click();
    await p.getByRole('tab', { name: /Answered \(\d+\)/ }).click();
    await p.waitForURL(/tab=answered/);
    await p.getByTestId('question-card').first().waitFor();
    await shot(p, 'list-1280');
    await p.getByRole('tab', { name: 'Open Questions' }).click();
    await p.getByLabel('Search questions').fill('zzqqxx');
    await p.getByText(MSG.noQuestionsFound).waitFor();
    await context.close();
  });

  it('loads further cursor pages as the list scrolls', async () => {
    for (let i = 1; i <= 23; i++) {
      await apiAskQuestion(server.url, asker, {
        title: `Balcony garden question number ${i}`,
        category: 'Lifestyle',
        description: 'Which herbs grow well on a sunny balcony?',
      });
    }
    const { context, page: p } = await page(bob);
    await p.goto(`${server.url}/questions?category=Lifestyle`);
    const cards = p.getByTestId('question-card');
    await cards.first().waitFor();
    // Pages of 10 (features/questions/api/list-questions.ts), drawn in a deferred render.
    await p.waitForFunction(() => document.querySelectorAll('[data-testid="question-card"]').length >= 10);
    // The list asks for its next page while its end is within 400 px of the screen (lib/use-load-more):
    // where the first page's end is further down, nothing more comes before scrolling.
    const endIsNear = await p.evaluate(() => {
      const tenth = document.querySelectorAll('[data-testid="question-card"]')[9]!;
      return tenth.getBoundingClientRect().bottom - window.innerHeight <= 400;
    });
    if (!endIsNear) expect(await cards.count()).toBe(10);
    await cards.last().scrollIntoViewIfNeeded();
    await p.waitForFunction(() => document.querySelectorAll('[data-testid="question-card"]').length === 20);
    await cards.last().scrollIntoViewIfNeeded();
    await p.waitForFunction(() => document.querySelectorAll('[data-testid="question-card"]').length === 23);
    await context.close();
  });

  it('works on a 375 px screen: category drawer and the question in a drawer', async () => {
    const { context, page: p, problems } = await page(bob, 375);
    await p.goto(`${server.url}/questions`);
    await p.getByTestId('question-card').first().waitFor();
    await shot(p, 'list-375');
    await p.getByRole('button', { name: 'Filters' }).click();
    const filter = p.getByRole('dialog', { name: 'Filter questions' });
    await filter.getByRole('checkbox', { name: 'Technology' }).waitFor();
    await p.waitForTimeout(400); // the drawer slides in
    await filter.getByText('Technology', { exact: true }).click();
    await p.waitForURL(/category=Technology/);
    await shot(p, 'categories-375');
    await p.keyboard.press('Escape');
    await p.getByTestId('question-card').first().getByRole('button').first().click();
    const drawer = p.getByRole('dialog', { name: 'Question' });
    await drawer.getByRole('heading', { level: 3, name: /Answers/ }).waitFor();
    await shot(p, 'question-375');
    const overflow = await p.evaluate(() => document.documentElement.scrollWidth > window.innerWidth + 1);
    expect(overflow).toBe(false);

    await p.goto(`${server.url}/ask-question`);
    await p.getByLabel('Subject').waitFor();
    await shot(p, 'ask-375');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('sends signed-out and answerer accounts from the asker pages to /login', async () => {
    const { context, page: p } = await page(null);
    await p.goto(`${server.url}/ask-question`);
    await p.waitForURL('**/login');
    expect(await p.evaluate(() => localStorage.getItem('redirectAfterLogin'))).toBe('/ask-question');
    await context.close();
    const { context: c2, page: p2 } = await page(alice);
    await p2.goto(`${server.url}/questioner-portal`);
    await p2.waitForURL('**/login');
    await c2.close();
  });
});
