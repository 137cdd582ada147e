import type { Job, JobListResult } from '@agora/shared';
import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setSession } from '../../../lib/auth-store';
import { aJob } from '../../../test/fixtures';
import { renderWithProviders, testUser } from '../../../test/render';
import { mockApi } from '../../../test/server';
import { JobDetailPage } from '../pages/job-detail-page';
import { JobCard } from './job-card';
import { RecommendedJobs } from './recommended-jobs';

const match = {
  score: 72,
  matched: ['React', 'TypeScript', 'CSS', 'Node.js', 'Git', 'Jest', 'Vite'],
  missing: ['Docker', 'AWS'],
  evidence: ['3 rewarded answers in Technology', 'Hackathon project: Tiny PaaS'],
};

const page = (jobs: Job[]): JobListResult => ({
  jobs,
  pagination: { totalJobs: jobs.length, totalPages: 1, currentPage: 1, hasPrev: false, hasNext: false },
});

describe('match on the Jobs Hub', { timeout: 30_000 }, () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => localStorage.clear());

  it('shows "7 of 9 skills match — missing Docker, AWS" and the score on a card', () => {
    renderWithProviders(<JobCard job={aJob({ match })} />);
    expect(screen.getByText('7 of 9 skills match — missing Docker, AWS')).toBeTruthy();
    expect(screen.getByTestId('match-score').textContent).toBe('72% match');
  });

  it('shows nothing of a match on a visitor’s card', () => {
    renderWithProviders(<JobCard job={aJob()} />);
    expect(screen.queryByTestId('match-summary')).toBeNull();
  });

  it('explains the match on the job page, evidence included', async () => {
    mockApi({ 'GET /api/jobs/j1': { body: aJob({ _id: 'j1', match }) } });
    renderWithProviders(
      <Routes>
        <Route path="/job/:id" element={<JobDetailPage />} />
      </Routes>,
      { route: '/job/j1' },
    );
    expect(await screen.findByRole('heading', { name: 'How you match' })).toBeTruthy();
    expect(screen.getByText('Hackathon project: Tiny PaaS')).toBeTruthy();
    expect(screen.getByText(/Skills count for 70 points/)).toBeTruthy();
  });

  it('recommends the best matches to a signed-in viewer with skills', async () => {
    setSession('t', { ...testUser, skills: ['React'] } as never);
    const calls = mockApi({
      'GET /api/jobs': { body: page([aJob({ _id: 'a', title: 'Frontend Engineer', match })]) },
    });
    renderWithProviders(<RecommendedJobs />);
    expect(await screen.findByRole('heading', { name: 'Recommended for you' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Frontend Engineer' }).getAttribute('href')).toBe('/job/a');
    expect(calls[0]!.url).toContain('sort=match');
  });

  it('asks a viewer without skills to add some instead', async () => {
    setSession('t', { ...testUser, skills: [], inferredSkills: [] } as never);
    const none = { score: 50, matched: [], missing: ['Go'], evidence: [] };
    mockApi({ 'GET /api/jobs': { body: page([aJob({ _id: 'a', match: none })]) } });
    renderWithProviders(<RecommendedJobs />);
    const link = await screen.findByRole('link', { name: 'Add your skills to see jobs matched to you' });
    expect(link.getAttribute('href')).toBe('/profile');
    expect(screen.queryByText('Recommended for you')).toBeNull();
  });
});
