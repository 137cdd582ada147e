import type { Question } from '@agora/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { aQuestion } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { onApi } from '../../../test/server';
import { QuestionsPage } from './questions-page';

const HOUR = 3_600_000;

/** The list requests the page sent (path and query), in order. */
let listCalls: URLSearchParams[] = [];

function serve(questions: Question[]) {
  // The list loads its next page when a sentinel scrolls into view; jsdom has no observer.
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
  onApi((_request, url) => {
    const [path, query] = url.split('?');
    if (path === '/api/questions/public') {
      listCalls.push(new URLSearchParams(query));
      return Response.json(questions);
    }
    if (path === '/api/questions/categories') return Response.json({ Technology: 2 });
    return Response.json({ error: 'x', message: 'x', code: 'NOT_FOUND' }, { status: 404 });
  });
}

const location = () => new URL(screen.getByTestId('location').textContent!, 'http://x').searchParams;
const lastCall = () => listCalls[listCalls.length - 1]!;

describe('QuestionsPage: the bounty board', { timeout: 30_000 }, () => {
  beforeEach(() => {
    listCalls = [];
  });
  afterEach(() => vi.unstubAllGlobals());

  it('asks for the sort and reward range the URL holds, and keeps new choices in the URL', async () => {
    serve([aQuestion()]);
    renderWithProviders(<QuestionsPage />, { route: '/questions?sort=ending-soon&minReward=20' });
    await screen.findByText('How do I price a pottery class?');
    expect(lastCall().get('sort')).toBe('ending-soon');
    expect(lastCall().get('minReward')).toBe('20');
    expect(lastCall().get('maxReward')).toBeNull();
    expect(lastCall().get('status')).toBe('open');

    // The sort menu offers both new orders; choosing one goes to the URL and the request.
    fireEvent.click(screen.getByRole('button', { name: 'Sort: Ending soon' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Highest reward' }));
    await waitFor(() => expect(location().get('sort')).toBe('reward-high'));
    await waitFor(() => expect(lastCall().get('sort')).toBe('reward-high'));
    expect(lastCall().get('minReward')).toBe('20');

    // The reward filter (in the drawer on a narrow screen): min and max in rupees.
    fireEvent.click(screen.getByRole('button', { name: /Filters/ }));
    const drawer = await screen.findByRole('dialog');
    const min = within(drawer).getByRole('textbox', { name: 'Min' });
    const max = within(drawer).getByRole('textbox', { name: 'Max' });
    expect((min as HTMLInputElement).value).toBe('₹20');
    fireEvent.change(min, { target: { value: '50' } });
    fireEvent.change(max, { target: { value: '10' } });
    // A minimum above the maximum is not applied (the server would refuse it).
    expect(await within(drawer).findByText('Below the minimum')).toBeTruthy();
    expect(within(drawer).getByRole('button', { name: 'Apply reward filter' })).toHaveProperty(
      'disabled',
      true,
    );
    fireEvent.change(max, { target: { value: '100' } });
    fireEvent.click(within(drawer).getByRole('button', { name: 'Apply reward filter' }));
    await waitFor(() => expect(location().get('minReward')).toBe('50'));
    expect(location().get('maxReward')).toBe('100');
    expect(location().get('sort')).toBe('reward-high');
    await waitFor(() => expect(lastCall().get('maxReward')).toBe('100'));
    expect(lastCall().get('minReward')).toBe('50');

    // Clear drops both bounds from the URL and the request.
    fireEvent.click(within(drawer).getByRole('button', { name: 'Clear' }));
    await waitFor(() => expect(location().get('minReward')).toBeNull());
    expect(location().get('maxReward')).toBeNull();
    await waitFor(() => expect(lastCall().get('minReward')).toBeNull());
  });

  it('ignores a reward range the server would refuse', async () => {
    serve([aQuestion()]);
    renderWithProviders(<QuestionsPage />, { route: '/questions?minReward=90&maxReward=10' });
    await screen.findByText('How do I price a pottery class?');
    expect(lastCall().get('minReward')).toBeNull();
    expect(lastCall().get('maxReward')).toBeNull();
  });

  it('shows the time left on each card whose reward is held', async () => {
    const now = Date.now();
    const held = (id: string, title: string, ms: number) =>
      aQuestion({
        _id: id,
        title,
        escrow: {
          state: 'held',
          amount: 4000,
          heldAt: new Date(now - HOUR).toISOString(),
          deadline: new Date(now + ms).toISOString(),
          settledAt: null,
        },
      });
    serve([
      held('q1', 'Two days and a bit', 2 * 24 * HOUR + 3 * HOUR),
      held('q2', 'Five hours and change', 5 * HOUR + 10 * 60_000),
      aQuestion({
        _id: 'q3',
        title: 'Already paid out',
        rewardsDistributed: true,
        escrow: {
          state: 'distributed',
          amount: 4000,
          heldAt: new Date(now - HOUR).toISOString(),
          deadline: new Date(now + 3 * 24 * HOUR).toISOString(),
          settledAt: new Date(now).toISOString(),
        },
      }),
    ]);
    renderWithProviders(<QuestionsPage />, { route: '/questions?sort=ending-soon' });
    const cards = await screen.findAllByTestId('question-card');
    expect(cards).toHaveLength(3);
    expect(within(cards[0]!).getByText('2 days left')).toBeTruthy();
    expect(within(cards[1]!).getByText('5 hours left')).toBeTruthy();
    expect(within(cards[2]!).queryByText(/left$/)).toBeNull();
  });
});
