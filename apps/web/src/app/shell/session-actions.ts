import { logoutRequest } from '../../features/auth/api/session';
import { clearRedirectAfterLogin, clearSession, getAuth, setRedirectAfterLogin } from '../../lib/auth-store';
import { queryClient } from '../../lib/query-client';
import { LAST_ACTIVITY_KEY } from './idle-timer';
import { shell } from './shell-store';

/**
 * spec 01 §4 logout: revoke the session on the server, remove token and user, clear state,
 * announce the change (clearSession dispatches the login-state event) and go to /.
 */
export async function logout(
  navigate: (to: string, opts?: { flushSync?: boolean }) => void | Promise<void>,
): Promise<void> {
  shell.reset(); // the dialog and panels close at once
  // Leave the page first. A page for signed-in users (/wallet, /profile, the questioner portal)
  // that saw the session end — or a request of its own answered 401 once the server revoked the
  // token — would remember itself for after the next login and go to /login.
  // flushSync: when the navigation resolves, / is on screen (not a pending transition behind the
  // old page, which would still react to the session ending).
  try {
    await navigate('/', { flushSync: true });
  } finally {
    // The request reads the token synchronously, so the local session can be cleared at once.
    if (getAuth().token) void logoutRequest().catch(() => {});
    clearSession();
    clearRedirectAfterLogin();
    localStorage.removeItem(LAST_ACTIVITY_KEY);
    queryClient.clear();
    shell.reset();
  }
}

/** spec 01 §2: a signed-out click on a link that needs an account remembers it and goes to /login. */
export function goToLoginFor(path: string, navigate: (to: string) => void): void {
  setRedirectAfterLogin(path);
  navigate('/login');
}
