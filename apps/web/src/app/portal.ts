import { type RouteObject, type UIMatch, useMatches } from 'react-router';
import type { Portal, RouteHandle } from '../lib/page-title';

/** The portal of the deepest matched route that names one (RouteHandle.portal), or null. */
export function routePortal(matches: Pick<UIMatch, 'handle'>[]): Portal | null {
  for (let i = matches.length - 1; i >= 0; i--) {
    const portal = (matches[i]?.handle as RouteHandle | undefined)?.portal;
    if (portal) return portal;
  }
  return null;
}

/** The current route's portal: its brand colour, highlighted menu and footer accent. */
export function usePortal(): Portal | null {
  return routePortal(useMatches());
}

/** Every screen of an area belongs to the area's portal, unless its own handle names another. */
export function inPortal(portal: Portal, list: RouteObject[]): RouteObject[] {
  return list.map((r) => ({ ...r, handle: { portal, ...(r.handle as RouteHandle | undefined) } }));
}
