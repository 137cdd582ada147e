import { walletKeys } from './keys';
import type { WithdrawalBody, WithdrawalResult } from '@agora/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { transactionsQueryOptions } from './get-transactions';
import { walletQueryOptions } from './get-wallet';

/** POST /api/withdrawals/request: amount in paise, with a request id so a retry never withdraws twice. */
export function requestWithdrawal(body: WithdrawalBody): Promise<WithdrawalResult> {
  return api<WithdrawalResult>('/api/withdrawals/request', { method: 'POST', body });
}

export function useRequestWithdrawal() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: requestWithdrawal,
    onSettled: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: walletQueryOptions().queryKey }),
        qc.invalidateQueries({ queryKey: transactionsQueryOptions().queryKey }),
        qc.invalidateQueries({ queryKey: walletKeys.withdrawals() }),
      ]),
  });
}
