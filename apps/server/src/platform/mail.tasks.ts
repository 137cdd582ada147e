import type { TaskDefinition } from '../tasks.js';

export const mailTasks: TaskDefinition[] = [
  {
    // Each run drains the outbox for up to a minute; a run of the next period may start on another
    // instance meanwhile: claims are disjoint (SKIP LOCKED, per-row lease), so both send.
    name: 'mail.deliver-outbox',
    everySeconds: 5,
    handler: async (ctx) => {
      await ctx.mailWorker.drain();
    },
  },
];
