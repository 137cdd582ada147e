import { MSG } from '@agora/shared';
import type { RouteObject } from 'react-router';

// Routes of the Innovators Space (spec 02 §2); each page is its own lazy chunk.
export const ideasRoutes: RouteObject[] = [
  {
    path: 'ideas',
    handle: { title: 'Discover Ideas — Innovators Space', portalStyles: true },
    // Static, so it runs while the lazy page downloads: the list is requested in parallel with the code.
    loader: ({ request }) => {
      void import('./api/prefetch').then((m) => m.prefetchIdeasPage(new URL(request.url).searchParams));
      return null;
    },
    lazy: async () => {
      void import('./api/prefetch'); // first in the queue of the page's files (HTTP/1.1: 6 at a time)
      return { Component: (await import('./pages/ideas-page')).IdeasPage };
    },
  },
  {
    path: 'idea/:id',
    handle: { title: 'Idea — Innovators Space', portalStyles: true },
    loader: ({ params }) => {
      if (params.id) void import('./api/prefetch').then((m) => m.prefetchIdeaPage(params.id!));
      return null;
    },
    lazy: async () => {
      void import('./api/prefetch'); // first in the queue of the page's files (HTTP/1.1: 6 at a time)
      return { Component: (await import('./pages/idea-detail-page')).IdeaDetailPage };
    },
  },
  {
    path: 'my-ideas',
    handle: { title: 'My Ideas — Innovators Space' },
    lazy: async () => ({ Component: (await import('./pages/my-ideas-page')).MyIdeasPage }),
  },
  {
    path: 'hidden-ideas',
    handle: { title: 'Hidden Ideas — Innovators Space' },
    lazy: async () => ({ Component: (await import('./pages/hidden-ideas-page')).HiddenIdeasPage }),
  },
  {
    path: 'followers',
    handle: {
      title: 'Followers & Following — Innovators Space',
      requireAuth: { notice: { title: MSG.loginRequired, message: MSG.loginToViewFollowers } },
    },
    lazy: async () => ({ Component: (await import('./pages/followers-page')).FollowersPage }),
  },
  {
    path: 'share-idea',
    handle: { title: 'Share an Idea — Innovators Space', requireAuth: { tokenOnly: true } },
    lazy: async () => ({ Component: (await import('./pages/share-idea-page')).ShareIdeaPage }),
  },
  // spec 02 §2: the footer's "Upload Idea" — what it opens is not shown; it opens the share form.
  {
    path: 'upload',
    handle: { title: 'Share an Idea — Innovators Space', requireAuth: { tokenOnly: true } },
    lazy: async () => ({ Component: (await import('./pages/share-idea-page')).ShareIdeaPage }),
  },
];
