import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { clearSession, setSession } from '../../../lib/auth-store';
import { renderWithProviders, testUser } from '../../../test/render';
import { mockApi } from '../../../test/server';
import { FollowCategoryButton } from './follow-category-button';

describe('FollowCategoryButton', () => {
  afterEach(() => clearSession());

  it('shows Follow for a category not followed, follows it and then shows Following', async () => {
    setSession('t', testUser as never);
    let followed: string[] = ['Business'];
    const calls = mockApi({
      'GET /api/users/me/followed-categories': () => ({ body: { categories: followed } }),
      'POST /api/questions/categories/Health%20%26%20Wellness/follow': () => {
        followed = [...followed, 'Health & Wellness'];
        return { status: 201, body: { category: 'Health & Wellness', following: true } };
      },
      'DELETE /api/questions/categories/Health%20%26%20Wellness/follow': () => {
        followed = followed.filter((c) => c !== 'Health & Wellness');
        return { status: 204 };
      },
    });
    renderWithProviders(<FollowCategoryButton category="Health & Wellness" />);
    const button = await screen.findByRole('button', { name: 'Follow Health & Wellness' });
    await waitFor(() => expect(button.hasAttribute('disabled')).toBe(false));
    expect(button.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(button);
    const following = await screen.findByRole('button', { name: 'Following Health & Wellness' });
    expect(following.getAttribute('aria-pressed')).toBe('true');
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual([
      '/api/questions/categories/Health%20%26%20Wellness/follow',
    ]);

    // Pressed again: unfollows.
    await waitFor(() => expect(following.hasAttribute('data-loading')).toBe(false));
    fireEvent.click(following);
    await screen.findByRole('button', { name: 'Follow Health & Wellness' });
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(1);
  });

  it('shows Following for a followed category, and nothing to a visitor', async () => {
    setSession('t', testUser as never);
    mockApi({ 'GET /api/users/me/followed-categories': { body: { categories: ['Science'] } } });
    const { unmount } = renderWithProviders(<FollowCategoryButton category="Science" />);
    expect(
      (await screen.findByRole('button', { name: 'Following Science' })).getAttribute('aria-pressed'),
    ).toBe('true');
    unmount();
    clearSession();
    const calls = mockApi({});
    renderWithProviders(<FollowCategoryButton category="Science" />);
    expect(screen.queryByRole('button')).toBeNull();
    expect(calls).toHaveLength(0);
  });
});
