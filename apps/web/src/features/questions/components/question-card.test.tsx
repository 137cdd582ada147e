import type { Question } from '@agora/shared';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { QuestionCard } from './question-card';

const question = (over: Partial<Question> = {}): Question => ({
  _id: 'q1',
  title: 'How do I price a pottery class?',
  description: 'I teach **beginners** and want a fair price.',
  category: 'Business',
  status: 'open',
  views: 12,
  answerCount: 3,
  answers: [],
  author: { id: 'u1', displayName: 'Quinn' },
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
  isPaid: true,
  paymentAmount: 4000,
  rewardAmount: 4000,
  aiRanked: false,
  aiRankedAt: null,
  image: null,
  rewardsDistributed: false,
  hidden: false,
  ...over,
});

describe('QuestionCard', () => {
  it('shows the paid reward, and marks an unpaid question (only its author sees one) with its amount', () => {
    const { unmount } = renderWithProviders(
      <QuestionCard question={question()} selected={false} onSelect={() => {}} />,
    );
    expect(screen.getByText('₹40.00 reward')).toBeTruthy();
    expect(screen.queryByText(/Unpaid/)).toBeNull();
    expect(screen.getByText('I teach beginners and want a fair price.')).toBeTruthy();
    unmount();
    renderWithProviders(
      <QuestionCard
        question={question({ isPaid: false, paymentAmount: null })}
        selected={false}
        onSelect={() => {}}
      />,
    );
    expect(screen.getByText('Unpaid · ₹40.00')).toBeTruthy();
    expect(screen.queryByText(/reward$/)).toBeNull();
  });
});
