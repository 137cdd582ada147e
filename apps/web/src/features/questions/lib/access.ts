import type { AuthState } from '../../../lib/auth-store';

/** spec 01 §2/§6: asking and the Questioner Portal are for questioner, admin, user or no role. */
export function canUseQuestionerPages(auth: AuthState): boolean {
  if (!auth.token) return false;
  const role = auth.user?.role;
  return role === undefined || role === null || role === 'questioner' || role === 'admin' || role === 'user';
}
