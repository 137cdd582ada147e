import { type Question, QUESTION_TEXT } from '@agora/shared';
import { Notifications } from '@mantine/notifications';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearSession, setSession } from '../../../lib/auth-store';
import { aQuestion } from '../../../test/fixtures';
import { renderWithProviders, testUser } from '../../../test/render';
import { onApi } from '../../../test/server';
import { QuestionerPortalPage } from './questioner-portal-page';

// The signed-in test user's own questions.
const question = (over: Partial<Question>) =>
  aQuestion({ author: { id: testUser.id, displayName: testUser.displayName }, answerCount: 0, ...over });

function serve(questions: Question[], extra: Record<string, unknown> = {}) {
  // The list loads its next page when a sentinel scrolls into view; jsdom has no observer.
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
  onApi((request, url) => {
    const path = url.split('?')[0];
    const hit = extra[`${request.method} ${path}`];
    if (hit) return new Response(JSON.stringify(hit), { status: 200 });
    const body = path === '/api/questions' ? questions : { error: 'x', message: 'x', code: 'NOT_FOUND' };
    return new Response(JSON.stringify(body), {
      status: path === '/api/questions' ? 200 : 404,
      headers: { 'X-Total-Count': String(questions.length) },
    });
  });
}

describe('QuestionerPortalPage', { timeout: 30_000 }, () => {
  afterEach(() => {
    clearSession();
    vi.unstubAllGlobals();
  });

  it('offers Mark as Answered / Reopen on the author’s own questions, but not on one a moderator closed', async () => {
    setSession('t', testUser as never);
    serve([
      question({ _id: 'q1', title: 'Open question', status: 'open' }),
      question({ _id: 'q2', title: 'Answered question', status: 'answered' }),
      question({ _id: 'q3', title: 'Closed question', status: 'closed' }),
    ]);
    renderWithProviders(<QuestionerPortalPage />, { route: '/questioner-portal' });
    expect(await screen.findByText('Closed question')).toBeTruthy();
    expect(screen.getAllByRole('button', { name: 'Mark as Answered' })).toHaveLength(1);
    expect(screen.getAllByRole('button', { name: 'Reopen Question' })).toHaveLength(1);
    expect(screen.getByText(`${QUESTION_TEXT.closedByModerator}.`)).toBeTruthy();
  });

  it('confirms Mark as Answered with a toast', async () => {
    setSession('t', testUser as never);
    const q1 = question({ _id: 'q1', title: 'Open question', status: 'open' });
    serve([q1], { 'POST /api/questions/q1/mark-answered': { ...q1, status: 'answered' } });
    renderWithProviders(
      <>
        <Notifications />
        <QuestionerPortalPage />
      </>,
      { route: '/questioner-portal' },
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Mark as Answered' }));
    expect(await screen.findByText('Marked as answered')).toBeTruthy();
    expect(screen.getByText(/“Open question” is marked as answered/)).toBeTruthy();
  });

  it('offers only Pay and Delete on an unpaid question, and no Reopen once the reward was paid out', async () => {
    setSession('t', testUser as never);
    serve([
      question({
        _id: 'q1',
        title: 'Unpaid one',
        isPaid: false,
        paymentAmount: null,
        escrow: null,
        answerCount: 2,
      }),
      question({
        _id: 'q2',
        title: 'Paid out one',
        status: 'answered',
        rewardsDistributed: true,
        escrow: {
          state: 'auto-distributed',
          amount: 4000,
          heldAt: '2026-11-01T00:00:00.000Z',
          deadline: '2026-11-15T00:00:00.000Z',
          settledAt: '2026-11-15T00:00:30.000Z',
        },
      }),
    ]);
    renderWithProviders(<QuestionerPortalPage />, { route: '/questioner-portal' });
    expect(await screen.findByText('Unpaid one')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Mark as Answered' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reopen Question' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Rank with AI/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Pay ₹40.00' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Delete' })).toBeTruthy();
    expect(screen.getByText(`${QUESTION_TEXT.rewardPaidOut}.`)).toBeTruthy();
    expect(screen.getByText(/Auto-distributed/)).toBeTruthy();
  });

  it('offers Re-rank with AI while the reward is held, and not once it was paid out', async () => {
    setSession('t', testUser as never);
    const settled = {
      heldAt: '2026-11-01T00:00:00.000Z',
      deadline: '2026-11-15T00:00:00.000Z',
      amount: 4000,
    };
    serve([
      question({ _id: 'q1', title: 'Held and ranked', answerCount: 3, aiRanked: true }),
      question({
        _id: 'q2',
        title: 'Paid out and ranked',
        status: 'answered',
        answerCount: 3,
        aiRanked: true,
        rewardsDistributed: true,
        escrow: { ...settled, state: 'distributed', settledAt: '2026-11-03T00:00:00.000Z' },
      }),
    ]);
    renderWithProviders(<QuestionerPortalPage />, { route: '/questioner-portal' });
    expect(await screen.findByText('Paid out and ranked')).toBeTruthy();
    const cards = screen.getAllByTestId('own-question');
    const held = cards.find((c) => c.textContent?.includes('Held and ranked'))!;
    const paidOut = cards.find((c) => c.textContent?.includes('Paid out and ranked'))!;
    expect(within(held).getByRole('button', { name: /Re-rank with AI/ })).toBeTruthy();
    expect(within(paidOut).queryByRole('button', { name: /Rank with AI/i })).toBeNull();
    expect(within(paidOut).getByRole('link', { name: 'Rewards Already Distributed' })).toBeTruthy();
  });
});
