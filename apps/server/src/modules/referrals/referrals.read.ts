import type { Application } from '@agora/shared';
import type { AppContext, ApplicationReferrals } from '../../context.js';
import { peopleById } from '../users/users.people.service.js';
import * as repo from './referrals.repo.js';

type Referrals = NonNullable<Application['referrals']>;
type ReferredBy = NonNullable<Application['referredBy']>;

/**
 * For the applicant's own views of a page of applications: the referral requests they sent for
 * each (oldest first), in two statements whatever the page size. Every id is in the map.
 */
export async function referralsForApplications(
  ctx: Pick<AppContext, 'db'>,
  applicationIds: readonly string[],
): Promise<Map<string, Referrals>> {
  const out = new Map<string, Referrals>(applicationIds.map((id) => [id, []]));
  const rows = await repo.forApplications(ctx.db, applicationIds);
  const people = await peopleById(
    ctx.db,
    rows.map((r) => r.referrerId),
  );
  for (const r of rows) {
    const p = people.get(r.referrerId);
    if (!p) continue;
    out.get(r.applicationId)?.push({
      _id: r.id,
      referrer: { id: p.id, displayName: p.displayName },
      status: r.status as Referrals[number]['status'],
    });
  }
  return out;
}

/**
 * For the poster's list: who referred each applicant (the earliest acceptance), null when nobody
 * has. Two statements for a page. Every id is in the map.
 */
export async function referredByForApplications(
  ctx: Pick<AppContext, 'db'>,
  applicationIds: readonly string[],
): Promise<Map<string, ReferredBy | null>> {
  const out = new Map<string, ReferredBy | null>(applicationIds.map((id) => [id, null]));
  const rows = await repo.firstAccepted(ctx.db, applicationIds);
  const people = await peopleById(
    ctx.db,
    rows.map((r) => r.referrerId),
  );
  for (const r of rows) {
    const p = people.get(r.referrerId);
    if (p) out.set(r.applicationId, { id: p.id, displayName: p.displayName });
  }
  return out;
}

/** The referrals the applications area shows beside its pages, wired in by the app (AppContext). */
export const applicationReferralsOf = (ctx: Pick<AppContext, 'db'>): ApplicationReferrals => ({
  sentFor: (ids) => referralsForApplications(ctx, ids),
  referredBy: (ids) => referredByForApplications(ctx, ids),
});
