import type { Hackathon } from '@agora/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clearSession, setSession } from '../../../../lib/auth-store';
import { renderWithProviders, testUser } from '../../../../test/render';
import { mockApi } from '../../../../test/server';
import { PrizeFunding } from './prize-funding';

const base = {
  _id: 'h1',
  status: 'published',
  isOrganizer: true,
  resultsPublishedAt: null,
  prizeEscrow: null,
} as unknown as Hackathon;

beforeEach(() => setSession('token', testUser));
afterEach(() => clearSession());

describe('PrizeFunding', () => {
  it('the organiser funds the pool in rupees through the prize checkout', async () => {
    const calls = mockApi({
      'POST /api/hackathons/h1/prize/create-order': {
        body: { key: 'sandbox', amount: 300_000, currency: 'INR', orderId: 'order_1', provider: 'sandbox' },
      },
    });
    renderWithProviders(<PrizeFunding hackathon={base} />);
    fireEvent.change(screen.getByLabelText('Prize pool (₹)'), { target: { value: '3000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Fund the prize pool' }));
    await waitFor(() => {
      const order = calls.find((c) => c.url === '/api/hackathons/h1/prize/create-order');
      expect(order?.body).toEqual({ amount: 3000 });
    });
  });

  it('shows the pool held in escrow, with no second funding', () => {
    const held = {
      ...base,
      prizeEscrow: { state: 'held', amount: 300_000, heldAt: '2026-11-20T10:00:00.000Z', settledAt: null },
    } as Hackathon;
    renderWithProviders(<PrizeFunding hackathon={held} />);
    expect(screen.getByTestId('prize-escrow').textContent).toContain('₹3,000 in escrow');
    expect(screen.queryByRole('button', { name: 'Fund the prize pool' })).toBeNull();
  });

  it('shows nothing to a viewer who is not the organiser of an unfunded hackathon', () => {
    renderWithProviders(<PrizeFunding hackathon={{ ...base, isOrganizer: false }} />);
    expect(screen.queryByRole('heading', { name: 'Prize pool' })).toBeNull();
  });
});
