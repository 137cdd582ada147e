import { LIMITS } from '@agora/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { questionKeys } from './keys';

/** GET /api/settings/min-reward — whole rupees; spec 01 §5 default 10 until it loads. */
export const minRewardQuery = () =>
  queryOptions({
    queryKey: questionKeys.minReward(),
    queryFn: ({ signal }) =>
      api<{ minRewardAmount: number }>('/api/settings/min-reward', { signal, on401: 'ignore' }).then(
        (r) => r.minRewardAmount,
      ),
    staleTime: 5 * 60_000,
  });

export function useMinReward(): { minReward: number; loaded: boolean } {
  const q = useQuery(minRewardQuery());
  return { minReward: q.data ?? LIMITS.defaultMinRewardRupees, loaded: q.isSuccess };
}
