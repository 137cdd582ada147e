import type { RouteObject } from 'react-router';

// Routes of the hackathons area; each page is its own lazy chunk.
export const hackathonsRoutes: RouteObject[] = [
  {
    path: 'hackathons',
    lazy: async () => ({ Component: (await import('./pages/hackathons-page')).HackathonsPage }),
  },
  {
    path: 'hackathon/:id',
    lazy: async () => ({ Component: (await import('./pages/hackathon-detail-page')).HackathonDetailPage }),
  },
  {
    path: 'conduct-hackathon',
    lazy: async () => ({ Component: (await import('./pages/conduct-hackathon-page')).ConductHackathonPage }),
  },
  {
    path: 'my-hackathons',
    lazy: async () => ({ Component: (await import('./pages/my-hackathons-page')).MyHackathonsPage }),
  },
];
