import { DAY_MS, JOB_LIFE_MESSAGES } from '@agora/shared';
import type { Config } from '../../config.js';
import type { AppContext } from '../../context.js';
import { notificationMail } from '../notifications/notifications.mail.js';
import { notifyOnceMany } from '../notifications/notifications.service.js';
import { jobExpiringMail } from './jobs.mail.js';
import * as repo from './jobs.repo.js';
import { listedUntil } from './jobs.review.service.js';

/** The poster hears this long before their listing expires. */
export const EXPIRY_WARNING_MS = 5 * DAY_MS;
/** Jobs per statement of the expiry and warning runs, and statements per run at most. */
export const EXPIRY_BATCH = 500;
const MAX_BATCHES = 20;

/** Where the poster renews or fills a listing (the web's My Jobs page). */
const MY_JOBS = '/my-jobs';

/** The "expires soon" notice to a listing's poster, in the app and by e-mail (once per expiry). */
function warningNotice(w: repo.ExpiryWarning, config: Pick<Config, 'publicUrl' | 'jwtSecret'>) {
  const until = listedUntil(w.expiresAt);
  return {
    userId: w.posterId,
    // One per listing and expiry date: a renewed listing is warned again before its new date.
    onceKey: `job_expiring:${w.id}:${w.expiresAt.toISOString()}`,
    type: 'job_review' as const,
    title: JOB_LIFE_MESSAGES.expiringSoonTitle,
    body: `"${w.title}" leaves the Jobs Hub on ${until}. Renew it from My Jobs to keep it listed.`,
    link: MY_JOBS,
    mail: notificationMail(config, { id: w.posterId, email: w.email }, jobExpiringMail, {
      displayName: w.displayName,
      title: w.title,
      company: w.companyName,
      until,
      myJobsUrl: `${config.publicUrl}${MY_JOBS}`,
    }),
  };
}

/** The background side of a listing's life (jobs.tasks.ts): expiring, and warning before. */
export function createJobExpiryService(ctx: AppContext) {
  return {
    /**
     * Listed jobs past their expiry become 'expired': they leave the listing, the counts and the
     * search (all read status 'approved'). Bounded batches; safe to run on several instances.
     */
    async expireDue(): Promise<number> {
      const now = ctx.clock.now();
      let expired = 0;
      for (let i = 0; i < MAX_BATCHES; i++) {
        const n = await repo.expireDue(ctx.db, now, EXPIRY_BATCH);
        expired += n;
        if (n < EXPIRY_BATCH) break;
      }
      return expired;
    },

    /**
     * Posters of listings that expire within EXPIRY_WARNING_MS are told once, in the app and by
     * e-mail, with the way to renew. Each batch's claim, notifications and mails are one
     * transaction: all of them happen, or none and a later run tries again.
     */
    async warnExpiringSoon(): Promise<number> {
      const now = ctx.clock.now();
      const until = new Date(now.getTime() + EXPIRY_WARNING_MS);
      let warned = 0;
      for (let i = 0; i < MAX_BATCHES; i++) {
        const n = await ctx.db.transaction(async (tx) => {
          const due = await repo.claimExpiryWarnings(tx, now, until, EXPIRY_BATCH);
          await notifyOnceMany(
            tx,
            due.map((w) => warningNotice(w, ctx.config)),
          );
          return due.length;
        });
        warned += n;
        if (n < EXPIRY_BATCH) break;
      }
      return warned;
    },
  };
}
