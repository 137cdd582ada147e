import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { jobKeys } from '../../jobs/api/keys';
import { applicationKeys } from './keys';

/** DELETE /api/applications/{id} (bearer, the applicant): withdraws it; the poster still sees it. */
export function useWithdrawApplication() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api<unknown>(`/api/applications/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: applicationKeys.all }),
        qc.invalidateQueries({ queryKey: jobKeys.all }),
      ]),
  });
}
