import { getAuth } from '../../../lib/auth-store';

/**
 * Submission files are served only with the bearer token (organiser, admins, submitter), so a plain
 * link cannot fetch them: download through fetch and hand the browser a blob.
 */
export async function downloadSubmissionFile(url: string, fallbackName: string): Promise<void> {
  const { token } = getAuth();
  const res = await fetch(url, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  if (!res.ok) {
    let message = 'Failed to download the file';
    try {
      const body = (await res.json()) as { error?: string };
      if (body.error) message = body.error;
    } catch {
      // keep the generic message
    }
    throw new Error(message);
  }
  const blob = await res.blob();
  const disposition = res.headers.get('Content-Disposition') ?? '';
  const star = /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1];
  const plain = /filename="([^"]+)"/i.exec(disposition)?.[1];
  const name = star ? decodeURIComponent(star) : (plain ?? fallbackName);
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}
