import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { clearSession, setSession } from '../lib/auth-store';
import { LocationProbe, testUser } from '../test/render';
import { RequireAuth, withRequireAuth } from './require-auth';
import { routes } from './router';
import { makeTheme } from './theme';

function show(path: string) {
  const router = createMemoryRouter(
    withRequireAuth([
      { path: '/login', element: <LocationProbe /> },
      { path: '/wallet', handle: { requireAuth: {} }, element: <p>wallet</p> },
      { path: '/mine', handle: { requireAuth: { returnHere: false } }, element: <p>mine</p> },
      {
        path: '/followers',
        handle: { requireAuth: { notice: { title: 'Login required', message: 'Log in to see them' } } },
        element: <p>followers</p>,
      },
    ]),
    { initialEntries: [path] },
  );
  render(
    <MantineProvider theme={makeTheme('blue')} env="test">
      <Notifications />
      <QueryClientProvider client={new QueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

/** Every route path under a RequireAuth layout route in the app's router. */
function guarded(list: typeof routes, inside = false, prefix = ''): string[] {
  return list.flatMap((r) => {
    const here = inside || (r.element as { type?: unknown } | undefined)?.type === RequireAuth;
    const path = r.path ? `${prefix}/${r.path}`.replace(/\/+/g, '/') : prefix;
    const own = here && r.path ? [path] : [];
    return [...own, ...(r.children ? guarded(r.children, Boolean(here), path) : [])];
  });
}

describe('RequireAuth (the one sign-in guard)', () => {
  afterEach(() => {
    clearSession();
    localStorage.clear();
  });

  it('sends a signed-out visitor to /login and saves the way back', async () => {
    show('/wallet');
    expect((await screen.findByTestId('location')).textContent).toBe('/login');
    expect(localStorage.getItem('redirectAfterLogin')).toBe('/wallet');
    expect(screen.queryByText('wallet')).toBeNull();
  });

  it('can go to /login without a way back, or with a notice', async () => {
    show('/mine');
    expect((await screen.findByTestId('location')).textContent).toBe('/login');
    expect(localStorage.getItem('redirectAfterLogin')).toBeNull();
    show('/followers');
    expect(await screen.findByText('Log in to see them')).toBeTruthy();
  });

  it('shows the page to a signed-in visitor', async () => {
    setSession('t', testUser as never);
    show('/wallet');
    expect(await screen.findByText('wallet')).toBeTruthy();
  });

  it('guards the screens that need a sign-in in the app router', () => {
    const paths = guarded(routes);
    for (const p of [
      '/wallet',
      '/question/:questionId/rewards',
      '/profile',
      '/followers',
      '/share-idea',
      '/upload',
      '/my-hackathons',
    ]) {
      expect(paths, p).toContain(p);
    }
  });
});
