import { CATEGORY_FOLLOW_TEXT } from '@agora/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { clearSession, setSession } from '../../../lib/auth-store';
import { renderWithProviders, testUser } from '../../../test/render';
import { mockApi } from '../../../test/server';
import { ProfilePage } from '../pages/profile-page';

function setup(over: { categoryDigest?: boolean; categories?: string[] } = {}) {
  setSession('t', testUser as never);
  let user = { ...testUser, categoryDigest: over.categoryDigest ?? false };
  let categories = over.categories ?? ['Technology', 'Science'];
  const calls = mockApi({
    'GET /api/users/me': () => ({ body: { user } }),
    'PUT /api/users/me': (c) => {
      user = { ...user, ...(c.body as object) };
      return { body: { user } };
    },
    'GET /api/users/me/followed-categories': () => ({ body: { categories } }),
    'DELETE /api/questions/categories/Science/follow': () => {
      categories = categories.filter((c) => c !== 'Science');
      return { status: 204 };
    },
  });
  renderWithProviders(<ProfilePage />, { route: '/profile' });
  return calls;
}

describe('/profile: followed categories and the daily digest', () => {
  afterEach(() => clearSession());

  it('the digest switch is off by default and turning it on saves categoryDigest: true', async () => {
    const calls = setup();
    const toggle = (await screen.findByRole('switch', {
      name: CATEGORY_FOLLOW_TEXT.digestLabel,
    })) as HTMLInputElement;
    expect(toggle.checked).toBe(false);
    fireEvent.click(toggle);
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({ categoryDigest: true });
    await waitFor(() => expect(toggle.checked).toBe(true));
  });

  it('shows an opted-in user the switch on, and turning it off saves false', async () => {
    const calls = setup({ categoryDigest: true });
    const toggle = (await screen.findByRole('switch', {
      name: CATEGORY_FOLLOW_TEXT.digestLabel,
    })) as HTMLInputElement;
    await waitFor(() => expect(toggle.checked).toBe(true));
    fireEvent.click(toggle);
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ categoryDigest: false }),
    );
    await waitFor(() => expect(toggle.checked).toBe(false));
  });

  it('lists the followed categories and unfollows one', async () => {
    const calls = setup();
    expect(await screen.findByText('Technology')).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'Unfollow Science' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Unfollow Science' })).toBeNull());
    expect(screen.getByRole('button', { name: 'Unfollow Technology' })).toBeTruthy();
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual([
      '/api/questions/categories/Science/follow',
    ]);
  });

  it('says so when no category is followed', async () => {
    setup({ categories: [] });
    expect(await screen.findByText(CATEGORY_FOLLOW_TEXT.noneFollowed)).toBeTruthy();
  });
});
