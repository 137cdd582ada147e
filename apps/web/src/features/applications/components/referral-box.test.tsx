import { CAREER_MESSAGES, type Job, type ReferralRequest, type ReferralStatus } from '@agora/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clearSession, setSession } from '../../../lib/auth-store';
import { aJob, anApplication } from '../../../test/fixtures';
import { renderWithProviders, testUser } from '../../../test/render';
import { onApi } from '../../../test/server';
import { ApplicantCard } from './applicant-card';
import { ApplicationReferrals } from './application-referrals';
import { ReferralBox } from './referral-box';

const NETWORK: Job['network'] = [
  { id: 'u-bob', displayName: 'Bob Stone', headline: 'Staff engineer, payments' },
  { id: 'u-cat', displayName: 'Cat Ruiz', headline: null },
];

const request = (referrerId: string, displayName: string, status: ReferralStatus): ReferralRequest => ({
  _id: `r-${referrerId}`,
  application: { _id: 'a1' },
  job: { _id: 'j1', title: 'Backend Engineer', company: 'Acme' },
  applicant: { id: testUser.id, displayName: testUser.displayName },
  referrer: { id: referrerId, displayName },
  message: null,
  status,
  createdAt: '2026-03-01T10:00:00.000Z',
  answeredAt: null,
});

/** The applicant's requests for a1 (Bob accepted already); POST records what was sent and adds it. */
function serve() {
  const sent: unknown[] = [];
  const requests = [request('u-bob', 'Bob Stone', 'accepted')];
  onApi(async (req, url) => {
    if (url !== '/api/applications/a1/referral-requests') return undefined;
    if (req.method === 'GET') return Response.json({ referralRequests: requests });
    const body = (await req.json()) as { userId: string };
    sent.push(body);
    const created = request(body.userId, 'Cat Ruiz', 'pending');
    requests.push(created);
    return Response.json({ referralRequest: created }, { status: 201 });
  });
  return sent;
}

const applied = { _id: 'a1', status: 'submitted' as const, createdAt: '2026-03-01T10:00:00.000Z' };

describe('the referral box on the job page', { timeout: 30_000 }, () => {
  beforeEach(() => setSession('tok', testUser));
  afterEach(() => clearSession());

  it('lists the people the viewer knows at the company, with each referral’s status, and asks one', async () => {
    const sent = serve();
    renderWithProviders(<ReferralBox job={aJob({ network: NETWORK, myApplication: applied })} />);
    expect(await screen.findByRole('heading', { name: 'People you know at Acme' })).toBeTruthy();
    expect(screen.getByText('Staff engineer, payments')).toBeTruthy();
    const bob = screen.getByText('Bob Stone').closest('li')!;
    expect(await within(bob).findByText('Accepted')).toBeTruthy();
    expect(within(bob).queryByRole('button')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Ask Cat Ruiz for a referral' }));
    fireEvent.change(screen.getByLabelText('Message to Cat Ruiz (optional)'), {
      target: { value: '  We worked together at Initech.  ' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Send request' }));
    await waitFor(() =>
      expect(sent).toEqual([{ userId: 'u-cat', message: 'We worked together at Initech.' }]),
    );
    const cat = screen.getByText('Cat Ruiz').closest('li')!;
    expect(await within(cat).findByText('Requested')).toBeTruthy();
  });

  it('shows the server’s refusal in the form', async () => {
    onApi((req, url) => {
      if (url !== '/api/applications/a1/referral-requests') return undefined;
      if (req.method === 'GET') return Response.json({ referralRequests: [] });
      return Response.json(
        { error: CAREER_MESSAGES.notInNetwork, message: CAREER_MESSAGES.notInNetwork, code: 'FORBIDDEN' },
        { status: 403 },
      );
    });
    renderWithProviders(<ReferralBox job={aJob({ network: NETWORK, myApplication: applied })} />);
    fireEvent.click(screen.getByRole('button', { name: 'Ask Bob Stone for a referral' }));
    fireEvent.click(screen.getByRole('button', { name: 'Send request' }));
    expect((await screen.findByRole('alert')).textContent).toContain(CAREER_MESSAGES.notInNetwork);
  });

  it('offers no asking before the viewer applies, and shows nothing without a network', () => {
    const { unmount } = renderWithProviders(
      <ReferralBox job={aJob({ network: NETWORK, myApplication: null })} />,
    );
    expect(screen.getByText('Once you have applied, you can ask them for a referral.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /for a referral/ })).toBeNull();
    unmount();
    const second = renderWithProviders(<ReferralBox job={aJob({ network: [], myApplication: applied })} />);
    expect(screen.queryByTestId('referral-box')).toBeNull();
    second.unmount();
    // The poster's own job: nobody to be referred to.
    const own = aJob({ network: NETWORK, author: { id: testUser.id, displayName: testUser.displayName } });
    renderWithProviders(<ReferralBox job={own} />);
    expect(screen.queryByTestId('referral-box')).toBeNull();
  });
});

describe('referrals on My Applications', { timeout: 30_000 }, () => {
  beforeEach(() => setSession('tok', testUser));
  afterEach(() => clearSession());

  it('shows each referral request as a chip and loads the network to ask someone else', async () => {
    onApi((req, url) =>
      req.method === 'GET' && url === '/api/jobs/j1'
        ? Response.json(aJob({ network: NETWORK, myApplication: applied }))
        : undefined,
    );
    const a = anApplication({
      applicant: { id: testUser.id, displayName: testUser.displayName },
      referrals: [{ _id: 'r1', referrer: { id: 'u-bob', displayName: 'Bob Stone' }, status: 'declined' }],
    });
    renderWithProviders(<ApplicationReferrals application={a} />);
    expect(screen.getByTestId('referral-chip').textContent).toContain('Bob Stone: Declined');
    fireEvent.click(screen.getByRole('button', { name: 'Ask someone else for a referral' }));
    const cat = (await screen.findByText('Cat Ruiz')).closest('li')!;
    expect(within(cat).getByRole('button', { name: 'Ask Cat Ruiz for a referral' })).toBeTruthy();
    expect(
      within(screen.getByText('Bob Stone', { selector: 'p' }).closest('li')!).getByText('Declined'),
    ).toBeTruthy();
  });
});

describe('referrals in the poster’s pipeline', () => {
  it('shows who referred an applicant, and nothing when nobody has', () => {
    const referred = anApplication({ referredBy: { id: 'u-bob', displayName: 'Bob Stone' } });
    const { unmount } = renderWithProviders(<ApplicantCard application={referred} questions={[]} />);
    expect(screen.getByTestId('referred-by').textContent).toBe('Referred by Bob Stone');
    unmount();
    renderWithProviders(<ApplicantCard application={anApplication({ referredBy: null })} questions={[]} />);
    expect(screen.queryByTestId('referred-by')).toBeNull();
  });
});
