import type { JobListParams } from '../lib/filters';

/** Query keys of the jobs area; only the queryOptions factories use them. */
export const jobKeys = {
  all: ['jobs'] as const,
  list: (params: JobListParams) => ['jobs', 'list', params] as const,
  categories: () => ['jobs', 'categories'] as const,
  recommended: (viewer: string) => ['jobs', 'recommended', viewer] as const,
  detail: (id: string, viewer: string) => ['jobs', 'detail', id, viewer] as const,
  mine: (viewer: string) => ['jobs', 'mine', viewer] as const,
};
