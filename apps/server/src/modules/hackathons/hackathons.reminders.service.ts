import type { AppContext } from '../../context.js';
import { notifyOnceMany } from '../notifications/notifications.service.js';
import { reminderNotices } from './hackathons.mail.js';
import * as repo from './hackathons.repo.js';

const REMINDER_WINDOW_MS = 24 * 60 * 60 * 1000;

/** "A hackathon I joined starts within 24 hours", sent by the periodic task. */
export function createStartingSoonReminders(ctx: AppContext) {
  return {
    /**
     * Tells the participants of every published hackathon starting within 24 hours, once
     * (reminder_sent_at is claimed with a conditional update, so concurrent runs do not repeat it).
     */
    async sendStartingSoonReminders(): Promise<{ hackathons: number; notified: number }> {
      const t = ctx.clock.now();
      const due = await repo.dueReminders(ctx.db, t, new Date(t.getTime() + REMINDER_WINDOW_MS), 100);
      let hackathons = 0;
      let notified = 0;
      for (const h of due) {
        const n = await ctx.db.transaction(async (tx) => {
          if (!(await repo.claimReminder(tx, h.id, t))) return null;
          const participants = await repo.participantEmails(tx, h.id);
          return (await notifyOnceMany(tx, reminderNotices(h, ctx.config, participants))).length;
        });
        if (n !== null) {
          hackathons++;
          notified += n;
        }
      }
      return { hackathons, notified };
    },
  };
}
