import type { TaskDefinition } from '../tasks.js';
import { sweepUnclaimedUploads } from './uploads.js';

/** Attachments (and job logos) uploaded for a form never sent are removed 6 hours after upload (UNCLAIMED_UPLOAD_TTL_MS). */
export const uploadsTasks: TaskDefinition[] = [
  {
    name: 'uploads.sweep-unclaimed',
    everySeconds: 60 * 60,
    handler: async (ctx) => {
      await sweepUnclaimedUploads(ctx);
    },
  },
];
