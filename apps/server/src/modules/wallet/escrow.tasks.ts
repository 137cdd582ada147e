import type { TaskDefinition } from '../../tasks.js';
import { perContext } from '../../lib/per-context.js';
import { createEscrowService } from './escrow.deadline.service.js';

const escrow = perContext(createEscrowService);

/**
 * Escrow deadlines. Settlement every 30 s: a reward is settled at most that long after its
 * deadline (the e2e journey waits for it). Reminders every 10 minutes (72 h and 24 h windows).
 */
export const escrowTasks: TaskDefinition[] = [
  {
    name: 'escrow.settle-due',
    everySeconds: 30,
    handler: async (ctx) => {
      await escrow(ctx).settleDue();
    },
  },
  {
    name: 'escrow.remind',
    everySeconds: 600,
    handler: async (ctx) => {
      await escrow(ctx).sendReminders();
    },
  },
];
