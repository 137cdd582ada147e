import { MSG } from '@agora/shared';
import type { Browser, Locator, Page } from '@playwright/test';
import {
  FOOTER_LEGAL_LINKS,
  FOOTER_QUICK_LINKS,
  PANEL_LINKS,
  PORTAL_MENUS,
  USER_MENU_LINKS,
} from '../src/app/shell/nav-links';
import { expect, openAs, serverForThisFile, test } from './fixtures';
import {
  apiSignup,
  axeViolations,
  newAxePage as newSupportAxePage,
  newPage,
  type RunningServer,
  SERVER_START_MS,
  SHELL_PAGES,
  signInPage,
  startServer,
} from './support';

// The shell of every page: sign-up, login and logout with their redirects, the session across tabs
// and revoked tokens, the inactivity warning, Google sign-in, the small-screen menu and panel, the
// pages of the menus, contact and profile, the portal colours, and axe on what the shell draws.

const server = serverForThisFile();
let browser: Browser;
test.beforeAll(({ browser: b }) => {
  browser = b;
});

let seq = 0;
const email = (tag: string) => `${tag}-${Date.now()}-${++seq}@shell.test`;
const PASSWORD = 'correct-horse-battery';

const storedToken = (page: Page) => page.evaluate(() => localStorage.getItem('token'));
const storedSession = (page: Page) =>
  page.evaluate(() => [localStorage.getItem('token'), localStorage.getItem('user')]);
const storedRedirect = (page: Page) => page.evaluate(() => localStorage.getItem('redirectAfterLogin'));

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
  // A click that landed exactly while the placeholder gave way to the real menu: after 10 s, click
  // again, as a user would, unless the menu arrived meanwhile.
  let tries = 0;
  await expect(async () => {
    if (tries++ > 0 && !(await menu.isVisible())) await button.click();
    await expect(menu).toBeVisible({ timeout: 10_000 });
  }).toPass({ intervals: [0], timeout: 30_000 });
}

/** A page of this file's server, signed in as a new user, Rhea Kapoor. */
async function signedIn(opts: { width?: number; height?: number } = {}) {
  const s = await apiSignup(server.url, { name: 'Rhea Kapoor', email: email('rhea'), password: PASSWORD });
  return { ...(await openAs(browser, s, opts)), session: s };
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

test.describe('shell: sign-up, logout, login, redirect', () => {
  test('signs up, logs out through the confirmation, logs in and returns to the saved path', async () => {
    const { page, context, problems } = await openAs(browser, null);
    const address = email('asha');

    // sign up with the role carried from the role chooser
    await page.goto('/role-login');
    await page.getByRole('link', { name: 'Sign up as Questioner' }).click();
    await expect(page).toHaveURL(/\/signup\?role=questioner$/);
    await expect(page.getByRole('radio', { name: 'Questioner' })).toBeChecked();
    await page.getByLabel('Full name').fill('Asha Rao');
    await page.getByLabel('Email').fill(address);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign up' }).click();
    // A Questioner lands on the questioner portal.
    await expect(page).toHaveURL(`${server.url}/questioner-portal`);
    const avatar = page.locator('header').getByRole('button', { name: 'Account menu' });
    await expect(avatar.locator('[data-initials]').first()).toHaveAttribute('data-initials', 'AR');
    await expect
      .poll(() => page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? 'null')?.role))
      .toBe('questioner');

    // log out: the confirmation first, Cancel keeps the session
    await openMenu(page, 'Account menu');
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    const dialog = page.getByRole('dialog', { name: MSG.logoutTitle });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText(MSG.logoutBody)).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect.poll(() => storedToken(page)).not.toBeNull();
    await openMenu(page, 'Account menu');
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.getByRole('dialog', { name: MSG.logoutTitle }).getByRole('button', { name: 'Logout' }).click();
    await expect(page.locator('header').getByRole('link', { name: 'Login' })).toBeVisible();
    await expect.poll(() => storedSession(page)).toEqual([null, null]);
    await expect(page).toHaveURL(`${server.url}/`);

    // signed out, the wallet link remembers where it was going
    await openMenu(page, 'Inquiry Space');
    await page.getByRole('menuitem', { name: 'My Wallet' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect.poll(() => storedRedirect(page)).toBe('/wallet');

    // wrong password: the server's message
    await page.getByLabel('Email').fill(address);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill('wrong-password-1');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByTestId('login-error')).toHaveText(MSG.invalidCredentials);

    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page).toHaveURL(/\/wallet$/);
    await expect.poll(() => storedRedirect(page)).toBeNull();
    await expect(page.locator('header').getByRole('button', { name: 'Account menu' })).toBeVisible();
    expect(problems).toEqual([]);
    await context.close();
  });

  test('login validates both fields before calling the server', async () => {
    const { page, context } = await openAs(browser, null);
    await page.goto('/login');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByTestId('login-error')).toHaveText(MSG.emailPasswordRequired);
    // no Google button without a configured client id
    await expect(page.getByTestId('google-sign-in')).toHaveCount(0);
    await context.close();
  });

  test('refuses a second sign-up with the same e-mail with the server message', async () => {
    const { page, context } = await openAs(browser, null);
    const address = email('dup');
    await apiSignup(server.url, { name: 'First', email: address, password: PASSWORD });
    await page.goto('/signup');
    await page.getByLabel('Full name').fill('Second');
    await page.getByLabel('Email').fill(address);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign up' }).click();
    await expect(page.getByTestId('signup-error')).toHaveText(MSG.emailTaken);
    await context.close();
  });
});

test.describe('shell: session state across tabs and tokens', () => {
  test('a revoked token: the next authenticated call clears the session and goes to /', async () => {
    const { page, context, session: s } = await signedIn();
    await page.goto('/about');
    await expect(page.locator('header').getByRole('button', { name: 'Account menu' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    // the session is revoked behind the page's back (e.g. logged out elsewhere)
    const res = await fetch(`${server.url}/api/auth/logout`, {
      method: 'POST',
      headers: { authorization: `Bearer ${s.token}` },
    });
    expect(res.status).toBe(204);
    // The next authenticated call meets the revoked token: opening the account overview loads the
    // activity counts. A call of the page's own may come first (the page is then already on its way
    // home, and the menu gone): the outcome is the same.
    const home = expect(page).toHaveURL(`${server.url}/`, { timeout: 60_000 });
    await Promise.race([
      home,
      (async () => {
        await openMenu(page, 'Account menu');
        await page.getByRole('menuitem', { name: 'Account overview' }).click();
      })().catch(() => {}),
    ]);
    await home;
    await expect(page.locator('header').getByRole('link', { name: 'Login' })).toBeVisible();
    await expect.poll(() => storedSession(page)).toEqual([null, null]);
    await context.close();
  });

  test('a logout in a second tab signs the first tab out without a reload', async () => {
    const { page, context } = await signedIn();
    await page.goto('/about');
    const second = await context.newPage();
    await second.goto('/contact');
    await expect(page.locator('header').getByRole('button', { name: 'Account menu' })).toBeVisible();
    await openMenu(second, 'Account menu');
    await second.getByRole('menuitem', { name: 'Logout' }).click();
    await second
      .getByRole('dialog', { name: MSG.logoutTitle })
      .getByRole('button', { name: 'Logout' })
      .click();
    // the first tab hears the storage event
    await expect(page.locator('header').getByRole('link', { name: 'Login' })).toBeVisible({ timeout: 5000 });
    await expect(page.locator('header').getByRole('button', { name: 'Account menu' })).toHaveCount(0);
    await expect(page).toHaveURL(`${server.url}/about`);
    await context.close();
  });

  test('a login in another tab signs this tab in', async () => {
    const { page, context } = await openAs(browser, null);
    await page.goto('/about');
    await expect(page.locator('header').getByRole('link', { name: 'Login' })).toBeVisible();
    const second = await context.newPage();
    const s = await apiSignup(server.url, { name: 'Tab Two', email: email('tab'), password: PASSWORD });
    await second.goto('/login');
    await second.getByLabel('Email').fill(s.user.email);
    await second.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
    await second.getByRole('button', { name: 'Login' }).click();
    await expect(second).toHaveURL(`${server.url}/`);
    await expect(page.locator('header').getByRole('button', { name: 'Account menu' })).toBeVisible({
      timeout: 5000,
    });
    await context.close();
  });
});

/**
 * With the fake clock, the dialog's open/close transition only runs when the clock does: step it
 * a little at a time until the dialog reaches the wanted state.
 */
async function stepUntil(page: Page, target: Locator, state: 'visible' | 'hidden' = 'visible') {
  await expect(async () => {
    if ((await target.isVisible()) !== (state === 'visible')) {
      await page.clock.runFor(100);
      throw new Error(`the dialog is not ${state} yet`);
    }
  }).toPass({ intervals: [0, 50], timeout: 10_000 });
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

/** A server of its own for the tests of one describe block (other settings than the file's). */
function serverForThisBlock(env: Record<string, string>): { readonly url: string } {
  let own: RunningServer | null = null;
  test.beforeAll(async () => {
    test.setTimeout(SERVER_START_MS + 20_000);
    own = await startServer(env);
  });
  test.afterAll(async () => {
    await own?.stop();
    own = null;
  });
  return {
    get url() {
      if (!own) throw new Error('the server of this block is not running');
      return own.url;
    },
  };
}

test.describe('shell: inactivity', () => {
  const shortServer = serverForThisBlock({ SESSION_IDLE_MINUTES: '3' });

  test('warns 2 minutes before the timeout, counts down, Stay Logged In extends, expiry logs out', async () => {
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
    await expect(page.getByText('Session Timeout Warning')).toHaveCount(0);
    await page.clock.runFor(10_000);
    const dialog = page.getByRole('dialog', { name: 'Session Timeout Warning' });
    await stepUntil(page, dialog);
    const countdown = page.getByTestId('session-countdown');
    await expect(countdown).toHaveText(/^[12]:\d\d$/);
    const secs = (t: string) => Number(t.split(':')[0]) * 60 + Number(t.split(':')[1]);
    const first = secs((await countdown.textContent()) ?? '');
    await page.clock.runFor(3000);
    const left = first - 3;
    await expect(countdown).toHaveText(`${Math.floor(left / 60)}:${String(left % 60).padStart(2, '0')}`);

    const keepalive = page.waitForRequest(
      (r) => r.url().endsWith('/api/auth/keepalive') && r.method() === 'POST',
    );
    await dialog.getByRole('button', { name: 'Stay Logged In' }).click();
    await keepalive;
    await stepUntil(page, dialog, 'hidden');
    await page.clock.runFor(40_000);
    await expect(page.getByText('Session Timeout Warning')).toHaveCount(0);

    // no activity until the timeout: logged out and sent home
    // (the revocation request goes out as the page leaves, without being awaited: wait for its
    // answer before asking the server about the token, or the check races it)
    const revoked = page.waitForResponse(
      (r) => r.url().endsWith('/api/auth/logout') && r.request().method() === 'POST',
    );
    await page.clock.runFor(3 * 60_000);
    await expect(page).toHaveURL(`${shortServer.url}/`);
    await expect(page.locator('header').getByRole('link', { name: 'Login' })).toBeVisible();
    await expect.poll(() => storedToken(page)).toBeNull();
    expect((await revoked).status()).toBe(204);
    // the server session was revoked as well
    const me = await fetch(`${shortServer.url}/api/auth/me`, {
      headers: { authorization: `Bearer ${s.token}` },
    });
    expect(me.status).toBe(401);
    await context.close();
  });

  test('Logout Now logs out from the warning', async () => {
    const { page, context } = await newPage(browser);
    await page.clock.install();
    const s = await apiSignup(shortServer.url, { name: 'Now Nina', email: email('now'), password: PASSWORD });
    await signInPage(page, shortServer.url, s);
    await openWatched(page, `${shortServer.url}/careers`);
    await page.clock.runFor(62_000);
    const dialog = page.getByRole('dialog', { name: 'Session Timeout Warning' });
    await stepUntil(page, dialog);
    await dialog.getByRole('button', { name: 'Logout Now' }).click();
    await expect(page).toHaveURL(`${shortServer.url}/`);
    await expect.poll(() => storedToken(page)).toBeNull();
    await context.close();
  });
});

test.describe('shell: Google sign-in when the server has a client id', () => {
  const googleServer = serverForThisBlock({ GOOGLE_CLIENT_ID: 'agora-test.apps.googleusercontent.com' });

  test('shows the Google button area and, offline, the spec message for a script that cannot load', async () => {
    const { page, context } = await newPage(browser);
    // This machine has no network: make the failure immediate instead of a DNS timeout.
    await page.route('https://accounts.google.com/**', (route) => route.abort());
    await page.goto(`${googleServer.url}/login`);
    await expect(page.getByTestId('google-sign-in')).toBeVisible();
    await expect(page.getByText(MSG.googleScriptFailed)).toBeVisible();
    // the e-mail form still works beside it
    await expect(page.getByRole('button', { name: 'Login' })).toBeEnabled();
    await context.close();
  });
});

test.describe('shell: small screens (375 px)', () => {
  test('hamburger menu with portals and categories, and a slide-in profile panel', async () => {
    // Sections of the menu expand in place; with less motion (the theme honours the preference)
    // a link is never clicked while its section is still sliding open on a slow machine.
    const { page, context } = await newAxePage(375, 740, { reducedMotion: true });
    await page.goto(`${server.url}/`);
    const header = page.locator('header');
    const openNavigation = header.getByRole('button', { name: 'Open navigation' });
    // The bar has drawn (its small-screen button shows) without the wide screen's menus and links.
    await expect(openNavigation).toBeVisible();
    await expect(header.getByRole('navigation', { name: 'Portals' })).toBeHidden();
    await expect(header.getByRole('link', { name: 'Signup' })).toBeHidden();
    await openNavigation.click();
    const nav = page.getByRole('dialog');
    await expect(nav.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
    await nav.getByRole('button', { name: 'Idea categories' }).click();
    // The filter list offers the categories ideas are stored under, so each one can match.
    await expect(nav.getByRole('link', { name: 'Environment' })).toHaveAttribute(
      'href',
      '/ideas?category=Environment',
    );
    await expect(nav.getByRole('link', { name: 'AI & Personalization' })).toHaveCount(0);
    await nav.getByRole('button', { name: 'Hackathons' }).click();
    await nav.getByRole('link', { name: 'About Hackathons' }).click();
    await expect(page).toHaveURL(/\/hackathon-portal-info$/);
    await expect(nav).toBeHidden();

    // signed out: the profile panel offers Sign In / Sign Up / About / Contact
    await header.getByRole('button', { name: 'Open account panel' }).click();
    const panel = page.getByRole('dialog', { name: 'Welcome to Agora' });
    await expect(panel).toBeVisible();
    for (const name of ['Sign In', 'Sign Up', 'About', 'Contact']) {
      await expect(panel.getByRole('link', { name })).toBeVisible();
    }
    await axe(page, 'signed-out panel 375');
    await panel.getByRole('link', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/login$/);

    // signed in: the avatar opens the panel (not a dropdown) with the activity counts
    const s = await apiSignup(server.url, { name: 'Rhea Kapoor', email: email('rhea'), password: PASSWORD });
    await signInPage(page, server.url, s);
    await page.goto(`${server.url}/about`);
    const openPanel = header.getByRole('button', { name: 'Open account panel' });
    await expect(openPanel).toBeVisible();
    await expect(header.getByRole('button', { name: 'Account menu' })).toBeHidden();
    await openPanel.click();
    const mine = page.getByRole('dialog', { name: 'Your account' });
    await expect(mine).toBeVisible();
    await expect(mine.getByText('Rhea Kapoor').first()).toBeVisible();
    await expect(mine.getByTestId('activity-ideas')).toHaveText('0');
    await axe(page, 'signed-in panel 375');
    await mine.getByRole('button', { name: 'Logout' }).click();
    await expect(page.getByRole('dialog', { name: MSG.logoutTitle })).toBeVisible();
    await axe(page, 'logout dialog 375');
    await context.close();
  });
});

test.describe('shell: pages', () => {
  test('every link of the menus, panel and footer leads to a real route', async () => {
    const { page, context } = await signedIn();
    const targets = new Set<string>();
    for (const m of PORTAL_MENUS) for (const l of m.links) targets.add(l.to);
    for (const l of [...USER_MENU_LINKS, ...PANEL_LINKS, ...FOOTER_QUICK_LINKS, ...FOOTER_LEGAL_LINKS]) {
      targets.add(l.to);
    }
    targets.add('/admin-portal');
    targets.add('/events-portal-info');
    targets.add('/role-login');
    const main = page.locator('main');
    for (const to of targets) {
      await page.goto(to);
      await expect(page.locator('header')).toBeVisible();
      // The route's code and data have arrived: what it shows now is what it shows.
      await page.waitForLoadState('networkidle');
      await expect(main, to).toBeAttached();
      await expect(main, to).not.toContainText('Page not found');
      await expect(main, to).not.toContainText(MSG.unexpectedError);
    }
    await page.goto('/no-such-page');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await context.close();
  });

  test('contact: validation message, then the success message from the server', async () => {
    const { page, context } = await openAs(browser, null);
    await page.goto('/contact');
    await page.getByLabel('Name').fill('  ');
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(page.getByTestId('contact-status')).toHaveText(MSG.contactRequired);
    await page.getByLabel('Name').fill('Vikram');
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByLabel('Message').fill('Hello there');
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(page.getByTestId('contact-status')).toHaveText('Please enter a valid email address');
    await page.getByLabel('Email').fill('vikram@example.com');
    await page.getByLabel('Subject').fill('Partnership');
    await page.getByLabel('Category').selectOption('Business');
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(page.getByTestId('contact-status')).toHaveText(MSG.contactSuccess);
    await expect(page.getByLabel('Message')).toHaveValue('');
    await context.close();
  });

  test('profile: edits name and display name, and the shell shows the new name', async () => {
    const { page, context } = await signedIn();
    await page.goto('/profile');
    await expect(page.getByTestId('profile-display-name')).toBeVisible();
    await page.getByRole('button', { name: 'Edit profile' }).click();
    await page.getByLabel('Full name').fill('Rhea Malhotra Kapoor');
    await page.getByLabel('Display name').fill('RheaMK');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByTestId('profile-display-name')).toHaveText('RheaMK');
    // the toast container is loaded on demand by the first notification
    await expect(page.getByText('Profile updated')).toBeVisible();
    await expect
      .poll(() =>
        page.evaluate(() => {
          const stored = JSON.parse(localStorage.getItem('user')!);
          return [stored.name, stored.displayName];
        }),
      )
      .toEqual(['Rhea Malhotra Kapoor', 'RheaMK']);
    await page.reload();
    await expect(page.getByTestId('profile-name')).toHaveText('Rhea Malhotra Kapoor');
    await context.close();
  });

  test('logging out from a signed-in-only page goes to /, and the next sign-in is not sent back there', async () => {
    const { page, context } = await openAs(browser, null);
    for (const path of ['/wallet', '/profile', '/questioner-portal']) {
      // A fresh session each time: logging out revokes the last one on the server.
      const s = await apiSignup(server.url, {
        name: 'Leaving Lena',
        email: email(`lena${path.replace(/\W/g, '')}`),
        password: PASSWORD,
        role: 'questioner',
      });
      await signInPage(page, server.url, s);
      await page.goto(path);
      await expect(page.locator('main').getByRole('heading').first()).toBeVisible();
      await openMenu(page, 'Account menu');
      await page.getByRole('menuitem', { name: 'Logout' }).click();
      const revoked = page.waitForResponse(
        (r) => r.url().endsWith('/api/auth/logout') && r.request().method() === 'POST',
      );
      await page
        .getByRole('dialog', { name: MSG.logoutTitle })
        .getByRole('button', { name: 'Logout' })
        .click();
      await expect(page.locator('header').getByRole('link', { name: 'Login' })).toBeVisible();
      // A guard of the page left behind fires in the commit that ends the session, and a request of
      // its own would be answered 401 once the server revoked the token: with the revocation
      // answered and the home page drawn, the page would have moved on to /login by now.
      await revoked;
      await expect(page.locator('main h1').first()).toBeVisible();
      await expect(page, path).toHaveURL(`${server.url}/`);
      await expect.poll(() => storedRedirect(page), { message: path }).toBeNull();
    }
    await context.close();
  });

  test('profile without a session goes to /login and comes back after it', async () => {
    const { page, context } = await openAs(browser, null);
    const s = await apiSignup(server.url, { name: 'Later Lee', email: email('later'), password: PASSWORD });
    await page.goto('/profile');
    await expect(page).toHaveURL(/\/login$/);
    await page.getByLabel('Email').fill(s.user.email);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page).toHaveURL(/\/profile$/);
    await context.close();
  });

  test('theme colour follows the path', async () => {
    const { page, context } = await openAs(browser, null);
    const logo = page.getByRole('link', { name: 'Agora home' });
    const seen: string[] = [];
    for (const to of ['/about', '/ideas-portal-info', '/hackathon-portal-info', '/jobhubs-portal-info']) {
      await page.goto(to);
      // The page itself, not only the frame: on a loaded machine the route's code arrives later.
      await expect(page.locator('main h1').first()).toBeVisible();
      // Each portal's colour differs from the ones before it (blue, grape, green, orange).
      let colour = '';
      await expect
        .poll(
          async () => {
            colour = await logo.evaluate((el) => getComputedStyle(el).color);
            return seen.includes(colour);
          },
          { message: `${to}: the logo in a colour of its own (seen: ${seen.join(', ')})` },
        )
        .toBe(false);
      seen.push(colour);
    }
    expect(new Set(seen).size).toBe(4);
    await context.close();
  });
});

test.describe('shell: accessibility (axe-core, no serious or critical violations)', () => {
  test('every page built by the shell, signed out, at 1280 and 375 px', async () => {
    // 28 pages, each scanned by axe: beyond the default per-test timeout on a loaded machine.
    test.setTimeout(300_000);
    for (const width of [1280, 375]) {
      const { page, context } = await newAxePage(width);
      for (const p of SHELL_PAGES) {
        await page.goto(`${server.url}${p}`);
        await expect(page.locator('main h1').first()).toBeVisible();
        await page.waitForLoadState('networkidle');
        await axe(page, `${p} @${width}`);
      }
      await context.close();
    }
  });

  test('signed-in pages and overlays: profile, avatar menu, account panel, logout dialog', async () => {
    const { page, context } = await newAxePage();
    const s = await apiSignup(server.url, { name: 'Rhea Kapoor', email: email('rhea'), password: PASSWORD });
    await signInPage(page, server.url, s);
    await page.goto(`${server.url}/profile`);
    await expect(page.getByTestId('profile-display-name')).toBeVisible();
    // wide screens: the avatar opens the dropdown; the slide-in panel's button is for small screens
    const header = page.locator('header');
    await expect(header.getByRole('button', { name: 'Account menu' })).toBeVisible();
    await expect(header.getByRole('button', { name: 'Open account panel' })).toBeHidden();
    await expect(header.getByRole('button', { name: 'Open navigation' })).toBeHidden();
    await axe(page, '/profile');
    await openMenu(page, 'Account menu');
    await axe(page, 'avatar menu');
    await page.getByRole('menuitem', { name: 'Account overview' }).click();
    const panel = page.getByRole('dialog', { name: 'Your account' });
    await expect(panel).toBeVisible();
    await expect(panel.getByTestId('activity-liked')).toHaveText('0');
    await axe(page, 'account panel');
    await panel.getByRole('button', { name: 'Logout' }).click();
    await expect(page.getByRole('dialog', { name: MSG.logoutTitle })).toBeVisible();
    await axe(page, 'logout dialog');
    await page.keyboard.press('Escape');
    await openMenu(page, 'Innovators Space');
    await axe(page, 'portal menu');
    await context.close();
  });
});
