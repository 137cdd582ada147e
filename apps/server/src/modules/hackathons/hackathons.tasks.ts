import type { TaskDefinition } from '../../tasks.js';
import { createHackathonsService } from './hackathons.service.js';

export const hackathonsTasks: TaskDefinition[] = [
  {
    // "A hackathon I joined starts within 24 hours": reminder_sent_at is claimed with a
    // conditional update, so a retried or concurrent run reminds nobody twice.
    name: 'hackathons.starting-soon-reminders',
    everySeconds: 10 * 60,
    handler: async (ctx) => {
      await createHackathonsService(ctx).sendStartingSoonReminders();
    },
  },
];
