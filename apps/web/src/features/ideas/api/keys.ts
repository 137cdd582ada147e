/** Query keys of the ideas area; every key comes from here so invalidation stays in one place. */
export const ideaKeys = {
  all: ['ideas'] as const,
  lists: () => ['ideas', 'list'] as const,
  list: (category: string, sort: string) => ['ideas', 'list', category, sort] as const,
  categories: () => ['ideas', 'categories'] as const,
  detail: (id: string) => ['ideas', 'detail', id] as const,
  hidden: (userId: string) => ['ideas', 'hidden', userId] as const,
  search: (q: string) => ['ideas', 'search', q] as const,
};

export const followKeys = {
  all: ['follows'] as const,
  following: (userId: string) => ['follows', 'following', userId] as const,
  followers: (userId: string) => ['follows', 'followers', userId] as const,
};
