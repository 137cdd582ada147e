import { perContext } from '../../lib/per-context.js';
import type { TaskDefinition } from '../../tasks.js';
import { refundUnpublishedPrizes } from './hackathons.prizes.service.js';
import { createStartingSoonReminders } from './hackathons.reminders.service.js';

const reminders = perContext(createStartingSoonReminders);

export const hackathonsTasks: TaskDefinition[] = [
  {
    // "A hackathon I joined starts within 24 hours": reminder_sent_at is claimed with a
    // conditional update, so a retried or concurrent run reminds nobody twice.
    name: 'hackathons.starting-soon-reminders',
    everySeconds: 10 * 60,
    handler: async (ctx) => {
      await reminders(ctx).sendStartingSoonReminders();
    },
  },
  {
    // A funded hackathon whose results are not published within 30 days of its end gives the pool
    // back to its organiser; refundPrize's conditional update is the claim across instances.
    name: 'hackathons.prize-refunds',
    everySeconds: 10 * 60,
    handler: async (ctx) => {
      await refundUnpublishedPrizes(ctx);
    },
  },
];
