import type { HackathonSubmission } from '@agora/shared';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, errorMessage } from '../../../lib/api-client';
import { hackathonKeys } from './keys';

/** PATCH /api/hackathons/:id/submissions/:sid { status } — organiser or admin. */
export function useSetSubmissionStatus(hackathonId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ sid, status }: { sid: string; status: HackathonSubmission['status'] }) =>
      api<HackathonSubmission>(
        `/api/hackathons/${encodeURIComponent(hackathonId)}/submissions/${encodeURIComponent(sid)}`,
        { method: 'PATCH', body: { status } },
      ),
    onSuccess: (s) => {
      notifications.show({
        color: 'green',
        title: 'Status updated',
        message: `${s.projectTitle} is now marked as ${s.status.replace('_', ' ')}.`,
      });
    },
    onError: (err) => {
      notifications.show({
        color: 'red',
        title: 'Update failed',
        message: errorMessage(err, 'Failed to update the status'),
      });
    },
    onSettled: () => qc.invalidateQueries({ queryKey: hackathonKeys.all }),
  });
}
