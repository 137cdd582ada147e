import type { HackathonTab } from '@agora/shared';

/** Query keys of the hackathons area; only the queryOptions factories use them. */
export const hackathonKeys = {
  all: ['hackathons'] as const,
  list: (tab: HackathonTab, viewer: string) => ['hackathons', 'list', tab, viewer] as const,
  detail: (id: string, viewer: string) => ['hackathons', 'detail', id, viewer] as const,
  myRegistrations: (viewer: string) => ['hackathons', 'my-registrations', viewer] as const,
  mySubmissions: (viewer: string) => ['hackathons', 'my-submissions', viewer] as const,
};
