import type { JobCreateBody, JobCreateResult } from '@agora/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { jobKeys } from './keys';

/** POST /api/jobs (bearer): the server stores it as pending, whatever is sent. */
export function useCreateJob() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: JobCreateBody) =>
      // A 401 here is answered on the form (the session may have expired), not by leaving the page.
      api<JobCreateResult>('/api/jobs', { method: 'POST', body, on401: 'ignore' }),
    onSuccess: () => qc.invalidateQueries({ queryKey: jobKeys.all }),
  });
}
