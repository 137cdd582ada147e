import { MSG, QUESTION_TEXT, REWARD_SPLIT_TEXT, type RewardView, splitPaise } from '@agora/shared';
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
      escrowState: 'held',
      acceptanceCriteria: null,
      answers: [answer('a1', 'Bina'), answer('a2', 'Chen'), answer('a3', 'Dev')],
    },
    payment: { amount: 1000 },
    rewards: [],
    totalDistributed: 0,
    remainingPercentage: 100,
    suggestedSplit: null,
    ...over,
  };
}

/** ₹33.33: the amount where a rounding slip would show. */
const odd = (over: Partial<RewardView> = {}) => {
  const base = view();
  return view({
    question: { ...base.question, paymentAmount: 3333, rewardAmount: 3300 },
    payment: { amount: 3333 },
    ...over,
  });
};

/** What the one money formatter shows for paise (the page's own formatter). */
const inr = (paise: number) =>
  new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 2 }).format(
    paise / 100,
  );

const percentInput = (name: string) => screen.getByRole('textbox', { name: `Percentage for ${name}` });
const setPercent = (name: string, value: string) =>
  fireEvent.change(percentInput(name), { target: { value } });
const shareTexts = () => screen.getAllByTestId('reward-share').map((e) => e.textContent);

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
          question: { ...view().question, escrowState: 'distributed' },
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

  it('edits each chosen answer’s percentage: 70/30 of ₹33.33, previewed to the paisa as the server splits it', async () => {
    const calls = mockApi({
      [`GET /api/questions/${Q}/rewards`]: { body: odd() },
      'POST /api/rewards/distribute': { body: { rewards: [{}, {}] } },
    });
    renderPage();
    expect(await screen.findByTestId('reward-total')).toHaveProperty('textContent', '₹33.33');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Reward the answer by Chen' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Reward the answer by Bina' }));
    // Equal to start with (spec 01 §5), the leftover to the first selected (Chen).
    expect((percentInput('Chen') as HTMLInputElement).value).toBe('50%');
    setPercent('Chen', '70');
    setPercent('Bina', '30');
    const [chen, bina] = splitPaise(3333, [70, 30]);
    // Listed in answer order: Bina, Chen.
    expect(shareTexts()).toEqual([`30% · ${inr(bina!)}`, `70% · ${inr(chen!)}`]);
    expect(shareTexts()).toEqual(['30% · ₹9.99', '70% · ₹23.34']);
    expect(screen.getByTestId('split-total').textContent).toContain('100% of 100% allocated');
    expect(screen.getByTestId('reward-remaining').textContent).toBe('0% remaining');
    fireEvent.click(screen.getByRole('button', { name: 'Distribute Rewards' }));
    expect(await screen.findByText('Chen: 70% · ₹23.34')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      questionId: Q,
      rewards: [
        { answerId: 'a2', answererId: 'user-a2', percentage: 70 },
        { answerId: 'a1', answererId: 'user-a1', percentage: 30 },
      ],
    });
  });

  it('refuses a total other than 100 and sends nothing; "Split equally" puts it right', async () => {
    const calls = mockApi({ [`GET /api/questions/${Q}/rewards`]: { body: odd() } });
    renderPage();
    await screen.findByTestId('reward-total');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Reward the answer by Bina' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Reward the answer by Dev' }));
    setPercent('Bina', '70');
    setPercent('Dev', '20');
    expect(screen.getByTestId('reward-remaining').textContent).toBe('10% remaining');
    fireEvent.click(screen.getByRole('button', { name: 'Distribute Rewards' }));
    expect(await screen.findByText(REWARD_SPLIT_TEXT.totalNot100(90))).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Confirm' })).toBeNull();
    setPercent('Dev', '40');
    fireEvent.click(screen.getByRole('button', { name: 'Distribute Rewards' }));
    expect(await screen.findByText(REWARD_SPLIT_TEXT.totalNot100(110))).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: REWARD_SPLIT_TEXT.splitEqually }));
    expect(shareTexts()).toEqual(['50% · ₹16.67', '50% · ₹16.66']);
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('starts from the split the AI ranking suggests, and shows the asker’s criteria', async () => {
    mockApi({
      [`GET /api/questions/${Q}/rewards`]: {
        body: odd({
          question: { ...odd().question, acceptanceCriteria: 'Runnable code, and why it works.' },
          suggestedSplit: [
            { answerId: 'a3', percent: 54 },
            { answerId: 'a1', percent: 46 },
          ],
        }),
      },
    });
    renderPage();
    expect(await screen.findByText(REWARD_SPLIT_TEXT.suggestedNote)).toBeTruthy();
    expect(screen.getByText(QUESTION_TEXT.acceptanceCriteriaHeading)).toBeTruthy();
    expect(screen.getByTestId('acceptance-criteria').textContent).toBe('Runnable code, and why it works.');
    const [dev, bina] = splitPaise(3333, [54, 46]);
    expect(shareTexts()).toEqual([`46% · ${inr(bina!)}`, `54% · ${inr(dev!)}`]);
    expect(screen.getByRole('checkbox', { name: 'Reward the answer by Dev' })).toHaveProperty(
      'checked',
      true,
    );
    expect(screen.getByRole('checkbox', { name: 'Reward the answer by Chen' })).toHaveProperty(
      'checked',
      false,
    );
    fireEvent.click(screen.getByRole('button', { name: REWARD_SPLIT_TEXT.splitEqually }));
    expect(shareTexts()).toEqual(['50% · ₹16.66', '50% · ₹16.67']);
  });

  it('after payout shows who got what and truthful figures, with nothing left to edit', async () => {
    const at = '2026-01-02T00:00:00.000Z';
    const base = odd();
    mockApi({
      [`GET /api/questions/${Q}/rewards`]: {
        body: odd({
          question: {
            ...base.question,
            escrowState: 'distributed',
            rewardsDistributedAt: at,
            status: 'answered',
          },
          rewards: [
            {
              _id: 'r1',
              questionId: Q,
              answerId: 'a2',
              answererId: 'user-a2',
              percentage: 70,
              amount: 2334,
              createdAt: at,
            },
            {
              _id: 'r2',
              questionId: Q,
              answerId: 'a1',
              answererId: 'user-a1',
              percentage: 30,
              amount: 999,
              createdAt: at,
            },
          ],
          totalDistributed: 100,
          remainingPercentage: 0,
          suggestedSplit: [{ answerId: 'a3', percent: 100 }],
        }),
      },
    });
    renderPage();
    const rows = await screen.findAllByTestId('distribution-row');
    expect(rows.map((r) => r.textContent)).toEqual(['Chen70%₹23.34', 'Bina30%₹9.99']);
    expect(screen.getByTestId('reward-available').textContent).toBe('0% available');
    expect(screen.getByTestId('reward-distributed').textContent).toBe('100% distributed');
    expect(screen.getByTestId('reward-remaining').textContent).toBe('0% remaining');
    expect(screen.queryByRole('textbox', { name: /Percentage for/ })).toBeNull();
    expect(screen.queryByRole('button', { name: REWARD_SPLIT_TEXT.splitEqually })).toBeNull();
    expect(screen.queryByText(REWARD_SPLIT_TEXT.suggestedNote)).toBeNull();
    expect(screen.getByRole('button', { name: 'Rewards Already Distributed' })).toHaveProperty(
      'disabled',
      true,
    );
  });

  it('before payout: 100% available, nothing distributed, all of it still to assign', async () => {
    mockApi({ [`GET /api/questions/${Q}/rewards`]: { body: view() } });
    renderPage();
    expect((await screen.findByTestId('reward-available')).textContent).toBe('100% available');
    expect(screen.getByTestId('reward-distributed').textContent).toBe('0% distributed');
    expect(screen.getByTestId('reward-remaining').textContent).toBe('100% remaining');
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
