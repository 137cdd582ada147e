import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { clearSession, setSession } from '../../../lib/auth-store';
import { renderWithProviders, testUser } from '../../../test/render';
import { type ApiCall, mockApi } from '../../../test/server';
import { SettingsPage } from './settings-page';

const input = () => screen.getByLabelText('Minimum reward (₹)') as HTMLInputElement;
const puts = (calls: ApiCall[]) => calls.filter((c) => c.method === 'PUT');

function serve(put: (call: ApiCall) => { status?: number; body?: unknown }) {
  return mockApi({
    'GET /api/settings/min-reward': { body: { minRewardAmount: 25 } },
    'GET /api/admin/overview': {
      status: 403,
      body: { error: 'Forbidden', message: 'No', code: 'FORBIDDEN' },
    },
    'PUT /api/admin/settings/min-reward': put,
  });
}

async function setTo(value: string) {
  await waitFor(() => expect(input().value).toBe('25'));
  fireEvent.change(input(), { target: { value } });
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
}

describe('admin settings: the minimum-reward form (@mantine/form, MinRewardBody rule)', () => {
  afterEach(() => clearSession());

  it('an out-of-range value is told on the field and nothing is saved', async () => {
    setSession('t', { ...testUser, role: 'admin' } as never);
    const calls = serve(() => ({ body: { minRewardAmount: 0 } }));
    renderWithProviders(<SettingsPage />);
    await setTo('0');
    expect(await screen.findByText('Enter a whole number of rupees between 1 and 100000')).toBeTruthy();
    expect(puts(calls)).toHaveLength(0);
  });

  it('a valid value is saved as whole rupees and the settings are read again', async () => {
    setSession('t', { ...testUser, role: 'admin' } as never);
    const calls = serve((c) => ({ body: c.body }));
    renderWithProviders(<SettingsPage />);
    await setTo('40');
    await waitFor(() => expect(puts(calls)).toHaveLength(1));
    expect(puts(calls)[0]!.body).toEqual({ minRewardAmount: 40 });
    await waitFor(() =>
      expect(calls.filter((c) => c.url.startsWith('/api/settings/min-reward')).length).toBe(2),
    );
    expect(screen.queryByText('Enter a whole number of rupees between 1 and 100000')).toBeNull();
  });

  it("the server's refusal is shown on the field", async () => {
    setSession('t', { ...testUser, role: 'admin' } as never);
    serve(() => ({
      status: 400,
      body: { error: 'The minimum reward must be at most 100000 rupees', code: 'VALIDATION_ERROR' },
    }));
    renderWithProviders(<SettingsPage />);
    await setTo('50');
    expect(await screen.findByText('The minimum reward must be at most 100000 rupees')).toBeTruthy();
  });
});
