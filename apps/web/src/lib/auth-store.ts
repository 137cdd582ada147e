import type { PublicUser } from '@agora/shared';
import { useSyncExternalStore } from 'react';

/** spec 01 §3: browser-stored values. */
export const STORAGE_KEYS = {
  token: 'token',
  user: 'user',
  redirectAfterLogin: 'redirectAfterLogin',
  redirectQuestionId: 'redirectQuestionId',
} as const;

/** The app-wide login-state-change announcement (spec 01 §4). */
export const LOGIN_STATE_EVENT = 'login-state-change';

export interface AuthState {
  token: string | null;
  user: PublicUser | null;
  /** Logged in only when both a stored user and a stored token exist. */
  isLoggedIn: boolean;
}

function read(): AuthState {
  const token = localStorage.getItem(STORAGE_KEYS.token);
  let user: PublicUser | null = null;
  try {
    const raw = localStorage.getItem(STORAGE_KEYS.user);
    user = raw ? (JSON.parse(raw) as PublicUser) : null;
  } catch {
    user = null;
  }
  return { token, user, isLoggedIn: Boolean(token && user) };
}

let snapshot: AuthState = read();
const listeners = new Set<() => void>();

function refresh() {
  const next = read();
  if (next.token !== snapshot.token || JSON.stringify(next.user) !== JSON.stringify(snapshot.user)) {
    snapshot = next;
    for (const l of listeners) l();
  }
}

if (typeof window !== 'undefined') {
  // Other tabs change localStorage → storage event; this tab announces with LOGIN_STATE_EVENT.
  window.addEventListener('storage', refresh);
  window.addEventListener(LOGIN_STATE_EVENT, refresh);
}

export function getAuth(): AuthState {
  return snapshot;
}

export function setSession(token: string, user: PublicUser): void {
  localStorage.setItem(STORAGE_KEYS.token, token);
  localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
  window.dispatchEvent(new Event(LOGIN_STATE_EVENT));
}

export function updateStoredUser(user: PublicUser): void {
  localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
  window.dispatchEvent(new Event(LOGIN_STATE_EVENT));
}

export function clearSession(): void {
  localStorage.removeItem(STORAGE_KEYS.token);
  localStorage.removeItem(STORAGE_KEYS.user);
  window.dispatchEvent(new Event(LOGIN_STATE_EVENT));
}

/** Calls `listener` whenever the stored session changes (this tab or another); returns the unsubscribe. */
export function subscribeAuth(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useAuth(): AuthState {
  return useSyncExternalStore(subscribeAuth, getAuth, getAuth);
}

/** Remembers where to go after login (spec 01 §2 wallet link, Ask Question). */
export function setRedirectAfterLogin(path: string): void {
  localStorage.setItem(STORAGE_KEYS.redirectAfterLogin, path);
}

/** Logout: whoever signs in next on this browser starts from the home page, not the last user's. */
export function clearRedirectAfterLogin(): void {
  localStorage.removeItem(STORAGE_KEYS.redirectAfterLogin);
  localStorage.removeItem(STORAGE_KEYS.redirectQuestionId);
}

export function takeRedirectAfterLogin(): string | null {
  const v = localStorage.getItem(STORAGE_KEYS.redirectAfterLogin);
  localStorage.removeItem(STORAGE_KEYS.redirectAfterLogin);
  // Only same-site paths: never an open redirect.
  return v?.startsWith('/') && !v.startsWith('//') ? v : null;
}
