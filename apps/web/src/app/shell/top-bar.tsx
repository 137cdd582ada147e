import { Burger, Group } from '@mantine/core';
import { type ComponentType, lazy, Suspense } from 'react';
import { useLocation } from 'react-router';
import { useIdleAfterLoad } from '../../lib/idle';
import { usePortal } from '../portal';
import { withFullStyles } from '../styles/load-full-styles';
import { activePortalFor } from './active-portal';
import { Logo } from './logo';
import { IdeaSearchFallback, PortalNavFallback, useMenuIntent } from './menu-fallbacks';
import { showsIdeaSearch } from './nav-links';
import classes from './shell.module.css';
import { shell, useShellState } from './shell-store';
import { TopBarAccount } from './top-bar-account';

// Dropdown menus pull in the popover machinery: loaded on intent (see PortalNavFallback), never
// for the first paint.
const PortalMenus = lazy(() => withFullStyles(import('./portal-menus')));

// The top-bar idea search (spec 02 §2), shown only on /idea/{id} and /hidden-ideas, in its own chunk
// (with the combobox, the positioning library and the complete stylesheet): loaded once the page
// is idle after its load, or at once when reached for (IdeaSearchFallback).
const IdeaSearchBox: ComponentType<{ autoFocus?: boolean }> | null = lazy(() =>
  withFullStyles(import('../../features/ideas/components/idea-search-box')).then((m) => ({
    default: m.IdeaSearchBox,
  })),
);

/**
 * spec 01 §2 top bar: logo and brand colour by the route's portal, the four portal dropdowns, the avatar menu or
 * Signup/Login, the Admin Portal link for admins; under 480 px a hamburger and a slide-in panel.
 */
export function TopBar() {
  const { pathname } = useLocation();
  const ui = useShellState();
  const active = activePortalFor(usePortal());
  const ideaSearch = showsIdeaSearch(pathname);
  const [portalIntent, wantPortalMenus] = useMenuIntent();
  const [searchIntent, wantSearch] = useMenuIntent();
  const idle = useIdleAfterLoad();

  return (
    <header className={classes.header}>
      <Group h="100%" px={{ base: 'xs', sm: 'md' }} justify="space-between" wrap="nowrap" gap="xs">
        {/* Start and end share the room equally, so the portal menus stay centred on every page. */}
        <Group gap={4} wrap="nowrap" className={classes.barStart}>
          <Burger
            className={classes.burger}
            opened={ui.mobileNav}
            onClick={ui.mobileNav ? shell.closeMobileNav : shell.openMobileNav}
            aria-label={ui.mobileNav ? 'Close navigation' : 'Open navigation'}
            size="sm"
          />
          <Logo compact={ideaSearch} />
        </Group>

        <nav aria-label="Portals" className={classes.desktopNav}>
          <Group gap={2} wrap="nowrap">
            <Suspense fallback={<PortalNavFallback active={active} onIntent={wantPortalMenus} />}>
              {portalIntent ? (
                <PortalMenus active={active} intent={portalIntent} />
              ) : (
                <PortalNavFallback active={active} onIntent={wantPortalMenus} />
              )}
            </Suspense>
          </Group>
        </nav>

        {/* The idea search box gives way first (down to its minimum), never the bell or the account menu. */}
        <Group gap="xs" wrap="nowrap" justify="flex-end" className={classes.barEnd}>
          {/* Idea search (IdeaSearchBox above) */}
          {ideaSearch && IdeaSearchBox ? (
            <Suspense fallback={<IdeaSearchFallback onIntent={wantSearch} />}>
              {searchIntent || idle ? (
                <IdeaSearchBox autoFocus={Boolean(searchIntent?.focus)} />
              ) : (
                <IdeaSearchFallback onIntent={wantSearch} />
              )}
            </Suspense>
          ) : null}

          <TopBarAccount besideIdeaSearch={ideaSearch} />
        </Group>
      </Group>
    </header>
  );
}
