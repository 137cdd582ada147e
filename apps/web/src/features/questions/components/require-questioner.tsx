import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { setRedirectAfterLogin, useAuth } from '../../../lib/auth-store';
import { canUseQuestionerPages } from '../lib/access';

/** spec 01 §2/§6: no stored token, or a role other than questioner/admin/user/none → /login. */
export function RequireQuestioner({ children }: { children: ReactNode }) {
  const auth = useAuth();
  const { pathname } = useLocation();
  if (!canUseQuestionerPages(auth)) {
    if (!auth.token) setRedirectAfterLogin(pathname);
    return <Navigate to="/login" replace />;
  }
  return <>{children}</>;
}
