import { ADMIN_MESSAGES, type AdminHackathon, type AdminJob } from '@agora/shared';
import { Notifications, notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { clearSession, setSession } from '../../../lib/auth-store';
import { renderWithProviders, testUser } from '../../../test/render';
import { type ApiCall, mockApi } from '../../../test/server';
import { HackathonsPage } from './hackathons-page';
import { JobsPage } from './jobs-page';

const person = { id: 'p1', displayName: 'Priya Poster', email: 'priya@example.com' };
const READ_AT = '2026-03-01T10:00:00.123Z';
const EDITED_AT = '2026-03-01T10:05:00.456Z';
const SCAM = 'SCAM: send ₹5,000 registration fee';

const job = (over: Partial<AdminJob> = {}): AdminJob => ({
  _id: 'j1',
  title: 'Backend engineer',
  description: 'Build the APIs.',
  companyName: 'Acme Labs',
  companyWebsite: null,
  category: 'Engineering',
  level: 'Mid-level',
  employmentType: 'Full-time',
  city: 'Pune',
  country: 'India',
  isRemote: false,
  salaryText: null,
  contactEmail: 'jobs@acme.example.com',
  status: 'pending',
  poster: person,
  rejectionReason: null,
  reviewedAt: null,
  createdAt: '2026-03-01T09:00:00.000Z',
  updatedAt: READ_AT,
  ageMinutes: 60,
  ...over,
});

const hackathon = (over: Partial<AdminHackathon> = {}): AdminHackathon => ({
  _id: 'h1',
  title: 'Green Code Sprint',
  description: 'Build tools that cut energy use.',
  category: 'AI/ML',
  status: 'pending',
  organizer: { name: 'Ravi Org', email: 'ravi@example.com', phone: null },
  author: person,
  startDate: '2026-04-01T09:00:00.000Z',
  endDate: '2026-04-03T09:00:00.000Z',
  locationType: 'online',
  location: null,
  prizePool: '₹1,00,000',
  rejectionReason: null,
  reviewedAt: null,
  createdAt: '2026-03-01T09:00:00.000Z',
  updatedAt: READ_AT,
  ageMinutes: 60,
  ...over,
});

const changed = {
  status: 409,
  body: {
    error: ADMIN_MESSAGES.changedSinceReview,
    message: ADMIN_MESSAGES.changedSinceReview,
    code: 'CHANGED_SINCE_REVIEW',
  },
};

/**
 * The review queue answers with the version the admin opened until the poster's edit lands; from
 * then on the queue shows the edited version and a decision on the old one is refused (409).
 */
function serve<T extends { _id: string; updatedAt: string; title: string }>(
  path: string,
  before: T,
  after: T,
  decided: (call: ApiCall, item: T) => { status?: number; body?: unknown },
) {
  let current = before;
  const decide = (c: ApiCall) =>
    (c.body as { updatedAt?: string } | undefined)?.updatedAt === current.updatedAt
      ? decided(c, current)
      : changed;
  const calls = mockApi({
    [`GET ${path}`]: () => ({ body: [current] }),
    [`POST ${path}/${before._id}/approve`]: decide,
    [`POST ${path}/${before._id}/reject`]: decide,
  });
  return {
    calls,
    edit: () => {
      current = after;
    },
  };
}

const gets = (calls: ApiCall[], path: string) =>
  calls.filter((c) => c.method === 'GET' && c.url.startsWith(path)).length;
const posts = (calls: ApiCall[]) => calls.filter((c) => c.method === 'POST');

function render(ui: ReactNode) {
  setSession('t', { ...testUser, role: 'admin' } as never);
  return renderWithProviders(
    <>
      <Notifications />
      {ui}
    </>,
  );
}

describe('admin review queues send the version they show, and reload it when it changed', () => {
  afterEach(() => {
    clearSession();
    // The notices live in a module-wide store: one test's must not be found by the next.
    notifications.clean();
  });

  it('jobs: an approve of a posting edited since is refused; the queue reloads and says to review it again', async () => {
    const { calls, edit } = serve(
      '/api/admin/jobs',
      job(),
      job({ title: SCAM, updatedAt: EDITED_AT }),
      (c, j) => ({
        body: { ...j, status: c.url.endsWith('/approve') ? 'approved' : 'rejected' },
      }),
    );
    render(<JobsPage />);
    const card = await screen.findByTestId('review-j1');
    expect(within(card).getByText('Backend engineer')).toBeTruthy();
    // The poster edits the posting while the admin is looking at the old text.
    edit();
    fireEvent.click(within(card).getByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));

    await waitFor(() => expect(posts(calls)).toHaveLength(1));
    expect(posts(calls)[0]).toMatchObject({
      url: '/api/admin/jobs/j1/approve',
      body: { updatedAt: READ_AT },
    });
    // The notice, the reloaded item (its new text), and the dialog on the stale version closed.
    expect(await screen.findByText('Changed since you opened it')).toBeTruthy();
    expect(screen.getByText(ADMIN_MESSAGES.changedSinceReview)).toBeTruthy();
    await waitFor(() => expect(gets(calls, '/api/admin/jobs')).toBe(2));
    expect(await screen.findByText(SCAM)).toBeTruthy();
    expect(screen.queryByText('Backend engineer')).toBeNull();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    // Reviewed again, the decision carries the version now shown.
    fireEvent.click(within(screen.getByTestId('review-j1')).getByRole('button', { name: 'Reject' }));
    const again = await screen.findByRole('dialog');
    fireEvent.change(within(again).getByLabelText(/Reason/), { target: { value: 'Asks for money' } });
    fireEvent.click(within(again).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(posts(calls)).toHaveLength(2));
    expect(posts(calls)[1]).toMatchObject({
      url: '/api/admin/jobs/j1/reject',
      body: { reason: 'Asks for money', updatedAt: EDITED_AT },
    });
    expect(await screen.findByText(`“${SCAM}” was rejected; the poster has been e-mailed.`)).toBeTruthy();
  });

  it('hackathons: a reject of one edited since is refused the same way', async () => {
    const { calls, edit } = serve(
      '/api/admin/hackathons',
      hackathon(),
      hackathon({ title: SCAM, updatedAt: EDITED_AT }),
      (_c, h) => ({ body: { ...h, status: 'published' } }),
    );
    render(<HackathonsPage />);
    const card = await screen.findByTestId('review-h1');
    edit();
    fireEvent.click(within(card).getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/Reason/), { target: { value: 'Dates unclear' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));

    await waitFor(() => expect(posts(calls)).toHaveLength(1));
    expect(posts(calls)[0]).toMatchObject({
      url: '/api/admin/hackathons/h1/reject',
      body: { reason: 'Dates unclear', updatedAt: READ_AT },
    });
    expect(await screen.findByText(ADMIN_MESSAGES.changedSinceReview)).toBeTruthy();
    await waitFor(() => expect(gets(calls, '/api/admin/hackathons')).toBe(2));
    expect(await screen.findByText(SCAM)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(within(screen.getByTestId('review-h1')).getByRole('button', { name: 'Approve' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(posts(calls)).toHaveLength(2));
    expect(posts(calls)[1]).toMatchObject({
      url: '/api/admin/hackathons/h1/approve',
      body: { updatedAt: EDITED_AT },
    });
  });

  it('any other refusal stays in the dialog, without reloading the queue', async () => {
    const calls = mockApi({
      'GET /api/admin/jobs': { body: [job()] },
      'POST /api/admin/jobs/j1/approve': {
        status: 409,
        body: { error: 'Already decided', message: 'Already decided', code: 'ALREADY_REVIEWED' },
      },
    });
    render(<JobsPage />);
    fireEvent.click(within(await screen.findByTestId('review-j1')).getByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain('Already decided');
    expect(screen.queryByText('Changed since you opened it')).toBeNull();
    expect(gets(calls, '/api/admin/jobs')).toBe(1);
  });
});
