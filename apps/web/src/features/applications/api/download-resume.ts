import { useMutation } from '@tanstack/react-query';
import { downloadWithToken } from '../../../lib/download';

/**
 * GET /api/applications/{id}/resume answers only with the bearer token (the applicant, the job's
 * poster, admins), so a plain link cannot fetch it.
 */
export function downloadResume(applicationId: string, fallbackName: string): Promise<void> {
  return downloadWithToken(
    `/api/applications/${encodeURIComponent(applicationId)}/resume`,
    fallbackName,
    'Could not download the résumé',
  );
}

/** The résumé download as a mutation, so its pending state and failure show on the button. */
export function useDownloadResume() {
  return useMutation({
    mutationFn: ({ id, name }: { id: string; name: string }) => downloadResume(id, name),
  });
}
