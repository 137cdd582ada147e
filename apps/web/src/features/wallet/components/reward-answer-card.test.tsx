import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { RewardAnswerCard } from './reward-answer-card';

describe('RewardAnswerCard', () => {
  it('shows the answer as a plain-text excerpt, not raw Markdown', () => {
    renderWithProviders(
      <RewardAnswerCard
        answer={{
          _id: 'a1',
          content: '1. Run `npm ci`\n2. Read [the guide](https://example.com/guide) **first**',
          authorId: 'u2',
          author: { id: 'u2', displayName: 'Bina' },
          createdAt: '2026-01-01T00:00:00.000Z',
        }}
        checked={false}
        disabled={false}
        preview={null}
        reward={null}
        onToggle={() => {}}
      />,
    );
    const card = screen.getByTestId('reward-answer');
    expect(card.textContent).toContain('Run npm ci Read the guide first');
    expect(card.textContent).not.toMatch(/[`*]|\]\(|1\./);
  });
});
