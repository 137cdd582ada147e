import type { RouteObject } from 'react-router';

// Routes of the money area (spec 01 §2); each page is its own lazy chunk.
export const walletRoutes: RouteObject[] = [
  {
    path: 'wallet',
    handle: { title: 'My Wallet — Agora', requireAuth: {} },
    lazy: async () => ({ Component: (await import('./pages/wallet-page')).WalletPage }),
  },
  {
    path: 'question/:questionId/rewards',
    handle: { title: 'Distribute Rewards — Agora', requireAuth: {} },
    lazy: async () => ({ Component: (await import('./pages/rewards-page')).RewardsPage }),
  },
];
