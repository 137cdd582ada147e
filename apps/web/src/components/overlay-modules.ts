// Loaded by lazy-overlay.tsx when a dialog first opens (a module of our own: a dynamic import of
// the package itself would drag all of it in).
export { Drawer, Modal } from '@mantine/core';
