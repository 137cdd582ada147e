import { MSG, type ProjectSubmissionResult } from '@agora/shared';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, api, NetworkError } from '../../../lib/api-client';
import { hackathonKeys } from './keys';

/** One id for every error toast of a hackathon's submission form, so a success can clear the last one. */
export const projectErrorToastId = (hackathonId: string) => `project-submit-error-${hackathonId}`;

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
      notifications.hide(projectErrorToastId(hackathonId));
      notifications.show({ color: 'green', title: MSG.projectSubmittedTitle, message: MSG.projectSubmitted });
    },
    onError: (err) => {
      if (err instanceof NetworkError) {
        notifications.show({
          id: projectErrorToastId(hackathonId),
          color: 'red',
          title: MSG.hackathonConnectionErrorTitle,
          message: MSG.projectSubmitNetwork,
        });
      } else {
        notifications.show({
          id: projectErrorToastId(hackathonId),
          color: 'red',
          title: MSG.hackathonSubmitFailedTitle,
          message: (err instanceof ApiError && err.message) || MSG.projectSubmitFailed,
        });
      }
    },
    onSettled: () => qc.invalidateQueries({ queryKey: hackathonKeys.all }),
  });
}
