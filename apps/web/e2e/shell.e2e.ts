import path from 'node:path';
import { MSG } from '@agora/shared';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FOOTER_LEGAL_LINKS,
  FOOTER_QUICK_LINKS,
  PANEL_LINKS,
  PORTAL_MENUS,
  USER_MENU_LINKS,
} from '../src/app/shell/nav-links';
import {
  apiSignup,
  axeViolations,
  launchBrowser,
  newAxePage as newSupportAxePage,
  newPage,
  type RunningServer,
  SCREENSHOT_DIR,
  signInPage,
  startServer,
} from './support';

let server: RunningServer;
let browser: Browser;
let seq = 0;
const email = (tag: string) => `${tag}-${Date.now()}-${++seq}@shell.test`;
const PASSWORD = 'correct-horse-battery';

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/**
 * Opens a top-bar menu. Its code loads on intent: a click on the first-paint placeholder loads it
 * and the menu opens when it arrives (a click on the real trigger just opens it).
 */
async function openMenu(page: Page, name: string) {
  // A page behind another tab of the same browser window gets no animation frames (the menu's
  // transition would never finish): bring it forward first, as a user would by clicking its tab.
  await page.bringToFront();
  const button = page.locator('header').getByRole('button', { name, exact: true });
  const menu = page.getByRole('menu');
  await button.click();
  try {
    await menu.waitFor({ timeout: 10_000 });
  } catch {
    // A click that landed exactly while the placeholder gave way to the real menu: click again,
    // as a user would, unless the menu arrived meanwhile.
    if (!(await menu.isVisible())) await button.click();
    await menu.waitFor({ timeout: 20_000 });
  }
}

async function signedInAs(page: Page) {
  const s = await apiSignup(server.url, { name: 'Rhea Kapoor', email: email('rhea'), password: PASSWORD });
  await signInPage(page, server.url, s);
  return s;
}

/** axe-core in the page; only serious and critical violations fail (the brief's bar). */
async function axe(page: Page, label: string) {
  // The notifications bell belongs to the notifications area and is scanned by its tests.
  const bad = await axeViolations(page, ['[data-slot="notifications-bell"]']);
  expect(bad, `${label}: ${JSON.stringify(bad, null, 2)}`).toEqual([]);
}

/** A page whose context bypasses our CSP, so axe-core can be injected (support.ts). */
function newAxePage(width = 1280, height = 800, opts: { reducedMotion?: boolean } = {}) {
  return newSupportAxePage(browser, { width, height, ...opts });
}

async function shot(page: Page, name: string) {
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `shell-${name}.png`), fullPage: true });
}

describe('shell: sign-up, logout, login, redirect', () => {
  it('signs up, logs out through the confirmation, logs in and returns to the saved path', async () => {
    const { page, context } = await newPage(browser);
    const problems: string[] = [];
    page.on('pageerror', (e) => problems.push(e.message));
    const address = email('asha');

    // sign up with the role carried from the role chooser
    await page.goto(`${server.url}/role-login`);
    await page.getByRole('link', { name: 'Sign up as Questioner' }).click();
    await page.waitForURL(/\/signup\?role=questioner$/);
    expect(await page.getByRole('radio', { name: 'Questioner' }).isChecked()).toBe(true);
    await page.getByLabel('Full name').fill('Asha Rao');
    await page.getByLabel('Email').fill(address);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign up' }).click();
    // A Questioner lands on the questioner portal.
    await page.waitForURL(`${server.url}/questioner-portal`);
    const avatar = page.locator('header').getByRole('button', { name: 'Account menu' });
    await expect
      .poll(() => avatar.locator('[data-initials]').first().getAttribute('data-initials'))
      .toBe('AR');
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? 'null'));
    expect(stored.role).toBe('questioner');

    // log out: the confirmation first, Cancel keeps the session
    await openMenu(page, 'Account menu');
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    const dialog = page.getByRole('dialog', { name: MSG.logoutTitle });
    await dialog.waitFor();
    expect(await dialog.getByText(MSG.logoutBody).isVisible()).toBe(true);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await page.evaluate(() => localStorage.getItem('token'))).not.toBeNull();
    await openMenu(page, 'Account menu');
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.getByRole('dialog', { name: MSG.logoutTitle }).getByRole('button', { name: 'Logout' }).click();
    await page.locator('header').getByRole('link', { name: 'Login' }).waitFor();
    expect(await page.evaluate(() => [localStorage.getItem('token'), localStorage.getItem('user')])).toEqual([
      null,
      null,
    ]);
    expect(new URL(page.url()).pathname).toBe('/');

    // signed out, the wallet link remembers where it was going
    await openMenu(page, 'Inquiry Space');
    await page.getByRole('menuitem', { name: 'My Wallet' }).click();
    await page.waitForURL(/\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('redirectAfterLogin'))).toBe('/wallet');

    // wrong password: the server's message
    await page.getByLabel('Email').fill(address);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill('wrong-password-1');
    await page.getByRole('button', { name: 'Login' }).click();
    expect(await page.getByTestId('login-error').textContent()).toBe(MSG.invalidCredentials);

    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL(/\/wallet$/);
    expect(await page.evaluate(() => localStorage.getItem('redirectAfterLogin'))).toBeNull();
    await page.locator('header').getByRole('button', { name: 'Account menu' }).waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });

  it('login validates both fields before calling the server', async () => {
    const { page, context } = await newPage(browser);
    await page.goto(`${server.url}/login`);
    await page.getByRole('button', { name: 'Login' }).click();
    expect(await page.getByTestId('login-error').textContent()).toBe(MSG.emailPasswordRequired);
    // no Google button without a configured client id
    expect(await page.getByTestId('google-sign-in').count()).toBe(0);
    await context.close();
  });

  it('refuses a second sign-up with the same e-mail with the server message', async () => {
    const { page, context } = await newPage(browser);
    const address = email('dup');
    await apiSignup(server.url, { name: 'First', email: address, password: PASSWORD });
    await page.goto(`${server.url}/signup`);
    await page.getByLabel('Full name').fill('Second');
    await page.getByLabel('Email').fill(address);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign up' }).click();
    expect(await page.getByTestId('signup-error').textContent()).toBe(MSG.emailTaken);
    await context.close();
  });
});

describe('shell: session state across tabs and tokens', () => {
  it('a revoked token: the next authenticated call clears the session and goes to /', async () => {
    const { page, context } = await newPage(browser);
    const s = await signedInAs(page);
    await page.goto(`${server.url}/about`);
    await page.locator('header').getByRole('button', { name: 'Account menu' }).waitFor();
    await page.waitForLoadState('networkidle');
    // the session is revoked behind the page's back (e.g. logged out elsewhere)
    const res = await fetch(`${server.url}/api/auth/logout`, {
      method: 'POST',
      headers: { authorization: `Bearer ${s.token}` },
    });
    expect(res.status).toBe(204);
    await openMenu(page, 'Account menu');
    await page.getByRole('menuitem', { name: 'Account overview' }).click(); // loads the activity counts
    await page.waitForURL(`${server.url}/`);
    await page.locator('header').getByRole('link', { name: 'Login' }).waitFor();
    expect(await page.evaluate(() => [localStorage.getItem('token'), localStorage.getItem('user')])).toEqual([
      null,
      null,
    ]);
    await context.close();
  });

  it('a logout in a second tab signs the first tab out without a reload', async () => {
    const { page, context } = await newPage(browser);
    await signedInAs(page);
    await page.goto(`${server.url}/about`);
    const second = await context.newPage();
    await second.goto(`${server.url}/contact`);
    await page.locator('header').getByRole('button', { name: 'Account menu' }).waitFor();
    await openMenu(second, 'Account menu');
    await second.getByRole('menuitem', { name: 'Logout' }).click();
    await second
      .getByRole('dialog', { name: MSG.logoutTitle })
      .getByRole('button', { name: 'Logout' })
      .click();
    // the first tab hears the storage event
    await page.locator('header').getByRole('link', { name: 'Login' }).waitFor({ timeout: 5000 });
    expect(await page.locator('header').getByRole('button', { name: 'Account menu' }).count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe('/about');
    await context.close();
  });

  it('a login in another tab signs this tab in', async () => {
    const { page, context } = await newPage(browser);
    await page.goto(`${server.url}/about`);
    await page.locator('header').getByRole('link', { name: 'Login' }).waitFor();
    const second = await context.newPage();
    const s = await apiSignup(server.url, { name: 'Tab Two', email: email('tab'), password: PASSWORD });
    await second.goto(`${server.url}/login`);
    await second.getByLabel('Email').fill(s.user.email);
    await second.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
    await second.getByRole('button', { name: 'Login' }).click();
    await second.waitForURL(`${server.url}/`);
    await page.locator('header').getByRole('button', { name: 'Account menu' }).waitFor({ timeout: 5000 });
    await context.close();
  });
});

/**
 * With the fake clock, the dialog's open/close transition only runs when the clock does: step it
 * a little at a time until the dialog reaches the wanted state.
 */
async function settle(
  page: Page,
  target: ReturnType<Page['getByRole']>,
  state: 'visible' | 'hidden' = 'visible',
) {
  for (let i = 0; i < 20; i++) {
    if ((await target.isVisible()) === (state === 'visible')) return;
    await page.clock.runFor(100);
  }
  await target.waitFor({ state, timeout: 1000 });
}

/**
 * Opens a signed-in page and waits, in real time, until the inactivity watcher is running with the
 * server's timeout: runFor() moves the fake clock in an instant, while chunks and the config still
 * arrive over the network in real time.
 */
async function openWatched(page: Page, url: string) {
  const config = page.waitForResponse((r) => r.url().endsWith('/api/auth/config'));
  await page.goto(url);
  await config;
  await expect.poll(() => page.evaluate(() => localStorage.getItem('lastActivityAt'))).not.toBeNull();
  await page.clock.runFor(100);
}

describe('shell: inactivity', () => {
  let shortServer: RunningServer;
  beforeAll(async () => {
    shortServer = await startServer({ SESSION_IDLE_MINUTES: '3' });
  });
  afterAll(async () => {
    await shortServer?.stop();
  });

  it('warns 2 minutes before the timeout, counts down, Stay Logged In extends, expiry logs out', async () => {
    const { page, context } = await newPage(browser);
    await page.clock.install();
    const s = await apiSignup(shortServer.url, {
      name: 'Idle Ivan',
      email: email('idle'),
      password: PASSWORD,
    });
    await signInPage(page, shortServer.url, s);
    await openWatched(page, `${shortServer.url}/about`);

    await page.clock.runFor(50_000);
    expect(await page.getByText('Session Timeout Warning').count()).toBe(0);
    await page.clock.runFor(10_000);
    const dialog = page.getByRole('dialog', { name: 'Session Timeout Warning' });
    await settle(page, dialog);
    const countdown = page.getByTestId('session-countdown');
    const first = await countdown.textContent();
    expect(first).toMatch(/^[12]:\d\d$/);
    await page.clock.runFor(3000);
    const later = await countdown.textContent();
    const secs = (t: string | null) => Number(t!.split(':')[0]) * 60 + Number(t!.split(':')[1]);
    expect(secs(first) - secs(later)).toBe(3);

    const keepalive = page.waitForRequest(
      (r) => r.url().endsWith('/api/auth/keepalive') && r.method() === 'POST',
    );
    await dialog.getByRole('button', { name: 'Stay Logged In' }).click();
    await keepalive;
    await settle(page, dialog, 'hidden');
    await page.clock.runFor(40_000);
    expect(await page.getByText('Session Timeout Warning').count()).toBe(0);

    // no activity until the timeout: logged out and sent home
    // (the revocation request goes out as the page leaves, without being awaited: wait for its
    // answer before asking the server about the token, or the check races it)
    const revoked = page.waitForResponse(
      (r) => r.url().endsWith('/api/auth/logout') && r.request().method() === 'POST',
    );
    await page.clock.runFor(3 * 60_000);
    await page.waitForURL(`${shortServer.url}/`);
    await page.locator('header').getByRole('link', { name: 'Login' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    expect((await revoked).status()).toBe(204);
    // the server session was revoked as well
    const me = await fetch(`${shortServer.url}/api/auth/me`, {
      headers: { authorization: `Bearer ${s.token}` },
    });
    expect(me.status).toBe(401);
    await context.close();
  });

  it('Logout Now logs out from the warning', async () => {
    const { page, context } = await newPage(browser);
    await page.clock.install();
    const s = await apiSignup(shortServer.url, { name: 'Now Nina', email: email('now'), password: PASSWORD });
    await signInPage(page, shortServer.url, s);
    await openWatched(page, `${shortServer.url}/careers`);
    await page.clock.runFor(62_000);
    const dialog = page.getByRole('dialog', { name: 'Session Timeout Warning' });
    await settle(page, dialog);
    await dialog.getByRole('button', { name: 'Logout Now' }).click();
    await page.waitForURL(`${shortServer.url}/`);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await context.close();
  });
});

describe('shell: Google sign-in when the server has a client id', () => {
  let googleServer: RunningServer;
  beforeAll(async () => {
    googleServer = await startServer({ GOOGLE_CLIENT_ID: 'agora-test.apps.googleusercontent.com' });
  });
  afterAll(async () => {
    await googleServer?.stop();
  });

  it('shows the Google button area and, offline, the spec message for a script that cannot load', async () => {
    const { page, context } = await newPage(browser);
    // This machine has no network: make the failure immediate instead of a DNS timeout.
    await page.route('https://accounts.google.com/**', (route) => route.abort());
    await page.goto(`${googleServer.url}/login`);
    await page.getByTestId('google-sign-in').waitFor();
    await page.getByText(MSG.googleScriptFailed).waitFor();
    // the e-mail form still works beside it
    expect(await page.getByRole('button', { name: 'Login' }).isEnabled()).toBe(true);
    await context.close();
  });
});

describe('shell: small screens (375 px)', () => {
  it('hamburger menu with portals and categories, and a slide-in profile panel', async () => {
    // Sections of the menu expand in place; with less motion (the theme honours the preference)
    // a link is never clicked while its section is still sliding open on a slow machine.
    const { page, context } = await newAxePage(375, 740, { reducedMotion: true });
    await page.goto(`${server.url}/`);
    const header = page.locator('header');
    expect(await header.getByRole('navigation', { name: 'Portals' }).isVisible()).toBe(false);
    expect(await header.getByRole('link', { name: 'Signup' }).isVisible()).toBe(false);
    await header.getByRole('button', { name: 'Open navigation' }).click();
    const nav = page.getByRole('dialog');
    await nav.getByRole('navigation', { name: 'Main navigation' }).waitFor();
    await shot(page, 'mobile-nav-375');
    await nav.getByRole('button', { name: 'Idea categories' }).click();
    // The filter list offers the categories ideas are stored under, so each one can match.
    expect(await nav.getByRole('link', { name: 'Environment' }).getAttribute('href')).toBe(
      '/ideas?category=Environment',
    );
    expect(await nav.getByRole('link', { name: 'AI & Personalization' }).count()).toBe(0);
    await nav.getByRole('button', { name: 'Hackathons' }).click();
    await nav.getByRole('link', { name: 'About Hackathons' }).click();
    await page.waitForURL(/\/hackathon-portal-info$/);
    await nav.waitFor({ state: 'hidden' });

    // signed out: the profile panel offers Sign In / Sign Up / About / Contact
    await header.getByRole('button', { name: 'Open account panel' }).click();
    const panel = page.getByRole('dialog', { name: 'Welcome to Agora' });
    await panel.waitFor();
    for (const name of ['Sign In', 'Sign Up', 'About', 'Contact']) {
      expect(await panel.getByRole('link', { name }).isVisible()).toBe(true);
    }
    await axe(page, 'signed-out panel 375');
    await panel.getByRole('link', { name: 'Sign In' }).click();
    await page.waitForURL(/\/login$/);

    // signed in: the avatar opens the panel (not a dropdown) with the activity counts
    await signedInAs(page);
    await page.goto(`${server.url}/about`);
    await header.getByRole('button', { name: 'Open account panel' }).waitFor();
    expect(await header.getByRole('button', { name: 'Account menu' }).isVisible()).toBe(false);
    await header.getByRole('button', { name: 'Open account panel' }).click();
    const mine = page.getByRole('dialog', { name: 'Your account' });
    await mine.waitFor();
    expect(await mine.getByText('Rhea Kapoor').first().isVisible()).toBe(true);
    await expect.poll(() => mine.getByTestId('activity-ideas').textContent()).toBe('0');
    await shot(page, 'account-panel-375');
    await axe(page, 'signed-in panel 375');
    await mine.getByRole('button', { name: 'Logout' }).click();
    await page.getByRole('dialog', { name: MSG.logoutTitle }).waitFor();
    await axe(page, 'logout dialog 375');
    await context.close();
  });
});

describe('shell: pages', () => {
  it('every link of the menus, panel and footer leads to a real route', async () => {
    const { page, context } = await newPage(browser);
    await signedInAs(page);
    const targets = new Set<string>();
    for (const m of PORTAL_MENUS) for (const l of m.links) targets.add(l.to);
    for (const l of [...USER_MENU_LINKS, ...PANEL_LINKS, ...FOOTER_QUICK_LINKS, ...FOOTER_LEGAL_LINKS]) {
      targets.add(l.to);
    }
    targets.add('/admin-portal');
    targets.add('/events-portal-info');
    targets.add('/role-login');
    for (const to of targets) {
      await page.goto(`${server.url}${to}`);
      await page.locator('header').waitFor();
      await page.waitForLoadState('networkidle');
      const text = (await page.locator('main').textContent()) ?? '';
      expect(text, to).not.toContain('Page not found');
      expect(text, to).not.toContain(MSG.unexpectedError);
    }
    await page.goto(`${server.url}/no-such-page`);
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    await context.close();
  });

  it('contact: validation message, then the success message from the server', async () => {
    const { page, context } = await newPage(browser);
    await page.goto(`${server.url}/contact`);
    await page.getByLabel('Name').fill('  ');
    await page.getByRole('button', { name: 'Send message' }).click();
    expect(await page.getByTestId('contact-status').textContent()).toBe(MSG.contactRequired);
    await page.getByLabel('Name').fill('Vikram');
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByLabel('Message').fill('Hello there');
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect
      .poll(() => page.getByTestId('contact-status').textContent())
      .toBe('Please enter a valid email address');
    await page.getByLabel('Email').fill('vikram@example.com');
    await page.getByLabel('Subject').fill('Partnership');
    await page.getByLabel('Category').selectOption('Business');
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect.poll(() => page.getByTestId('contact-status').textContent()).toBe(MSG.contactSuccess);
    expect(await page.getByLabel('Message').inputValue()).toBe('');
    await context.close();
  });

  it('profile: edits name and display name, and the shell shows the new name', async () => {
    const { page, context } = await newPage(browser);
    await signedInAs(page);
    await page.goto(`${server.url}/profile`);
    await page.getByTestId('profile-display-name').waitFor();
    await page.getByRole('button', { name: 'Edit profile' }).click();
    await page.getByLabel('Full name').fill('Rhea Malhotra Kapoor');
    await page.getByLabel('Display name').fill('RheaMK');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect.poll(() => page.getByTestId('profile-display-name').textContent()).toBe('RheaMK');
    // the toast container is loaded on demand by the first notification
    await page.getByText('Profile updated').waitFor();
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('user')!));
    expect([stored.name, stored.displayName]).toEqual(['Rhea Malhotra Kapoor', 'RheaMK']);
    await page.reload();
    expect(await page.getByTestId('profile-name').textContent()).toBe('Rhea Malhotra Kapoor');
    await context.close();
  });

  it('logging out from a signed-in-only page goes to /, and the next sign-in is not sent back there', async () => {
    const { page, context } = await newPage(browser);
    for (const path of ['/wallet', '/profile', '/questioner-portal']) {
      // A fresh session each time: logging out revokes the last one on the server.
      const s = await apiSignup(server.url, {
        name: 'Leaving Lena',
        email: email(`lena${path.replace(/\W/g, '')}`),
        password: PASSWORD,
        role: 'questioner',
      });
      await signInPage(page, server.url, s);
      await page.goto(`${server.url}${path}`);
      await page.locator('main').getByRole('heading').first().waitFor();
      await openMenu(page, 'Account menu');
      await page.getByRole('menuitem', { name: 'Logout' }).click();
      await page
        .getByRole('dialog', { name: MSG.logoutTitle })
        .getByRole('button', { name: 'Logout' })
        .click();
      await page.locator('header').getByRole('link', { name: 'Login' }).waitFor();
      await page.waitForTimeout(300); // a page guard that fired late would have moved on by now
      expect(new URL(page.url()).pathname, path).toBe('/');
      expect(await page.evaluate(() => localStorage.getItem('redirectAfterLogin')), path).toBeNull();
    }
    await context.close();
  });

  it('profile without a session goes to /login and comes back after it', async () => {
    const { page, context } = await newPage(browser);
    const s = await apiSignup(server.url, { name: 'Later Lee', email: email('later'), password: PASSWORD });
    await page.goto(`${server.url}/profile`);
    await page.waitForURL(/\/login$/);
    await page.getByLabel('Email').fill(s.user.email);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL(/\/profile$/);
    await context.close();
  });

  it('theme colour follows the path', async () => {
    const { page, context } = await newPage(browser);
    const logoColor = async (to: string) => {
      await page.goto(`${server.url}${to}`);
      // The page itself, not only the frame: on a loaded machine the route's code arrives later.
      await page.locator('main h1').first().waitFor();
      return page.getByRole('link', { name: 'Agora home' }).evaluate((el) => getComputedStyle(el).color);
    };
    const blue = await logoColor('/about');
    const grape = await logoColor('/ideas-portal-info');
    const green = await logoColor('/hackathon-portal-info');
    const orange = await logoColor('/jobhubs-portal-info');
    expect(new Set([blue, grape, green, orange]).size).toBe(4);
    await context.close();
  });
});

const PAGES = [
  '/',
  '/portals',
  '/login',
  '/signup',
  '/role-login',
  '/about',
  '/contact',
  '/careers',
  '/terms',
  '/question-portal-info',
  '/ideas-portal-info',
  '/hackathon-portal-info',
  '/jobhubs-portal-info',
  '/events-portal-info',
];

describe('shell: accessibility (axe-core, no serious or critical violations)', () => {
  it('every page built by the shell, signed out, at 1280 and 375 px, with screenshots', async () => {
    for (const width of [1280, 375]) {
      const { page, context } = await newAxePage(width);
      for (const p of PAGES) {
        await page.goto(`${server.url}${p}`);
        await page.locator('main h1').first().waitFor();
        await page.waitForLoadState('networkidle');
        await axe(page, `${p} @${width}`);
        await shot(page, `${p === '/' ? 'landing' : p.slice(1)}-${width}`);
      }
      await context.close();
    }
  });

  it('signed-in pages and overlays: profile, avatar menu, account panel, logout dialog', async () => {
    const { page, context } = await newAxePage();
    await signedInAs(page);
    await page.goto(`${server.url}/profile`);
    await page.getByTestId('profile-display-name').waitFor();
    // wide screens: the avatar opens the dropdown; the slide-in panel's button is for small screens
    const header = page.locator('header');
    expect(await header.getByRole('button', { name: 'Account menu' }).isVisible()).toBe(true);
    expect(await header.getByRole('button', { name: 'Open account panel' }).isVisible()).toBe(false);
    expect(await header.getByRole('button', { name: 'Open navigation' }).isVisible()).toBe(false);
    await axe(page, '/profile');
    await shot(page, 'profile-1280');
    await openMenu(page, 'Account menu');
    await axe(page, 'avatar menu');
    await shot(page, 'avatar-menu-1280');
    await page.getByRole('menuitem', { name: 'Account overview' }).click();
    const panel = page.getByRole('dialog', { name: 'Your account' });
    await panel.waitFor();
    await expect.poll(() => panel.getByTestId('activity-liked').textContent()).toBe('0');
    await axe(page, 'account panel');
    await shot(page, 'account-panel-1280');
    await panel.getByRole('button', { name: 'Logout' }).click();
    await page.getByRole('dialog', { name: MSG.logoutTitle }).waitFor();
    await axe(page, 'logout dialog');
    await shot(page, 'logout-dialog-1280');
    await page.keyboard.press('Escape');
    await openMenu(page, 'Innovators Space');
    await axe(page, 'portal menu');
    await context.close();
  });
});
