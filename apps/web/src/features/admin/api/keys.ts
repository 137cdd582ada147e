/** Query keys of the admin area; any admin change invalidates `adminKeys.all`. */
export const adminKeys = {
  all: ['admin'] as const,
  list: (section: string) => ['admin', 'list', section] as const,
  overview: (from: string, to: string) => ['admin', 'overview', from, to] as const,
  payout: (id: string) => ['admin', 'payout', id] as const,
};
