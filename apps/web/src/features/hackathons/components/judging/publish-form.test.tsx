import type { HackathonResults, PrizeEscrow, ResultRow } from '@agora/shared';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../../test/render';
import { defaultSplit, PublishForm } from './publish-form';

const row = (id: string, title: string, normalized: number | null): ResultRow => ({
  submissionId: id,
  projectTitle: title,
  teamName: `Team ${title}`,
  place: null,
  criteria: { Impact: 3 },
  weighted: 3,
  normalized,
  judges: 2,
  votes: null,
});

const results: HackathonResults = {
  published: false,
  publishedAt: null,
  criteria: [{ name: 'Impact', weight: 1 }],
  // Ranked by normalized; the unscored one comes last and is not placed by default.
  rows: [row('s1', 'Alpha', 1.2), row('s2', 'Beta', 0.3), row('s3', 'Gamma', -0.5), row('s4', 'Delta', null)],
  judges: [],
};

const held: PrizeEscrow = {
  state: 'held',
  amount: 500_000,
  heldAt: '2026-11-20T10:00:00.000Z',
  settledAt: null,
};

describe('PublishForm', () => {
  it('splits whole percents summing to 100', () => {
    for (const n of [1, 2, 3, 4, 7]) {
      const s = defaultSplit(n);
      expect(s).toHaveLength(n);
      expect(s.reduce((a, b) => a + b, 0)).toBe(100);
      expect(s.every((p) => Number.isInteger(p) && p >= 1)).toBe(true);
    }
  });

  it('defaults the places to the ranking and sends the prize split of a held pool', () => {
    const onPublish = vi.fn();
    renderWithProviders(
      <PublishForm results={results} escrow={held} publishing={false} onPublish={onPublish} />,
    );
    expect(screen.getByTestId('split-total').textContent).toContain('₹5,000 in escrow');
    fireEvent.click(screen.getByRole('button', { name: 'Publish results' }));
    expect(onPublish).toHaveBeenCalledWith({
      places: ['s1', 's2', 's3'],
      prizeSplit: [
        { place: 1, percent: 50 },
        { place: 2, percent: 30 },
        { place: 3, percent: 20 },
      ],
    });
  });

  it('refuses a split that does not add up to 100%', () => {
    const onPublish = vi.fn();
    renderWithProviders(
      <PublishForm results={results} escrow={held} publishing={false} onPublish={onPublish} />,
    );
    fireEvent.change(screen.getByLabelText('Place 3 share (%)'), { target: { value: '10' } });
    expect(screen.getByTestId('split-total').textContent).toContain('split 90% of 100%');
    fireEvent.click(screen.getByRole('button', { name: 'Publish results' }));
    expect(onPublish).not.toHaveBeenCalled();
    expect(screen.getByRole('alert').textContent).toBe('The prize split must add up to 100%');
  });

  it('without a pool, publishes places only and asks for no split', () => {
    const onPublish = vi.fn();
    renderWithProviders(
      <PublishForm results={results} escrow={null} publishing={false} onPublish={onPublish} />,
    );
    expect(screen.queryByLabelText('Place 1 share (%)')).toBeNull();
    fireEvent.change(screen.getByLabelText('Places'), { target: { value: '2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Publish results' }));
    expect(onPublish).toHaveBeenCalledWith({ places: ['s1', 's2'] });
  });
});
