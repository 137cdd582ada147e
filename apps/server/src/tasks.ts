import type { AppContext } from './context.js';
import { uploadsTasks } from './lib/uploads.tasks.js';
import { adminTasks } from './modules/admin/admin.tasks.js';
import { hackathonsTasks } from './modules/hackathons/hackathons.tasks.js';
import { jobAlertsTasks } from './modules/job-alerts/job-alerts.tasks.js';
import { jobsTasks } from './modules/jobs/jobs.tasks.js';
import { questionsTasks } from './modules/questions/questions.tasks.js';
import { escrowTasks } from './modules/wallet/escrow.tasks.js';
import { mailTasks } from './platform/mail.tasks.js';

/**
 * One home for background work. Every task the server runs is listed in `tasks` below; each area
 * keeps its handlers beside its service (`<area>.tasks.ts`) and exports a `TaskDefinition[]`.
 * Route modules register none. A periodic task runs once per period across the whole cluster.
 */
export interface TaskDefinition {
  /** Unique, dotted: `<area>.<what>`, e.g. `escrow.settle-due`. */
  name: string;
  /** Period in seconds: the task runs once per period across the cluster. */
  everySeconds: number;
  /** Must be idempotent and safe if two instances ever run it at once (retries happen). */
  handler: (ctx: AppContext) => Promise<void>;
}

export const tasks: TaskDefinition[] = [
  ...mailTasks,
  ...uploadsTasks,
  ...hackathonsTasks,
  ...escrowTasks,
  ...questionsTasks,
  ...adminTasks,
  ...jobsTasks,
  ...jobAlertsTasks,
];
