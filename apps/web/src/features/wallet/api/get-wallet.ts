import type { WalletView } from '@agora/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { walletKeys } from './keys';

export const walletQueryOptions = () =>
  queryOptions({
    queryKey: walletKeys.wallet(),
    queryFn: ({ signal }) => api<WalletView>('/api/wallet', { signal }),
    staleTime: 0,
  });

export function useWallet(enabled = true) {
  return useQuery({ ...walletQueryOptions(), enabled });
}
