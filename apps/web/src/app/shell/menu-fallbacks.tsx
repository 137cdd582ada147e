import { UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconSearch } from '@tabler/icons-react';
import { startTransition, useCallback, useState } from 'react';
import { UserAvatar } from '../../components/user-avatar';
import { useAuth } from '../../lib/auth-store';
import { PORTAL_MENUS } from './nav-links';
import classes from './shell.module.css';

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
export function useMenuIntent(): [MenuIntent | null, (i: MenuIntent) => void] {
  const [intent, setIntent] = useState<MenuIntent | null>(null);
  const want = useCallback(
    (i: MenuIntent) => startTransition(() => setIntent((cur) => ({ ...cur, ...i }))),
    [],
  );
  return [intent, want];
}
