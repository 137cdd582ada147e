import type { WithdrawalView } from '@agora/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { walletKeys } from './keys';

/** GET /api/withdrawals — my latest withdrawals with their timeline, newest first. */
export const withdrawalsQueryOptions = () =>
  queryOptions({
    queryKey: walletKeys.withdrawals(),
    queryFn: ({ signal }) => api<WithdrawalView[]>('/api/withdrawals', { signal, query: { limit: 20 } }),
    staleTime: 0,
  });

export function useWithdrawals(enabled = true) {
  return useQuery({ ...withdrawalsQueryOptions(), enabled });
}
