import type { RewardView } from '@agora/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { walletKeys } from './keys';

export const rewardViewQueryOptions = (questionId: string) =>
  queryOptions({
    queryKey: walletKeys.rewards(questionId),
    queryFn: ({ signal }) =>
      api<RewardView>(`/api/questions/${encodeURIComponent(questionId)}/rewards`, { signal }),
    staleTime: 0,
  });

export function useRewardView(questionId: string, enabled = true) {
  return useQuery({ ...rewardViewQueryOptions(questionId), enabled });
}
