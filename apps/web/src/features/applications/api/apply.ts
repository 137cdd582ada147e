import type { ApplicationAnswer, ApplicationCreateResult } from '@agora/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { jobKeys } from '../../jobs/api/keys';
import { applicationKeys } from './keys';

export interface ApplyInput {
  resume: File | null;
  coverNote: string;
  answers: ApplicationAnswer[];
}

/** The multipart parts POST /api/jobs/{id}/applications reads: `resume`, `coverNote`, `answers` (JSON). */
export function applicationFormData({ resume, coverNote, answers }: ApplyInput): FormData {
  const form = new FormData();
  if (resume) form.append('resume', resume);
  const note = coverNote.trim();
  if (note) form.append('coverNote', note);
  form.append('answers', JSON.stringify(answers));
  return form;
}

/** POST /api/jobs/{id}/applications (bearer, multipart): Quick Apply. */
export function useApply(jobId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: ApplyInput) =>
      // A 401 is answered in the form (the session may have expired), not by leaving the page.
      api<ApplicationCreateResult>(`/api/jobs/${encodeURIComponent(jobId)}/applications`, {
        method: 'POST',
        body: applicationFormData(input),
        on401: 'ignore',
      }),
    // The job page's "Applied on …" and the seeker's list both change; a 409 means the job's
    // state or the viewer's application changed elsewhere, so they are read again then too.
    onSettled: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: jobKeys.all }),
        qc.invalidateQueries({ queryKey: applicationKeys.all }),
      ]),
  });
}
