import { Button, UnstyledButton } from '@mantine/core';
import { IconUserCircle } from '@tabler/icons-react';
import { type ComponentType, lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { UserAvatar } from '../../components/user-avatar';
import { useAuth } from '../../lib/auth-store';
import { withFullStyles } from '../styles/load-full-styles';
import { AvatarButtonFallback, useMenuIntent } from './menu-fallbacks';
import classes from './shell.module.css';
import { shell } from './shell-store';

// The avatar menu pulls in the popover machinery: loaded on intent (AvatarButtonFallback), never
// for the first paint.
const UserMenu = lazy(() => withFullStyles(import('./user-menu')));

// The notifications bell for signed-in users, in its own chunk: visitors never load it.
const NotificationsBell: ComponentType | null = lazy(() =>
  withFullStyles(import('../../features/notifications/components/notifications-bell')).then((m) => ({
    default: m.NotificationsBell,
  })),
);

/**
 * The top bar's account end: for a signed-in user the Admin Portal link (admins), the bell and the
 * avatar menu (a slide-in panel under 480 px); for a visitor Signup and Login.
 */
export function TopBarAccount({ besideIdeaSearch }: { besideIdeaSearch: boolean }) {
  const auth = useAuth();
  const [accountIntent, wantAccountMenu] = useMenuIntent();

  if (!auth.isLoggedIn) {
    return (
      <>
        <Button component={Link} to="/signup" variant="default" size="sm" className={classes.wideOnly}>
          Signup
        </Button>
        <Button component={Link} to="/login" size="sm" className={classes.noShrink}>
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
    );
  }

  return (
    <>
      {auth.user?.role === 'admin' ? (
        <Button
          component={Link}
          to="/admin-portal"
          variant="light"
          size="sm"
          // Beside the idea search it needs a wide screen; the avatar menu has it too.
          className={`${classes.noShrink} ${besideIdeaSearch ? classes.xlUp : classes.mdUp}`}
        >
          Admin Portal
        </Button>
      ) : null}
      {/* Notifications bell (NotificationsBell above) */}
      {NotificationsBell ? (
        <span data-slot="notifications-bell" className={classes.contents}>
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
  );
}
