import type { RouteObject } from 'react-router';

// Routes of the applications area; each page is its own lazy chunk.
export const applicationsRoutes: RouteObject[] = [
  {
    path: 'my-applications',
    handle: { title: 'My Applications — Jobs Hub', requireAuth: {}, portal: 'jobs' },
    lazy: async () => ({ Component: (await import('./pages/my-applications-page')).MyApplicationsPage }),
  },
  {
    path: 'my-jobs/:id/applicants',
    handle: { title: 'Applicants — Jobs Hub', requireAuth: {}, portal: 'jobs' },
    lazy: async () => ({ Component: (await import('./pages/pipeline-page')).PipelinePage }),
  },
  {
    path: 'referrals',
    handle: { title: 'Referral Requests — Jobs Hub', requireAuth: {} },
    lazy: async () => ({ Component: (await import('./pages/referrals-page')).ReferralsPage }),
  },
];
