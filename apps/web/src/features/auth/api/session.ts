import type { PublicUser } from '@agora/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Revokes the session on the server. Best effort: the client forgets the token either way. */
export function logoutRequest(): Promise<void> {
  return api<void>('/api/auth/logout', { method: 'POST', on401: 'ignore' });
}

/** 'Stay Logged In' (CONTRACT §4): extends the server-side idle timeout. */
export function keepaliveRequest(): Promise<void> {
  return api<void>('/api/auth/keepalive', { method: 'POST' });
}

/**
 * The warning dialog's 'Stay Logged In': the keepalive as a mutation (its isPending is the button's
 * spinner). A failure is not shown: a 401 has already cleared the session (api client); anything
 * else leaves the idle timer running.
 */
export function useKeepalive() {
  return useMutation({ mutationFn: keepaliveRequest });
}

/** The stored user, re-read from the server (role or name may have changed). */
export function fetchSessionUser(): Promise<{ user: PublicUser }> {
  return api<{ user: PublicUser }>('/api/auth/me', { on401: 'ignore' });
}
