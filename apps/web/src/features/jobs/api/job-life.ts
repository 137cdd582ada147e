import type { Job } from '@agora/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { jobKeys } from './keys';

/** The poster's actions on a listing's life: renew (POST /api/jobs/{id}/renew) and fill (…/fill). */
function useJobAction(action: 'renew' | 'fill') {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api<{ job: Job } | Job>(`/api/jobs/${encodeURIComponent(id)}/${action}`, { method: 'POST' }),
    onSuccess: () => qc.invalidateQueries({ queryKey: jobKeys.all }),
  });
}

/** Moves `expiresAt` on by the listing period (from now, or from the old expiry if later). */
export const useRenewJob = () => useJobAction('renew');
/** Marks the job filled: it leaves the listing and takes no more applications. */
export const useFillJob = () => useJobAction('fill');
