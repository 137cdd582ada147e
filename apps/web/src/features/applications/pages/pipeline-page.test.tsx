import { APPLICATION_MESSAGES } from '@agora/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clearSession, setSession } from '../../../lib/auth-store';
import { aJob, anApplication } from '../../../test/fixtures';
import { renderWithProviders, testUser } from '../../../test/render';
import { onApi } from '../../../test/server';
import { PipelinePage } from './pipeline-page';

const job = aJob({
  author: { id: testUser.id, displayName: 'Asha' },
  screeningQuestions: [{ _id: 'q1', text: 'Can you work from Pune?', requiredAnswer: 'yes' }],
});
const ravi = anApplication({
  _id: 'a1',
  applicant: { id: 'u2', displayName: 'Ravi Kumar' },
  coverNote: 'Five years of Go.\nHappy to relocate.',
  answers: [{ questionId: 'q1', answer: 'yes' }],
});
const meera = anApplication({
  _id: 'a2',
  applicant: { id: 'u3', displayName: 'Meera Shah' },
  answers: [{ questionId: 'q1', answer: 'no' }],
  screenedOut: true,
});
const gone = anApplication({
  _id: 'a3',
  applicant: { id: 'u4', displayName: 'Old Applicant' },
  status: 'withdrawn',
});

function renderPipeline() {
  return renderWithProviders(
    <Routes>
      <Route path="/my-jobs/:id/applicants" element={<PipelinePage />} />
    </Routes>,
    { route: '/my-jobs/j1/applicants' },
  );
}

describe('The applicant pipeline', { timeout: 30_000 }, () => {
  beforeEach(() => {
    localStorage.clear();
    setSession('tok', testUser);
  });
  afterEach(() => clearSession());

  it('shows each status as a tab with the applicants, their answers, notes and history; a status change is sent with its note', async () => {
    const patches: unknown[] = [];
    let list = [ravi, meera, gone];
    onApi(async (request, url) => {
      if (request.method === 'GET' && url === '/api/jobs/j1') return Response.json(job);
      if (request.method === 'GET' && url.startsWith('/api/jobs/j1/applications')) {
        return Response.json({ applications: list });
      }
      if (request.method === 'PATCH' && url === '/api/applications/a1') {
        const body = (await request.json()) as { status: 'shortlisted'; note?: string };
        patches.push(body);
        const moved = {
          ...ravi,
          status: body.status,
          history: [
            ...ravi.history,
            { status: body.status, at: '2026-03-02T10:00:00.000Z', note: body.note },
          ],
        };
        list = [moved, meera, gone];
        return Response.json({ application: moved });
      }
      return undefined;
    });
    renderPipeline();

    const submittedTab = await screen.findByRole('tab', { name: 'Submitted (2)' });
    expect(submittedTab.getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tab', { name: 'Withdrawn (1)' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Not selected (0)' })).toBeTruthy();

    const raviCard = screen.getByRole('article', { name: 'Ravi Kumar' });
    expect(within(raviCard).getByText(/Five years of Go\./)).toBeTruthy();
    expect(within(raviCard).getByText('Can you work from Pune?')).toBeTruthy();
    expect(raviCard.querySelector('[data-mismatch]')).toBeNull();
    expect(within(raviCard).getByRole('button', { name: 'Download résumé ravi.pdf (118 KB)' })).toBeTruthy();

    // The screened-out applicant is marked, their differing answer highlighted.
    const meeraCard = screen.getByRole('article', { name: 'Meera Shah' });
    expect(within(meeraCard).getByTestId('screened-out')).toBeTruthy();
    expect(meeraCard.querySelector('[data-mismatch]')?.textContent).toContain('needs Yes');

    fireEvent.click(within(raviCard).getByRole('combobox', { name: 'Move to' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Shortlisted' }));
    fireEvent.change(within(raviCard).getByRole('textbox', { name: /Note/ }), {
      target: { value: 'Strong Go background' },
    });
    fireEvent.click(within(raviCard).getByRole('button', { name: 'Update status' }));

    await waitFor(() => expect(patches).toEqual([{ status: 'shortlisted', note: 'Strong Go background' }]));
    // The list is read again: Ravi moved to the Shortlisted tab, with the note in his history.
    expect(await screen.findByRole('tab', { name: 'Shortlisted (1)' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Submitted (1)' })).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'Shortlisted (1)' }));
    const moved = await screen.findByRole('article', { name: 'Ravi Kumar' });
    expect(within(moved).getByText('Strong Go background')).toBeTruthy();

    // A withdrawn application can no longer be moved.
    fireEvent.click(screen.getByRole('tab', { name: 'Withdrawn (1)' }));
    const goneCard = await screen.findByRole('article', { name: 'Old Applicant' });
    expect(within(goneCard).getByText(APPLICATION_MESSAGES.cannotChangeWithdrawn)).toBeTruthy();
    expect(within(goneCard).queryByRole('button', { name: 'Update status' })).toBeNull();
  });

  it('asks for a status before sending a change', async () => {
    const patches: string[] = [];
    onApi((request, url) => {
      if (request.method === 'PATCH') patches.push(url);
      if (request.method === 'GET' && url === '/api/jobs/j1') return Response.json(job);
      if (request.method === 'GET' && url.startsWith('/api/jobs/j1/applications')) {
        return Response.json({ applications: [ravi] });
      }
      return undefined;
    });
    renderPipeline();
    const card = await screen.findByRole('article', { name: 'Ravi Kumar' });
    fireEvent.click(within(card).getByRole('button', { name: 'Update status' }));
    expect(await within(card).findByText('Choose the new status')).toBeTruthy();
    expect(patches).toEqual([]);
  });

  it('shows the not-found state when the API answers 404 (not the poster)', async () => {
    onApi((request, url) => {
      if (request.method === 'GET' && url.startsWith('/api/jobs/j1')) {
        return Response.json(
          { error: 'Job not found', message: 'Job not found', code: 'NOT_FOUND' },
          { status: 404 },
        );
      }
      return undefined;
    });
    renderPipeline();
    expect(await screen.findByText('Job not found')).toBeTruthy();
    expect(screen.queryByRole('tab')).toBeNull();
  });
});
