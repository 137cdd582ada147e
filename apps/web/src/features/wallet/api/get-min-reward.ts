import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /api/settings/min-reward → whole rupees. */
export const minRewardQueryOptions = () =>
  queryOptions({
    queryKey: ['settings', 'min-reward'] as const,
    queryFn: ({ signal }) => api<{ minRewardAmount: number }>('/api/settings/min-reward', { signal }),
  });

export function useMinReward(enabled = true) {
  return useQuery({ ...minRewardQueryOptions(), enabled });
}
