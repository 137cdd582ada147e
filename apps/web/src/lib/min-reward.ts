import { LIMITS } from '@agora/shared';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './api-client';

/**
 * The one reader of the public minimum-reward setting (GET /api/settings/min-reward). Every screen
 * (ask form, pay-later panel, admin settings) goes through it, so the cache entry under
 * ['settings', 'min-reward'] always holds the same shape: whole rupees, a number. (Three hooks once
 * shared the key with two shapes, and the ask form read "at least ₹[object Object]".)
 */
export const settingsKeys = {
  all: ['settings'] as const,
  minReward: () => [...settingsKeys.all, 'min-reward'] as const,
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

/** After the admin changes the setting: every screen reads the new value. */
export function useInvalidateSettings(): () => Promise<void> {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: settingsKeys.all });
}
