import { DAY_MS } from '@agora/shared';
import type { AppContext } from '../../context.js';
import { enqueueMail } from '../../platform/mail.js';
import { digestMail } from './category-follows.mail.js';
import * as repo from './category-follows.repo.js';
import { RUN_BUDGET_MS } from './category-follows.shared.js';
import { unsubscribeUrl } from './category-follows.unsubscribe.service.js';

/** Opted-in users read per step of the digest run. */
const DIGEST_BATCH = 200;
/** Questions listed in one digest at most (the rest come the next day, while still new). */
export const DIGEST_MAX_QUESTIONS = 30;
/** The digest never looks further back than this, and forgets what it sent after it. */
const DIGEST_WINDOW_MS = 7 * DAY_MS;
/** A question paid just before the last digest may commit just after it: looked at again. */
const DIGEST_OVERLAP_MS = 60 * 60_000;

const utcDay = (d: Date) => d.toISOString().slice(0, 10);

/** The daily e-mail digest of the new questions in a follower's categories. */
export function createCategoryDigest(ctx: AppContext) {
  return {
    /**
     * The daily digest: each opted-in follower gets at most one e-mail per UTC day (one run row per
     * user and day), listing the paid questions in their categories not in a digest of theirs yet
     * (each question once per user). Nothing new → no e-mail, and the day is done for them.
     */
    async sendDigests(budgetMs = RUN_BUDGET_MS): Promise<number> {
      const started = Date.now();
      const now = ctx.clock.now();
      const day = utcDay(now);
      let sent = 0;
      let after: string | null = null;
      await repo.pruneDigest(ctx.db, utcDay(new Date(now.getTime() - DIGEST_WINDOW_MS - DAY_MS)));
      while (Date.now() - started < budgetMs) {
        const recipients = await repo.digestRecipients(ctx.db, day, after, DIGEST_BATCH);
        if (recipients.length === 0) break;
        for (const r of recipients) {
          const mailed = await ctx.db.transaction(async (tx) => {
            const last = await repo.lastDigestRun(tx, r.id);
            const floor = now.getTime() - DIGEST_WINDOW_MS;
            const since = Math.max(floor, (last?.getTime() ?? now.getTime() - DAY_MS) - DIGEST_OVERLAP_MS);
            const items = await repo.newDigestQuestions(tx, r.id, new Date(since), DIGEST_MAX_QUESTIONS);
            // Another run (or an earlier try of this one) has done this user's day: nothing more.
            if (!(await repo.claimDigestDay(tx, r.id, day, items.length, now))) return false;
            if (items.length === 0) return false;
            await repo.insertDigestItems(
              tx,
              r.id,
              items.map((q) => q.id),
              day,
            );
            await enqueueMail(
              tx,
              digestMail(r.email, items, {
                publicUrl: ctx.config.publicUrl,
                unsubscribe: unsubscribeUrl(ctx.config.publicUrl, ctx.config.jwtSecret, r.id),
              }),
            );
            return true;
          });
          if (mailed) sent++;
        }
        after = recipients[recipients.length - 1]!.id;
      }
      return sent;
    },
  };
}
