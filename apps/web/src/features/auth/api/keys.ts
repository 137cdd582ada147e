/** Query keys of the signed-in user and sign-in; every key comes from here (other features refresh the user through it). */
export const authKeys = {
  config: () => ['auth', 'config'] as const,
  me: () => ['users', 'me'] as const,
  activity: (userId: string) => ['users', 'me', 'activity', userId] as const,
  skillSuggestions: (q: string) => ['users', 'skill-suggestions', q] as const,
};
