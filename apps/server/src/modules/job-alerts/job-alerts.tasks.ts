import type { TaskDefinition } from '../../tasks.js';
import { createDigestAlertsService } from './job-alerts.digest.service.js';
import { createInstantAlertsService } from './job-alerts.instant.service.js';
import { perContext } from '../../lib/per-context.js';

const instantAlerts = perContext(createInstantAlertsService);
const digestAlerts = perContext(createDigestAlertsService);

/**
 * Job alerts. Instant ones every 30 s, so a seeker hears of a matching job within a minute of its
 * approval; digests every 5 minutes, each alert when its day or week since the last one is over.
 */
export const jobAlertsTasks: TaskDefinition[] = [
  {
    name: 'job-alerts.instant',
    everySeconds: 30,
    handler: async (ctx) => {
      await instantAlerts(ctx).run();
    },
  },
  {
    name: 'job-alerts.daily-digest',
    everySeconds: 5 * 60,
    handler: async (ctx) => {
      await digestAlerts(ctx).run('daily');
    },
  },
  {
    name: 'job-alerts.weekly-digest',
    everySeconds: 5 * 60,
    handler: async (ctx) => {
      await digestAlerts(ctx).run('weekly');
    },
  },
];
