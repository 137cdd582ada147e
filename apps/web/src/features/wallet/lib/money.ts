import { MSG } from '@agora/shared';
import { ApiError, errorMessage } from '../../../lib/api-client';

/**
 * spec 01 §8: the server's error or the network sentence. The server's messages are sentences
 * already ("Please enter a valid UPI ID…"), shown as they are: "Error: " in front of one read as a
 * glitch. Only a bare word (no sentence to read) gets the spec's "Error: " in front.
 */
export function moneyError(err: unknown): string {
  const message = errorMessage(err, MSG.networkError);
  return err instanceof ApiError && !/\s/.test(message.trim()) ? `Error: ${message}` : message;
}

/** A rupee amount typed by the user → whole paise, or null when it is not a valid positive amount. */
export function rupeesToPaise(value: string | number): number | null {
  const s = String(value).trim();
  if (!/^\d+(\.\d{1,2})?$/.test(s)) return null;
  const [whole, frac = ''] = s.split('.');
  const paise = Number(whole) * 100 + Number(frac.padEnd(2, '0'));
  return Number.isSafeInteger(paise) && paise > 0 ? paise : null;
}
