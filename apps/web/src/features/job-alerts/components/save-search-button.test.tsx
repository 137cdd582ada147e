import { CAREER_MESSAGES } from '@agora/shared';
import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearSession, setSession, takeRedirectAfterLogin } from '../../../lib/auth-store';
import { renderWithProviders, testUser } from '../../../test/render';
import { mockApi } from '../../../test/server';
import { JobAlertsCard } from './job-alerts-card';
import { SaveSearchButton } from './save-search-button';
import { SAVED_MESSAGE } from './save-search-form';

const filters = {
  search: 'react',
  location: 'Pune',
  categories: ['Engineering'],
  level: 'Senior',
  employmentType: null,
};
const route = '/jobhubs?search=react&location=Pune&category=Engineering&level=Senior';

describe('Save this search', () => {
  afterEach(() => {
    clearSession();
    vi.restoreAllMocks();
  });

  it('sends a visitor to log in, and back to the same search afterwards', async () => {
    mockApi({});
    renderWithProviders(<SaveSearchButton filters={filters} />, { route });
    const link = screen.getByRole('link', { name: 'Save this search' });
    expect(link.getAttribute('href')).toBe('/login');
    fireEvent.click(link);
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/login'));
    expect(takeRedirectAfterLogin()).toBe(route);
  });

  it('saves the current filters at the chosen frequency and says so', async () => {
    setSession('t', testUser as never);
    const show = vi.spyOn(notifications, 'show');
    const calls = mockApi({
      'POST /api/job-alerts': (c) => ({
        status: 201,
        body: {
          alert: {
            _id: 'a1',
            q: 'react',
            location: 'Pune',
            category: ['Engineering'],
            level: 'Senior',
            employmentType: null,
            remote: null,
            frequency: (c.body as { frequency: string }).frequency,
            createdAt: '2026-11-28T10:00:00.000Z',
          },
        },
      }),
      'GET /api/job-alerts': { body: { alerts: [] } },
    });
    renderWithProviders(<SaveSearchButton filters={filters} />, { route });
    fireEvent.click(screen.getByRole('button', { name: 'Save this search' }));
    expect(await screen.findByRole('dialog', { name: 'Save this search' })).toBeTruthy();
    expect(await screen.findByText("Senior Engineering jobs matching 'react' in Pune")).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: 'Weekly' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save alert' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      q: 'react',
      location: 'Pune',
      category: ['Engineering'],
      level: 'Senior',
      frequency: 'weekly',
    });
    await waitFor(() =>
      expect(show).toHaveBeenCalledWith(expect.objectContaining({ message: SAVED_MESSAGE })),
    );
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Save alert' })).toBeNull());
  });

  it('shows the server’s message when the person keeps too many alerts', async () => {
    setSession('t', testUser as never);
    mockApi({
      'POST /api/job-alerts': {
        status: 409,
        body: {
          error: CAREER_MESSAGES.tooManyAlerts,
          message: CAREER_MESSAGES.tooManyAlerts,
          code: 'TOO_MANY_ALERTS',
        },
      },
    });
    renderWithProviders(<SaveSearchButton filters={{ ...filters, search: '', categories: [] }} />, {
      route: '/jobhubs',
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save this search' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Save alert' }));
    expect(await screen.findByText(CAREER_MESSAGES.tooManyAlerts)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Save alert' })).toBeTruthy();
  });
});

describe('the profile’s job alerts', () => {
  afterEach(() => clearSession());

  it('lists the saved searches in words and deletes one', async () => {
    setSession('t', testUser as never);
    let alerts = [
      {
        _id: 'a1',
        q: 'react',
        location: null,
        category: ['Engineering'],
        level: null,
        employmentType: null,
        remote: true,
        frequency: 'daily',
        createdAt: '2026-11-28T10:00:00.000Z',
      },
      {
        _id: 'a2',
        q: null,
        location: 'Pune',
        category: [],
        level: null,
        employmentType: 'Contract',
        remote: null,
        frequency: 'instant',
        createdAt: '2026-11-27T10:00:00.000Z',
      },
    ];
    const calls = mockApi({
      'GET /api/job-alerts': () => ({ body: { alerts } }),
      'DELETE /api/job-alerts/a2': () => {
        alerts = alerts.filter((a) => a._id !== 'a2');
        return { status: 204 };
      },
    });
    renderWithProviders(<JobAlertsCard />, { route: '/profile' });
    expect(await screen.findByText("Remote Engineering jobs matching 'react' — daily")).toBeTruthy();
    const second = 'All jobs in Pune (Contract) — instant';
    expect(screen.getByText(second)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: `Delete alert: ${second}` }));
    await waitFor(() => expect(screen.queryByText(second)).toBeNull());
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual(['/api/job-alerts/a2']);
  });
});
