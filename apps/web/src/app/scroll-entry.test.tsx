import { act, render, screen } from '@testing-library/react';
import { createBrowserRouter, Link, Outlet, RouterProvider, ScrollRestoration } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { keyFreshHistoryEntry } from './scroll-entry';

const STORE = 'react-router-scroll-positions';

function Layout() {
  return (
    <>
      <Outlet />
      <ScrollRestoration />
    </>
  );
}

const routes = [
  {
    path: '/',
    Component: Layout,
    children: [
      { path: 'ideas', element: <Link to="/jobhubs">jobs</Link> },
      { path: 'jobhubs', element: <p>Job hubs</p> },
    ],
  },
];

/** Opens `url` as the browser would: the entry's history.state, then the app's start-up. */
async function openDocument(url: string, state: unknown) {
  window.history.replaceState(state, '', url);
  keyFreshHistoryEntry();
  const router = createBrowserRouter(routes);
  render(<RouterProvider router={router} />);
  await act(async () => {});
  return router;
}

let scrollTo: ReturnType<typeof vi.fn>;
let y = 0;
beforeEach(() => {
  scrollTo = vi.fn((_x: number, top: number) => {
    y = top;
  });
  vi.spyOn(window, 'scrollTo').mockImplementation(scrollTo as unknown as typeof window.scrollTo);
  Object.defineProperty(window, 'scrollY', { configurable: true, get: () => y });
  sessionStorage.clear();
});
afterEach(() => vi.restoreAllMocks());

describe('scroll position of a page', () => {
  it('a newly opened page starts at the top, not where another freshly opened page was left', async () => {
    // /ideas was opened fresh and left near the footer: the router saved it under its fresh-entry key.
    sessionStorage.setItem(STORE, JSON.stringify({ default: 5506 }));
    await openDocument('/jobhubs', null);
    expect(screen.getByText('Job hubs')).toBeTruthy();
    expect(y).toBe(0);
    expect(scrollTo).not.toHaveBeenCalledWith(0, 5506);
    expect(window.history.scrollRestoration).toBe('manual');
  });

  it('a reload keeps the position of its own entry', async () => {
    sessionStorage.setItem(STORE, JSON.stringify({ default: 5506, k1: 900 }));
    await openDocument('/jobhubs', { usr: null, key: 'k1', idx: 0 });
    expect(y).toBe(900);
  });

  it('following a link opens the next page at the top and Back restores the previous position', async () => {
    const router = await openDocument('/ideas', null);
    y = 4200;
    await act(async () => {
      screen.getByText('jobs').click();
    });
    expect(router.state.location.pathname).toBe('/jobhubs');
    expect(y).toBe(0);
    await act(async () => {
      await router.navigate(-1);
    });
    expect(router.state.location.pathname).toBe('/ideas');
    expect(y).toBe(4200);
  });
});
