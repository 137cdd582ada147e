import type { AppContext } from '../../context.js';
import type { TaskDefinition } from '../../tasks.js';
import { perContext } from '../../lib/per-context.js';
import { appServices } from '../services.js';
import { createEscrowService } from './escrow.deadline.service.js';

/** A context's escrow service, ranking through the app's one questions service. */
const escrow = perContext((ctx: AppContext) => createEscrowService(ctx, appServices(ctx).questions));

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
