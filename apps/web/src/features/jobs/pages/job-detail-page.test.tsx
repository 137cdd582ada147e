import type { Job } from '@agora/shared';
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Route, Routes } from 'react-router';
import { aJob } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { mockApi } from '../../../test/server';
import { JobDetailPage } from './job-detail-page';

const DAY = 86_400_000;
const browserDate = (offsetDays: number) =>
  new Date(Date.now() + offsetDays * DAY).toISOString().slice(0, 10);

const job = aJob;

function renderJob(j: Job) {
  mockApi({ 'GET /api/jobs/j1': { body: j } });
  return renderWithProviders(
    <Routes>
      <Route path="/job/:id" element={<JobDetailPage />} />
    </Routes>,
    { route: '/job/j1' },
  );
}

describe('JobDetailPage: applications closed', { timeout: 30_000 }, () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => vi.unstubAllGlobals());

  it('follows the server: open while the job is listed, even when this browser’s date is past the deadline', async () => {
    // Yesterday by this browser's UTC date; still today somewhere on Earth, so the server lists it.
    renderJob(job({ applicationDeadline: browserDate(-1), applicationsOpen: true }));
    const apply = await screen.findByRole('link', { name: /Apply by Email/ });
    expect(screen.queryByText('Applications closed')).toBeNull();
    expect(apply.getAttribute('data-disabled')).toBeNull();
  });

  it('says closed when the server says so', async () => {
    renderJob(job({ applicationDeadline: browserDate(1), applicationsOpen: false, state: 'closed' }));
    expect(await screen.findByText('Applications closed')).toBeTruthy();
    expect(screen.getByText('The application deadline for this job has passed.')).toBeTruthy();
  });
});
