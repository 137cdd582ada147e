import type { RouteObject } from 'react-router';

// Routes of the jobs area; each page is its own lazy chunk.
export const jobsRoutes: RouteObject[] = [
  {
    path: 'jobhubs',
    handle: { title: 'Find Jobs — Jobs Hub', portalStyles: true },
    // Static, so it runs while the lazy page downloads: the list is requested in parallel with the code.
    loader: ({ request }) => {
      void import('./api/prefetch').then((m) => m.prefetchJobsPage(new URL(request.url).searchParams));
      return null;
    },
    lazy: async () => {
      void import('./api/prefetch'); // first in the queue of the page's files (HTTP/1.1: 6 at a time)
      return { Component: (await import('./pages/jobs-page')).JobsPage };
    },
  },
  {
    path: 'job/:id',
    handle: { title: 'Job — Jobs Hub', portalStyles: true },
    loader: ({ params }) => {
      if (params.id) void import('./api/prefetch').then((m) => m.prefetchJobPage(params.id!));
      return null;
    },
    lazy: async () => {
      void import('./api/prefetch'); // first in the queue of the page's files (HTTP/1.1: 6 at a time)
      return { Component: (await import('./pages/job-detail-page')).JobDetailPage };
    },
  },
  {
    path: 'job/:id/edit',
    handle: { title: 'Edit Job — Jobs Hub' },
    lazy: async () => ({ Component: (await import('./pages/create-job-page')).EditJobPage }),
  },
  {
    path: 'my-jobs',
    handle: { title: 'My Jobs — Jobs Hub' },
    lazy: async () => ({ Component: (await import('./pages/my-jobs-page')).MyJobsPage }),
  },
  {
    path: 'create-job',
    handle: { title: 'Post a Job — Jobs Hub' },
    lazy: async () => ({ Component: (await import('./pages/create-job-page')).CreateJobPage }),
  },
];
