import type { JobAlert, JobAlertBody } from '@agora/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth-store';
import { jobAlertKeys } from './keys';

/** POST /api/job-alerts — saves a search; 409 past the per-person limit (its message is shown). */
export function useSaveJobAlert() {
  const qc = useQueryClient();
  const { user } = useAuth();
  return useMutation({
    mutationFn: (body: JobAlertBody) =>
      api<{ alert: JobAlert }>('/api/job-alerts', { method: 'POST', body }).then((r) => r.alert),
    onSuccess: () => qc.invalidateQueries({ queryKey: jobAlertKeys.mine(user?.id ?? '') }),
  });
}

/** DELETE /api/job-alerts/:id — the list drops it at once. */
export function useDeleteJobAlert() {
  const qc = useQueryClient();
  const { user } = useAuth();
  const key = jobAlertKeys.mine(user?.id ?? '');
  return useMutation({
    mutationFn: async (id: string) => {
      await api<void>(`/api/job-alerts/${encodeURIComponent(id)}`, { method: 'DELETE' });
      return id;
    },
    onSuccess: (id) => {
      qc.setQueryData<JobAlert[]>(key, (prev) => prev?.filter((a) => a._id !== id));
      void qc.invalidateQueries({ queryKey: key });
    },
  });
}
