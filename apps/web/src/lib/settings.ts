import { LIMITS, type PaymentsMode } from '@agora/shared';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './api-client';

/**
 * The one reader of the public settings (GET /api/settings/*), and the only owner of their query keys.
 * Every screen (ask form, pay-later panel, admin settings, the test-mode banner, admin withdrawals)
 * goes through it, so each cache entry under ['settings', …] always holds one shape. (Three hooks
 * once shared ['settings', 'min-reward'] with two shapes, and the ask form read
 * "at least ₹[object Object]".)
 */
export const settingsKeys = {
  all: ['settings'] as const,
  minReward: () => [...settingsKeys.all, 'min-reward'] as const,
  payments: () => [...settingsKeys.all, 'payments'] as const,
};

export const minRewardQuery = () =>
  queryOptions({
    queryKey: settingsKeys.minReward(),
    queryFn: ({ signal }): Promise<number> =>
      api<{ minRewardAmount: number }>('/api/settings/min-reward', { signal, on401: 'ignore' }).then(
        (r) => r.minRewardAmount,
      ),
    staleTime: 5 * 60_000,
  });

/** Whole rupees; spec 01 §9's default 10 until the server's value is loaded. */
export function useMinReward(): { minReward: number; loaded: boolean } {
  const q = useQuery(minRewardQuery());
  return { minReward: q.data ?? LIMITS.defaultMinRewardRupees, loaded: q.isSuccess };
}

/** GET /api/settings/payments — whether payments are simulated (test mode); fixed for the server's life. */
export const paymentsModeQuery = () =>
  queryOptions({
    queryKey: settingsKeys.payments(),
    queryFn: ({ signal }) => api<PaymentsMode>('/api/settings/payments', { signal }),
    staleTime: Number.POSITIVE_INFINITY,
    retry: 1,
  });

export function usePaymentsMode() {
  return useQuery(paymentsModeQuery());
}

/** After the admin changes the setting: every screen reads the new value. */
export function useInvalidateSettings(): () => Promise<void> {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: settingsKeys.all });
}
