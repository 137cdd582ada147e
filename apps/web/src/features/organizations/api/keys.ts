/** Query keys of the organisations area; every key comes from here so invalidation stays in one place. */
export const organizationKeys = {
  all: ['organizations'] as const,
  search: (q: string) => ['organizations', 'search', q] as const,
  mine: () => ['organizations', 'mine'] as const,
  details: () => ['organizations', 'detail'] as const,
  detail: (id: string) => ['organizations', 'detail', id] as const,
  ideas: (id: string) => ['organizations', 'ideas', id] as const,
  inbox: (id: string) => ['organizations', 'inbox', id] as const,
};
