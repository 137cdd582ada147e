import { beforeEach, describe, expect, it } from 'vitest';
import {
  clearSession,
  getAuth,
  LOGIN_STATE_EVENT,
  setSession,
  takeRedirectAfterLogin,
  setRedirectAfterLogin,
} from './auth-store';

const user = {
  id: 'u1',
  _id: 'u1',
  name: 'Asha Rao',
  displayName: 'Asha',
  email: 'asha@example.com',
  role: 'user' as const,
  status: 'active' as const,
  createdAt: new Date().toISOString(),
};

describe('auth store', () => {
  beforeEach(() => localStorage.clear());

  it('is logged in only when both a stored user and a stored token exist', () => {
    setSession('tok', user);
    expect(getAuth().isLoggedIn).toBe(true);
    localStorage.removeItem('user');
    window.dispatchEvent(new Event(LOGIN_STATE_EVENT));
    expect(getAuth().isLoggedIn).toBe(false);
  });

  it('re-reads state when another tab changes storage', () => {
    setSession('tok', user);
    localStorage.removeItem('token');
    window.dispatchEvent(new StorageEvent('storage', { key: 'token' }));
    expect(getAuth().isLoggedIn).toBe(false);
  });

  it('clears token and user on logout', () => {
    setSession('tok', user);
    clearSession();
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
    expect(getAuth().isLoggedIn).toBe(false);
  });

  it('returns only same-site redirect paths, once', () => {
    setRedirectAfterLogin('/wallet');
    expect(takeRedirectAfterLogin()).toBe('/wallet');
    expect(takeRedirectAfterLogin()).toBeNull();
    setRedirectAfterLogin('//evil.example.com');
    expect(takeRedirectAfterLogin()).toBeNull();
  });
});
