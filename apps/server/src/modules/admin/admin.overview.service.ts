import { DAY_MS, OVERVIEW_MAX_DAYS, OVERVIEW_SERIES, type Overview, type OverviewQuery } from '@agora/shared';
import type { AppContext } from '../../context.js';
import { badRequest } from '../../lib/errors.js';
import { uploadsOverviewAlerts } from '../uploads/uploads.admin.service.js';
import * as repo from './admin.repo.js';
import * as pendingCountsRepo from './pending-counts.repo.js';

/** The admin overview: daily figures over a range of days, their totals, and what needs an eye now. */

const isoDay = (d: Date) => d.toISOString().slice(0, 10);

export async function overview(ctx: AppContext, q: OverviewQuery): Promise<Overview> {
  const today = isoDay(ctx.clock.now());
  const to = q.to ?? today;
  const from = q.from ?? isoDay(new Date(Date.parse(`${to}T00:00:00Z`) - 29 * DAY_MS));
  const fromMs = Date.parse(`${from}T00:00:00Z`);
  const toMs = Date.parse(`${to}T00:00:00Z`);
  // A date like 2026-02-31 passes the pattern but is not a day.
  if (Number.isNaN(fromMs) || isoDay(new Date(fromMs)) !== from) badRequest('Invalid from date');
  if (Number.isNaN(toMs) || isoDay(new Date(toMs)) !== to) badRequest('Invalid to date');
  if (fromMs > toMs) badRequest('The range must start on or before its end');
  if ((toMs - fromMs) / DAY_MS + 1 > OVERVIEW_MAX_DAYS) {
    badRequest(`The range can cover at most ${OVERVIEW_MAX_DAYS} days`);
  }
  const { series, totals } = await repo.overviewFigures(ctx.db, from, to);
  const rangeTotals = repo.zeroValues();
  for (const k of OVERVIEW_SERIES) rangeTotals[k] = series[k].reduce((a, v) => a + v, 0);
  // What needs an admin's eye now, whatever the range.
  const alerts = await uploadsOverviewAlerts(ctx);
  return { from, to, totals, rangeTotals, series, alerts };
}

/** The overview's backlog counters, folded (a background task; see admin.tasks.ts). */
export function compactPendingCounts(ctx: AppContext) {
  return pendingCountsRepo.compactPendingCounts(ctx.db);
}
