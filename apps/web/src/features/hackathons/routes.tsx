import type { RouteObject } from 'react-router';

// Routes of the hackathons area; each page is its own lazy chunk.
export const hackathonsRoutes: RouteObject[] = [
  {
    path: 'hackathons',
    handle: { title: 'Browse Hackathons — Hackathons', portalStyles: true },
    // Static, so it runs while the lazy page downloads: the list is requested in parallel with the code.
    loader: ({ request }) => {
      void import('./api/prefetch').then((m) => m.prefetchHackathonsPage(new URL(request.url).searchParams));
      return null;
    },
    lazy: async () => {
      void import('./api/prefetch'); // first in the queue of the page's files (HTTP/1.1: 6 at a time)
      return { Component: (await import('./pages/hackathons-page')).HackathonsPage };
    },
  },
  {
    path: 'hackathon/:id',
    handle: { title: 'Hackathon — Hackathons' },
    lazy: async () => ({ Component: (await import('./pages/hackathon-detail-page')).HackathonDetailPage }),
  },
  {
    path: 'hackathon/:id/judge',
    handle: { title: 'Judging — Hackathons', requireAuth: {} },
    lazy: async () => ({ Component: (await import('./pages/judge-page')).JudgePage }),
  },
  {
    path: 'conduct-hackathon',
    handle: { title: 'Conduct a Hackathon — Hackathons' },
    lazy: async () => ({ Component: (await import('./pages/conduct-hackathon-page')).ConductHackathonPage }),
  },
  {
    path: 'my-hackathons',
    handle: { title: 'My Hackathons — Hackathons', requireAuth: { returnHere: false, tokenOnly: true } },
    lazy: async () => ({ Component: (await import('./pages/my-hackathons-page')).MyHackathonsPage }),
  },
];
