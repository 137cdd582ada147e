import './styles/critical';
import './global.css';
import { MantineProvider } from '@mantine/core';
import { notificationsStore } from '@mantine/notifications';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { RoutePending } from '../components/route-pending';
import { useServerPageHead } from '../lib/page-head-tags';
import { useRouteTitle } from '../lib/page-title';
import { usePortal } from './portal';
import { AppFrame } from './shell/app-frame';
import { withFullStyles } from './styles/load-full-styles';
import { brandColorFor, cssVariablesResolver, makeTheme } from './theme';

// The toast container (and its transitions) is loaded when the first toast is shown: notifications.show()
// only writes to this store, and the container displays what the store holds once it mounts.
// (A module of our own: a dynamic import of the package itself would drag all of it into the entry.)
const Toasts = lazy(() => withFullStyles(import('./shell/toasts')));

function pendingToasts(): boolean {
  const s = notificationsStore.getState();
  return s.notifications.length + s.queue.length > 0;
}

function useAnyNotification(): boolean {
  const [any, setAny] = useState(pendingToasts);
  useEffect(() => {
    if (any) return;
    if (pendingToasts()) setAny(true);
    return notificationsStore.subscribe(() => {
      if (pendingToasts()) setAny(true);
    });
  }, [any]);
  return any;
}

/** Theme colour follows the route's portal; the frame holds the top bar, panels, dialogs and footer. */
export function RootLayout({ pending = false }: { pending?: boolean }) {
  const brand = brandColorFor(usePortal());
  const theme = useMemo(() => makeTheme(brand), [brand]);
  const toasts = useAnyNotification();
  useRouteTitle();
  useServerPageHead();
  return (
    <MantineProvider theme={theme} defaultColorScheme="light" cssVariablesResolver={cssVariablesResolver}>
      {toasts ? (
        <Suspense fallback={null}>
          <Toasts />
        </Suspense>
      ) : null}
      <AppFrame>
        <main id="main" tabIndex={-1}>
          {pending ? (
            <RoutePending />
          ) : (
            <Suspense fallback={<RoutePending />}>
              <Outlet />
            </Suspense>
          )}
        </main>
      </AppFrame>
      <ScrollRestoration />
    </MantineProvider>
  );
}

/** The router's hydrate fallback: the shell is painted while the first screen's chunk loads. */
export function RootLayoutPending() {
  return <RootLayout pending />;
}
