import { logoutRequest } from '../../features/auth/api/session';
import { clearSession, getAuth, setRedirectAfterLogin } from '../../lib/auth-store';
import { queryClient } from '../../lib/query-client';
import { LAST_ACTIVITY_KEY } from './idle-timer';
import { shell } from './shell-store';

/**
 * spec 01 §4 logout: revoke the session on the server, remove token and user, clear state,
 * announce the change (clearSession dispatches the login-state event) and go to /.
 */
export function logout(navigate: (to: string) => void): void {
  // The request reads the token synchronously, so the local session can be cleared at once.
  if (getAuth().token) void logoutRequest().catch(() => {});
  clearSession();
  localStorage.removeItem(LAST_ACTIVITY_KEY);
  queryClient.clear();
  shell.reset();
  navigate('/');
}

/** spec 01 §2: a signed-out click on a link that needs an account remembers it and goes to /login. */
export function goToLoginFor(path: string, navigate: (to: string) => void): void {
  setRedirectAfterLogin(path);
  navigate('/login');
}
