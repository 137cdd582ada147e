import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setSession } from '../../../lib/auth-store';
import { renderWithProviders, testUser } from '../../../test/render';
import { mockApi } from '../../../test/server';
import { hackathonKeys } from '../../hackathons/api/keys';
import { questionKeys } from '../../questions/api/keys';
import { walletKeys } from '../../wallet/api/keys';
import { PaymentStep } from './payment-step';

const Q = '11111111-1111-4111-8111-111111111111';
const order = {
  key: 'rzp_test_sandbox',
  amount: 2500,
  currency: 'INR',
  orderId: 'order_ABCDEFGHIJKLMN',
  provider: 'sandbox',
};
const signed = {
  razorpay_payment_id: 'pay_ABCDEFGHIJKLMN',
  razorpay_order_id: order.orderId,
  razorpay_signature: 'ab12',
};

function setup() {
  const onPaid = vi.fn();
  const onError = vi.fn();
  const onCancel = vi.fn();
  const { queryClient } = renderWithProviders(
    <PaymentStep questionId={Q} amountRupees={25} onPaid={onPaid} onError={onError} onCancel={onCancel} />,
  );
  // What the screens around the step hold: the asker's questions and the wallet.
  queryClient.setQueryData(questionKeys.own(testUser.id), { pages: [], pageParams: [] });
  queryClient.setQueryData(walletKeys.wallet(), { balance: 0 });
  const invalidated = (key: readonly unknown[]) => queryClient.getQueryState(key)?.isInvalidated ?? false;
  return { onPaid, onError, onCancel, invalidated };
}

describe('PaymentStep (sandbox)', { timeout: 30_000 }, () => {
  beforeEach(() => {
    localStorage.clear();
    setSession('token', testUser as never);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('creates the order, shows a prefilled card checkout, pays, verifies and reports paid once', async () => {
    const calls = mockApi({
      'POST /api/payments/create-order': { body: order },
      'POST /api/payments/sandbox/pay': { body: signed },
      'POST /api/payments/verify': {
        body: { question: { _id: Q, title: 'T', isPaid: true, paymentAmount: 2500 } },
      },
    });
    const { onPaid, onError, onCancel, invalidated } = setup();
    expect(await screen.findByTestId('checkout-amount')).toHaveProperty('textContent', '₹25.00');
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Asha Rao');
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('asha@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Pay ₹25.00' }));
    await waitFor(() => expect(onPaid).toHaveBeenCalledTimes(1));
    expect(onError).not.toHaveBeenCalled();
    expect(onCancel).not.toHaveBeenCalled();
    // The paid question is fetched again wherever it is listed; the wallet did not change.
    expect(invalidated(questionKeys.own(testUser.id))).toBe(true);
    expect(invalidated(walletKeys.wallet())).toBe(false);
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'POST /api/payments/create-order',
      'POST /api/payments/sandbox/pay',
      'POST /api/payments/verify',
    ]);
    expect(calls[0]!.body).toEqual({ questionId: Q, amount: 25 });
    expect(calls[2]!.body).toEqual({ ...signed, questionId: Q });
  });

  it("funds a hackathon's prize pool through its own order; that hackathon's page is fetched again", async () => {
    const H = '22222222-2222-4222-8222-222222222222';
    const other = '33333333-3333-4333-8333-333333333333';
    const calls = mockApi({
      [`POST /api/hackathons/${H}/prize/create-order`]: { body: { ...order, amount: 100_000 } },
      'POST /api/payments/sandbox/pay': { body: signed },
      'POST /api/payments/verify': { body: { hackathon: { _id: H, prizeEscrow: { state: 'held' } } } },
    });
    const onPaid = vi.fn();
    const { queryClient } = renderWithProviders(
      <PaymentStep
        hackathonId={H}
        amountRupees={1000}
        onPaid={onPaid}
        onError={vi.fn()}
        onCancel={vi.fn()}
      />,
    );
    // The organiser's Judging tab reads the hackathon's page; another hackathon is in the cache too.
    queryClient.setQueryData(hackathonKeys.detail(H, testUser.id), { _id: H, prizeEscrow: null });
    queryClient.setQueryData(hackathonKeys.detail(other, testUser.id), { _id: other, prizeEscrow: null });
    queryClient.setQueryData(questionKeys.own(testUser.id), { pages: [], pageParams: [] });
    const invalidated = (key: readonly unknown[]) => queryClient.getQueryState(key)?.isInvalidated ?? false;
    fireEvent.click(await screen.findByRole('button', { name: 'Pay ₹1,000.00' }));
    await waitFor(() => expect(onPaid).toHaveBeenCalledTimes(1));
    expect(calls[2]!.body).toEqual({ ...signed, hackathonId: H });
    expect(invalidated(hackathonKeys.detail(H, testUser.id))).toBe(true);
    expect(invalidated(hackathonKeys.detail(other, testUser.id))).toBe(false);
    expect(invalidated(questionKeys.own(testUser.id))).toBe(false);
  });

  it('reports an order failure with the spec title and the server error', async () => {
    mockApi({
      'POST /api/payments/create-order': {
        status: 400,
        body: {
          error: 'The minimum reward is ₹50',
          message: 'The minimum reward is ₹50',
          code: 'VALIDATION',
        },
      },
    });
    const { onError, onPaid } = setup();
    await waitFor(() =>
      expect(onError).toHaveBeenCalledWith(
        'Payment Processing Error',
        'Unable to process your payment. The minimum reward is ₹50',
      ),
    );
    expect(onPaid).not.toHaveBeenCalled();
  });

  it('reports a verification failure with the spec sentence', async () => {
    mockApi({
      'POST /api/payments/create-order': { body: order },
      'POST /api/payments/sandbox/pay': { body: signed },
      'POST /api/payments/verify': {
        status: 400,
        body: { error: 'bad', message: 'bad', code: 'PAYMENT_SIGNATURE_INVALID' },
      },
    });
    const { onError, onPaid } = setup();
    fireEvent.click(await screen.findByRole('button', { name: 'Pay ₹25.00' }));
    await waitFor(() =>
      expect(onError).toHaveBeenCalledWith(
        'Payment Verification Failed',
        'We encountered an issue verifying your payment. Please contact our support team for assistance.',
      ),
    );
    expect(onPaid).not.toHaveBeenCalled();
  });

  it('a second payment of a question paid meanwhile: reported as paid, not as a failure (it went to the wallet)', async () => {
    const refunded =
      'This question had already been paid for, so this payment has been added to your wallet. You can withdraw it from My Wallet.';
    mockApi({
      'POST /api/payments/create-order': { body: order },
      'POST /api/payments/sandbox/pay': { body: signed },
      'POST /api/payments/verify': {
        status: 409,
        body: { error: refunded, message: refunded, code: 'QUESTION_ALREADY_PAID' },
      },
    });
    const { onError, onPaid, invalidated } = setup();
    fireEvent.click(await screen.findByRole('button', { name: 'Pay ₹25.00' }));
    await waitFor(() => expect(onPaid).toHaveBeenCalledTimes(1));
    expect(onError).not.toHaveBeenCalled();
    // The money went to the wallet: its balance is fetched again, and so is the question.
    expect(invalidated(walletKeys.wallet())).toBe(true);
    expect(invalidated(questionKeys.own(testUser.id))).toBe(true);
  });

  it('cancels without paying', async () => {
    const calls = mockApi({ 'POST /api/payments/create-order': { body: order } });
    const { onCancel, onPaid, onError } = setup();
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(onCancel).toHaveBeenCalledTimes(1));
    expect(onPaid).not.toHaveBeenCalled();
    expect(onError).not.toHaveBeenCalled();
    expect(calls).toHaveLength(1);
  });
});
