import type { RouteObject } from 'react-router';

// Routes of the jobs area; each page is its own lazy chunk.
export const jobsRoutes: RouteObject[] = [
  { path: 'jobhubs', lazy: async () => ({ Component: (await import('./pages/jobs-page')).JobsPage }) },
  {
    path: 'job/:id',
    lazy: async () => ({ Component: (await import('./pages/job-detail-page')).JobDetailPage }),
  },
  {
    path: 'create-job',
    lazy: async () => ({ Component: (await import('./pages/create-job-page')).CreateJobPage }),
  },
];
