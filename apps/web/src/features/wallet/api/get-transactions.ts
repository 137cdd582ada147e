import type { WalletTransaction } from '@agora/shared';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { walletKeys } from './keys';

const PAGE_SIZE = 20;

interface TransactionsPage {
  items: WalletTransaction[];
  nextCursor: string | null;
}

/** GET /api/wallet/transactions, newest first; the next page's cursor comes in X-Next-Cursor. */
export const transactionsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: walletKeys.transactions(),
    initialPageParam: null as string | null,
    queryFn: async ({ pageParam, signal }): Promise<TransactionsPage> => {
      const res = await apiRequest<WalletTransaction[]>('/api/wallet/transactions', {
        signal,
        query: { limit: PAGE_SIZE, cursor: pageParam },
      });
      return { items: res.data, nextCursor: res.headers.get('X-Next-Cursor') };
    },
    getNextPageParam: (last) => last.nextCursor,
    staleTime: 0,
  });

export function useTransactions(enabled = true) {
  return useInfiniteQuery({ ...transactionsQueryOptions(), enabled });
}
