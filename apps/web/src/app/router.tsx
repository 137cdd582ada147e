import { createBrowserRouter, type RouteObject } from 'react-router';
import { adminRoutes } from '../features/admin/routes';
import { applicationsRoutes } from '../features/applications/routes';
import { authRoutes } from '../features/auth/routes';
import { hackathonsRoutes } from '../features/hackathons/routes';
import { ideasRoutes } from '../features/ideas/routes';
import { jobsRoutes } from '../features/jobs/routes';
import { organizationsRoutes } from '../features/organizations/routes';
import { pagesRoutes } from '../features/pages/routes';
import { questionsRoutes } from '../features/questions/routes';
import { walletRoutes } from '../features/wallet/routes';
import { inPortal } from './portal';
import { withRequireAuth } from './require-auth';
import { RootRouteError, RouteError } from './route-error';
import { RootLayout, RootLayoutPending } from './root-layout';
import { keyFreshHistoryEntry } from './scroll-entry';
import type { RouteHandle } from '../lib/page-title';
import { loadFullStyles, loadPortalStyles } from './styles/load-full-styles';

/**
 * Every lazy screen waits for the full Mantine stylesheet along with its own code (the entry only
 * carries the styles of the shell and the landing), so no screen ever renders unstyled; the portal
 * pages wait for the part their first screen uses (RouteHandle.portalStyles). Screens without a
 * lazy part get an empty one that only waits for the styles.
 */
function withFullStylesFirst(list: RouteObject[]): RouteObject[] {
  return list.map((r) => {
    const children = r.children ? withFullStylesFirst(r.children) : undefined;
    const { lazy } = r;
    // A portal page's first screen needs only the portal styles (RouteHandle.portalStyles).
    const styles = (r.handle as RouteHandle | undefined)?.portalStyles ? loadPortalStyles : loadFullStyles;
    let wrapped: RouteObject['lazy'];
    if (typeof lazy === 'function') {
      wrapped = async () => (await Promise.all([lazy(), styles()]))[0];
    } else if (lazy && typeof lazy === 'object') {
      wrapped = Object.fromEntries(
        Object.entries(lazy).map(([k, fn]) => [
          k,
          async () => (await Promise.all([(fn as () => Promise<unknown>)(), styles()]))[0],
        ]),
      ) as RouteObject['lazy'];
    } else {
      wrapped = async () => {
        await styles();
        return {};
      };
    }
    return { ...r, lazy: wrapped, ...(children ? { children } : {}) } as RouteObject;
  });
}

/**
 * Entry points of a new visitor — the landing (/ and /portals), login and sign-up — need only the
 * critical styles (styles/critical.ts), so their first paint does not wait for the full stylesheet.
 */
const criticalOnly = (r: RouteObject) =>
  r.index === true || r.path === 'portals' || r.path === 'login' || r.path === 'signup';

export const routes: RouteObject[] = [
  {
    path: '/',
    Component: RootLayout,
    ErrorBoundary: RootRouteError,
    // While the first screen's lazy chunk loads: the shell with a spinner (an early first paint).
    HydrateFallback: RootLayoutPending,
    children: [
      {
        ErrorBoundary: RouteError,
        children: [
          ...pagesRoutes.filter(criticalOnly),
          ...authRoutes.filter(criticalOnly),
          // Screens whose handle says `requireAuth` sit under the one sign-in guard.
          ...withFullStylesFirst(
            withRequireAuth([
              ...pagesRoutes.filter((r) => !criticalOnly(r)),
              ...authRoutes.filter((r) => !criticalOnly(r)),
              // Each portal's areas (RouteHandle.portal: colour, highlighted menu, footer accent).
              ...inPortal('inquiry', questionsRoutes),
              ...inPortal('inquiry', walletRoutes),
              ...inPortal('ideas', ideasRoutes),
              ...organizationsRoutes,
              ...inPortal('hackathons', hackathonsRoutes),
              ...inPortal('jobs', jobsRoutes),
              ...applicationsRoutes,
              ...adminRoutes,
              {
                path: '*',
                handle: { title: 'Page Not Found — Agora' },
                lazy: async () => ({ Component: (await import('./not-found')).NotFound }),
              },
            ]),
          ),
        ],
      },
    ],
  },
];

export const router = (() => {
  // Before the router reads the first location: a newly opened page must not take the scroll
  // position another freshly opened page left behind (scroll-entry.ts).
  if (typeof window !== 'undefined') keyFreshHistoryEntry();
  return createBrowserRouter(routes);
})();
