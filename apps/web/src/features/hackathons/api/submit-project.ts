import { MSG, type ProjectSubmissionResult } from '@agora/shared';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, api, NetworkError } from '../../../lib/api-client';
import { hackathonKeys } from './keys';
import { showErrorToast } from '../../../lib/toasts';

/** Error toasts shown by a hackathon's submission form, so that a success clears them. */
const errorToasts = new Map<string, string[]>();
let toastSeq = 0;

/** Shows an error toast of the submission form (each its own, so a new one always appears). */
export function showProjectError(hackathonId: string, toast: { title: string; message: string }): void {
  const id = `project-submit-error-${hackathonId}-${++toastSeq}`;
  errorToasts.set(hackathonId, [...(errorToasts.get(hackathonId) ?? []), id]);
  showErrorToast({ id, ...toast });
}

/** A submission went through: the earlier attempts' errors no longer hold. */
function clearProjectErrors(hackathonId: string): void {
  for (const id of errorToasts.get(hackathonId) ?? []) notifications.hide(id);
  errorToasts.delete(hackathonId);
}

/** POST /api/hackathons/:id/submit (multipart; file field submissionFile). */
export function useSubmitProject(hackathonId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (form: FormData) =>
      api<ProjectSubmissionResult>(`/api/hackathons/${encodeURIComponent(hackathonId)}/submit`, {
        method: 'POST',
        body: form,
      }),
    onSuccess: () => {
      // The earlier attempt's 'Submission Failed' no longer holds once this one went through.
      clearProjectErrors(hackathonId);
      notifications.show({ color: 'green', title: MSG.projectSubmittedTitle, message: MSG.projectSubmitted });
    },
    onError: (err) => {
      if (err instanceof NetworkError) {
        showProjectError(hackathonId, {
          title: MSG.hackathonConnectionErrorTitle,
          message: MSG.projectSubmitNetwork,
        });
      } else {
        showProjectError(hackathonId, {
          title: MSG.hackathonSubmitFailedTitle,
          message: (err instanceof ApiError && err.message) || MSG.projectSubmitFailed,
        });
      }
    },
    onSettled: () => qc.invalidateQueries({ queryKey: hackathonKeys.all }),
  });
}
