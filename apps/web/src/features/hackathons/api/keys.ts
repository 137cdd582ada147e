import type { HackathonTab } from '@agora/shared';

/** Query keys of the hackathons area; only the queryOptions factories use them. */
export const hackathonKeys = {
  all: ['hackathons'] as const,
  list: (tab: HackathonTab, viewer: string) => ['hackathons', 'list', tab, viewer] as const,
  /** One hackathon's page, as every viewer asked for it (e.g. refreshed once its prize pool is paid). */
  hackathon: (id: string) => ['hackathons', 'detail', id] as const,
  detail: (id: string, viewer: string) => ['hackathons', 'detail', id, viewer] as const,
  myRegistrations: (viewer: string) => ['hackathons', 'my-registrations', viewer] as const,
  mySubmissions: (viewer: string) => ['hackathons', 'my-submissions', viewer] as const,
  /** Everything about one hackathon's teams, judging and results (invalidated together). */
  judgingAll: (id: string) => ['hackathons', 'judging', id] as const,
  teams: (id: string, viewer: string, skill: string) =>
    ['hackathons', 'judging', id, 'teams', viewer, skill] as const,
  judges: (id: string) => ['hackathons', 'judging', id, 'judges'] as const,
  queue: (id: string, viewer: string) => ['hackathons', 'judging', id, 'queue', viewer] as const,
  results: (id: string, viewer: string) => ['hackathons', 'judging', id, 'results', viewer] as const,
  gallery: (id: string, viewer: string) => ['hackathons', 'judging', id, 'gallery', viewer] as const,
};
