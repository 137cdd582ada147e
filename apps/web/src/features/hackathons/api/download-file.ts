import { downloadWithToken } from '../../../lib/download';

/**
 * Submission files are served only with the bearer token (organiser, admins, submitter), so a plain
 * link cannot fetch them.
 */
export function downloadSubmissionFile(url: string, fallbackName: string): Promise<void> {
  return downloadWithToken(url, fallbackName, 'Failed to download the file');
}
