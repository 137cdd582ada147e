import type { RouteObject } from 'react-router';
import { LandingPage } from './pages/landing-page';

// The landing page is the first paint of / and /portals: it ships in the entry chunk (no extra
// round trip). Every other page is its own lazy chunk.
export const pagesRoutes: RouteObject[] = [
  { index: true, Component: LandingPage },
  { path: 'portals', Component: LandingPage },
  { path: 'about', lazy: async () => ({ Component: (await import('./pages/about-page')).AboutPage }) },
  { path: 'contact', lazy: async () => ({ Component: (await import('./pages/contact-page')).ContactPage }) },
  { path: 'careers', lazy: async () => ({ Component: (await import('./pages/careers-page')).CareersPage }) },
  { path: 'terms', lazy: async () => ({ Component: (await import('./pages/terms-page')).TermsPage }) },
  {
    path: 'question-portal-info',
    lazy: async () => ({
      Component: (await import('./pages/question-portal-info-page')).QuestionPortalInfoPage,
    }),
  },
  {
    path: 'ideas-portal-info',
    lazy: async () => ({ Component: (await import('./pages/ideas-portal-info-page')).IdeasPortalInfoPage }),
  },
  {
    path: 'hackathon-portal-info',
    lazy: async () => ({
      Component: (await import('./pages/hackathon-portal-info-page')).HackathonPortalInfoPage,
    }),
  },
  {
    path: 'jobhubs-portal-info',
    lazy: async () => ({
      Component: (await import('./pages/jobhubs-portal-info-page')).JobhubsPortalInfoPage,
    }),
  },
  {
    path: 'events-portal-info',
    lazy: async () => ({
      Component: (await import('./pages/events-portal-info-page')).EventsPortalInfoPage,
    }),
  },
];
