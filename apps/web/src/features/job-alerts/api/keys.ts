/** Query keys of the job-alerts area; only the queryOptions factories use them. */
export const jobAlertKeys = {
  mine: (viewer: string) => ['job-alerts', 'mine', viewer] as const,
};
