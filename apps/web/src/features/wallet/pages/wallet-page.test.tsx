import { MSG, type WalletView } from '@agora/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setSession } from '../../../lib/auth-store';
import { renderWithProviders, testUser } from '../../../test/render';
import { mockApi } from '../../../test/server';
import { WalletPage } from './wallet-page';

const wallet = (over: Partial<WalletView> = {}): WalletView => ({
  _id: 'u1',
  balance: 2550,
  totalEarned: 4000,
  bankAccount: null,
  upiId: 'asha@okbank',
  ...over,
});

const txs = [
  {
    _id: 't3',
    type: 'withdrawal',
    amount: 1000,
    status: 'failed',
    description: 'Withdrawal to UPI ID asha@okbank',
    createdAt: '2026-01-03T00:00:00.000Z',
  },
  {
    _id: 't2',
    type: 'withdrawal',
    amount: 450,
    status: 'pending',
    description: 'Withdrawal to UPI ID asha@okbank',
    createdAt: '2026-01-02T00:00:00.000Z',
  },
  {
    _id: 't0',
    type: 'refund',
    amount: 1500,
    status: 'completed',
    description: 'Refund: a second payment for an already-paid question',
    createdAt: '2026-01-01T12:00:00.000Z',
  },
  {
    _id: 't1',
    type: 'reward',
    amount: 4000,
    status: 'completed',
    description: 'Reward for your answer',
    questionTitle: 'Q',
    createdAt: '2026-01-01T00:00:00.000Z',
  },
];

describe('WalletPage', { timeout: 30_000 }, () => {
  beforeEach(() => {
    localStorage.clear();
    setSession('token', testUser as never);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows a hackathon prize as money in', async () => {
    const prize = {
      _id: 'p1',
      type: 'hackathon-prize',
      amount: 23334,
      status: 'completed',
      description: 'Prize: 1st place in Team Power Jam',
      createdAt: '2026-01-04T00:00:00.000Z',
    };
    mockApi({
      'GET /api/wallet': { body: wallet({ balance: 23334, totalEarned: 23334 }) },
      'GET /api/wallet/transactions': { body: [prize] },
    });
    renderWithProviders(<WalletPage />, { route: '/wallet' });
    await screen.findAllByTestId('transaction');
    expect(screen.getAllByTestId('transaction-amount').map((e) => e.textContent)).toEqual(['+₹233.34']);
  });

  it('shows balance, total earned and history with signs and status colours', async () => {
    mockApi({ 'GET /api/wallet': { body: wallet() }, 'GET /api/wallet/transactions': { body: txs } });
    renderWithProviders(<WalletPage />, { route: '/wallet' });
    expect(await screen.findByTestId('wallet-balance')).toHaveProperty('textContent', '₹25.50');
    expect(screen.getByTestId('wallet-total-earned').textContent).toBe('₹40.00');
    await screen.findAllByTestId('transaction');
    expect(screen.getAllByTestId('transaction-amount').map((e) => e.textContent)).toEqual([
      '-₹10.00',
      '-₹4.50',
      '+₹15.00',
      '+₹40.00',
    ]);
    expect(screen.getAllByTestId('transaction-status').map((e) => e.textContent)).toEqual([
      'failed',
      'pending',
      'completed',
      'completed',
    ]);
    expect(screen.getByRole('link', { name: /Back to Questions/ }).getAttribute('href')).toBe('/questions');
  });

  it('validates the amount and sends paise with a request id', async () => {
    const calls = mockApi({
      'GET /api/wallet': { body: wallet() },
      'GET /api/wallet/transactions': { body: [] },
      'POST /api/withdrawals/request': {
        status: 201,
        body: { message: MSG.withdrawalSubmitted, withdrawal: {}, balance: 1500 },
      },
    });
    renderWithProviders(<WalletPage />, { route: '/wallet' });
    fireEvent.click(await screen.findByRole('button', { name: 'Withdraw' }));
    const dialog = await screen.findByRole('dialog');
    const input = within(dialog).getByLabelText(/Amount/);
    for (const [value, message] of [
      ['0', MSG.invalidAmount],
      ['abc', MSG.invalidAmount],
      ['1.234', MSG.invalidAmount],
      ['25.51', MSG.insufficientBalance],
    ]) {
      fireEvent.change(input, { target: { value } });
      fireEvent.click(within(dialog).getByRole('button', { name: 'Request Withdrawal' }));
      expect(await within(dialog).findByText(message!)).toBeTruthy();
    }
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Max' }));
    expect((input as HTMLInputElement).value).toBe('25.50');
    fireEvent.change(input, { target: { value: '10.5' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Request Withdrawal' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    const body = calls.find((c) => c.method === 'POST')!.body as { amount: number; requestId: string };
    expect(body.amount).toBe(1050);
    expect(body.requestId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('with both UPI and a bank account saved, asks where to pay and sends the choice', async () => {
    const calls = mockApi({
      'GET /api/wallet': {
        body: wallet({
          bankAccount: {
            accountNumber: 'XXXX9012',
            ifsc: 'SBIN0001234',
            accountHolderName: 'Asha',
            bankName: 'SBI',
          },
        }),
      },
      'GET /api/wallet/transactions': { body: [] },
      'POST /api/withdrawals/request': {
        status: 201,
        body: { message: MSG.withdrawalSubmitted, withdrawal: {}, balance: 1500 },
      },
    });
    renderWithProviders(<WalletPage />, { route: '/wallet' });
    fireEvent.click(await screen.findByRole('button', { name: 'Withdraw' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/Amount/), { target: { value: '5' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Request Withdrawal' }));
    expect(await within(dialog).findByText(MSG.payoutMethodRequired)).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    expect(within(dialog).getByRole('radio', { name: 'UPI ID asha@okbank' })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('radio', { name: 'bank account XXXX9012' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Request Withdrawal' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')!.body).toMatchObject({ amount: 500, method: 'bank' });
  });

  it('opens no dialog without payout details or without a balance', async () => {
    mockApi({
      'GET /api/wallet': { body: wallet({ upiId: null }) },
      'GET /api/wallet/transactions': { body: [] },
    });
    renderWithProviders(<WalletPage />, { route: '/wallet' });
    fireEvent.click(await screen.findByRole('button', { name: 'Withdraw' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    // The payment details form opens instead.
    expect(await screen.findByRole('button', { name: 'Save Details' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save Details' }));
    expect(await screen.findByText(MSG.paymentDetailsRequired)).toBeTruthy();
  });

  it('lets a user with a saved bank account add a UPI id without retyping the account number', async () => {
    const bankAccount = {
      accountNumber: 'XXXXXX7890',
      ifsc: 'HDFC0ABC123',
      accountHolderName: 'Devi Rao',
      bankName: 'HDFC Bank',
    };
    const calls = mockApi({
      'GET /api/wallet': { body: wallet({ upiId: null, bankAccount }) },
      'GET /api/wallet/transactions': { body: [] },
      'PUT /api/wallet/bank-details': { body: wallet({ upiId: 'devi@okhdfc', bankAccount }) },
    });
    renderWithProviders(<WalletPage />, { route: '/wallet' });
    fireEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    const form = await screen.findByRole('form', { name: 'Payment details' });
    // Without a UPI id, an incomplete bank account is refused with the spec's sentence.
    fireEvent.change(within(form).getByLabelText('Bank Name'), { target: { value: '' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save Details' }));
    expect(await within(form).findByText(MSG.paymentDetailsRequired)).toBeTruthy();
    fireEvent.change(within(form).getByLabelText('Bank Name'), { target: { value: 'HDFC Bank' } });

    fireEvent.change(within(form).getByLabelText('UPI ID'), { target: { value: 'devi@okhdfc' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save Details' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({
      upiId: 'devi@okhdfc',
      accountNumber: '',
      ifsc: 'HDFC0ABC123',
      accountHolderName: 'Devi Rao',
      bankName: 'HDFC Bank',
    });
    expect(screen.queryByText(MSG.paymentDetailsRequired)).toBeNull();
  });

  it('saves a new bank account: digits only in the account number, the IFSC in capitals', async () => {
    const calls = mockApi({
      'GET /api/wallet': { body: wallet({ upiId: null }) },
      'GET /api/wallet/transactions': { body: [] },
      'PUT /api/wallet/bank-details': { body: wallet({ upiId: null }) },
    });
    renderWithProviders(<WalletPage />, { route: '/wallet' });
    fireEvent.click(await screen.findByRole('button', { name: 'Add Payment Details' }));
    const form = await screen.findByRole('form', { name: 'Payment details' });
    fireEvent.change(within(form).getByLabelText('Account Number'), { target: { value: '1234ab 5678' } });
    fireEvent.change(within(form).getByLabelText('IFSC Code'), { target: { value: 'sbin0001234' } });
    fireEvent.change(within(form).getByLabelText('Account Holder Name'), { target: { value: ' Devi Rao ' } });
    fireEvent.change(within(form).getByLabelText('Bank Name'), { target: { value: 'SBI' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save Details' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({
      upiId: '',
      accountNumber: '1234 5678',
      ifsc: 'SBIN0001234',
      accountHolderName: 'Devi Rao',
      bankName: 'SBI',
    });
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Payment details' })).toBeNull());
  });

  it('shows the fallback screen when the wallet cannot be loaded', async () => {
    mockApi({});
    renderWithProviders(<WalletPage />, { route: '/wallet' });
    expect(await screen.findByText('Failed to load wallet data')).toBeTruthy();
  });
});
