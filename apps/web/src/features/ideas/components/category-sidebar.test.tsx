import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { mockApi, onApi } from '../../../test/server';
import { viewport } from '../../../test/viewport';
import { IdeasPage } from '../pages/ideas-page';
import { CategorySidebar, categoryHref } from './category-sidebar';

const counts = { Technology: 3, Education: 1, Healthcare: 2 };
const sidebar = () => screen.getByRole('navigation', { name: 'Idea categories' });

describe('idea category sidebar: real links (keyboard, new tab, crawlers)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('builds each URL from the current one: category set (All removes it), other parameters kept', () => {
    expect(categoryHref('/ideas', '', 'Technology')).toBe('/ideas?category=Technology');
    expect(categoryHref('/ideas', '?sort=popular', 'Social Impact')).toBe(
      '/ideas?sort=popular&category=Social+Impact',
    );
    expect(categoryHref('/ideas', '?category=Education&sort=oldest', 'All')).toBe('/ideas?sort=oldest');
    expect(categoryHref('/ideas', '?category=Education', 'All')).toBe('/ideas');
  });

  it('renders every category as an <a href> with the URL a click leads to', () => {
    renderWithProviders(<CategorySidebar counts={counts} active="Technology" />, {
      route: '/ideas?category=Technology&sort=popular',
    });
    const links = within(sidebar()).getAllByRole('link');
    // All, every listing category, then Healthcare (in use): none without href.
    expect(links.length).toBeGreaterThan(10);
    for (const a of links) expect(a.getAttribute('href')).toMatch(/^\/ideas(\?|$)/);
    const href = (name: string) =>
      within(sidebar())
        .getByRole('link', { name: new RegExp(`^${name}`) })
        .getAttribute('href');
    expect(href('All')).toBe('/ideas?sort=popular');
    expect(href('Education')).toBe('/ideas?category=Education&sort=popular');
    expect(href('Healthcare')).toBe('/ideas?category=Healthcare&sort=popular');
    expect(
      within(sidebar())
        .getByRole('link', { name: /^Technology/ })
        .getAttribute('aria-current'),
    ).toBe('true');
  });

  it('choosing a link filters the listing as before (URL and request), without a page load', async () => {
    const asked: string[] = [];
    onApi(async (_request, path) => {
      const url = new URL(path, 'http://x');
      if (url.pathname === '/api/ideas/categories') return Response.json(counts);
      asked.push(url.search);
      return Response.json({
        ideas: [],
        pagination: { current: 1, total: 1, hasMore: false },
        totalItems: 0,
      });
    });
    viewport(1280);
    renderWithProviders(<IdeasPage />, { route: '/ideas?sort=popular' });
    const education = await within(sidebar()).findByRole('link', { name: /^Education/ });
    // A plain click is handled by the router (default prevented), so the app stays loaded.
    const followed = fireEvent.click(education);
    expect(followed).toBe(false);
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe('/ideas?sort=popular&category=Education'),
    );
    await waitFor(() => expect(asked.some((q) => q.includes('category=Education'))).toBe(true));
    expect(
      within(sidebar())
        .getByRole('link', { name: /^Education/ })
        .getAttribute('aria-current'),
    ).toBe('true');

    fireEvent.click(within(sidebar()).getByRole('link', { name: /^All/ }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/ideas?sort=popular'));
  });

  it('on a phone the page draws no sidebar: the category button opens the same links in a drawer', async () => {
    mockApi({
      'GET /api/ideas/categories': { body: counts },
      'GET /api/ideas': {
        body: { ideas: [], pagination: { current: 1, total: 1, hasMore: false }, totalItems: 0 },
      },
    });
    viewport(390);
    renderWithProviders(<IdeasPage />, { route: '/ideas' });
    const button = await screen.findByRole('button', { name: 'Categories: All' });
    expect(screen.queryByRole('navigation', { name: 'Idea categories' })).toBeNull();
    fireEvent.click(button);
    const drawer = await screen.findByRole('navigation', { name: 'Idea categories' });
    expect(
      within(drawer)
        .getByRole('link', { name: /^Education/ })
        .getAttribute('href'),
    ).toBe('/ideas?category=Education');
  });
});
