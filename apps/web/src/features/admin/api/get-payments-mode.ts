import type { PaymentsMode } from '@agora/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /api/settings/payments — whether payments are simulated (test mode). */
export const paymentsModeQueryOptions = () =>
  queryOptions({
    queryKey: ['settings', 'payments'] as const,
    queryFn: () => api<PaymentsMode>('/api/settings/payments'),
    staleTime: Number.POSITIVE_INFINITY,
  });

export function usePaymentsMode() {
  return useQuery(paymentsModeQueryOptions());
}
