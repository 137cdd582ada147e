import { and, desc, eq, gte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { jobAlertDeliveries, jobAlerts } from '../../db/schema/index.js';

export type JobAlertRow = typeof jobAlerts.$inferSelect;
export type NewJobAlertRow = typeof jobAlerts.$inferInsert;

type Returned<T> = { rows: T[] };

/**
 * Inserts an alert unless its owner already keeps `max`: the count and the insert run under a
 * transaction-scoped lock on the owner, so two saves at once cannot both pass the limit.
 * Undefined when the limit is reached. Call it inside a transaction.
 */
export async function insertAlertWithin(
  tx: Executor,
  values: NewJobAlertRow,
  max: number,
): Promise<JobAlertRow | undefined> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`job-alerts:${values.userId}`}, 0))`);
  const [count] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(jobAlerts)
    .where(eq(jobAlerts.userId, values.userId));
  if (Number(count?.n ?? 0) >= max) return undefined;
  const [row] = await tx.insert(jobAlerts).values(values).returning();
  return row;
}

/** The owner's alerts, newest first (bounded by the per-user limit). */
export async function listAlerts(exec: Executor, userId: string): Promise<JobAlertRow[]> {
  return exec
    .select()
    .from(jobAlerts)
    .where(eq(jobAlerts.userId, userId))
    .orderBy(desc(jobAlerts.createdAt), desc(jobAlerts.id));
}

/** Deletes one alert of this owner; false when they have no such alert. */
export async function deleteOwnAlert(exec: Executor, id: string, userId: string): Promise<boolean> {
  const rows = await exec
    .delete(jobAlerts)
    .where(and(eq(jobAlerts.id, id), eq(jobAlerts.userId, userId)))
    .returning({ id: jobAlerts.id });
  return rows.length > 0;
}

/** Deletes an alert by id (the signed unsubscribe link names it); false when it is gone already. */
export async function deleteAlert(exec: Executor, id: string): Promise<boolean> {
  const rows = await exec.delete(jobAlerts).where(eq(jobAlerts.id, id)).returning({ id: jobAlerts.id });
  return rows.length > 0;
}

/** A job as the instant matcher's first, coarse pass compares it with the alerts. */
export interface JobFacets {
  id: string;
  posterId: string;
  category: string;
  /** The job's level folded to the listing's name (Entry-level → Junior, Senior-level → Senior). */
  level: string;
  employmentType: string;
  isRemote: boolean;
  reviewedAt: Date;
}

/**
 * Instant alerts that may match these jobs, each with the ids of its candidate jobs: approved
 * after the alert's watermark (digest_from), not its owner's posting, not delivered yet, and
 * agreeing on category, level, type and remote. The text and place are left to the listing's own
 * filter (jobs.alert-match.ts), which the caller runs on these few pairs. One statement; the jobs
 * come as arrays (unnest), alerts in id order after `afterId`, at most `limit`.
 */
export async function instantCandidates(
  exec: Executor,
  list: JobFacets[],
  afterId: string | null,
  limit: number,
): Promise<Array<{ alert: JobAlertRow; jobIds: string[] }>> {
  if (list.length === 0) return [];
  const arr = <T>(f: (j: JobFacets) => T) => sql.param(list.map(f));
  const { rows } = (await exec.execute(sql`
    select a.id, array_agg(j.id::text order by j.reviewed_at) as job_ids
      from ${jobAlerts} a
      join unnest(${arr((j) => j.id)}::uuid[], ${arr((j) => j.posterId)}::uuid[],
                  ${arr((j) => j.category)}::text[], ${arr((j) => j.level)}::text[],
                  ${arr((j) => j.employmentType)}::text[], ${arr((j) => j.isRemote)}::boolean[],
                  ${arr((j) => j.reviewedAt.toISOString())}::timestamptz[])
           as j(id, poster_id, category, level, employment_type, is_remote, reviewed_at)
        on j.reviewed_at > a.digest_from
     where a.frequency = 'instant'
       ${afterId ? sql`and a.id > ${afterId}::uuid` : sql``}
       and a.user_id <> j.poster_id
       and (cardinality(a.categories) = 0 or j.category = any(a.categories))
       and (a.level is null or a.level = j.level)
       and (a.employment_type is null or a.employment_type = j.employment_type)
       and (a.remote is null or a.remote = j.is_remote or (a.remote and a.location is not null))
       and not exists (select 1 from ${jobAlertDeliveries} d where d.alert_id = a.id and d.job_id = j.id)
     group by a.id
     order by a.id
     limit ${limit}`)) as unknown as Returned<{ id: string; job_ids: string[] | string }>;
  if (rows.length === 0) return [];
  const alerts = await exec
    .select()
    .from(jobAlerts)
    .where(sql`${jobAlerts.id} = any(${sql.param(rows.map((r) => r.id))}::uuid[])`);
  const byId = new Map(alerts.map((a) => [a.id, a]));
  return rows.flatMap((r) => {
    const alert = byId.get(r.id);
    return alert ? [{ alert, jobIds: pgArray(r.job_ids) }] : [];
  });
}

/** A text[] as a driver returns it: an array, or (some drivers, for an aggregate) its literal. */
function pgArray(v: string[] | string): string[] {
  if (Array.isArray(v)) return v;
  return v
    .replace(/^\{|\}$/g, '')
    .split(',')
    .filter(Boolean);
}

/**
 * Records that these jobs were sent for this alert; returns the ones recorded now. A pair already
 * there (another instance, a retried run) is skipped, so the caller tells only of what is new.
 */
export async function recordDeliveries(
  exec: Executor,
  alertId: string,
  jobIds: string[],
  now: Date,
): Promise<string[]> {
  if (jobIds.length === 0) return [];
  const rows = await exec
    .insert(jobAlertDeliveries)
    .values(jobIds.map((jobId) => ({ alertId, jobId, createdAt: now })))
    .onConflictDoNothing()
    .returning({ jobId: jobAlertDeliveries.jobId });
  return rows.map((r) => r.jobId);
}

/** Moves an alert's watermark forward (never back). */
export async function advanceWatermark(exec: Executor, id: string, to: Date): Promise<void> {
  await exec
    .update(jobAlerts)
    .set({ digestFrom: sql`greatest(${jobAlerts.digestFrom}, ${to.toISOString()}::timestamptz)` })
    .where(eq(jobAlerts.id, id));
}

/**
 * Claims the next digest alert of `frequency` that is due (its last digest, or its creation, at or
 * before `dueBy`): locked with SKIP LOCKED and its digest_from moved to `now` by the same
 * statement, so two instances or a retried run never send one period twice. Returns the alert with
 * the digest_from it had (the start of the period to report). Call it inside the transaction that
 * sends the digest: if sending fails, the claim is undone with it.
 */
export async function claimDueDigest(
  tx: Executor,
  frequency: 'daily' | 'weekly',
  dueBy: Date,
  now: Date,
): Promise<{ alert: JobAlertRow; since: Date } | undefined> {
  const { rows } = (await tx.execute(sql`
    with due as materialized (
      select id, digest_from from ${jobAlerts}
       where frequency = ${frequency} and digest_from <= ${dueBy.toISOString()}::timestamptz
       order by digest_from
       limit 1
         for update skip locked
    )
    update ${jobAlerts} a set digest_from = ${now.toISOString()}::timestamptz
      from due
     where a.id = due.id
    returning a.id, due.digest_from as since`)) as unknown as Returned<{ id: string; since: Date | string }>;
  const claimed = rows[0];
  if (!claimed) return undefined;
  const [alert] = await tx.select().from(jobAlerts).where(eq(jobAlerts.id, claimed.id));
  return alert ? { alert, since: new Date(claimed.since) } : undefined;
}

/** Jobs this alert told of since `since` (a digest's overlap with the one before; bounded by it). */
export async function deliveredSince(exec: Executor, alertId: string, since: Date): Promise<string[]> {
  const rows = await exec
    .select({ jobId: jobAlertDeliveries.jobId })
    .from(jobAlertDeliveries)
    .where(and(eq(jobAlertDeliveries.alertId, alertId), gte(jobAlertDeliveries.createdAt, since)));
  return rows.map((r) => r.jobId);
}
