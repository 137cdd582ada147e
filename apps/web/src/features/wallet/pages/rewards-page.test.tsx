import { MSG, type RewardView } from '@agora/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setSession } from '../../../lib/auth-store';
import { renderWithProviders, testUser } from '../../../test/render';
import { mockApi } from '../../../test/server';
import { RewardsPage } from './rewards-page';

const Q = '11111111-1111-4111-8111-111111111111';
const answer = (id: string, name: string) => ({
  _id: id,
  content: `Answer by ${name}`,
  authorId: `user-${id}`,
  author: { id: `user-${id}`, displayName: name },
  createdAt: '2026-01-01T00:00:00.000Z',
});

function view(over: Partial<RewardView> = {}): RewardView {
  return {
    question: {
      _id: Q,
      title: 'Split me',
      description: 'd',
      category: 'Technology',
      status: 'open',
      isPaid: true,
      paymentAmount: 1000,
      rewardAmount: 1000,
      rewardsDistributedAt: null,
      answers: [answer('a1', 'Bina'), answer('a2', 'Chen'), answer('a3', 'Dev')],
    },
    payment: { amount: 1000 },
    rewards: [],
    totalDistributed: 0,
    remainingPercentage: 100,
    ...over,
  };
}

function renderPage() {
  return renderWithProviders(
    <Routes>
      <Route path="/question/:questionId/rewards" element={<RewardsPage />} />
    </Routes>,
    { route: `/question/${Q}/rewards` },
  );
}

describe('RewardsPage', { timeout: 30_000 }, () => {
  beforeEach(() => {
    localStorage.clear();
    setSession('token', testUser as never);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('previews an equal split with the remainder to the first selected, and sends it', async () => {
    const calls = mockApi({
      [`GET /api/questions/${Q}/rewards`]: { body: view() },
      'POST /api/rewards/distribute': { body: { rewards: [{}, {}, {}] } },
    });
    const { queryClient } = renderPage();
    // The Questioner Portal's list, cached from an earlier visit.
    const portalKey = ['questions', 'list', 'own', testUser.id];
    queryClient.setQueryData(portalKey, []);
    expect(await screen.findByTestId('reward-total')).toHaveProperty('textContent', '₹10.00');
    fireEvent.click(screen.getByRole('button', { name: 'Distribute Rewards' }));
    expect(await screen.findByText(MSG.selectAnswerToReward)).toBeTruthy();

    // Select Chen first, then Bina, then Dev: 34/33/33 with the extra percent to Chen.
    fireEvent.click(screen.getByRole('checkbox', { name: 'Reward the answer by Chen' }));
    expect(screen.getAllByTestId('reward-share').map((e) => e.textContent)).toEqual(['100% · ₹10.00']);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Reward the answer by Bina' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Reward the answer by Dev' }));
    // Listed in answer order: Bina, Chen, Dev.
    expect(screen.getAllByTestId('reward-share').map((e) => e.textContent)).toEqual([
      '33% · ₹3.30',
      '34% · ₹3.40',
      '33% · ₹3.30',
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Distribute Rewards' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      questionId: Q,
      rewards: [
        { answerId: 'a2', answererId: 'user-a2', percentage: 34 },
        { answerId: 'a1', answererId: 'user-a1', percentage: 33 },
        { answerId: 'a3', answererId: 'user-a3', percentage: 33 },
      ],
    });
    // The portal is refetched when next shown, not left saying the reward is undistributed.
    await waitFor(() => expect(queryClient.getQueryState(portalKey)?.isInvalidated).toBe(true));
  });

  it('locks everything once distributed', async () => {
    mockApi({
      [`GET /api/questions/${Q}/rewards`]: {
        body: view({
          rewards: [
            {
              _id: 'r1',
              questionId: Q,
              answerId: 'a1',
              answererId: 'user-a1',
              percentage: 100,
              amount: 1000,
              createdAt: '2026-01-02T00:00:00.000Z',
            },
          ],
          totalDistributed: 100,
          remainingPercentage: 0,
        }),
      },
    });
    renderPage();
    const button = await screen.findByRole('button', { name: 'Rewards Already Distributed' });
    expect(button).toHaveProperty('disabled', true);
    for (const box of screen.getAllByRole('checkbox')) expect(box).toHaveProperty('disabled', true);
    expect(screen.getByTestId('reward-distributed').textContent).toContain('100%');
    expect(screen.getAllByTestId('reward-share').map((e) => e.textContent)).toEqual(['100% · ₹10.00']);
  });

  it('shows the fallback screen when the question cannot be loaded', async () => {
    mockApi({});
    renderPage();
    expect(await screen.findByText('Failed to load question data')).toBeTruthy();
    expect(screen.getByRole('link', { name: /Back to Questioner Portal/ }).getAttribute('href')).toBe(
      '/questioner-portal',
    );
  });
});
