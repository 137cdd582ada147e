import { MSG } from '@agora/shared';
import type { Browser } from '@playwright/test';
import { expect, openAs, serverForThisFile, test } from './fixtures';
import { apiAskQuestion, apiJson, apiSignupAll, type Session } from './support';

// Inquiry Space journeys: ask a question through the payment step, answer with an attachment, who
// sees which answers, the questioner portal (answered, reopen, AI ranking), the list's URL filters
// and cursor pages, a 375 px screen, and the asker pages' way back to /login.

const server = serverForThisFile();
let browser: Browser;

let asker: Session;
let alice: Session;
let bob: Session;

const api = <T>(session: Session | null, method: string, url: string, body?: unknown) =>
  apiJson<T>(server.url, method, url, session?.token ?? null, body);

/**
 * A page signed in as `session`; `problems` collects its uncaught errors and console errors (a 401,
 * 404 or 409 answer is the journey's own business: a visitor's or answerer's page meets them).
 */
async function pageFor(session: Session | null, width = 1280) {
  const opened = await openAs(browser, session, { width, height: width < 500 ? 800 : 900 });
  opened.page.on('console', (m) => {
    if (m.type() === 'error' && !/status of 40[149]/.test(m.text())) opened.problems.push(m.text());
  });
  return opened;
}

test.beforeAll(async ({ browser: b }) => {
  browser = b;
  ({ asker, alice, bob } = await apiSignupAll(server.url, 'questions.test', {
    asker: { name: 'Quinn Asker', role: 'questioner' },
    alice: { name: 'Alice Answerer', role: 'answerer' },
    bob: { name: 'Bob Builder' },
  }));
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

test.describe('Inquiry Space', () => {
  test('asks a question up to and through the payment step', async () => {
    const { context, page, problems } = await pageFor(asker);
    await page.goto('/ask-question');
    await expect(page.getByLabel('Subject')).toBeVisible();
    // The reward defaults to the server minimum.
    await expect(page.getByLabel('Reward (₹)')).toHaveValue('10');
    // Validation first.
    await page.getByRole('button', { name: 'Create Question & Pay' }).click();
    await expect(page.getByText(MSG.questionRequired)).toBeVisible();
    // Image checks happen before upload.
    await page.locator('input[type=file]').setInputFiles({
      name: 'notes.png',
      mimeType: 'text/plain',
      buffer: Buffer.from('not an image'),
    });
    await expect(page.getByText(MSG.invalidImage)).toBeVisible();

    await page.getByLabel('Subject').fill('How do I debounce a React text field?');
    await expect(
      page.getByTestId('similar-questions').getByText('How do I debounce a search input in React?'),
    ).toBeVisible();
    await page.getByPlaceholder('Choose a category').click();
    await page.getByRole('option', { name: 'Technology' }).click();
    await page.getByLabel('Reward (₹)').fill('25');
    await page
      .getByLabel('Description')
      .fill('Typing fires a request per key.\n\n```js\ninput.oninput = search;\n```');
    await page.getByRole('button', { name: 'Create Question & Pay' }).click();

    // The money engineer's PaymentStep takes over: the sandbox checkout for ₹25.00.
    const checkout = page.getByRole('dialog').filter({ has: page.getByTestId('checkout-amount') });
    await expect(checkout).toBeVisible();
    await expect(checkout.getByTestId('checkout-amount')).toHaveText('₹25.00');
    // The question exists before it is paid for, unpaid, with the reward in paise.
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
    await expect(page.getByText(MSG.questionCreated)).toBeVisible();
    // A window the app did not open cannot close itself: it moves on to the portal after 3 s.
    await expect(page).toHaveURL(/\/questioner-portal$/);
    expect(problems).toEqual([]);
    await context.close();
  });

  test('answers with an attachment, with the one-answer confirmation', async () => {
    const q = await apiAskQuestion<{ _id: string }>(server.url, asker, {
      title: 'Best stretches for lower back pain after desk work?',
      category: 'Health & Wellness',
      description: 'I sit nine hours a day. **No injury**, just stiffness by evening.',
    });
    const { context, page, problems } = await pageFor(alice);
    await page.goto(`/questions?question=${q._id}`);
    await expect(page).toHaveTitle(MSG.questionsTabTitle);
    const panel = page.getByTestId('question-panel');
    await expect(panel.getByText('Best stretches for lower back pain after desk work?')).toBeVisible();
    await expect(panel).toHaveAttribute('data-width', '66.67');

    await panel.getByRole('button', { name: 'Submit Answer' }).click();
    // On the field: a toast may say it too, and whether it is up yet depends on the machine's speed.
    await expect(panel.getByText(MSG.emptyAnswer).first()).toBeVisible();

    await panel
      .getByLabel('Your answer')
      .fill('Try **cat-cow** and a hip flexor stretch.\n\n1. Cat-cow\n2. Lunge');
    await panel.locator('input[type=file]').setInputFiles({
      name: 'routine.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('Morning: cat-cow x10\nEvening: lunge 30 s each side\n'.repeat(200)),
    });
    await expect(panel.getByRole('link', { name: 'routine.txt' })).toBeVisible();
    await panel.getByRole('button', { name: 'Submit Answer' }).click();
    const confirm = page.getByRole('dialog', { name: 'Submit your answer?' });
    await expect(confirm.getByText(MSG.answerConfirm)).toBeVisible();
    await confirm.getByRole('button', { name: 'Submit' }).click();
    // After the refetch the form gives way to the one-answer notice and the answer itself.
    await expect(panel.getByText(MSG.alreadyAnswered)).toBeVisible();
    await expect(panel.getByTestId('answer').getByRole('link', { name: 'routine.txt' })).toBeVisible();
    await expect(panel.getByRole('strong').filter({ hasText: 'cat-cow' })).toBeVisible();

    // The splitter moves with the keyboard and stays within 30–80 %.
    const handle = page.getByRole('separator', { name: 'Resize question panel' });
    await handle.focus();
    for (let i = 0; i < 10; i++) await page.keyboard.press('ArrowLeft');
    await expect(handle).toHaveAttribute('aria-valuenow', '80');
    await page.keyboard.press('End');
    await expect(handle).toHaveAttribute('aria-valuenow', '30');
    expect(problems).toEqual([]);
    await context.close();
  });

  test('shows answers by the server rules: author all, answerer own, visitor none', async () => {
    const q = await apiAskQuestion<{ _id: string }>(server.url, asker, {
      title: 'What causes the seasons on Earth?',
      category: 'Science',
      description: 'Is it distance or tilt?',
    });
    await api(alice, 'POST', `/api/questions/${q._id}/answers`, { content: 'Alice: it is the axial tilt.' });
    await api(bob, 'POST', `/api/questions/${q._id}/answers`, {
      content: 'Bob: the tilt, not the distance.',
    });

    /** The question's page as `session`, once its answers' heading is up. */
    const detail = async (session: Session | null) => {
      const opened = await pageFor(session);
      await opened.page.goto(`/question/${q._id}`);
      await expect(
        opened.page.getByRole('heading', { name: 'What causes the seasons on Earth?' }),
      ).toBeVisible();
      await expect(opened.page.getByRole('heading', { name: 'Answers (2)' })).toBeVisible();
      return { ...opened, answers: opened.page.getByTestId('answer') };
    };
    const author = await detail(asker);
    await expect(author.answers).toHaveCount(2);
    await expect(author.page.getByText(MSG.authorPrivilege).first()).toBeVisible();
    await author.context.close();

    const a = await detail(alice);
    await expect(a.answers).toHaveCount(1);
    await expect(a.answers).toContainText('Alice: it is the axial tilt.');
    await a.context.close();

    const b = await detail(bob);
    await expect(b.answers).toHaveCount(1);
    await expect(b.answers).toContainText('Bob: the tilt');
    await b.context.close();

    const visitor = await detail(null);
    await expect(visitor.answers).toHaveCount(0);
    await expect(visitor.page.getByRole('button', { name: MSG.signInToAnswer })).toBeVisible();
    await visitor.context.close();

    const { context, page } = await pageFor(null);
    await page.goto('/question/00000000-0000-4000-8000-000000000000');
    await expect(page.getByRole('heading', { name: MSG.questionNotFoundTitle })).toBeVisible();
    await context.close();
  });

  test('marks answered, reopens and ranks with AI from the questioner portal', async () => {
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
    const { context, page, problems } = await pageFor(asker);
    await page.goto('/questioner-portal');
    const card = page
      .getByTestId('own-question')
      .filter({ hasText: 'How do I reverse a linked list in Python?' });
    await expect(card).toBeVisible();
    await expect(card.getByText(MSG.authorPrivilege)).toBeVisible();

    await card.getByRole('button', { name: 'Mark as Answered' }).click();
    await expect(card.getByRole('button', { name: 'Reopen Question' })).toBeVisible();
    await expect(card.getByText('Answered', { exact: true })).not.toHaveCount(0);
    await card.getByRole('button', { name: 'Reopen Question' }).click();
    await expect(card.getByRole('button', { name: 'Mark as Answered' })).toBeVisible();

    await card.getByRole('button', { name: MSG.rankWithAi }).click();
    await expect(page.getByText(MSG.aiRanked)).toBeVisible();
    await expect(card.getByText(MSG.aiRankedBadge, { exact: true })).toBeVisible();
    await expect(card.getByRole('button', { name: MSG.rerankWithAi })).toBeVisible();
    // The useful answer comes first, and each answer carries the ranking's reason.
    await expect(card.getByTestId('answer').first()).toContainText('flip each');
    await expect(card.getByTestId('ai-reason')).toHaveCount(2);
    expect(problems).toEqual([]);
    await context.close();
  });

  test('lists, filters and sorts through the URL, with the empty states', async () => {
    const { context, page } = await pageFor(alice);
    await page.goto('/questions');
    const cards = page.getByTestId('question-card');
    await expect(cards.first()).toBeVisible();
    await page.getByRole('checkbox', { name: 'Science' }).click();
    await expect(page).toHaveURL(/category=Science/);
    // The URL changes before the filtered page arrives: wait for the list to settle on Science
    // (read at one moment, so the old list and the new one are never mixed up).
    await expect
      .poll(async () => {
        const texts = await cards.allTextContents();
        return texts.length > 0 && texts.every((c) => c.includes('Science'));
      })
      .toBe(true);
    await page.getByRole('button', { name: /^Sort/ }).click();
    await page.getByRole('menuitem', { name: 'Oldest first' }).click();
    await expect(page).toHaveURL(/sort=date-old/);
    await page.getByRole('button', { name: 'Clear All' }).click();
    await page.getByRole('tab', { name: /Answered \(\d+\)/ }).click();
    await expect(page).toHaveURL(/tab=answered/);
    await expect(cards.first()).toBeVisible();
    await page.getByRole('tab', { name: 'Open Questions' }).click();
    await page.getByLabel('Search questions').fill('zzqqxx');
    await expect(page.getByText(MSG.noQuestionsFound)).toBeVisible();
    await context.close();
  });

  test('loads further cursor pages as the list scrolls', async () => {
    for (let i = 1; i <= 23; i++) {
      await apiAskQuestion(server.url, asker, {
        title: `Balcony garden question number ${i}`,
        category: 'Lifestyle',
        description: 'Which herbs grow well on a sunny balcony?',
      });
    }
    const { context, page } = await pageFor(bob);
    // Requests for a page after the first (they carry the previous page's cursor).
    const nextPages: string[] = [];
    page.on('request', (r) => {
      if (/\/api\/questions\/public\?.*cursor=/.test(r.url())) nextPages.push(r.url());
    });
    await page.goto('/questions?category=Lifestyle');
    const cards = page.getByTestId('question-card');
    // Pages of 10 (features/questions/api/list-questions.ts), drawn in a deferred render.
    await expect(cards.nth(9)).toBeVisible();
    // The list asks for its next page while its end is within 400 px of the screen (lib/use-load-more):
    // where the first page's end is further down, nothing more comes before scrolling.
    const tenth = await cards.nth(9).boundingBox();
    const endIsNear = tenth!.y + tenth!.height - page.viewportSize()!.height <= 400;
    if (!endIsNear) {
      await expect(cards).toHaveCount(10);
      await expect(page.getByRole('button', { name: 'Load more' })).toBeVisible();
      expect(nextPages).toEqual([]);
    }
    await cards.last().scrollIntoViewIfNeeded();
    await expect(cards).toHaveCount(20);
    await cards.last().scrollIntoViewIfNeeded();
    await expect(cards).toHaveCount(23);
    expect(nextPages).toHaveLength(2);
    await context.close();
  });

  test('works on a 375 px screen: category drawer and the question in a drawer', async () => {
    const { context, page, problems } = await pageFor(bob, 375);
    await page.goto('/questions');
    await expect(page.getByTestId('question-card').first()).toBeVisible();
    await page.getByRole('button', { name: 'Filters' }).click();
    const filter = page.getByRole('dialog', { name: 'Filter questions' });
    await expect(filter.getByRole('checkbox', { name: 'Technology' })).toBeVisible();
    // The drawer slides in: the click waits until the label stops moving.
    await filter.getByText('Technology', { exact: true }).click();
    await expect(page).toHaveURL(/category=Technology/);
    await page.keyboard.press('Escape');
    await page.getByTestId('question-card').first().getByRole('button').first().click();
    const drawer = page.getByRole('dialog', { name: 'Question' });
    await expect(drawer.getByRole('heading', { level: 3, name: /Answers/ })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth + 1);
    expect(overflow).toBe(false);

    await page.goto('/ask-question');
    await expect(page.getByLabel('Subject')).toBeVisible();
    expect(problems).toEqual([]);
    await context.close();
  });

  test('sends signed-out and answerer accounts from the asker pages to /login', async () => {
    const visitor = await pageFor(null);
    await visitor.page.goto('/ask-question');
    await expect(visitor.page).toHaveURL(/\/login$/);
    // …and back to the page asked for once signed in.
    await expect
      .poll(() => visitor.page.evaluate(() => localStorage.getItem('redirectAfterLogin')))
      .toBe('/ask-question');
    await visitor.context.close();

    const answerer = await pageFor(alice);
    await answerer.page.goto('/questioner-portal');
    await expect(answerer.page).toHaveURL(/\/login$/);
    await answerer.context.close();
  });
});
