/** Query keys of the ideas area; every key comes from here so invalidation stays in one place. */
export const ideaKeys = {
  all: ['ideas'] as const,
  lists: () => ['ideas', 'list'] as const,
  /** The listing: its category and sort, and the status filter and server search text (empty: none). */
  list: (category: string, sort: string, status = '', q = '') =>
    ['ideas', 'list', category, sort, status, q] as const,
  /** My Ideas: under lists(), so every write that refreshes the listing refreshes it too. */
  mine: (userId: string, sort: string) => ['ideas', 'list', 'mine', userId, sort] as const,
  categories: () => ['ideas', 'categories'] as const,
  details: () => ['ideas', 'detail'] as const,
  detail: (id: string) => ['ideas', 'detail', id] as const,
  /** Earlier comments of an idea, paged back from the detail's commentsCursor. */
  comments: (id: string) => ['ideas', 'comments', id] as const,
  earlierComments: (id: string, before: string) => ['ideas', 'comments', id, before] as const,
  /** Every viewer's Hidden Ideas (the caches an idea's change patches wherever it shows). */
  hiddenAll: () => ['ideas', 'hidden'] as const,
  hidden: (userId: string) => ['ideas', 'hidden', userId] as const,
  search: (q: string) => ['ideas', 'search', q] as const,
};

/** Collaboration requests of one idea: the author's list and the caller's own pending one. */
export const collaborationKeys = {
  requests: (ideaId: string) => ['ideas', 'collaboration', ideaId, 'all'] as const,
  mine: (ideaId: string) => ['ideas', 'collaboration', ideaId, 'mine'] as const,
};

export const followKeys = {
  all: ['follows'] as const,
  following: (userId: string) => ['follows', 'following', userId] as const,
  followers: (userId: string) => ['follows', 'followers', userId] as const,
  count: (userId: string) => ['follows', 'count', userId] as const,
};
