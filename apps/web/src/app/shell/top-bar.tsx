import { Burger, Button, Group, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconSearch, IconUserCircle } from '@tabler/icons-react';
import { type ComponentType, lazy, Suspense, startTransition, useCallback, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { UserAvatar } from '../../components/user-avatar';
import { useAuth } from '../../lib/auth-store';
import { useIdleAfterLoad } from '../../lib/idle';
import { withFullStyles } from '../styles/load-full-styles';
import { activePortalFor } from './active-portal';
import { Logo } from './logo';
import { PORTAL_MENUS, showsIdeaSearch } from './nav-links';
import classes from './shell.module.css';
import { shell, useShellState } from './shell-store';

// Dropdown menus pull in the popover machinery: loaded on intent (see PortalNavFallback), never
// for the first paint.
const PortalMenus = lazy(() => withFullStyles(import('./portal-menus')));
const UserMenu = lazy(() => withFullStyles(import('./user-menu')));

// The top-bar idea search (spec 02 §2), shown only on /idea/{id} and /hidden-ideas, in its own chunk
// (with the combobox, the positioning library and the complete stylesheet): loaded once the page
// is idle after its load, or at once when reached for (IdeaSearchFallback).
const IdeaSearchBox: ComponentType<{ autoFocus?: boolean }> | null = lazy(() =>
  withFullStyles(import('../../features/ideas/components/idea-search-box')).then((m) => ({
    default: m.IdeaSearchBox,
  })),
);

// The notifications bell for signed-in users, in its own chunk: visitors never load it.
const NotificationsBell: ComponentType | null = lazy(() =>
  withFullStyles(import('../../features/notifications/components/notifications-bell')).then((m) => ({
    default: m.NotificationsBell,
  })),
);

/** What the user reached for before a lazy menu had loaded: open it (and focus it) once it has. */
export interface MenuIntent {
  open?: string;
  focus?: string;
}

/**
 * Placeholders with the exact look of the menu triggers. The menus' code (popover, focus trap) is
 * fetched only on intent — pointer over the bar, keyboard focus, a tap — keeping it out of the
 * first paint; a click made before it arrives opens the menu when it does.
 */
export function PortalNavFallback({
  active,
  onIntent,
}: {
  active: string | null;
  onIntent: (intent: MenuIntent) => void;
}) {
  return (
    <>
      {PORTAL_MENUS.map((m) => (
        <button
          key={m.label}
          type="button"
          className={classes.navButton}
          data-active={m.label === active || undefined}
          data-fallback
          aria-haspopup="menu"
          aria-expanded={false}
          onPointerEnter={() => onIntent({})}
          onFocus={() => onIntent({ focus: m.label })}
          onPointerDown={() => onIntent({ open: m.label, focus: m.label })}
          onClick={() => onIntent({ open: m.label, focus: m.label })}
        >
          {m.label}
          <IconChevronDown size={14} aria-hidden />
        </button>
      ))}
    </>
  );
}

/**
 * The idea search box's stand-in while its code is not loaded: the same size and look, a button that
 * loads it on intent; the box then takes the focus.
 */
export function IdeaSearchFallback({ onIntent }: { onIntent: (intent: MenuIntent) => void }) {
  return (
    <div className={classes.searchSlot}>
      <button
        type="button"
        className={classes.searchFallback}
        aria-label="Search ideas"
        data-fallback
        onPointerEnter={() => onIntent({})}
        onFocus={() => onIntent({ focus: 'search' })}
        onPointerDown={() => onIntent({ focus: 'search' })}
        onClick={() => onIntent({ focus: 'search' })}
      >
        <IconSearch size={16} aria-hidden />
        <span>Search ideas...</span>
      </button>
    </div>
  );
}

export function AvatarButtonFallback({ onIntent }: { onIntent: (intent: MenuIntent) => void }) {
  const { user } = useAuth();
  return (
    <UnstyledButton
      className={classes.avatarButton}
      aria-label="Account menu"
      aria-haspopup="menu"
      aria-expanded={false}
      data-fallback
      onPointerEnter={() => onIntent({})}
      onFocus={() => onIntent({ focus: 'account' })}
      onPointerDown={() => onIntent({ open: 'account', focus: 'account' })}
      onClick={() => onIntent({ open: 'account', focus: 'account' })}
    >
      <UserAvatar name={user?.name} email={user?.email} size={36} decorative />
    </UnstyledButton>
  );
}

/**
 * Loads a lazy menu on the first sign of intent and remembers what that intent was. The update is a
 * transition: the placeholder stays the same DOM node until the menu is ready, so a click is never
 * split between two elements. The open intent is taken at pointerdown for the same reason.
 */
function useMenuIntent(): [MenuIntent | null, (i: MenuIntent) => void] {
  const [intent, setIntent] = useState<MenuIntent | null>(null);
  const want = useCallback(
    (i: MenuIntent) => startTransition(() => setIntent((cur) => ({ ...cur, ...i }))),
    [],
  );
  return [intent, want];
}

/**
 * spec 01 §2 top bar: logo and brand colour by path, the four portal dropdowns, the avatar menu or
 * Signup/Login, the Admin Portal link for admins; under 480 px a hamburger and a slide-in panel.
 */
export function TopBar() {
  const { pathname } = useLocation();
  const auth = useAuth();
  const ui = useShellState();
  const active = activePortalFor(pathname);
  const isAdmin = auth.user?.role === 'admin';
  const ideaSearch = showsIdeaSearch(pathname);
  const [portalIntent, wantPortalMenus] = useMenuIntent();
  const [accountIntent, wantAccountMenu] = useMenuIntent();
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

          {auth.isLoggedIn ? (
            <>
              {isAdmin ? (
                <Button
                  component={Link}
                  to="/admin-portal"
                  variant="light"
                  size="sm"
                  // Beside the idea search it needs a wide screen; the avatar menu has it too.
                  className={ideaSearch ? classes.xlUp : classes.mdUp}
                  style={{ flexShrink: 0 }}
                >
                  Admin Portal
                </Button>
              ) : null}
              {/* Notifications bell (NotificationsBell above) */}
              {NotificationsBell ? (
                <span data-slot="notifications-bell" style={{ display: 'contents' }}>
                  <Suspense fallback={null}>
                    <NotificationsBell />
                  </Suspense>
                </span>
              ) : null}
              <span className={classes.wideOnly}>
                <Suspense fallback={<AvatarButtonFallback onIntent={wantAccountMenu} />}>
                  {accountIntent ? (
                    <UserMenu intent={accountIntent} />
                  ) : (
                    <AvatarButtonFallback onIntent={wantAccountMenu} />
                  )}
                </Suspense>
              </span>
              <UnstyledButton
                className={`${classes.avatarButton} ${classes.narrowOnly}`}
                onClick={shell.openAccountPanel}
                aria-label="Open account panel"
              >
                <UserAvatar name={auth.user?.name} email={auth.user?.email} size={36} decorative />
              </UnstyledButton>
            </>
          ) : (
            <>
              <Button component={Link} to="/signup" variant="default" size="sm" className={classes.wideOnly}>
                Signup
              </Button>
              <Button component={Link} to="/login" size="sm" style={{ flexShrink: 0 }}>
                Login
              </Button>
              <UnstyledButton
                className={`${classes.avatarButton} ${classes.narrowOnly}`}
                onClick={shell.openAccountPanel}
                aria-label="Open account panel"
                c="gray.7"
              >
                <IconUserCircle size={34} stroke={1.5} aria-hidden />
              </UnstyledButton>
            </>
          )}
        </Group>
      </Group>
    </header>
  );
}
