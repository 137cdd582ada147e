import { DAY_MS, OVERVIEW_SERIES, type OverviewSeries, type OverviewValues } from '@agora/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { prepared, rowsOf, slot } from '../../db/prepared.js';
// The admin area's own tables: the audit log and the overview_daily and pending_counts summaries.
// The mail backlog of overviewFigures reads mail_outbox (read only); every other read and write of another
// area's rows goes through that area's service (see test/architecture/admin-boundary.test.ts).
import { auditLog, mailOutbox, overviewDaily, pendingCounts } from '../../db/schema/index.js';
import { keysetAfter, keysetOrder, type ListOpts } from '../../lib/admin-list.js';
import { cursorTs } from '../../lib/cursor.js';

// ---------- audit log ----------

/** The audit log, newest first; the actors are looked up through the users area. */
export async function listAudit(
  db: Executor,
  f: { entityType?: string; entityId?: string; action?: string; actorId?: string } & ListOpts,
) {
  return db
    .select({ a: auditLog, id: auditLog.id, cursorTs: cursorTs(auditLog.createdAt) })
    .from(auditLog)
    .where(
      and(
        f.entityType ? eq(auditLog.entityType, f.entityType) : undefined,
        f.entityId ? eq(auditLog.entityId, f.entityId) : undefined,
        f.action ? eq(auditLog.action, f.action) : undefined,
        f.actorId ? eq(auditLog.actorId, f.actorId) : undefined,
        keysetAfter(auditLog.createdAt, auditLog.id, f, 'desc'),
      ),
    )
    .orderBy(...keysetOrder(auditLog.createdAt, auditLog.id, 'desc'))
    .limit(f.limit + 1);
}

// ---------- overview ----------

const num = (v: unknown) => Number(v ?? 0);

/** Each overview_daily metric and its field in the wire format. */
const FIELD = {
  signups: 'signups',
  questions: 'questions',
  answers: 'answers',
  paid_amount: 'paidAmount',
  rewards_distributed: 'rewardsDistributed',
  withdrawals: 'withdrawals',
  ideas: 'ideas',
  hackathon_registrations: 'hackathonRegistrations',
  jobs_posted: 'jobsPosted',
} as const satisfies Record<string, keyof OverviewValues>;

type Metric = keyof typeof FIELD;
const METRICS = Object.keys(FIELD) as Metric[];

/** The metrics' columns of a result row (named after the metrics) as wire fields. */
function values(r: Record<string, unknown>): OverviewValues {
  const v = zeroValues();
  for (const m of METRICS) v[FIELD[m]] = num(r[m]);
  return v;
}

/** Every metric at zero (a literal: the overview builds one per day of the range). */
export function zeroValues(): OverviewValues {
  return {
    signups: 0,
    questions: 0,
    answers: 0,
    paidAmount: 0,
    rewardsDistributed: 0,
    withdrawals: 0,
    ideas: 0,
    hackathonRegistrations: 0,
    jobsPosted: 0,
  };
}

/**
 * The overview's figures in ONE statement over overview_daily (per UTC day and metric, kept by
 * triggers on each table, migration 0015) and the backlog counters: at most 366 days × 9 metrics,
 * whatever the size of the tables (a join of the nine counted tables spends a second in JIT
 * compilation and scans the range).
 *
 * The range's rows come back as one text value, `day,metric,value` entries joined by `;` (the day
 * as its offset from `from`), and are laid out here as a column per metric, empty days as zeros.
 * For a year that is 0.4 ms in PostgreSQL where a per-day `generate_series` with nine filtered
 * aggregates took 2 ms, and the driver parses one field instead of 366 rows of ten (a third of the
 * request's time in the server); JSON would cost PostgreSQL twice as much as plain text. The
 * totals are sums of
 * overview_daily (one row per day and metric, not a count of each table) and the review backlog
 * (pending rows, each through its status index).
 */
export async function overviewFigures(
  db: Executor,
  from: string,
  to: string,
): Promise<{ series: OverviewSeries; totals: OverviewTotals }> {
  const r = rowsOf(await figuresStatement(db, undefined, { from, to }))[0] ?? {};
  const days = Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;
  const series = Object.fromEntries(
    OVERVIEW_SERIES.map((k) => [k, new Array<number>(days).fill(0)]),
  ) as OverviewSeries;
  fillSeries(series, typeof r.series === 'string' ? r.series : '');
  const totals = {
    ...values(r),
    users: num(r.signups),
    pendingHackathons: num(r.pending_hackathons),
    pendingJobs: num(r.pending_jobs),
    pendingWithdrawals: num(r.pending_withdrawals),
    mailPending: num(r.mail_pending),
    mailFailed: num(r.mail_failed),
  };
  return { series, totals };
}

/** Hash of a metric's name as fillSeries computes it from the text, character by character. */
function nameHash(name: string): number {
  let h = 0;
  for (let i = 0; i < name.length; i++) h = (h * 31 + name.charCodeAt(i)) | 0;
  return h;
}

/** Each metric's wire field by the hash of its name (distinct: checked when the module loads). */
const FIELD_BY_HASH = new Map(METRICS.map((m) => [nameHash(m), FIELD[m]] as const));
if (FIELD_BY_HASH.size !== METRICS.length) throw new Error('two overview metrics share a name hash');

/** Character codes of the series text. */
const DIGIT_0 = 48; // '0'
const DIGIT_9 = 57;
const MINUS = 45;
const COMMA = 44;
const SEMICOLON = 59;

/**
 * Writes the entries of the series text (`day,metric,value;…`, day and value whole numbers) into
 * the metrics' columns of `series` (a day outside the range is skipped). Read by character codes,
 * the metric by the hash of its name: a year is ~1,500–3,300 entries, and slicing each into three strings to convert and look up was 1.7 times
 * as slow (0.56 vs 0.33 ms a year in a micro-benchmark). The metric's index instead of its name
 * parsed faster still (0.23 ms) but cost PostgreSQL more (`array_position` per row: 0.8 vs 0.6 ms).
 */
function fillSeries(series: OverviewSeries, text: string): void {
  let day = 0;
  let hash = 0;
  let field: keyof OverviewValues | undefined;
  let n = 0;
  let negative = false;
  // 0: the day, 1: the metric's name, 2: the value.
  let part = 0;
  for (let i = 0; i <= text.length; i++) {
    const c = i < text.length ? text.charCodeAt(i) : SEMICOLON;
    if (part === 1) {
      if (c === COMMA) {
        field = FIELD_BY_HASH.get(hash);
        part = 2;
      } else hash = (hash * 31 + c) | 0;
    } else if (c >= DIGIT_0 && c <= DIGIT_9) n = n * 10 + (c - DIGIT_0);
    else if (c === MINUS) negative = true;
    else if (c === COMMA && part === 0) {
      day = n;
      n = 0;
      hash = 0;
      part = 1;
    } else if (c === SEMICOLON) {
      const column = part === 2 && field ? series[field] : undefined;
      if (column && day < column.length) column[day] = negative ? -n : n;
      n = 0;
      negative = false;
      part = 0;
    }
  }
}

export type OverviewTotals = OverviewValues & {
  users: number;
  pendingHackathons: number;
  pendingJobs: number;
  pendingWithdrawals: number;
  mailPending: number;
  mailFailed: number;
};

/** Built once (db/prepared.ts); `from` and `to` are placeholders. */
const figuresStatement = prepared((_db) => {
  const from = sql`${slot('from')}::date`;
  const to = sql`${slot('to')}::date`;
  // Each metric's rows of the range through the primary key (metric, day), one range per metric.
  const metrics = sql`array[${sql.join(
    METRICS.map((m) => sql`${m}`),
    sql`, `,
  )}]::text[]`;
  return sql`
    select
      (select string_agg((o.day - ${from})::text || ',' || o.metric || ',' || o.v::text, ';')
         from ${overviewDaily} o
        where o.metric = any(${metrics}) and o.day between ${from} and ${to}) as series,
      ${sql.join(
        METRICS.map(
          (m) =>
            sql`(select coalesce(sum(v::float8), 0) from ${overviewDaily} where metric = ${m}) as ${sql.identifier(m)}`,
        ),
        sql`, `,
      )},
      (select coalesce(sum(n), 0) from ${pendingCounts} where tbl = 'hackathons') as pending_hackathons,
      (select coalesce(sum(n), 0) from ${pendingCounts} where tbl = 'jobs') as pending_jobs,
      (select coalesce(sum(n), 0) from ${pendingCounts} where tbl = 'withdrawals') as pending_withdrawals,
      (select count(*) from ${mailOutbox} where status = 'pending') as mail_pending,
      (select count(*) from ${mailOutbox} where status = 'failed') as mail_failed`;
});
