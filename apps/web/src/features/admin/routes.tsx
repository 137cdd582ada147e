import type { RouteObject } from 'react-router';

// /admin-portal (spec 01: admin only). The layout checks the role on the client; the server checks
// it on every call. Each section is its own lazy chunk (the charts load only with the overview).
export const adminRoutes: RouteObject[] = [
  {
    path: 'admin-portal',
    handle: { title: 'Admin Portal — Agora' },
    lazy: async () => ({ Component: (await import('./pages/admin-layout')).AdminLayout }),
    children: [
      {
        index: true,
        handle: { title: 'Overview — Admin Portal' },
        lazy: async () => ({ Component: (await import('./pages/overview-page')).OverviewPage }),
      },
      {
        path: 'users',
        handle: { title: 'Users — Admin Portal' },
        lazy: async () => ({ Component: (await import('./pages/users-page')).UsersPage }),
      },
      {
        path: 'questions',
        handle: { title: 'Questions — Admin Portal' },
        lazy: async () => ({ Component: (await import('./pages/questions-page')).QuestionsPage }),
      },
      {
        path: 'ideas',
        handle: { title: 'Ideas — Admin Portal' },
        lazy: async () => ({ Component: (await import('./pages/ideas-page')).IdeasPage }),
      },
      {
        path: 'hackathons',
        handle: { title: 'Hackathons — Admin Portal' },
        lazy: async () => ({ Component: (await import('./pages/hackathons-page')).HackathonsPage }),
      },
      {
        path: 'jobs',
        handle: { title: 'Jobs — Admin Portal' },
        lazy: async () => ({ Component: (await import('./pages/jobs-page')).JobsPage }),
      },
      {
        path: 'withdrawals',
        handle: { title: 'Withdrawals — Admin Portal' },
        lazy: async () => ({ Component: (await import('./pages/withdrawals-page')).WithdrawalsPage }),
      },
      {
        path: 'contact-messages',
        handle: { title: 'Contact Messages — Admin Portal' },
        lazy: async () => ({
          Component: (await import('./pages/contact-messages-page')).ContactMessagesPage,
        }),
      },
      {
        path: 'settings',
        handle: { title: 'Settings — Admin Portal' },
        lazy: async () => ({ Component: (await import('./pages/settings-page')).SettingsPage }),
      },
      {
        path: 'audit-log',
        handle: { title: 'Audit Log — Admin Portal' },
        lazy: async () => ({ Component: (await import('./pages/audit-log-page')).AuditLogPage }),
      },
    ],
  },
];
