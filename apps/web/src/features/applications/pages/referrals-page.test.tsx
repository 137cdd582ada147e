import type { ReferralRequest } from '@agora/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clearSession, setSession } from '../../../lib/auth-store';
import { renderWithProviders, testUser } from '../../../test/render';
import { onApi } from '../../../test/server';
import { ReferralsPage } from './referrals-page';

const asked = (id: string, name: string, over: Partial<ReferralRequest> = {}): ReferralRequest => ({
  _id: id,
  application: { _id: `a-${id}` },
  job: { _id: 'j1', title: 'Backend Engineer', company: 'Acme' },
  applicant: { id: `u-${id}`, displayName: name },
  referrer: { id: testUser.id, displayName: testUser.displayName },
  message: null,
  status: 'pending',
  createdAt: '2026-03-01T10:00:00.000Z',
  answeredAt: null,
  ...over,
});

describe('Referral requests sent to me', { timeout: 30_000 }, () => {
  beforeEach(() => setSession('tok', testUser));
  afterEach(() => clearSession());

  it('lists who asks, for which job, with their message, and accepts one', async () => {
    const answered: string[] = [];
    let list = [
      asked('r2', 'Ravi Kumar', { message: 'We shipped the payments API together.' }),
      asked('r1', 'Meera Shah', { status: 'declined', answeredAt: '2026-03-02T10:00:00.000Z' }),
    ];
    onApi((request, url) => {
      if (request.method === 'GET' && url.startsWith('/api/referral-requests')) {
        return Response.json({ referralRequests: list });
      }
      const m = /^\/api\/referral-requests\/(\w+)\/(accept|decline)$/.exec(url);
      if (request.method === 'POST' && m) {
        answered.push(`${m[1]} ${m[2]}`);
        list = list.map((r) => (r._id === m[1] ? { ...r, status: 'accepted' as const } : r));
        return Response.json({ referralRequest: list.find((r) => r._id === m[1]) });
      }
      return undefined;
    });
    renderWithProviders(<ReferralsPage />);
    const ravi = (await screen.findByText('Ravi Kumar asks you for a referral')).closest('article')!;
    expect(within(ravi).getByRole('link', { name: 'Backend Engineer' }).getAttribute('href')).toBe('/job/j1');
    expect(within(ravi).getByText('“We shipped the payments API together.”')).toBeTruthy();
    const meera = screen.getByText('Meera Shah asks you for a referral').closest('article')!;
    expect(within(meera).getByText('Declined')).toBeTruthy();
    expect(within(meera).queryByRole('button')).toBeNull();

    fireEvent.click(within(ravi).getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(answered).toEqual(['r2 accept']));
    expect(await within(ravi).findByText('Accepted')).toBeTruthy();
    expect(within(ravi).queryByRole('button', { name: 'Accept' })).toBeNull();
  });

  it('says so when nobody has asked', async () => {
    onApi((request, url) =>
      request.method === 'GET' && url.startsWith('/api/referral-requests')
        ? Response.json({ referralRequests: [] })
        : undefined,
    );
    renderWithProviders(<ReferralsPage />);
    expect(await screen.findByText('No referral requests')).toBeTruthy();
  });
});
