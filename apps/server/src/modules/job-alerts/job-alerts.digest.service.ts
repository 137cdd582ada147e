import { DAY_MS } from '@agora/shared';
import type { AppContext } from '../../context.js';
import { jobsMatchingAlert } from '../jobs/jobs.alerts.service.js';
import { savedSearchOf } from './job-alerts.presenter.js';
import * as repo from './job-alerts.repo.js';
import { sendAlert } from './job-alerts.send.js';

export const DIGEST_PERIOD_MS = { daily: DAY_MS, weekly: 7 * DAY_MS } as const;
/** Jobs listed in one digest at most; the e-mail links the whole search for the rest. */
export const DIGEST_MAX_JOBS = 20;
/** A job approved just before the last digest may commit just after it: looked at again. */
const DIGEST_OVERLAP_MS = 60 * 60_000;
const RUN_BUDGET_MS = 20_000;

/**
 * Daily and weekly digests (job-alerts.daily-digest / weekly-digest): each alert whose period has
 * passed since its last digest (or its creation) is claimed, its digest_from moved to now, and its
 * owner sent one e-mail and one notification listing the open matching jobs approved since, not sent
 * before. Nothing new, nothing sent (the period still starts again). One transaction per alert.
 */
export function createDigestAlertsService(ctx: AppContext) {
  return {
    async run(frequency: 'daily' | 'weekly', budgetMs = RUN_BUDGET_MS): Promise<number> {
      const started = Date.now();
      const now = ctx.clock.now();
      const dueBy = new Date(now.getTime() - DIGEST_PERIOD_MS[frequency]);
      let sent = 0;
      while (Date.now() - started < budgetMs) {
        const step = await ctx.db.transaction(async (tx) => {
          const claimed = await repo.claimDueDigest(tx, frequency, dueBy, now);
          if (!claimed) return null;
          const { alert, since } = claimed;
          const after = new Date(Math.max(alert.createdAt.getTime(), since.getTime() - DIGEST_OVERLAP_MS));
          // The overlap's jobs were in the last digest: left out here, so they take no place in this one.
          const excludeIds = await repo.deliveredSince(
            tx,
            alert.id,
            new Date(since.getTime() - DIGEST_OVERLAP_MS),
          );
          const found = await jobsMatchingAlert(
            ctx,
            savedSearchOf(alert),
            { ownerId: alert.userId, after, upTo: now, limit: DIGEST_MAX_JOBS + 1, excludeIds },
            tx,
          );
          const more = found.length > DIGEST_MAX_JOBS;
          return (await sendAlert(ctx, tx, alert, found.slice(0, DIGEST_MAX_JOBS), more)) > 0 ? 1 : 0;
        });
        if (step === null) break;
        sent += step;
      }
      return sent;
    },
  };
}
