import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clearSession, setSession } from '../../../lib/auth-store';
import { aJob } from '../../../test/fixtures';
import { renderWithProviders, testUser } from '../../../test/render';
import { onApi } from '../../../test/server';
import { MyJobsPage } from './my-jobs-page';

const mine = { id: testUser.id, displayName: 'Asha' };
const open = aJob({
  _id: 'j1',
  title: 'Backend Engineer',
  author: mine,
  expiresAt: '2026-04-10T09:00:00.000Z',
  applicationCounts: { submitted: 3, shortlisted: 1, rejected: 2 },
});
const expired = aJob({
  _id: 'j2',
  title: 'Data Analyst',
  author: mine,
  state: 'expired',
  expiresAt: '2026-02-01T09:00:00.000Z',
  applicationCounts: {},
});
const filled = aJob({
  _id: 'j3',
  title: 'QA Lead',
  author: mine,
  state: 'filled',
  applicationCounts: { hired: 1 },
});
const pending = aJob({ _id: 'j4', title: 'Designer', author: mine, status: 'pending', state: 'closed' });

const card = (title: string) => screen.getByRole('article', { name: title });

describe('My Jobs: a listing’s life and its applications', { timeout: 30_000 }, () => {
  beforeEach(() => {
    localStorage.clear();
    setSession('tok', testUser);
  });
  afterEach(() => clearSession());

  it('shows state, expiry and counts; Renew and Mark as filled where they apply, the fill after a confirmation', async () => {
    const posts: string[] = [];
    let jobs = [open, expired, filled, pending];
    onApi((request, url) => {
      if (request.method === 'GET' && url === '/api/jobs/mine') return Response.json({ jobs });
      if (request.method === 'POST' && url === '/api/jobs/j2/renew') {
        posts.push(url);
        const renewed = { ...expired, state: 'open' as const, expiresAt: '2026-05-01T09:00:00.000Z' };
        jobs = [open, renewed, filled, pending];
        return Response.json({ job: renewed });
      }
      if (request.method === 'POST' && url === '/api/jobs/j1/fill') {
        posts.push(url);
        jobs = [{ ...open, state: 'filled' }, ...jobs.slice(1)];
        return Response.json({ job: jobs[0] });
      }
      return undefined;
    });
    renderWithProviders(<MyJobsPage />, { route: '/my-jobs' });

    await screen.findByRole('article', { name: 'Backend Engineer' });
    const o = card('Backend Engineer');
    expect(within(o).getByTestId('job-status').textContent).toBe('Open');
    expect(within(o).getByTestId('job-expiry').textContent).toBe('Expires Apr 10, 2026');
    expect(within(o).getByTestId('application-counts').textContent).toBe(
      'Submitted 3 · Shortlisted 1 · Not selected 2',
    );
    expect(within(o).getByRole('link', { name: 'View applicants (6)' }).getAttribute('href')).toBe(
      '/my-jobs/j1/applicants',
    );
    expect(within(o).getByRole('button', { name: 'Renew Backend Engineer' })).toBeTruthy();

    const e = card('Data Analyst');
    expect(within(e).getByTestId('job-status').textContent).toBe('Expired');
    expect(within(e).getByTestId('job-expiry').textContent).toBe('Expired Feb 1, 2026');
    expect(within(e).getByTestId('application-counts').textContent).toBe('No applications yet');

    // A filled job has nothing to renew or fill; a pending one is not listed yet.
    const f = card('QA Lead');
    expect(within(f).getByTestId('job-status').textContent).toBe('Filled');
    expect(within(f).queryByRole('button', { name: /Renew|Mark/ })).toBeNull();
    const p = card('Designer');
    expect(within(p).getByTestId('job-status').textContent).toBe('Pending review');
    expect(within(p).queryByRole('button', { name: /Renew|Mark/ })).toBeNull();
    expect(within(p).queryByRole('link', { name: /View applicants/ })).toBeNull();

    fireEvent.click(within(e).getByRole('button', { name: 'Renew Data Analyst' }));
    await waitFor(() => expect(posts).toEqual(['/api/jobs/j2/renew']));
    await waitFor(() =>
      expect(within(card('Data Analyst')).getByTestId('job-status').textContent).toBe('Open'),
    );
    expect(within(card('Data Analyst')).getByTestId('job-expiry').textContent).toBe('Expires May 1, 2026');

    fireEvent.click(
      within(card('Backend Engineer')).getByRole('button', { name: 'Mark as filled: Backend Engineer' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Mark as filled?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(posts).toEqual(['/api/jobs/j2/renew']);

    fireEvent.click(
      within(card('Backend Engineer')).getByRole('button', { name: 'Mark as filled: Backend Engineer' }),
    );
    const again = await screen.findByRole('dialog', { name: 'Mark as filled?' });
    fireEvent.click(within(again).getByRole('button', { name: 'Mark as filled' }));
    await waitFor(() => expect(posts).toEqual(['/api/jobs/j2/renew', '/api/jobs/j1/fill']));
    await waitFor(() =>
      expect(within(card('Backend Engineer')).getByTestId('job-status').textContent).toBe('Filled'),
    );
  });
});
