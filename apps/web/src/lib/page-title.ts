import { useEffect, useSyncExternalStore } from 'react';
import { type UIMatch, useLocation, useMatches } from 'react-router';

/**
 * Tab titles, one mechanism: every route declares `handle: { title }` (the static title of the
 * screen) and the shell writes the deepest match's title to document.title. A screen whose title
 * depends on its data (a question's or an idea's title) calls usePageTitle(), which overrides the
 * route's title for the current location only, so a stale override never outlives its page.
 */
export interface RouteHandle {
  title?: string;
  /**
   * The screen needs a signed-in visitor: the router puts it under its RequireAuth layout route
   * (app/require-auth.tsx), which sends a signed-out visitor to /login.
   */
  requireAuth?: RequireAuthOptions;
  /**
   * The screen's first paint needs only the portal styles (app/styles/portal.ts), not the whole
   * Mantine stylesheet: the router waits for those, and the rest follows when the page is idle.
   */
  portalStyles?: boolean;
  /**
   * The portal the screen belongs to: its brand colour, its highlighted menu in the top bar and its
   * footer accent (spec 01 §2). A whole area is put in its portal by the router (app/portal.ts
   * inPortal); a screen of another area names its own.
   */
  portal?: Portal;
}

/** The four portals of spec 01 §2. */
export type Portal = 'inquiry' | 'ideas' | 'jobs' | 'hackathons';

export interface RequireAuthOptions {
  /** Come back here after logging in (default true): the path is saved as the redirect. */
  returnHere?: boolean;
  /** Signed in means a stored token (default: a token and its user). */
  tokenOnly?: boolean;
  /** A toast shown on the way to /login. */
  notice?: { title: string; message: string };
}

export const FALLBACK_TITLE = 'Agora';

let override: { key: string; title: string } | null = null;
const listeners = new Set<() => void>();
function setOverride(next: typeof override) {
  override = next;
  for (const l of listeners) l();
}
function subscribe(l: () => void) {
  listeners.add(l);
  return () => listeners.delete(l);
}

/** The title of the deepest matched route that declares one. */
export function routeTitle(matches: UIMatch[]): string | undefined {
  for (let i = matches.length - 1; i >= 0; i--) {
    const t = (matches[i]?.handle as RouteHandle | undefined)?.title;
    if (t) return t;
  }
  return undefined;
}

/** Used once, by the shell: keeps document.title in step with the route (or the page's override). */
export function useRouteTitle(): string {
  const matches = useMatches();
  const { key } = useLocation();
  const o = useSyncExternalStore(subscribe, () => override);
  const title = o && o.key === key ? o.title : (routeTitle(matches) ?? FALLBACK_TITLE);
  useEffect(() => {
    document.title = title;
  }, [title]);
  return title;
}

/** A data-dependent title for the current page; `undefined` keeps the route's own title. */
export function usePageTitle(title: string | undefined): void {
  const { key } = useLocation();
  useEffect(() => {
    if (!title) return;
    setOverride({ key, title });
    return () => {
      if (override?.key === key && override.title === title) setOverride(null);
    };
  }, [key, title]);
}
