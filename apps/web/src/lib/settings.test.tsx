import { QUESTION_TEXT } from '@agora/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { type ReactNode, useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { SettingsPage } from '../features/admin/pages/settings-page';
import { AskQuestionForm } from '../features/questions/components/ask-question-form';
import { renderWithProviders, testUser } from '../test/render';
import { mockApi } from '../test/server';
import { clearSession, setSession } from './auth-store';
import { settingsKeys } from './settings';

/** One app, one cache: `first` is shown, then (after the click) `second`. */
function Journey({ first, second }: { first: ReactNode; second: ReactNode }) {
  const [step, setStep] = useState(0);
  return step === 0 ? (
    <>
      {first}
      <button type="button" onClick={() => setStep(1)}>
        Next screen
      </button>
    </>
  ) : (
    second
  );
}

const serve = () =>
  mockApi({
    'GET /api/settings/min-reward': { body: { minRewardAmount: 25 } },
    'GET /api/settings/payments': { body: { testMode: true, provider: 'sandbox' } },
    'GET /api/questions/categories': { body: [] },
  });

const askForm = <AskQuestionForm mode="inline" onCancel={() => {}} />;
const minRewardInput = () => screen.getByLabelText('Minimum reward (₹)') as HTMLInputElement;

describe('the minimum-reward setting (one settings module, one shape per key)', () => {
  afterEach(() => clearSession());

  it('admin settings first, then the ask form: both read ₹25', async () => {
    setSession('t', { ...testUser, role: 'admin' } as never);
    const calls = serve();
    const { queryClient } = renderWithProviders(<Journey first={<SettingsPage />} second={askForm} />);
    await waitFor(() => expect(minRewardInput().value).toBe('25'));
    expect(queryClient.getQueryData(settingsKeys.minReward())).toBe(25);
    fireEvent.click(screen.getByRole('button', { name: 'Next screen' }));
    // The ask form reads the cached entry: a number, never "₹[object Object]".
    expect(await screen.findByText(QUESTION_TEXT.rewardLimits(25))).toBeTruthy();
    expect(screen.queryByText(/object Object/)).toBeNull();
    expect(calls.filter((c) => c.url.startsWith('/api/settings/min-reward'))).toHaveLength(1);
  });

  it('the ask form first, then admin settings: both read ₹25', async () => {
    setSession('t', { ...testUser, role: 'admin' } as never);
    const calls = serve();
    const { queryClient } = renderWithProviders(<Journey first={askForm} second={<SettingsPage />} />);
    expect(await screen.findByText(QUESTION_TEXT.rewardLimits(25))).toBeTruthy();
    expect(queryClient.getQueryData(settingsKeys.minReward())).toBe(25);
    fireEvent.click(screen.getByRole('button', { name: 'Next screen' }));
    await waitFor(() => expect(minRewardInput().value).toBe('25'));
    expect(screen.queryByText(/object Object/)).toBeNull();
    expect(calls.filter((c) => c.url.startsWith('/api/settings/min-reward'))).toHaveLength(1);
  });
});
