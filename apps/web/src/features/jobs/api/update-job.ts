import type { JobCreateBody, JobCreateResult } from '@agora/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { jobKeys } from './keys';

/** PUT /api/jobs/{id} (bearer, poster only): the edit goes back to admin review. */
export function useUpdateJob(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: JobCreateBody) =>
      api<JobCreateResult>(`/api/jobs/${encodeURIComponent(id)}`, { method: 'PUT', body, on401: 'ignore' }),
    onSuccess: () => qc.invalidateQueries({ queryKey: jobKeys.all }),
  });
}
