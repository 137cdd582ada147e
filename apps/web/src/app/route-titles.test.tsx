import { act, render } from '@testing-library/react';
import { createMemoryRouter, Outlet, type RouteObject, RouterProvider, useNavigate } from 'react-router';
import { describe, expect, it } from 'vitest';
import { FALLBACK_TITLE, type RouteHandle, usePageTitle, useRouteTitle } from '../lib/page-title';
import { routes } from './router';

/** Every screen the router can show, with the title its deepest route declares. */
function screens(list: RouteObject[], prefix = '', inherited?: string): { path: string; title?: string }[] {
  return list.flatMap((r) => {
    const path = r.index ? prefix || '/' : `${prefix}/${r.path ?? ''}`.replace(/\/+/g, '/');
    const title = (r.handle as RouteHandle | undefined)?.title ?? inherited;
    if (r.children)
      return screens(r.children, r.path === undefined ? prefix : path.replace(/\/$/, ''), title);
    return [{ path, title }];
  });
}

function Layout() {
  useRouteTitle();
  return <Outlet />;
}
function Detail() {
  usePageTitle('Solar kiosks — Innovators Space');
  const nav = useNavigate();
  return (
    <button type="button" onClick={() => nav('/list')}>
      back
    </button>
  );
}

describe('tab titles', () => {
  const all = screens(routes);

  it('gives every route its own title (none falls back to the bare "Agora")', () => {
    expect(all.length).toBeGreaterThan(40);
    const missing = all.filter((s) => !s.title || s.title === FALLBACK_TITLE).map((s) => s.path);
    expect(missing).toEqual([]);
    const byPath = Object.fromEntries(all.map((s) => [s.path, s.title]));
    // The routes the walk-through found titled just "Agora".
    for (const p of [
      '/ideas',
      '/hackathons',
      '/jobhubs',
      '/create-job',
      '/conduct-hackathon',
      '/my-hackathons',
      '/followers',
      '/hidden-ideas',
      '/share-idea',
      '/admin-portal',
    ]) {
      expect(byPath[p], p).toMatch(/ — /);
    }
    expect(byPath['/questions']).toBe('Inquiry space'); // spec 01 §2
  });

  it('gives different screens different titles (aliases aside)', () => {
    const aliases = new Set(['/portals', '/upload']);
    const titles = all.filter((s) => !aliases.has(s.path)).map((s) => s.title);
    expect(new Set(titles).size).toBe(titles.length);
  });

  it('writes the route title, lets a page override it with its data, and drops the override on leaving', async () => {
    const router = createMemoryRouter(
      [
        {
          path: '/',
          Component: Layout,
          children: [
            { path: 'list', handle: { title: 'Discover Ideas — Innovators Space' }, element: <p>list</p> },
            { path: 'idea/:id', handle: { title: 'Idea — Innovators Space' }, element: <Detail /> },
          ],
        },
      ],
      { initialEntries: ['/list'] },
    );
    render(<RouterProvider router={router} />);
    expect(document.title).toBe('Discover Ideas — Innovators Space');
    await act(() => router.navigate('/idea/1'));
    expect(document.title).toBe('Solar kiosks — Innovators Space');
    await act(() => router.navigate('/list'));
    expect(document.title).toBe('Discover Ideas — Innovators Space');
  });
});
