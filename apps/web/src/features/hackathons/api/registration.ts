import { type HackathonRegistrationResult, MSG } from '@agora/shared';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, api, NetworkError } from '../../../lib/api-client';
import { hackathonKeys } from './keys';
import { showErrorToast } from '../../../lib/toasts';

/** POST /api/hackathons/:id/register — spec 03 §8 messages on failure and success. */
export function useJoinHackathon() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api<HackathonRegistrationResult>(`/api/hackathons/${encodeURIComponent(id)}/register`, {
        method: 'POST',
        // The spec's call sends a JSON content type with no body.
        headers: { 'Content-Type': 'application/json' },
      }),
    onSuccess: () => {
      notifications.show({ color: 'green', title: MSG.hackathonJoinedTitle, message: MSG.hackathonJoined });
    },
    onError: (err) => {
      if (err instanceof NetworkError) {
        showErrorToast({ title: MSG.hackathonConnectionErrorTitle, message: MSG.hackathonJoinNetwork });
      } else {
        showErrorToast({
          title: MSG.hackathonJoinFailedTitle,
          message: (err instanceof ApiError && err.message) || MSG.hackathonJoinFailed,
        });
      }
    },
    onSettled: () => qc.invalidateQueries({ queryKey: hackathonKeys.all }),
  });
}

/** POST /api/hackathons/:id/unregister */
export function useLeaveHackathon() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api<HackathonRegistrationResult>(`/api/hackathons/${encodeURIComponent(id)}/unregister`, {
        method: 'POST',
      }),
    onSuccess: () => {
      notifications.show({
        color: 'green',
        title: MSG.hackathonUnregisteredTitle,
        message: MSG.hackathonUnregistered,
      });
    },
    onError: (err) => {
      if (err instanceof NetworkError) {
        showErrorToast({ title: MSG.hackathonConnectionErrorTitle, message: MSG.hackathonUnregisterNetwork });
      } else {
        showErrorToast({
          title: MSG.hackathonUnregisterFailedTitle,
          message: (err instanceof ApiError && err.message) || MSG.hackathonUnregisterFailed,
        });
      }
    },
    // spec 03 §4: "unregistering reloads the page" — the page's data is fetched again.
    onSettled: () => qc.invalidateQueries({ queryKey: hackathonKeys.all }),
  });
}
