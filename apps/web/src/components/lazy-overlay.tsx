import type { DrawerProps, ModalProps } from '@mantine/core';
import { type ComponentType, lazy, type ReactNode, Suspense, useState } from 'react';
import { withFullStyles } from '../app/styles/load-full-styles';

/**
 * True from the first time `opened` is true on: a dialog is loaded and mounted when first opened,
 * then stays mounted so that it can animate closed and open again at once.
 */
export function useOpenedOnce(opened: boolean): boolean {
  const [once, setOnce] = useState(opened);
  if (opened && !once) setOnce(true);
  return once || opened;
}

/** Renders its children (a lazy dialog) from the first time `opened` is true on; nothing before. */
export function OnFirstOpen({ opened, children }: { opened: boolean; children: ReactNode }) {
  const mounted = useOpenedOnce(opened);
  return mounted ? <Suspense fallback={null}>{children}</Suspense> : null;
}

/**
 * A dialog component of a feature (its module imports Modal or Drawer), as a lazy component that
 * also waits for the full stylesheet: `const Confirm = lazyOverlay(() => import('./confirm').then(
 * (m) => m.Confirm))`, rendered inside <OnFirstOpen opened={…}>.
 */
export function lazyOverlay<P extends object>(load: () => Promise<ComponentType<P>>) {
  return lazy(async () => ({ default: await withFullStyles(load()) }));
}

// The dialogs and their positioning, focus and scroll-lock libraries are the "overlays" chunk
// (vite.config.ts): a closed dialog on a page's first screen would download all of it and run its
// hooks on every render. These load it when a dialog first opens.
const Modal = lazyOverlay(() =>
  import('./overlay-modules').then((m) => m.Modal as ComponentType<ModalProps>),
);
const Drawer = lazyOverlay(() =>
  import('./overlay-modules').then((m) => m.Drawer as ComponentType<DrawerProps>),
);

/** Mantine's Modal, downloaded when it first opens (nothing is rendered before). */
export function LazyModal(props: ModalProps) {
  return (
    <OnFirstOpen opened={props.opened}>
      <Modal {...props} />
    </OnFirstOpen>
  );
}

/** Mantine's Drawer, downloaded when it first opens (nothing is rendered before). */
export function LazyDrawer(props: DrawerProps) {
  return (
    <OnFirstOpen opened={props.opened}>
      <Drawer {...props} />
    </OnFirstOpen>
  );
}
