import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clearSession, setSession } from '../../../lib/auth-store';
import { anApplication } from '../../../test/fixtures';
import { renderWithProviders, testUser } from '../../../test/render';
import { onApi } from '../../../test/server';
import { MyApplicationsPage } from './my-applications-page';

const first = anApplication({
  _id: 'a1',
  job: { _id: 'j1', title: 'Backend Engineer', company: 'Acme' },
  status: 'shortlisted',
  history: [
    { status: 'submitted', at: '2026-03-01T10:00:00.000Z' },
    { status: 'shortlisted', at: '2026-03-03T10:00:00.000Z' },
  ],
});
const second = anApplication({
  _id: 'a2',
  job: { _id: 'j2', title: 'Data Analyst', company: 'Globex' },
  status: 'rejected',
  screenedOut: true,
});
const older = anApplication({ _id: 'a3', job: { _id: 'j3', title: 'QA Lead', company: 'Initech' } });

describe('My Applications', { timeout: 30_000 }, () => {
  beforeEach(() => {
    localStorage.clear();
    setSession('tok', testUser);
  });
  afterEach(() => clearSession());

  it('lists the caller’s applications with status and dates, loads more by cursor, and withdraws after a confirmation', async () => {
    const calls: string[] = [];
    let withdrawn = false;
    onApi((request, url) => {
      calls.push(`${request.method} ${url}`);
      if (request.method === 'GET' && url.startsWith('/api/applications/mine')) {
        if (url.includes('cursor=c2')) return Response.json({ applications: [older] });
        const a1 = withdrawn ? { ...first, status: 'withdrawn' as const } : first;
        return Response.json({ applications: [a1, second] }, { headers: { 'X-Next-Cursor': 'c2' } });
      }
      if (request.method === 'DELETE' && url === '/api/applications/a1') {
        withdrawn = true;
        return Response.json({ application: { ...first, status: 'withdrawn' } });
      }
      return undefined;
    });
    renderWithProviders(<MyApplicationsPage />, { route: '/my-applications' });

    const card = (await screen.findByRole('link', { name: 'Backend Engineer' })).closest('article')!;
    expect(within(card as HTMLElement).getByText('Acme')).toBeTruthy();
    expect(within(card as HTMLElement).getByTestId('application-status').textContent).toBe('Shortlisted');
    expect(within(card as HTMLElement).getByText(/Applied on Mar 1, 2026/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Backend Engineer' }).getAttribute('href')).toBe('/job/j1');
    const other = screen.getByRole('link', { name: 'Data Analyst' }).closest('article') as HTMLElement;
    expect(within(other).getByTestId('application-status').textContent).toBe('Not selected');
    expect(within(other).getByText(/do not match what this job requires/)).toBeTruthy();
    // A decided application has nothing to withdraw.
    expect(within(other).queryByRole('button', { name: /Withdraw/ })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('link', { name: 'QA Lead' })).toBeTruthy();
    expect(calls).toContain('GET /api/applications/mine?limit=20&cursor=c2');

    fireEvent.click(screen.getByRole('button', { name: 'Withdraw application to Backend Engineer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Withdraw application?' });
    // Keep it leaves everything as it was.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((c) => c.startsWith('DELETE'))).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Withdraw application to Backend Engineer' }));
    const again = await screen.findByRole('dialog', { name: 'Withdraw application?' });
    fireEvent.click(within(again).getByRole('button', { name: 'Withdraw' }));
    await waitFor(() => expect(calls).toContain('DELETE /api/applications/a1'));
    await waitFor(() =>
      expect(
        within(
          screen.getByRole('link', { name: 'Backend Engineer' }).closest('article') as HTMLElement,
        ).getByTestId('application-status').textContent,
      ).toBe('Withdrawn'),
    );
  });

  it('says so when there are none yet', async () => {
    onApi((request, url) =>
      request.method === 'GET' && url.startsWith('/api/applications/mine')
        ? Response.json({ applications: [] })
        : undefined,
    );
    renderWithProviders(<MyApplicationsPage />, { route: '/my-applications' });
    expect(await screen.findByText('No applications yet')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Browse jobs' }).getAttribute('href')).toBe('/jobhubs');
  });
});
