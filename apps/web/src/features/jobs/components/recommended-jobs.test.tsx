import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clearSession, setSession } from '../../../lib/auth-store';
import { aJob } from '../../../test/fixtures';
import { renderWithProviders, testUser } from '../../../test/render';
import { onApi } from '../../../test/server';
import { RecommendedJobs } from './recommended-jobs';

const match = (matched: string[], missing: string[], score: number) => ({
  score,
  matched,
  missing,
  evidence: [],
});

describe('Recommended for you', () => {
  beforeEach(() => setSession('tok', testUser));
  afterEach(() => clearSession());

  it('recommends only jobs sharing a skill, with their score and what is missing', async () => {
    onApi((request, url) =>
      request.method === 'GET' && url.startsWith('/api/jobs?') && url.includes('sort=match')
        ? Response.json({
            jobs: [
              aJob({ _id: 'j1', title: 'Backend Engineer', match: match(['Go', 'SQL'], ['AWS'], 72) }),
              aJob({ _id: 'j2', title: 'Product Designer', match: match([], ['Figma'], 30) }),
            ],
            total: 2,
            page: 1,
            totalPages: 1,
          })
        : undefined,
    );
    renderWithProviders(<RecommendedJobs />);
    expect(await screen.findByRole('heading', { name: 'Recommended for you' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Backend Engineer' }).getAttribute('href')).toBe('/job/j1');
    expect(screen.getByText('72%')).toBeTruthy();
    expect(screen.getByText('2 of 3 skills match — missing AWS')).toBeTruthy();
    expect(screen.queryByText('Product Designer')).toBeNull();
  });

  it('asks for skills when no listed job shares one with the profile', async () => {
    onApi((request, url) =>
      request.method === 'GET' && url.includes('sort=match')
        ? Response.json({
            jobs: [aJob({ _id: 'j2', title: 'Product Designer', match: match([], ['Figma'], 30) })],
            total: 1,
            page: 1,
            totalPages: 1,
          })
        : undefined,
    );
    renderWithProviders(<RecommendedJobs />);
    expect(
      (await screen.findByRole('link', { name: 'Add your skills to see jobs matched to you' })).getAttribute(
        'href',
      ),
    ).toBe('/profile');
    expect(screen.queryByRole('heading', { name: 'Recommended for you' })).toBeNull();
  });
});
