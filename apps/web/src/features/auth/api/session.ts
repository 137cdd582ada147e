import type { PublicUser } from '@agora/shared';
import { api } from '../../../lib/api-client';

/** Revokes the session on the server. Best effort: the client forgets the token either way. */
export function logoutRequest(): Promise<void> {
  return api<void>('/api/auth/logout', { method: 'POST', on401: 'ignore' });
}

/** 'Stay Logged In' (CONTRACT §4): extends the server-side idle timeout. */
export function keepaliveRequest(): Promise<void> {
  return api<void>('/api/auth/keepalive', { method: 'POST' });
}

/** The stored user, re-read from the server (role or name may have changed). */
export function fetchSessionUser(): Promise<{ user: PublicUser }> {
  return api<{ user: PublicUser }>('/api/auth/me', { on401: 'ignore' });
}
