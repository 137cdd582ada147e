import { Box } from '@mantine/core';
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { useAuth } from '../../lib/auth-store';
import { withFullStyles } from '../styles/load-full-styles';
import { isLandingPath } from '../theme';
import { Footer } from './footer';
import classes from './shell.module.css';
import { shell, useShellState } from './shell-store';
import { TestModeBanner } from './test-mode-banner';
import { TopBar } from './top-bar';

// Everything not needed for the first paint is its own chunk, fetched on first use.
const AccountPanel = lazy(() => withFullStyles(import('./account-panel')));
const MobileNav = lazy(() => withFullStyles(import('./mobile-nav')));
const LogoutDialog = lazy(() => withFullStyles(import('./logout-dialog')));
const SessionTimeout = lazy(() => withFullStyles(import('./session-timeout')));

/** Mounts a lazy overlay the first time it is wanted and keeps it mounted so it can animate closed. */
function useLatch(open: boolean): boolean {
  const [seen, setSeen] = useState(open);
  useEffect(() => {
    if (open) setSeen(true);
  }, [open]);
  return seen || open;
}

/**
 * The shell around every page: top bar, content area (offset and background by path, spec 01 §2),
 * footer, and the overlays (account panel, hamburger menu, logout confirmation, session timeout).
 */
export function AppFrame({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const { isLoggedIn } = useAuth();
  const ui = useShellState();
  const landing = isLandingPath(pathname);
  const showPanel = useLatch(ui.accountPanel);
  const showNav = useLatch(ui.mobileNav);
  const showLogout = useLatch(ui.logoutConfirm);

  // Navigating closes the panels (a link inside them was followed, or the back button was used).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on path change only
  useEffect(() => {
    shell.closeAccountPanel();
    shell.closeMobileNav();
  }, [pathname]);

  return (
    <>
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <TopBar />
      <Box
        className={`${classes.main} ${landing ? '' : classes.offset}`}
        bg={landing ? 'transparent' : 'gray.0'}
        data-landing={landing || undefined}
      >
        {children}
      </Box>
      <Footer />
      <TestModeBanner />
      <Suspense fallback={null}>
        {showPanel ? <AccountPanel /> : null}
        {showNav ? <MobileNav /> : null}
        {showLogout ? <LogoutDialog /> : null}
        {isLoggedIn ? <SessionTimeout /> : null}
      </Suspense>
    </>
  );
}
