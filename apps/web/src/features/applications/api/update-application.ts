import type { ApplicationResult, ApplicationUpdateBody } from '@agora/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { jobKeys } from '../../jobs/api/keys';
import { applicationKeys } from './keys';

/** PATCH /api/applications/{id} (bearer; the job's poster or an admin): moves it along the pipeline. */
export function useUpdateApplication() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: ApplicationUpdateBody }) =>
      api<ApplicationResult>(`/api/applications/${encodeURIComponent(id)}`, { method: 'PATCH', body }),
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: applicationKeys.all }),
        // My Jobs counts applications by status.
        qc.invalidateQueries({ queryKey: jobKeys.all }),
      ]),
  });
}
