import { useMutation } from '@tanstack/react-query';
import { getAuth } from '../../../lib/auth-store';

/**
 * GET /api/applications/{id}/resume answers only with the bearer token (the applicant, the job's
 * poster, admins), so a plain link cannot fetch it: download through fetch and hand the browser a blob.
 */
export async function downloadResume(applicationId: string, fallbackName: string): Promise<void> {
  const { token } = getAuth();
  const res = await fetch(`/api/applications/${encodeURIComponent(applicationId)}/resume`, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  if (!res.ok) {
    let message = 'Could not download the résumé';
    try {
      const body = (await res.json()) as { error?: unknown; message?: unknown };
      if (typeof body.error === 'string') message = body.error;
      else if (typeof body.message === 'string') message = body.message;
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

/** The résumé download as a mutation, so its pending state and failure show on the button. */
export function useDownloadResume() {
  return useMutation({
    mutationFn: ({ id, name }: { id: string; name: string }) => downloadResume(id, name),
  });
}
