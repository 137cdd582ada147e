import type { RouteObject } from 'react-router';

// Routes of the hackathons area; each page is its own lazy chunk.
export const hackathonsRoutes: RouteObject[] = [
  {
    path: 'hackathons',
    handle: { title: 'Browse Hackathons — Hackathons' },
    lazy: async () => ({ Component: (await import('./pages/hackathons-page')).HackathonsPage }),
  },
  {
    path: 'hackathon/:id',
    handle: { title: 'Hackathon — Hackathons' },
    lazy: async () => ({ Component: (await import('./pages/hackathon-detail-page')).HackathonDetailPage }),
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
