import type { TaskDefinition } from '../tasks.js';
import { sweepUnclaimedUploads } from './uploads.js';

export const uploadTasks: TaskDefinition[] = [
  {
    name: 'uploads.sweep-unclaimed',
    everySeconds: 3600,
    handler: async (ctx) => {
      await sweepUnclaimedUploads(ctx);
    },
  },
];
