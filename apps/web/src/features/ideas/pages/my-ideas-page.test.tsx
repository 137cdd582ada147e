import type { Idea } from '@agora/shared';
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearSession, setSession, takeRedirectAfterLogin } from '../../../lib/auth-store';
import { renderWithProviders, testUser } from '../../../test/render';
import { mockApi } from '../../../test/server';
import { MyIdeasPage } from './my-ideas-page';

const idea = (id: string, title: string): Idea => ({
  _id: id,
  id,
  title,
  description: 'An idea of mine',
  category: 'Technology',
  tags: [],
  contactInfo: null,
  createdAt: new Date(Date.now() - 3_600_000).toISOString(),
  author: { id: testUser.id, displayName: testUser.displayName },
  authorFollowed: false,
  likeCount: 1,
  likes: 1,
  liked: false,
  commentCount: 2,
  views: 3,
  hidden: false,
  hiddenByAdmin: false,
  updatedAt: new Date().toISOString(),
  status: 'new',
  mergedInto: null,
  followerCount: 1,
  following: false,
  cover: null,
});

describe('MyIdeasPage', { timeout: 30_000 }, () => {
  afterEach(() => {
    clearSession();
    vi.unstubAllGlobals();
  });

  it('asks a signed-out visitor to log in and comes back here afterwards', async () => {
    renderWithProviders(<MyIdeasPage />);
    expect(await screen.findByRole('heading', { name: 'Please Login' })).toBeTruthy();
    expect(screen.getByText('Sign in to see the ideas you have shared.')).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: 'Login' }));
    expect(takeRedirectAfterLogin()).toBe('/my-ideas');
  });

  it("lists the signed-in user's own ideas (author=me) with their total", async () => {
    setSession('t', testUser as never);
    const calls = mockApi({
      'GET /api/ideas': {
        body: {
          ideas: [idea('i1', 'My solar kiosks'), idea('i2', 'My water pumps')],
          pagination: { current: 1, total: 1, hasMore: false },
          totalItems: 2,
          nextCursor: null,
        },
      },
    });
    renderWithProviders(<MyIdeasPage />, { route: '/my-ideas' });
    expect(await screen.findByText('My solar kiosks')).toBeTruthy();
    expect(screen.getByText('My water pumps')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'My Ideas' })).toBeTruthy();
    expect(screen.getByText(/2 ideas shared/)).toBeTruthy();
    expect(screen.getAllByText('1h ago')).toHaveLength(2);
    // One like: named "1 like", as shown.
    expect(screen.getAllByRole('button', { name: '1 like' })).toHaveLength(2);
    const list = calls.find((c) => c.url.startsWith('/api/ideas'));
    expect(new URL(list!.url, 'http://x').searchParams.get('author')).toBe('me');
    // Only the listing's Share Idea opens a new tab (spec 02 §2); this one stays in the tab.
    const share = screen.getByRole('link', { name: 'Share Idea' });
    expect(share.getAttribute('href')).toBe('/share-idea');
    expect(share.getAttribute('target')).toBeNull();
  });

  it('asks a visitor to sign in, and comes back here after', async () => {
    mockApi({});
    renderWithProviders(<MyIdeasPage />, { route: '/my-ideas' });
    screen.getByRole('link', { name: 'Login' }).click();
    expect(localStorage.getItem('redirectAfterLogin')).toBe('/my-ideas');
  });
});
