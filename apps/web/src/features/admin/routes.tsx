import type { RouteObject } from 'react-router';

// /admin-portal (spec 01: admin only). The layout checks the role on the client; the server checks
// it on every call. Each section is its own lazy chunk (the charts load only with the overview).
export const adminRoutes: RouteObject[] = [
  {
    path: 'admin-portal',
    lazy: async () => ({ Component: (await import('./pages/admin-layout')).AdminLayout }),
    children: [
      {
        index: true,
        lazy: async () => ({ Component: (await import('./pages/overview-page')).OverviewPage }),
      },
      { path: 'users', lazy: async () => ({ Component: (await import('./pages/users-page')).UsersPage }) },
      {
        path: 'questions',
        lazy: async () => ({ Component: (await import('./pages/questions-page')).QuestionsPage }),
      },
      { path: 'ideas', lazy: async () => ({ Component: (await import('./pages/ideas-page')).IdeasPage }) },
      {
        path: 'hackathons',
        lazy: async () => ({ Component: (await import('./pages/hackathons-page')).HackathonsPage }),
      },
      { path: 'jobs', lazy: async () => ({ Component: (await import('./pages/jobs-page')).JobsPage }) },
      {
        path: 'withdrawals',
        lazy: async () => ({ Component: (await import('./pages/withdrawals-page')).WithdrawalsPage }),
      },
      {
        path: 'contact-messages',
        lazy: async () => ({
          Component: (await import('./pages/contact-messages-page')).ContactMessagesPage,
        }),
      },
      {
        path: 'settings',
        lazy: async () => ({ Component: (await import('./pages/settings-page')).SettingsPage }),
      },
      {
        path: 'audit-log',
        lazy: async () => ({ Component: (await import('./pages/audit-log-page')).AuditLogPage }),
      },
    ],
  },
];
