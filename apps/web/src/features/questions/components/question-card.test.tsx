import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aQuestion } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { QuestionCard } from './question-card';

const question = aQuestion;

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

  it('says the reward was distributed instead of advertising it once it has been shared out', () => {
    renderWithProviders(
      <QuestionCard question={question({ rewardsDistributed: true })} selected={false} onSelect={() => {}} />,
    );
    expect(screen.getByText('₹40.00 reward distributed')).toBeTruthy();
    expect(screen.queryByText('₹40.00 reward')).toBeNull();
  });
});
