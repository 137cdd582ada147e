import type { BankDetailsBody, WalletView } from '@agora/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { walletQueryOptions } from './get-wallet';

export function saveBankDetails(body: BankDetailsBody): Promise<WalletView> {
  return api<WalletView>('/api/wallet/bank-details', { method: 'PUT', body });
}

export function useSaveBankDetails() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: saveBankDetails,
    onSuccess: (wallet) => qc.setQueryData(walletQueryOptions().queryKey, wallet),
  });
}
