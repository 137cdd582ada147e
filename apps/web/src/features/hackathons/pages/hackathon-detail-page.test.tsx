import { type Hackathon, MSG } from '@agora/shared';
import { act, screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { onApi } from '../../../test/server';
import { nextBoundary } from '../lib/use-boundary-refresh';
import { HackathonDetailPage } from './hackathon-detail-page';

const SEC = 1000;
const HOUR = 3_600_000;

async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

/** The hackathon as the server describes it at `now` (registration closes 1 hour before the start). */
function hackathonAt(now: number, start: number): Hackathon {
  const deadline = start - HOUR;
  return {
    _id: 'h1',
    title: 'Boundary Jam',
    description: 'Build across the boundary.',
    image: null,
    category: 'AI/ML',
    status: 'published',
    featured: false,
    organizer: { name: 'Olga', email: 'olga@example.com', phone: null },
    author: { id: 'organiser', displayName: 'Olga' },
    eventDetails: {
      startDate: new Date(start).toISOString(),
      endDate: new Date(start + 2 * HOUR).toISOString(),
      duration: '24 hours',
      location: null,
      locationType: 'online',
    },
    prizes: { prizePool: '₹10,000', judgingCriteria: null },
    requirements: null,
    additionalInfo: null,
    tags: [],
    participantCount: 0,
    submissionCount: 0,
    phase: now < start ? 'upcoming' : 'open',
    registrationDeadline: new Date(deadline).toISOString(),
    registrationOpen: now <= deadline,
    isRegistered: false,
    isOrganizer: false,
    rejectionReason: null,
    reviewedAt: null,
    createdAt: new Date(now - HOUR).toISOString(),
    maxTeamSize: 4,
    criteria: [],
    resultsPublishedAt: null,
    prizeEscrow: null,
    participants: [],
    submissions: [],
    serverTime: new Date(now).toISOString(),
  };
}

describe('nextBoundary', () => {
  it('picks the first boundary still ahead, or null', () => {
    const at = (ms: number) => new Date(ms).toISOString();
    expect(nextBoundary([at(3000), at(1000), at(2000)], 1500)).toBe(2000);
    expect(nextBoundary([at(1000)], 1000)).toBeNull();
    expect(nextBoundary(['not a date'], 0)).toBeNull();
  });
});

describe('HackathonDetailPage refreshes at the registration deadline and the start', {
  timeout: 30_000,
}, () => {
  let fetches: number;
  let start: number;
  beforeEach(() => {
    localStorage.clear();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    start = Date.now() + HOUR + 5 * SEC; // registration closes in 5 seconds
    fetches = 0;
    onApi((_request, url) => {
      expect(url).toMatch(/\/api\/hackathons\/h1$/);
      fetches++;
      return Response.json(hackathonAt(Date.now(), start));
    });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('asks the server again when the clock crosses a boundary, and shows what it says', async () => {
    renderWithProviders(
      <Routes>
        <Route path="/hackathon/:id" element={<HackathonDetailPage />} />
      </Routes>,
      { route: '/hackathon/h1' },
    );
    await advance(0);
    await advance(0);
    expect(screen.getByText('Boundary Jam')).toBeTruthy();
    expect(fetches).toBe(1);
    expect(screen.queryByText(MSG.registrationClosed)).toBeNull();
    expect(screen.getByText(/^Registration closes /)).toBeTruthy();

    await advance(4 * SEC);
    expect(fetches).toBe(1);
    await advance(3 * SEC); // past the deadline (and the refresh's slack)
    expect(fetches).toBe(2);
    expect(screen.getByText(MSG.registrationClosed)).toBeTruthy();
    expect(screen.queryByText(/^Registration closes /)).toBeNull();

    // Nothing until the start, then once more: now it is running.
    await advance(HOUR - 10 * SEC);
    expect(fetches).toBe(2);
    await advance(10 * SEC);
    expect(fetches).toBe(3);
    expect(screen.getByText(MSG.hackathonRunningNotice)).toBeTruthy();
  });
});

describe('HackathonDetailPage links back to the idea it was proposed from', { timeout: 30_000 }, () => {
  const render = () =>
    renderWithProviders(
      <Routes>
        <Route path="/hackathon/:id" element={<HackathonDetailPage />} />
      </Routes>,
      { route: '/hackathon/h1' },
    );
  const later = Date.now() + 3 * 24 * HOUR;

  it('shows “From the idea: …” as a link to the idea', async () => {
    onApi(() =>
      Response.json({
        ...hackathonAt(Date.now(), later),
        idea: { _id: 'i1', title: 'Neighbourhood tool library' },
      }),
    );
    render();
    const line = await screen.findByTestId('hackathon-idea-link');
    expect(line.textContent).toBe('From the idea: Neighbourhood tool library');
    expect(screen.getByRole('link', { name: 'Neighbourhood tool library' }).getAttribute('href')).toBe(
      '/idea/i1',
    );
  });

  it('says nothing of an idea when it has none (or it is no longer visible)', async () => {
    onApi(() => Response.json({ ...hackathonAt(Date.now(), later), idea: null }));
    render();
    await screen.findByText('Boundary Jam');
    expect(screen.queryByTestId('hackathon-idea-link')).toBeNull();
    expect(screen.queryByText(/From the idea/)).toBeNull();
  });
});
