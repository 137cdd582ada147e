import type { RouteObject } from 'react-router';

// Routes of the jobs area; each page is its own lazy chunk.
export const jobsRoutes: RouteObject[] = [
  {
    path: 'jobhubs',
    // Static, so it runs while the lazy page downloads: the list is requested in parallel with the code.
    loader: ({ request }) => {
      void import('./api/prefetch').then((m) => m.prefetchJobsPage(new URL(request.url).searchParams));
      return null;
    },
    lazy: async () => ({ Component: (await import('./pages/jobs-page')).JobsPage }),
  },
  {
    path: 'job/:id',
    lazy: async () => ({ Component: (await import('./pages/job-detail-page')).JobDetailPage }),
  },
  {
    path: 'job/:id/edit',
    lazy: async () => ({ Component: (await import('./pages/create-job-page')).EditJobPage }),
  },
  {
    path: 'my-jobs',
    lazy: async () => ({ Component: (await import('./pages/my-jobs-page')).MyJobsPage }),
  },
  {
    path: 'create-job',
    lazy: async () => ({ Component: (await import('./pages/create-job-page')).CreateJobPage }),
  },
];
