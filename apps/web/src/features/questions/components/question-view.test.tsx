import { MSG, QUESTION_TEXT } from '@agora/shared';
import { screen } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { clearSession, setSession } from '../../../lib/auth-store';
import { aQuestion } from '../../../test/fixtures';
import { renderWithProviders, testUser } from '../../../test/render';
import { server } from '../../../test/server';
import { QuestionView } from './question-view';

const HOUR = 3_600_000;

function serve(question: ReturnType<typeof aQuestion>) {
  server.use(http.get('/api/questions/q1', () => HttpResponse.json(question)));
  renderWithProviders(<QuestionView id="q1" mode="page" />);
}

const held = (deadlineFromNow: number) => ({
  state: 'held' as const,
  amount: 4000,
  heldAt: new Date(Date.now() - 24 * HOUR).toISOString(),
  deadline: new Date(Date.now() + deadlineFromNow).toISOString(),
  settledAt: null,
});

describe('QuestionView: who may answer, and why not', { timeout: 30_000 }, () => {
  afterEach(() => clearSession());

  it('says the deadline has passed instead of offering the answer form (the server refuses then)', async () => {
    setSession('token', { ...testUser, id: 'u2', _id: 'u2' } as never);
    serve(aQuestion({ author: { id: 'u1', displayName: 'Quinn' }, answerCount: 0, escrow: held(-HOUR) }));
    expect((await screen.findByTestId('answers-closed')).textContent).toBe(
      QUESTION_TEXT.answersAfterDeadline,
    );
    expect(screen.queryByRole('button', { name: /submit answer/i })).toBeNull();
  });

  it('does not invite visitors to sign in and answer a question whose reward was paid out', async () => {
    serve(
      aQuestion({
        status: 'answered',
        rewardsDistributed: true,
        escrow: { ...held(HOUR), state: 'distributed', settledAt: new Date().toISOString() },
      }),
    );
    expect((await screen.findByTestId('answers-closed')).textContent).toBe(QUESTION_TEXT.rewardPaidOut);
    expect(screen.queryByRole('button', { name: MSG.signInToAnswer })).toBeNull();
  });

  it('invites visitors to sign in while the reward is held and its deadline ahead', async () => {
    serve(aQuestion({ escrow: held(HOUR) }));
    expect((await screen.findAllByRole('button', { name: MSG.signInToAnswer })).length).toBe(1);
    expect(screen.queryByTestId('answers-closed')).toBeNull();
  });

  it('shows the asker’s acceptance criteria above the answers and the way to answer', async () => {
    serve(aQuestion({ escrow: held(HOUR), acceptanceCriteria: 'Runnable code,\nand why it works.' }));
    const criteria = await screen.findByTestId('acceptance-criteria');
    expect(criteria.textContent).toContain(QUESTION_TEXT.acceptanceCriteriaHeading);
    expect(criteria.textContent).toContain('Runnable code,\nand why it works.');
    const signIn = screen.getByRole('button', { name: MSG.signInToAnswer });
    expect(criteria.compareDocumentPosition(signIn) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('shows no criteria block when the asker stated none', async () => {
    serve(aQuestion({ escrow: held(HOUR) }));
    await screen.findByRole('button', { name: MSG.signInToAnswer });
    expect(screen.queryByTestId('acceptance-criteria')).toBeNull();
  });
});
