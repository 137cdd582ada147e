import { DAY_MS, OVERVIEW_SERIES, type Overview, uploadsSiteCapAlert } from '@agora/shared';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { clearSession, setSession } from '../../../lib/auth-store';
import { renderWithProviders, testUser } from '../../../test/render';
import { mockApi } from '../../../test/server';
import { lastDays } from '../lib/range';
import { OverviewPage } from './overview-page';

function overview(alerts: Overview['alerts']): Overview {
  const { from, to } = lastDays(30);
  const days = Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS) + 1;
  const zero = Object.fromEntries(OVERVIEW_SERIES.map((k) => [k, 0])) as Overview['rangeTotals'];
  return {
    from,
    to,
    totals: {
      ...zero,
      users: 3,
      pendingHackathons: 0,
      pendingJobs: 0,
      pendingWithdrawals: 0,
      mailPending: 0,
      mailFailed: 0,
    },
    rangeTotals: zero,
    series: Object.fromEntries(OVERVIEW_SERIES.map((k) => [k, Array(days).fill(0)])) as Overview['series'],
    alerts,
  };
}

describe('admin overview: alerts', () => {
  afterEach(() => clearSession());

  it("shows the server's alert above the figures", async () => {
    setSession('t', { ...testUser, role: 'admin' } as never);
    const message = uploadsSiteCapAlert('2.1 GB', '2 GB');
    mockApi({ 'GET /api/admin/overview': { body: overview([{ code: 'UPLOADS_SITE_CAP', message }]) } });
    renderWithProviders(<OverviewPage />);
    expect(await screen.findByText(message)).toBeTruthy();
    expect(screen.getByText('Many uploads are waiting to be used')).toBeTruthy();
  });

  it('shows none when all is well', async () => {
    setSession('t', { ...testUser, role: 'admin' } as never);
    mockApi({ 'GET /api/admin/overview': { body: overview([]) } });
    renderWithProviders(<OverviewPage />);
    expect(await screen.findByText('Users')).toBeTruthy();
    expect(screen.queryByText('Many uploads are waiting to be used')).toBeNull();
  });
});
