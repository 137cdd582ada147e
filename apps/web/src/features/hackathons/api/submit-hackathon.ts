import { type HackathonCreateResult, MSG } from '@agora/shared';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, api, NetworkError } from '../../../lib/api-client';
import { clearFormErrors, showFormError } from '../../../lib/form-toasts';
import { hackathonKeys } from './keys';

/**
 * POST /api/hackathons/submit (multipart; the server forces status pending), or with `editId`
 * PUT /api/hackathons/:id — its organiser's edit of a pending or rejected one, resubmitted for review.
 */
export function useSubmitHackathon(editId?: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (form: FormData) =>
      editId
        ? api<HackathonCreateResult>(`/api/hackathons/${encodeURIComponent(editId)}`, {
            method: 'PUT',
            body: form,
          })
        : api<HackathonCreateResult>('/api/hackathons/submit', { method: 'POST', body: form }),
    onSuccess: () => {
      // The form's earlier error toasts (a check, a failed attempt) go with the success.
      clearFormErrors('hackathon');
      notifications.show({
        color: 'green',
        title: MSG.hackathonSubmittedTitle,
        message: MSG.hackathonSubmitted,
      });
    },
    onError: (err) => {
      showFormError('hackathon', {
        title: MSG.hackathonSubmitFailedTitle,
        message:
          err instanceof NetworkError
            ? MSG.hackathonSubmitNetwork
            : (err instanceof ApiError && err.message) || MSG.hackathonSubmitFailed,
      });
    },
    onSettled: () => qc.invalidateQueries({ queryKey: hackathonKeys.all }),
  });
}
