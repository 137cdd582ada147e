import type { TaskDefinition } from '../../tasks.js';
import { compactPendingCounts } from './admin.overview.service.js';

/**
 * The admin overview's review backlog is kept as appended changes (pending_counts, migration
 * 0017); once a minute they are folded into one row per table, so the overview sums a handful.
 */
export const adminTasks: TaskDefinition[] = [
  {
    name: 'admin.compact-pending-counts',
    everySeconds: 60,
    handler: async (ctx) => {
      await compactPendingCounts(ctx);
    },
  },
];
