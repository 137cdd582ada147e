import type { RouteObject } from 'react-router';

// Organisations that ideas tag (Innovators Space); each page is its own lazy chunk.
export const organizationsRoutes: RouteObject[] = [
  {
    path: 'organizations',
    handle: { title: 'Organisations — Innovators Space' },
    lazy: async () => ({ Component: (await import('./pages/organizations-page')).OrganizationsPage }),
  },
  {
    // The e-mailed verification link: signing in first keeps the token in the address.
    path: 'organizations/verify',
    handle: { title: 'Verify your organisation — Innovators Space', requireAuth: {} },
    lazy: async () => ({
      Component: (await import('./pages/verify-organization-page')).VerifyOrganizationPage,
    }),
  },
  {
    path: 'organization/:id',
    handle: { title: 'Organisation — Innovators Space' },
    lazy: async () => ({ Component: (await import('./pages/organization-page')).OrganizationPage }),
  },
  {
    path: 'organization/:id/inbox',
    handle: { title: 'Inbox — Innovators Space', requireAuth: {} },
    lazy: async () => ({
      Component: (await import('./pages/organization-inbox-page')).OrganizationInboxPage,
    }),
  },
];
