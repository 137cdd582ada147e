/** Query keys of the applications area; only the queryOptions factories use them. */
export const applicationKeys = {
  all: ['applications'] as const,
  mine: (viewer: string) => ['applications', 'mine', viewer] as const,
  forJob: (jobId: string, viewer: string) => ['applications', 'job', jobId, viewer] as const,
  referrals: (applicationId: string, viewer: string) =>
    ['applications', 'referrals', applicationId, viewer] as const,
  referralsToMe: (viewer: string) => ['applications', 'referrals-to-me', viewer] as const,
};
