import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setSession } from '../../../lib/auth-store';
import { renderWithProviders, testUser } from '../../../test/render';
import { mockApi } from '../../../test/server';
import { NotificationsBell } from './notifications-bell';

const items = [
  {
    _id: 'n2',
    type: 'withdrawal',
    title: 'Withdrawal completed',
    body: 'Your withdrawal of ₹30.00 has been paid out.',
    link: '/wallet',
    read: false,
    createdAt: new Date().toISOString(),
    count: 1,
  },
  {
    _id: 'n1',
    type: 'follower',
    title: 'New follower',
    body: '',
    link: 'https://evil.example/phish',
    read: true,
    createdAt: new Date(Date.now() - 3_600_000).toISOString(),
    count: 1,
  },
];

describe('NotificationsBell', () => {
  let calls: ReturnType<typeof mockApi>;
  beforeEach(() => {
    localStorage.clear();
    setSession('token', testUser as never);
    calls = mockApi({
      'GET /api/notifications': { body: { notifications: items, unreadCount: 1 } },
      'POST /api/notifications/read': { body: { updated: 1, unreadCount: 0 } },
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows the unread count, lists notifications, and opening one marks it read and follows its link', async () => {
    renderWithProviders(<NotificationsBell />, { route: '/questions' });
    const bell = await screen.findByRole('button', { name: 'Notifications (1 unread)' });
    fireEvent.click(bell);
    const unread = await screen.findByRole('button', { name: 'Unread: Withdrawal completed' });
    expect(screen.getByText('New follower')).toBeTruthy();
    fireEvent.click(unread);
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/wallet'));
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.body).toEqual({ ids: ['n2'] });
    await screen.findByRole('button', { name: 'Notifications' });
  });

  it('never follows a link that leaves the site, and marks all read', async () => {
    renderWithProviders(<NotificationsBell />, { route: '/questions' });
    fireEvent.click(await screen.findByRole('button', { name: 'Notifications (1 unread)' }));
    fireEvent.click(await screen.findByRole('button', { name: 'New follower' }));
    expect(screen.getByTestId('location').textContent).toBe('/questions');
    fireEvent.click(await screen.findByRole('button', { name: 'Notifications (1 unread)' }));
    fireEvent.click(await screen.findByRole('button', { name: /Mark all as read/ }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'POST' && (c.body as { all?: boolean }).all)).toBe(true),
    );
  });

  it('shows a grouped notification as one row with its grouped title; opening it marks that one row read', async () => {
    calls = mockApi({
      'GET /api/notifications': {
        body: {
          notifications: [
            {
              _id: 'g1',
              type: 'follower',
              title: 'Asha Rao and 4 others followed you',
              body: '',
              link: '/followers',
              read: false,
              createdAt: new Date().toISOString(),
              count: 5,
            },
          ],
          unreadCount: 1,
        },
      },
      'POST /api/notifications/read': { body: { updated: 1, unreadCount: 0 } },
    });
    renderWithProviders(<NotificationsBell />, { route: '/questions' });
    fireEvent.click(await screen.findByRole('button', { name: 'Notifications (1 unread)' }));
    const row = await screen.findByRole('button', { name: 'Unread: Asha Rao and 4 others followed you' });
    expect(screen.getAllByRole('button', { name: /followed you/ })).toHaveLength(1);
    fireEvent.click(row);
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/followers'));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ ids: ['g1'] });
  });
});
