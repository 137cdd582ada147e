import { useSyncExternalStore } from 'react';

/**
 * Which shell overlay is open. The overlays are lazy chunks; the top bar, the avatar menu and the
 * panels open them through this store instead of owning their state, so any of them can ask for
 * the logout confirmation or the account panel.
 */
export interface ShellState {
  accountPanel: boolean;
  mobileNav: boolean;
  logoutConfirm: boolean;
}

let state: ShellState = { accountPanel: false, mobileNav: false, logoutConfirm: false };
const listeners = new Set<() => void>();

function set(patch: Partial<ShellState>) {
  const next = { ...state, ...patch };
  if (
    next.accountPanel === state.accountPanel &&
    next.mobileNav === state.mobileNav &&
    next.logoutConfirm === state.logoutConfirm
  )
    return; // unchanged: no re-render of the shell
  state = next;
  for (const l of listeners) l();
}

export const shell = {
  openAccountPanel: () => set({ accountPanel: true, mobileNav: false }),
  closeAccountPanel: () => set({ accountPanel: false }),
  openMobileNav: () => set({ mobileNav: true, accountPanel: false }),
  closeMobileNav: () => set({ mobileNav: false }),
  /** Logout always asks first (spec 01 §2 'Confirm Logout'); the panels close behind the dialog. */
  requestLogout: () => set({ logoutConfirm: true, accountPanel: false, mobileNav: false }),
  cancelLogout: () => set({ logoutConfirm: false }),
  reset: () => set({ accountPanel: false, mobileNav: false, logoutConfirm: false }),
};

export function useShellState(): ShellState {
  return useSyncExternalStore(
    (cb) => {
      listeners.add(cb);
      return () => listeners.delete(cb);
    },
    () => state,
    () => state,
  );
}
