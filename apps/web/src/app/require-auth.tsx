import { notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import { Navigate, Outlet, type RouteObject, useLocation } from 'react-router';
import { setRedirectAfterLogin, useAuth } from '../lib/auth-store';
import type { RequireAuthOptions, RouteHandle } from '../lib/page-title';

/**
 * The one sign-in guard of the pages: a layout route around every route whose handle
 * says `requireAuth`. A signed-out visitor goes to /login (replacing the history entry), the page's
 * path saved as where to come back after logging in. Pages that show a login prompt instead (spec)
 * do not use it.
 */
export function RequireAuth({ returnHere = true, tokenOnly = false, notice }: RequireAuthOptions) {
  const { token, isLoggedIn } = useAuth();
  const signedIn = tokenOnly ? Boolean(token) : isLoggedIn;
  if (!signedIn) return <RedirectToLogin returnHere={returnHere} notice={notice} />;
  return <Outlet />;
}

function RedirectToLogin({ returnHere, notice }: Pick<RequireAuthOptions, 'returnHere' | 'notice'>) {
  const { pathname } = useLocation();
  useEffect(() => {
    if (notice) notifications.show({ color: 'yellow', title: notice.title, message: notice.message });
    if (returnHere) setRedirectAfterLogin(pathname);
  }, [notice, returnHere, pathname]);
  return <Navigate to="/login" replace />;
}

/** Puts each route whose handle asks for it under a RequireAuth layout route (children first). */
export function withRequireAuth(list: RouteObject[]): RouteObject[] {
  return list.map((r) => {
    const route = r.children ? ({ ...r, children: withRequireAuth(r.children) } as RouteObject) : r;
    const opts = (r.handle as RouteHandle | undefined)?.requireAuth;
    return opts ? { element: <RequireAuth {...opts} />, children: [route] } : route;
  });
}
