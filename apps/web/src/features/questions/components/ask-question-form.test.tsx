import { MSG, QUESTION_TEXT } from '@agora/shared';
import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearSession, setSession } from '../../../lib/auth-store';
import { aQuestion } from '../../../test/fixtures';
import { renderWithProviders, testUser } from '../../../test/render';
import { onApi } from '../../../test/server';

// The payment step is the payments area's: here it only reports how the checkout ended.
const checkout = vi.hoisted(() => ({ outcome: 'cancel' as 'cancel' | 'paid', mounts: [] as string[] }));
vi.mock('../../payments/components/payment-step', () => ({
  PaymentStep: (p: {
    questionId: string;
    amountRupees: number;
    onCancel: () => void;
    onPaid: () => void;
  }) => {
    checkout.mounts.push(`${p.questionId}:${p.amountRupees}`);
    queueMicrotask(() => (checkout.outcome === 'cancel' ? p.onCancel() : p.onPaid()));
    return null;
  },
}));

import { AskQuestionForm } from './ask-question-form';
import { RequireQuestioner } from './require-questioner';

// The /ask-question page: the form under its sign-in guard (the test router renders every path).
function AskPage() {
  if (useLocation().pathname !== '/ask-question') return null;
  return (
    <RequireQuestioner>
      <AskQuestionForm mode="window" onCancel={() => {}} />
    </RequireQuestioner>
  );
}

function serve() {
  const created: unknown[] = [];
  onApi(async (request, url) => {
    const path = url.split('?')[0];
    if (path === '/api/settings/min-reward') return Response.json({ minRewardAmount: 10 });
    if (path === '/api/questions' && request.method === 'POST') {
      created.push(await request.json());
      return Response.json(aQuestion({ _id: 'saved-1', title: 'Saved question', isPaid: false }), {
        status: 201,
      });
    }
    return Response.json([]);
  });
  return created;
}

describe('AskQuestionForm', { timeout: 30_000 }, () => {
  afterEach(() => {
    clearSession();
    vi.unstubAllGlobals();
    checkout.mounts = [];
  });

  it('shows every required field’s error at once, inline, each field named', async () => {
    setSession('t', testUser as never);
    const created = serve();
    renderWithProviders(<AskQuestionForm mode="inline" onCancel={() => {}} />);
    fireEvent.click(screen.getByRole('button', { name: 'Create Question & Pay' }));
    for (const msg of ['Title is required', 'Description is required', 'Category is required']) {
      expect(await screen.findByText(msg)).toBeTruthy();
    }
    expect(created).toHaveLength(0);
  });

  /** Fills the required fields so that only the reward or the criteria can be wrong. */
  async function fillRequired() {
    fireEvent.change(screen.getByLabelText(/Subject/), { target: { value: 'Saved question' } });
    fireEvent.change(screen.getByLabelText(/Description/), { target: { value: 'Details' } });
    fireEvent.click(screen.getByRole('combobox', { name: /Category/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'Business' }));
  }

  it('states the reward’s limits and refuses one above the maximum as typed: never replaced, never sent', async () => {
    setSession('t', testUser as never);
    const created = serve();
    renderWithProviders(<AskQuestionForm mode="inline" onCancel={() => {}} />);
    expect(await screen.findByText(QUESTION_TEXT.rewardLimits(10))).toBeTruthy();
    expect(QUESTION_TEXT.rewardLimits(10)).toContain('₹10,00,000');
    await fillRequired();
    const reward = screen.getByLabelText(/Reward/) as HTMLInputElement;
    fireEvent.change(reward, { target: { value: '99999999' } });
    fireEvent.blur(reward);
    expect(await screen.findByText(QUESTION_TEXT.rewardTooLarge)).toBeTruthy();
    expect(reward.value).toBe('99999999');
    fireEvent.click(screen.getByRole('button', { name: 'Create Question & Pay' }));
    await waitFor(() => expect(reward.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText(QUESTION_TEXT.rewardTooLarge)).toBeTruthy();
    expect(reward.value).toBe('99999999');
    expect(created).toHaveLength(0);
    expect(checkout.mounts).toEqual([]);
  });

  it('refuses a reward below the minimum with the shared message, and sends exactly the number typed', async () => {
    setSession('t', testUser as never);
    const created = serve();
    renderWithProviders(<AskQuestionForm mode="inline" onCancel={() => {}} />);
    await fillRequired();
    const reward = screen.getByLabelText(/Reward/) as HTMLInputElement;
    fireEvent.change(reward, { target: { value: '5' } });
    fireEvent.blur(reward);
    expect(await screen.findByText(QUESTION_TEXT.rewardTooSmall(10))).toBeTruthy();
    expect(reward.value).toBe('5');
    fireEvent.click(screen.getByRole('button', { name: 'Create Question & Pay' }));
    expect(created).toHaveLength(0);
    fireEvent.change(reward, { target: { value: '1000000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create Question & Pay' }));
    await waitFor(() => expect(created).toHaveLength(1));
    expect(created[0]).toMatchObject({ reward: 1_000_000 });
    await waitFor(() => expect(checkout.mounts).toEqual(['saved-1:1000000']));
  });

  it('takes optional acceptance criteria: over 500 characters is refused, otherwise sent trimmed', async () => {
    setSession('t', testUser as never);
    const created = serve();
    renderWithProviders(<AskQuestionForm mode="inline" onCancel={() => {}} />);
    await fillRequired();
    const criteria = screen.getByPlaceholderText(QUESTION_TEXT.acceptanceCriteriaPlaceholder);
    expect(screen.getByLabelText(QUESTION_TEXT.acceptanceCriteriaLabel)).toBe(criteria);
    fireEvent.change(criteria, { target: { value: 'x'.repeat(501) } });
    fireEvent.click(screen.getByRole('button', { name: 'Create Question & Pay' }));
    expect(await screen.findAllByText(QUESTION_TEXT.acceptanceCriteriaTooLong)).not.toHaveLength(0);
    expect(created).toHaveLength(0);
    fireEvent.change(criteria, { target: { value: '  A rewarded answer must include runnable code.  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create Question & Pay' }));
    await waitFor(() => expect(created).toHaveLength(1));
    expect(created[0]).toMatchObject({ acceptanceCriteria: 'A rewarded answer must include runnable code.' });
  });

  it('keeps the saved question after a cancelled checkout: the button pays it, no copy is created', async () => {
    setSession('t', testUser as never);
    const created = serve();
    renderWithProviders(<AskQuestionForm mode="inline" onCancel={() => {}} />);
    fireEvent.change(screen.getByLabelText(/Subject/), { target: { value: 'Saved question' } });
    fireEvent.change(screen.getByLabelText(/Description/), { target: { value: 'Details' } });
    fireEvent.change(screen.getByLabelText(/Reward/), { target: { value: '25' } });
    fireEvent.click(screen.getByRole('combobox', { name: /Category/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'Business' }));
    fireEvent.click(screen.getByRole('button', { name: 'Create Question & Pay' }));
    const pay = await screen.findByRole('button', { name: 'Pay ₹25.00' });
    expect(screen.getByTestId('saved-unpaid')).toBeTruthy();
    checkout.outcome = 'paid';
    fireEvent.click(pay);
    await waitFor(() => expect(checkout.mounts).toEqual(['saved-1:25', 'saved-1:25']));
    expect(created).toHaveLength(1);
    expect(created[0]).toMatchObject({ title: 'Saved question', reward: 25, category: 'Business' });
  });

  it('tells why the server refused the question: ten unpaid questions already', async () => {
    setSession('t', testUser as never);
    const show = vi.spyOn(notifications, 'show');
    onApi((request, url) => {
      const path = url.split('?')[0];
      if (path === '/api/settings/min-reward') return Response.json({ minRewardAmount: 10 });
      if (path === '/api/questions' && request.method === 'POST') {
        const message = QUESTION_TEXT.tooManyUnpaid;
        return Response.json({ error: message, message, code: 'TOO_MANY_UNPAID' }, { status: 409 });
      }
      return Response.json([]);
    });
    renderWithProviders(<AskQuestionForm mode="inline" onCancel={() => {}} />);
    fireEvent.change(screen.getByLabelText(/Subject/), { target: { value: 'One question too many' } });
    fireEvent.change(screen.getByLabelText(/Description/), { target: { value: 'Details' } });
    fireEvent.click(screen.getByRole('combobox', { name: /Category/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'Business' }));
    fireEvent.click(screen.getByRole('button', { name: 'Create Question & Pay' }));
    await waitFor(() =>
      expect(show).toHaveBeenCalledWith(
        expect.objectContaining({
          title: MSG.questionCreationFailedTitle,
          message: expect.stringContaining(QUESTION_TEXT.tooManyUnpaid),
          color: 'red',
        }),
      ),
    );
    // Nothing was saved: no checkout is offered.
    expect(checkout.mounts).toEqual([]);
    expect(screen.queryByTestId('saved-unpaid')).toBeNull();
    show.mockRestore();
  });

  it('a 401 on creating ends the session and goes to /login, back to the form after; no failure toast', async () => {
    setSession('t', testUser as never);
    const show = vi.spyOn(notifications, 'show');
    onApi((request, url) => {
      const path = url.split('?')[0];
      if (path === '/api/settings/min-reward') return Response.json({ minRewardAmount: 10 });
      if (path === '/api/questions' && request.method === 'POST') {
        return Response.json({ error: 'Session expired', code: 'UNAUTHORIZED' }, { status: 401 });
      }
      return Response.json([]);
    });
    renderWithProviders(<AskPage />, { route: '/ask-question' });
    fireEvent.change(screen.getByLabelText(/Subject/), { target: { value: 'Asked as the session ends' } });
    fireEvent.change(screen.getByLabelText(/Description/), { target: { value: 'Details' } });
    fireEvent.click(screen.getByRole('combobox', { name: /Category/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'Business' }));
    fireEvent.click(screen.getByRole('button', { name: 'Create Question & Pay' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/login'));
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('redirectAfterLogin')).toBe('/ask-question');
    expect(show).not.toHaveBeenCalledWith(
      expect.objectContaining({ title: MSG.questionCreationFailedTitle }),
    );
    expect(checkout.mounts).toEqual([]);
    show.mockRestore();
  });

  it('lists similar questions while the title is typed, each with its answer count in words', async () => {
    setSession('t', testUser as never);
    onApi((_request, url) => {
      const path = url.split('?')[0];
      if (path === '/api/settings/min-reward') return Response.json({ minRewardAmount: 10 });
      if (path === '/api/questions/similar') {
        return Response.json([
          {
            _id: 's1',
            title: 'Watering a balcony garden',
            category: 'Science',
            status: 'open',
            answerCount: 1,
          },
          {
            _id: 's2',
            title: 'Balcony garden soil',
            category: 'Science',
            status: 'answered',
            answerCount: 3,
          },
          {
            _id: 's3',
            title: 'Garden pests on a balcony',
            category: 'Science',
            status: 'open',
            answerCount: 0,
          },
        ]);
      }
      return Response.json([]);
    });
    renderWithProviders(<AskQuestionForm mode="inline" onCancel={() => {}} />);
    fireEvent.change(screen.getByLabelText(/Subject/), { target: { value: 'balcony garden' } });
    const box = await screen.findByTestId('similar-questions');
    expect(box.textContent).toContain('Watering a balcony garden');
    const counts = [...box.querySelectorAll('li')].map((li) => li.textContent);
    expect(counts[0]).toMatch(/1 answer$/);
    expect(counts[1]).toMatch(/3 answers$/);
    expect(counts[2]).toMatch(/0 answers$/);
  });
});
