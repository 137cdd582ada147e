import { getAuth } from './auth-store';

/**
 * Downloads a file the server serves only with the bearer token (a plain link cannot send it):
 * fetch it, then hand the browser a blob under the name the server gives (Content-Disposition), or
 * `fallbackName`. A refusal throws with the server's message, or `failMessage` when it has none.
 */
export async function downloadWithToken(
  url: string,
  fallbackName: string,
  failMessage: string,
): Promise<void> {
  const { token } = getAuth();
  const res = await fetch(url, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  if (!res.ok) {
    let message = failMessage;
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
