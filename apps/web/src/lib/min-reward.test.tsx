import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useMinReward as useAskFormMinReward } from '../features/questions/api/get-min-reward';
import { mockFetch, renderWithProviders } from '../test/render';
import { settingsKeys, useMinReward } from './min-reward';

/** What the ask form shows under its reward field. */
function AskFormHint() {
  const { minReward, loaded } = useAskFormMinReward();
  return loaded ? <p>Reward must be at least ₹{minReward}</p> : null;
}

/** What the admin settings form starts from (it reads the same module). */
function AdminSettingsReader() {
  const { minReward, loaded } = useMinReward();
  return loaded ? <p>Current minimum ₹{minReward}</p> : null;
}

// One app, one cache: the admin settings screen loads the setting first, then the ask form.
function Journey() {
  const [screenName, setScreen] = useState<'wallet' | 'ask'>('wallet');
  return screenName === 'wallet' ? (
    <>
      <AdminSettingsReader />
      <button type="button" onClick={() => setScreen('ask')}>
        Ask a question
      </button>
    </>
  ) : (
    <AskFormHint />
  );
}

describe('the minimum-reward setting', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('reads the same number on the admin settings screen and in the ask form, whichever loads first', async () => {
    const calls = mockFetch({ 'GET /api/settings/min-reward': { body: { minRewardAmount: 25 } } });
    const { queryClient } = renderWithProviders(<Journey />);
    expect(await screen.findByText('Current minimum ₹25')).toBeTruthy();
    expect(queryClient.getQueryData(settingsKeys.minReward())).toBe(25);
    fireEvent.click(screen.getByRole('button', { name: 'Ask a question' }));
    // The ask form reads the cached entry: a number, never "₹[object Object]".
    expect(await screen.findByText('Reward must be at least ₹25')).toBeTruthy();
    expect(screen.queryByText(/object Object/)).toBeNull();
    expect(calls.filter((c) => c.url.includes('/api/settings/min-reward'))).toHaveLength(1);
  });
});
