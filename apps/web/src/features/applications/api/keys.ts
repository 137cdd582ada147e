/** Query keys of the applications area; only the queryOptions factories use them. */
export const applicationKeys = {
  all: ['applications'] as const,
  mine: (viewer: string) => ['applications', 'mine', viewer] as const,
  forJob: (jobId: string, viewer: string) => ['applications', 'job', jobId, viewer] as const,
};
