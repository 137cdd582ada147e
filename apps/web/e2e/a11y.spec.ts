// Accessibility and tab titles of every route: each screen, signed out, signed in and as
// an admin, at 1280 and 375 px, has no serious or critical axe-core violation and its own tab
// title; the portal menus sit in the same place beside the idea search box, which keeps its room.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from '@playwright/test';
import { expect, serverForThisFile, test } from './fixtures';
import { apiAskQuestion, apiJson, apiSignup, axeViolations, newAxePage, SHELL_PAGES } from './support';

type Session = { token: string; user: { id: string; email: string } };

const server = serverForThisFile();
let browser: Browser;
test.beforeAll(({ browser: b }) => {
  browser = b;
});

let asker: Session;
let admin: Session;
const ids = { question: '', idea: '', hackathon: '', job: '' };
const stamp = Date.now();

const api = <T = Record<string, unknown>>(method: string, url: string, who: Session | null, body?: unknown) =>
  apiJson<T>(server.url, method, url, who?.token ?? null, body);

test.beforeAll(async () => {
  test.setTimeout(180_000);
  admin = await api<Session>('POST', '/api/auth/login', null, {
    email: 'admin@agora.test',
    password: 'admin-password-123',
  });
  asker = (await apiSignup(server.url, {
    name: 'Ada Access',
    email: `ada.${stamp}@a11y.test`,
    password: 'long-enough-password',
    role: 'questioner',
  })) as Session;
  const answerer = (await apiSignup(server.url, {
    name: 'Ben Answer',
    email: `ben.${stamp}@a11y.test`,
    password: 'long-enough-password',
    role: 'answerer',
  })) as Session;

  const q = await apiAskQuestion(server.url, asker, {
    title: 'How do I make a form accessible?',
    description: 'Labels, errors and focus: what does a screen reader need?',
    category: 'Technology',
    rewardAmount: 50,
  });
  ids.question = q._id;
  await api('POST', `/api/questions/${q._id}/answers`, answerer, {
    content: '1. Label every field\n2. Tie errors to fields with `aria-describedby`',
  });
  // A second question, answered: its status is the longest badge of the admin table.
  const done = await apiAskQuestion(server.url, asker, {
    title: 'Which heading levels should a page use?',
    description: 'One h1, then?',
    category: 'Technology',
    rewardAmount: 20,
  });
  await api('POST', `/api/questions/${done._id}/mark-answered`, asker);
  const idea = await api<{ _id: string }>('POST', '/api/ideas', asker, {
    title: 'Audio guides for museums',
    description: 'Volunteers record guides in local languages.',
    category: 'Education',
    tags: ['audio', 'museums'],
  });
  ids.idea = idea._id;
  await api('POST', `/api/ideas/${idea._id}/like`, answerer);

  const start = new Date(Date.now() + 10 * 86_400_000);
  const form = new FormData();
  form.set('title', 'Accessible Web Jam');
  form.set('description', 'Fix accessibility problems in open-source sites.');
  form.set('organizer', JSON.stringify({ name: 'Ada Access', email: asker.user.email, phone: '' }));
  form.set(
    'eventDetails',
    JSON.stringify({
      startDate: start.toISOString(),
      endDate: new Date(start.getTime() + 2 * 86_400_000).toISOString(),
      duration: '48 hours',
      location: 'Online',
      locationType: 'online',
    }),
  );
  form.set('prizes', JSON.stringify({ prizePool: '₹50,000', judgingCriteria: 'Impact' }));
  form.set('category', 'Web Development');
  form.set('tags', JSON.stringify(['a11y']));
  ids.hackathon = (
    await api<{ hackathon: { _id: string } }>('POST', '/api/hackathons/submit', asker, form)
  ).hackathon._id;
  await approve('hackathons', ids.hackathon);

  const job = await api<{ job?: { _id: string }; _id?: string }>('POST', '/api/jobs', asker, {
    title: 'Accessibility Engineer',
    description: 'Make our product usable by everyone.',
    company: { name: 'Open Access Labs' },
    location: { city: 'Pune', country: 'India' },
    category: 'Engineering',
    contactEmail: asker.user.email,
  });
  ids.job = (job.job?._id ?? job._id)!;
  await approve('jobs', ids.job);
});

/** An admin approves a pending item, naming the version its review queue shows (as the admin screen does). */
async function approve(kind: 'jobs' | 'hackathons', id: string) {
  const queue = await api<Array<{ _id: string; updatedAt: string }>>(
    'GET',
    `/api/admin/${kind}?status=pending&limit=100`,
    admin,
  );
  const item = queue.find((x) => x._id === id);
  if (!item) throw new Error(`${kind} ${id} is not in the review queue`);
  await api('POST', `/api/admin/${kind}/${id}/approve`, admin, { updatedAt: item.updatedAt });
}

const PUBLIC_ROUTES = () => [
  ...SHELL_PAGES,
  '/questions',
  `/question/${ids.question}`,
  '/ideas',
  `/idea/${ids.idea}`,
  '/hidden-ideas',
  '/my-ideas',
  '/followers',
  '/hackathons',
  `/hackathon/${ids.hackathon}`,
  '/jobhubs',
  `/job/${ids.job}`,
  '/no-such-page',
];

const SIGNED_IN_ROUTES = () => [
  ...PUBLIC_ROUTES().filter((r) => !['/login', '/signup', '/role-login'].includes(r)),
  '/profile',
  '/wallet',
  '/ask-question',
  '/questioner-portal',
  `/question/${ids.question}/rewards`,
  '/share-idea',
  '/conduct-hackathon',
  '/my-hackathons',
  '/create-job',
];

const ADMIN_ROUTES = [
  '/admin-portal',
  '/admin-portal/users',
  '/admin-portal/questions',
  '/admin-portal/ideas',
  '/admin-portal/hackathons',
  '/admin-portal/jobs',
  '/admin-portal/withdrawals',
  '/admin-portal/contact-messages',
  '/admin-portal/settings',
  '/admin-portal/audit-log',
];

/**
 * A page for axe (its context bypasses the CSP), signed in as `session` from its first load on.
 * Less motion (the theme honours the preference): what axe and the measurements see is the
 * finished screen, not a transition on its way.
 */
async function axePage(session: Session | null, width: number, height: number) {
  const opened = await newAxePage(browser, { width, height, reducedMotion: true });
  if (session) {
    await opened.context.addInitScript((s) => {
      localStorage.setItem('token', s.token);
      localStorage.setItem('user', JSON.stringify(s.user));
    }, session);
  }
  return opened;
}

/**
 * The page has drawn its data: the network went quiet (unless `networkIdle` is false, for a page
 * whose held request keeps it busy for ever) and no loader is left in the main area.
 */
async function settle(page: Page, { networkIdle = true }: { networkIdle?: boolean } = {}) {
  await page.waitForLoadState(networkIdle ? 'networkidle' : 'load');
  await expect(page.locator('main [aria-busy="true"], main .mantine-Loader-root')).toHaveCount(0);
}

/**
 * Visits each route at the width: no serious or critical axe finding, a tab title of its own (the
 * expected one where `expectedTitles` names it) and no uncaught error. Every route is checked
 * before the test fails, so one run lists every finding; returns the titles seen.
 */
async function scan(
  session: Session | null,
  routes: string[],
  width: number,
  expectedTitles: Record<string, string> = {},
) {
  const { context, page } = await axePage(session, width, width < 480 ? 800 : 900);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const titles: Record<string, string> = {};
  for (const route of routes) {
    await page.goto(`${server.url}${route}`);
    await settle(page);
    await expect.soft(page, `${route} has a tab title of its own`).not.toHaveTitle(/^(Agora)?$/);
    if (expectedTitles[route]) await expect.soft(page, route).toHaveTitle(expectedTitles[route]);
    titles[route] = await page.title();
    const violations = await axeViolations(page);
    expect.soft(violations, `${route} @${width}: ${JSON.stringify(violations, null, 2)}`).toEqual([]);
  }
  expect(errors, `uncaught errors @${width}`).toEqual([]);
  await context.close();
  return titles;
}

test.describe('every route: axe (no serious or critical violation) and its own tab title', () => {
  for (const width of [1280, 375]) {
    test(`signed out at ${width} px`, async () => {
      // Dozens of pages, each scanned by axe: far beyond the default per-test timeout.
      test.setTimeout(600_000);
      await scan(null, PUBLIC_ROUTES(), width, {
        '/ideas': 'Discover Ideas — Innovators Space',
        [`/idea/${ids.idea}`]: 'Audio guides for museums — Innovators Space',
      });
    });

    test(`signed in at ${width} px`, async () => {
      test.setTimeout(600_000);
      const titles = await scan(asker, SIGNED_IN_ROUTES(), width, {
        '/my-ideas': 'My Ideas — Innovators Space',
      });
      expect(titles['/create-job']).not.toBe(titles['/jobhubs']);
    });
  }

  test('as an admin at 1280 px (every section) and 375 px (the overview)', async () => {
    test.setTimeout(600_000);
    await scan(admin, ADMIN_ROUTES, 1280);
    await scan(admin, ['/admin-portal'], 375);
  });

  test('shows question statuses in full in the admin table ("ANSWERED", not "ANSWE…")', async () => {
    const { context, page } = await axePage(admin, 1280, 800);
    await page.goto(`${server.url}/admin-portal/questions`);
    const badge = page.locator('td .mantine-Badge-label', { hasText: /^answered$/i }).first();
    await expect(badge).toBeVisible();
    await expect
      .poll(() => badge.evaluate((el) => el.scrollWidth - el.clientWidth), {
        message: 'the badge label is cut (scrolls past its box)',
      })
      .toBeLessThanOrEqual(0);
    await context.close();
  });
});

test.describe('top bar beside the idea search box', () => {
  test('keeps the portal menus centred at 1280 px and the search box readable at 375 px', async () => {
    const wide = await axePage(null, 1280, 800);
    // Where the menus sit relative to the middle of the bar (a scrollbar may narrow the bar).
    const offCentre = async () => {
      const nav = await wide.page.getByRole('navigation', { name: 'Portals' }).boundingBox();
      const bar = await wide.page.locator('header').first().boundingBox();
      return Math.abs(nav!.x + nav!.width / 2 - (bar!.x + bar!.width / 2));
    };
    for (const route of ['/ideas', `/idea/${ids.idea}`, '/hidden-ideas']) {
      await wide.page.goto(`${server.url}${route}`);
      await settle(wide.page);
      await expect.poll(offCentre, { message: route }).toBeLessThanOrEqual(4);
    }
    await wide.context.close();

    for (const session of [null, asker]) {
      const narrow = await axePage(session, 375, 800);
      await narrow.page.goto(`${server.url}/idea/${ids.idea}`);
      await settle(narrow.page);
      const search = narrow.page.getByRole('textbox', { name: /Search ideas/ });
      await expect(search).toBeVisible();
      // The box never drops below its 120 px minimum (it was squeezed to "Search i…").
      await expect
        .poll(async () => (await search.boundingBox())!.width, {
          message: `search box width, ${session ? 'signed in' : 'signed out'}`,
        })
        .toBeGreaterThanOrEqual(119);
      await narrow.context.close();
    }
  });
});

/**
 * From the top of a freshly loaded page, presses Tab at most `max` times, until every control that
 * `targets` matches has had keyboard focus. Each control notes, as it gains focus, whether it shows a
 * focus ring (an outline while :focus-visible). Returns the presses used and locators for the
 * controls: all of them, those never focused, and those focused without a ring.
 */
async function tabThrough(page: Page, targets: string, max = 60) {
  await expect(page.locator(targets).first()).toBeVisible();
  await page.evaluate(() => {
    document.addEventListener('focusin', (e) => {
      const el = e.target as HTMLElement;
      const css = getComputedStyle(el);
      const ring = el.matches(':focus-visible') && css.outlineStyle !== 'none' && css.outlineWidth !== '0px';
      el.dataset.kbFocus = ring ? 'ring' : 'bare';
    });
    (document.activeElement as HTMLElement | null)?.blur?.();
  });
  const missed = page.locator(`${targets}:not([data-kb-focus])`);
  let presses = 0;
  // Each press moves the focus at once (focusin marks the control as it happens).
  while (presses < max && (await missed.count()) > 0) {
    await page.keyboard.press('Tab');
    presses++;
  }
  return {
    presses,
    all: page.locator(targets),
    missed,
    bare: page.locator(`${targets}[data-kb-focus="bare"]`),
  };
}

test.describe('keyboard: each portal sidebar is reached with Tab and works from the keyboard', () => {
  const open = async (route: string) => {
    const opened = await axePage(null, 1280, 900);
    await opened.page.goto(`${server.url}${route}`);
    await settle(opened.page);
    return opened;
  };

  test('/ideas: every category is a real link that Tab reaches; Enter filters', async () => {
    const { context, page } = await open('/ideas?sort=newest');
    const links = 'nav[aria-label="Idea categories"] a';
    const pass = await tabThrough(page, links);
    await expect.poll(() => pass.all.count()).toBeGreaterThan(10);
    await expect(pass.missed, `category links never got focus in ${pass.presses} Tabs`).toHaveCount(0);
    await expect(pass.bare, 'category links focused without a visible ring').toHaveCount(0);
    await expect(page.locator(`${links}:not([href^="/ideas"])`), 'links off the ideas list').toHaveCount(0);
    await expect(page.locator(`${links}[href="/ideas?sort=newest&category=Education"]`)).toHaveCount(1);

    const education = page.locator(links, { hasText: 'Education' });
    await education.focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/category=Education/);
    await expect(education).toHaveAttribute('aria-current', 'true');
    await expect(page.getByText('Audio guides for museums').first()).toBeVisible();
    await context.close();
  });

  test('/questions: Tab reaches every category box; Space filters', async () => {
    const { context, page } = await open('/questions');
    const boxes =
      'aside[aria-label="Filter questions"] section[aria-labelledby="category-filter-title"] input[type="checkbox"]';
    const pass = await tabThrough(page, boxes);
    await expect.poll(() => pass.all.count()).toBeGreaterThanOrEqual(8);
    await expect(pass.missed, `category boxes never got focus in ${pass.presses} Tabs`).toHaveCount(0);
    await expect(pass.bare, 'category boxes focused without a visible ring').toHaveCount(0);
    await page.getByRole('checkbox', { name: 'Technology' }).focus();
    await page.keyboard.press('Space');
    await expect(page).toHaveURL(/category=Technology/);
    await context.close();
  });

  test('/jobhubs: Tab reaches every category box; Space filters', async () => {
    const { context, page } = await open('/jobhubs');
    const boxes = 'input[type="checkbox"][id^="cat-wide-"]';
    const pass = await tabThrough(page, boxes);
    await expect.poll(() => pass.all.count()).toBeGreaterThanOrEqual(1);
    await expect(pass.missed, `category boxes never got focus in ${pass.presses} Tabs`).toHaveCount(0);
    await expect(pass.bare, 'category boxes focused without a visible ring').toHaveCount(0);
    await page.locator('#cat-wide-Engineering').focus();
    await page.keyboard.press('Space');
    await expect(page).toHaveURL(/category=Engineering/);
    await context.close();
  });

  test('/hackathons: Tab reaches the phase tabs, arrows move through them and choose one', async () => {
    const { context, page } = await open('/hackathons');
    // A tab list is one Tab stop (the chosen tab); the arrow keys move between its tabs.
    const pass = await tabThrough(page, '[role="tab"][aria-selected="true"]');
    await expect(pass.missed, `the tab list never got focus in ${pass.presses} Tabs`).toHaveCount(0);
    await expect(pass.bare, 'the chosen tab focused without a visible ring').toHaveCount(0);
    await page.keyboard.press('ArrowRight');
    await expect(page).toHaveURL(/tab=upcoming/);
    await page.keyboard.press('ArrowRight');
    await expect(page).toHaveURL(/tab=past/);
    await expect(
      page.locator('[role="tab"]:not([data-kb-focus])'),
      'tabs the arrows never reached',
    ).toHaveCount(0);
    await expect(
      page.locator('[role="tab"][data-kb-focus="bare"]'),
      'tabs without a visible ring',
    ).toHaveCount(0);
    await context.close();
  });
});

test.describe('portal pages: styled before the complete stylesheet arrives', () => {
  // Their routes wait for the portal styles only (app/styles/portal.ts); the complete Mantine
  // stylesheet follows when the page is idle. Here it never arrives: every Mantine class the first
  // screen uses must be defined by what did.
  const mantineCss = readFileSync(
    path.join(
      path.dirname(fileURLToPath(import.meta.url)),
      '../../../node_modules/@mantine/core/styles.layer.css',
    ),
    'utf8',
  );
  const styledByMantine = new Set([...mantineCss.matchAll(/\.(m_[0-9a-f]{8})/g)].map((m) => m[1]!));

  test('/questions, /ideas, /hackathons, /jobhubs, a job and an idea at 375 and 1280 px', async () => {
    test.setTimeout(180_000);
    const routes = [
      '/questions',
      '/questions?tab=answered',
      '/ideas',
      '/hackathons',
      '/hackathons?tab=past',
      '/jobhubs',
      `/job/${ids.job}`,
      `/idea/${ids.idea}`,
    ];
    for (const width of [375, 1280]) {
      const { context, page } = await axePage(null, width, 900);
      // Held, not refused: what waits for it (an opened dialog, a wide screen's reward range)
      // simply does not show yet.
      await page.route(/\/assets\/full-[\w-]+\.css/, () => new Promise<void>(() => {}));
      for (const route of routes) {
        await page.goto(`${server.url}${route}`);
        // The held stylesheet keeps the network busy: wait for the drawn page instead.
        await settle(page, { networkIdle: false });
        await expect(page.locator('main h1, main h2, main h3').first()).toBeVisible({ timeout: 20_000 });
        // The first screen as drawn: Mantine classes in use that no stylesheet which arrived defines.
        const found = await page.evaluate(() => {
          const used = new Set(
            [...document.querySelectorAll('[class]')].flatMap((e) =>
              [...e.classList].filter((c) => /^m_[0-9a-f]{8}$/.test(c)),
            ),
          );
          const defined = new Set<string>();
          for (const sheet of document.styleSheets) {
            let text = '';
            try {
              text = [...sheet.cssRules].map((r) => r.cssText).join('\n');
            } catch {
              continue;
            }
            for (const m of text.matchAll(/\.(m_[0-9a-f]{8})/g)) defined.add(m[1]!);
          }
          return [...used].filter((c) => !defined.has(c));
        });
        const unstyled = found.filter((c) => styledByMantine.has(c)).map((c) => `.${c}`);
        expect.soft(unstyled, `${route} @${width}: Mantine classes without their styles`).toEqual([]);
      }
      await context.close();
    }
  });
});
