import type { RouteObject } from 'react-router';
import { LandingPage } from './pages/landing-page';

// The landing page is the first paint of / and /portals: it ships in the entry chunk (no extra
// round trip). Every other page is its own lazy chunk.
export const pagesRoutes: RouteObject[] = [
  {
    index: true,
    handle: { title: 'Agora — Where Ideas, People & Innovation Connect' },
    Component: LandingPage,
  },
  {
    path: 'portals',
    handle: { title: 'Agora — Where Ideas, People & Innovation Connect' },
    Component: LandingPage,
  },
  {
    path: 'about',
    handle: { title: 'About — Agora' },
    lazy: async () => ({ Component: (await import('./pages/about-page')).AboutPage }),
  },
  {
    path: 'contact',
    handle: { title: 'Contact — Agora' },
    lazy: async () => ({ Component: (await import('./pages/contact-page')).ContactPage }),
  },
  {
    path: 'careers',
    handle: { title: 'Careers — Agora' },
    lazy: async () => ({ Component: (await import('./pages/careers-page')).CareersPage }),
  },
  {
    path: 'terms',
    handle: { title: 'Terms of Service — Agora' },
    lazy: async () => ({ Component: (await import('./pages/terms-page')).TermsPage }),
  },
  {
    path: 'question-portal-info',
    handle: { title: 'Inquiry Space — Agora', portal: 'inquiry' },
    lazy: async () => ({
      Component: (await import('./pages/question-portal-info-page')).QuestionPortalInfoPage,
    }),
  },
  {
    path: 'ideas-portal-info',
    handle: { title: 'Innovators Space — Agora', portal: 'ideas' },
    lazy: async () => ({ Component: (await import('./pages/ideas-portal-info-page')).IdeasPortalInfoPage }),
  },
  {
    path: 'hackathon-portal-info',
    handle: { title: 'Hackathons — Agora', portal: 'hackathons' },
    lazy: async () => ({
      Component: (await import('./pages/hackathon-portal-info-page')).HackathonPortalInfoPage,
    }),
  },
  {
    path: 'jobhubs-portal-info',
    handle: { title: 'Jobs Hub — Agora', portal: 'jobs' },
    lazy: async () => ({
      Component: (await import('./pages/jobhubs-portal-info-page')).JobhubsPortalInfoPage,
    }),
  },
  {
    path: 'events-portal-info',
    handle: { title: 'Events Portal — Agora' },
    lazy: async () => ({
      Component: (await import('./pages/events-portal-info-page')).EventsPortalInfoPage,
    }),
  },
];
