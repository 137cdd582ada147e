import type { DistributeBody, DistributeResult } from '@agora/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { questionKeys } from '../../questions/api/keys';
import { rewardViewQueryOptions } from './get-reward-view';

export function distributeRewards(body: DistributeBody): Promise<DistributeResult> {
  return api<DistributeResult>('/api/rewards/distribute', { method: 'POST', body });
}

export function useDistributeRewards(questionId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: distributeRewards,
    // Refetch also after a failure: a 409 means someone else already distributed it. The questions
    // area's lists (the Questioner Portal) show the distribution too.
    onSettled: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: rewardViewQueryOptions(questionId).queryKey }),
        qc.invalidateQueries({ queryKey: questionKeys.all }),
      ]),
  });
}
