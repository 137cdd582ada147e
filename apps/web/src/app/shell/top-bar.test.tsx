import { MSG } from '@agora/shared';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getAuth, setSession } from '../../lib/auth-store';
import { renderWithProviders, testUser } from '../../test/render';
import { mockApi } from '../../test/server';
import { AppFrame } from './app-frame';
import { shell } from './shell-store';

/**
 * Clicks a menu trigger. Before the menus' lazy chunk has loaded the trigger is a placeholder: the
 * click loads the chunk and the menu opens when it arrives (the path a fast first click takes).
 */
async function openMenu(name: RegExp | string) {
  fireEvent.click(screen.getAllByRole('button', { name })[0]!);
  return screen.findByRole('menu');
}

function renderShell(route = '/') {
  return renderWithProviders(
    <AppFrame>
      <p>page</p>
    </AppFrame>,
    { route },
  );
}

describe('top bar', () => {
  let calls: ReturnType<typeof mockApi>;
  beforeEach(() => {
    localStorage.clear();
    shell.reset();
    calls = mockApi({
      'GET /api/auth/config': { body: { googleClientId: null, sessionIdleMinutes: 20 } },
      'GET /api/auth/me': { body: { user: testUser } },
      'GET /api/users/me/activity': { body: { ideas: 3, liked: 7, comments: 2 } },
      'POST /api/auth/logout': { status: 204 },
    });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    act(() => shell.reset());
  });

  describe('signed out', () => {
    it('offers Signup and Login and no account menu', () => {
      renderShell();
      const header = screen.getByRole('banner');
      expect(within(header).getByRole('link', { name: 'Signup' }).getAttribute('href')).toBe('/signup');
      expect(within(header).getByRole('link', { name: 'Login' }).getAttribute('href')).toBe('/login');
      expect(within(header).queryByRole('button', { name: 'Account menu' })).toBeNull();
      expect(within(header).queryByRole('link', { name: 'Admin Portal' })).toBeNull();
    });

    it('a wallet click stores the redirect and goes to /login', async () => {
      renderShell('/questions');
      await openMenu(/Inquiry Space/);
      fireEvent.click(await screen.findByRole('menuitem', { name: 'My Wallet' }));
      expect(localStorage.getItem('redirectAfterLogin')).toBe('/wallet');
      expect(screen.getByTestId('location').textContent).toBe('/login');
    });

    it('every portal menu lists the spec entries', async () => {
      renderShell();
      const menu = await openMenu(/Innovators Space/);
      const labels = within(menu)
        .getAllByRole('menuitem')
        .map((i) => i.textContent);
      expect(labels).toEqual(expect.arrayContaining(['Innovators Space home', 'Discover Ideas', 'My Ideas']));
    });

    it('the account panel offers Sign In, Sign Up, About and Contact', async () => {
      renderShell();
      fireEvent.click(screen.getByRole('button', { name: 'Open account panel' }));
      const panel = await screen.findByRole('dialog');
      for (const name of ['Sign In', 'Sign Up', 'About', 'Contact']) {
        expect(within(panel).getByRole('link', { name })).toBeTruthy();
      }
    });
  });

  describe('signed in', () => {
    it('shows the initials avatar menu with the spec entries and no Signup/Login', async () => {
      setSession('tok', testUser);
      renderShell();
      const header = screen.getByRole('banner');
      expect(within(header).queryByRole('link', { name: 'Login' })).toBeNull();
      expect(within(header).queryByRole('link', { name: 'Admin Portal' })).toBeNull();
      const avatar = within(header).getByRole('button', { name: 'Account menu' });
      expect(avatar.querySelector('[data-initials]')?.getAttribute('data-initials')).toBe('AR');
      const menu = await openMenu('Account menu');
      const items = within(menu)
        .getAllByRole('menuitem')
        .map((i) => i.textContent);
      expect(items).toEqual(
        expect.arrayContaining([
          'My Questions',
          'My Answers',
          'My Wallet',
          'My Ideas',
          'Hidden Ideas',
          'My Hackathons',
          'My Jobs',
          'My Profile',
          'Logout',
        ]),
      );
    });

    it("opens the user's own ideas from the avatar menu's My Ideas", async () => {
      setSession('tok', testUser);
      renderShell();
      const header = screen.getByRole('banner');
      await openMenu('Account menu');
      fireEvent.click(await screen.findByRole('menuitem', { name: 'My Ideas' }));
      expect(screen.getByTestId('location').textContent).toBe('/my-ideas');
      expect(header).toBeTruthy();
    });

    it('shows the Admin Portal link to admins only', () => {
      setSession('tok', { ...testUser, role: 'admin' });
      renderShell();
      expect(within(screen.getByRole('banner')).getByRole('link', { name: 'Admin Portal' })).toBeTruthy();
    });

    it('Logout asks for confirmation, then clears the session and goes to /', async () => {
      setSession('tok', testUser);
      renderShell('/profile');
      await openMenu('Account menu');
      fireEvent.click(await screen.findByRole('menuitem', { name: 'Logout' }));
      const dialog = await screen.findByRole('dialog', { name: MSG.logoutTitle });
      expect(within(dialog).getByText(MSG.logoutBody)).toBeTruthy();
      fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
      await waitFor(() => expect(screen.queryByText(MSG.logoutBody)).toBeNull());
      expect(getAuth().isLoggedIn).toBe(true);

      fireEvent.click(screen.getByRole('button', { name: 'Account menu' }));
      fireEvent.click(await screen.findByRole('menuitem', { name: 'Logout' }));
      const again = await screen.findByRole('dialog', { name: MSG.logoutTitle });
      fireEvent.click(within(again).getByRole('button', { name: 'Logout' }));
      // It leaves the page first (a signed-in-only page must not see the session end), then clears it.
      await waitFor(() => expect(getAuth().isLoggedIn).toBe(false));
      expect(localStorage.getItem('token')).toBeNull();
      expect(calls.some((c) => c.method === 'POST' && c.url === '/api/auth/logout')).toBe(true);
      expect(screen.getByTestId('location').textContent).toBe('/');
      expect(within(screen.getByRole('banner')).getByRole('link', { name: 'Login' })).toBeTruthy();
    });

    it('the account panel shows name, e-mail and the activity counts', async () => {
      setSession('tok', testUser);
      renderShell();
      fireEvent.click(screen.getByRole('button', { name: 'Open account panel' }));
      const panel = await screen.findByRole('dialog');
      expect(within(panel).getByText('Asha')).toBeTruthy();
      expect(within(panel).getByText('asha@example.com')).toBeTruthy();
      expect((await within(panel).findByTestId('activity-ideas')).textContent).toBe('3');
      expect(within(panel).getByTestId('activity-liked').textContent).toBe('7');
      expect(within(panel).getByTestId('activity-comments').textContent).toBe('2');
    });

    it('a logout in another tab (storage event) switches to the signed-out bar', async () => {
      setSession('tok', testUser);
      renderShell();
      expect(await screen.findByRole('button', { name: 'Account menu' })).toBeTruthy();
      act(() => {
        localStorage.removeItem('token');
        localStorage.removeItem('user');
        window.dispatchEvent(new StorageEvent('storage', { key: 'token' }));
      });
      expect(within(screen.getByRole('banner')).getByRole('link', { name: 'Login' })).toBeTruthy();
      expect(screen.queryByRole('button', { name: 'Account menu' })).toBeNull();
    });
  });
});
