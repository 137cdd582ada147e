import { DAY_MS, JOB_LEVEL_SYNONYMS } from '@agora/shared';
import type { AppContext } from '../../context.js';
import { type AlertJob, jobsApprovedBetween, jobsMatchingAlert } from '../jobs/jobs.alerts.service.js';
import { savedSearchOf } from './job-alerts.presenter.js';
import * as repo from './job-alerts.repo.js';
import { sendAlert } from './job-alerts.send.js';

/** Jobs approved this long ago still alert (a restart or an outage of the task runner is survived). */
const LOOKBACK_MS = DAY_MS;
/**
 * An approval's time is taken when its transaction starts and seen when it commits: an alert's
 * watermark stops this far behind the run, so such a job is still looked at by the next run
 * (what was sent already is not sent again: job_alert_deliveries).
 */
export const INSTANT_OVERLAP_MS = 2 * 60_000;
/** Jobs read per page of a run (oldest approval first). */
export const JOB_BATCH = 200;
/** Candidate alerts read per statement. */
const ALERT_BATCH = 200;
const RUN_BUDGET_MS = 20_000;

/** A job's level by the listing's name for it (the alerts keep those names). */
const listingLevel = (level: string) => JOB_LEVEL_SYNONYMS[level]?.[0] ?? level;

/**
 * Instant alerts (job-alerts.instant, every 30 s): for the jobs approved since the alerts last
 * looked, the alerts whose category, level, type and remote fit are picked in one statement, then
 * each one's whole search runs on its few candidates through the listing's filter; what it finds
 * is told at once, one transaction per alert (deliveries, notification and e-mail together).
 */
export function createInstantAlertsService(ctx: AppContext) {
  return {
    async run(budgetMs = RUN_BUDGET_MS): Promise<number> {
      const started = Date.now();
      const now = ctx.clock.now();
      const from = new Date(now.getTime() - LOOKBACK_MS);
      let told = 0;
      let page: AlertJob[] = [];
      // The window's jobs a page at a time, oldest first: an alert's watermark only ever moves past
      // jobs it has been shown.
      do {
        const last = page[page.length - 1];
        page = await jobsApprovedBetween(ctx, { from, to: now, ...(last ? { after: last } : {}) }, JOB_BATCH);
        if (page.length === 0) break;
        // A full page covers up to its last approval; the next page goes on from there.
        const upTo = page.length < JOB_BATCH ? now : page[page.length - 1]!.reviewedAt;
        told += await tellPage(page, upTo, started, budgetMs);
      } while (page.length === JOB_BATCH && Date.now() - started < budgetMs);
      return told;
    },
  };

  /** The instant alerts matching this page of jobs, each told in its own transaction. */
  async function tellPage(page: AlertJob[], upTo: Date, started: number, budgetMs: number): Promise<number> {
    const facets = page.map((j) => ({ ...j, level: listingLevel(j.level) }));
    const watermark = new Date(upTo.getTime() - INSTANT_OVERLAP_MS);
    let told = 0;
    let after: string | null = null;
    while (Date.now() - started < budgetMs) {
      const candidates = await repo.instantCandidates(ctx.db, facets, after, ALERT_BATCH);
      for (const { alert, jobIds } of candidates) {
        told += await ctx.db.transaction(async (tx) => {
          const found = await jobsMatchingAlert(
            ctx,
            savedSearchOf(alert),
            { ownerId: alert.userId, after: alert.digestFrom, upTo, limit: jobIds.length, ids: jobIds },
            tx,
          );
          const n = await sendAlert(ctx, tx, alert, found);
          await repo.advanceWatermark(tx, alert.id, watermark);
          return n;
        });
      }
      if (candidates.length < ALERT_BATCH) break;
      after = candidates[candidates.length - 1]!.alert.id;
    }
    return told;
  }
}
