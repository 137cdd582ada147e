import { sql } from 'drizzle-orm';
import { collectDefaultMetrics, Gauge, Histogram, type Metric, Counter, Registry } from 'prom-client';
import type { Database } from '../db/client.js';
import type { Clock } from './clock.js';
import type { TaskRunner } from './task-runner.js';

/**
 * What GET /metrics reports (Prometheus text format), every name prefixed `agora_`. The names are
 * a contract with dashboards and alerts: rename nothing. Labels are bounded: routes are Fastify's
 * patterns (`/api/questions/:id`, never an id), an unknown path is `unmatched`, methods outside the
 * usual seven are `OTHER`.
 */
export const METRIC_NAMES = {
  httpRequests: 'agora_http_requests_total',
  httpDuration: 'agora_http_request_duration_seconds',
  dbPoolMax: 'agora_db_pool_max',
  dbPoolInUse: 'agora_db_pool_in_use',
  dbPoolIdle: 'agora_db_pool_idle',
  dbPoolWaiting: 'agora_db_pool_waiting',
  taskQueueDepth: 'agora_task_queue_depth',
  taskFailures: 'agora_task_failures_total',
  taskDuration: 'agora_task_run_duration_seconds',
  outboxPending: 'agora_outbox_pending',
  outboxFailed: 'agora_outbox_failed',
  outboxOldestPendingAge: 'agora_outbox_oldest_pending_age_seconds',
  escrowHeld: 'agora_escrow_held',
  escrowHeldAmount: 'agora_escrow_held_amount_paise',
  escrowOverdue: 'agora_escrow_overdue',
  withdrawalsPending: 'agora_withdrawals_pending',
  withdrawalsPastSla: 'agora_withdrawals_pending_past_sla',
  cacheHits: 'agora_response_cache_hits_total',
  cacheMisses: 'agora_response_cache_misses_total',
  cacheHitRatio: 'agora_response_cache_hit_ratio',
  snapshotOk: 'agora_metrics_database_ok',
  buildInfo: 'agora_build_info',
} as const;

/** Seconds. A cached read answers in well under a millisecond, an upload in seconds. */
const HTTP_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const TASK_BUCKETS = [0.01, 0.05, 0.1, 0.5, 1, 5, 15, 60, 300];
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/**
 * Rows counted by a scrape, at most, per figure: the counts stay cheap (an index range of at most
 * this many entries) however large a backlog grows; a figure at the cap means "at least".
 */
export const SNAPSHOT_ROW_CAP = 100_000;
/** A scrape never waits longer than this for the database; it reports what it knows instead. */
const SNAPSHOT_TIMEOUT_MS = 2000;
/** Scrapes closer together than this share one database snapshot. */
const SNAPSHOT_REUSE_MS = 5000;

/** One (method, route, status) series: its count, sum and per-bucket (not cumulative) counts. */
interface Series {
  method: string;
  route: string;
  status: number;
  count: number;
  sum: number;
  buckets: Float64Array;
}

export interface MetricsSources {
  database: Database;
  clock: Clock;
  payoutSlaMs: number;
  version: string;
  commit: string;
  /** The response cache's counters, when it is on. */
  responseCache: () => { hits: number; misses: number } | null;
  /** The task runner, once started. */
  taskRunner: () => TaskRunner | null;
  taskNames: readonly string[];
  warn: (obj: object, msg: string) => void;
}

interface Snapshot {
  outboxPending: number;
  outboxFailed: number;
  outboxOldest: Date | null;
  escrowHeld: number;
  escrowAmount: number;
  escrowOverdue: number;
  withdrawalsPending: number;
  withdrawalsPastSla: number;
}

/**
 * The process's metrics, in a registry of its own (tests build several apps in one process).
 * Requests are counted on the hot path by `recordRequest` into plain numbers — two map look-ups
 * and an increment, no label hashing — and written out only when scraped.
 */
export class Metrics {
  readonly registry = new Registry();
  /** route → method → status → series. */
  private readonly series = new Map<string, Map<string, Map<number, Series>>>();
  private readonly taskDuration: Histogram<'task' | 'outcome'>;
  private readonly taskFailures: Counter<'task'>;
  private readonly gauges: Record<
    | 'outboxPending'
    | 'outboxFailed'
    | 'outboxOldestPendingAge'
    | 'escrowHeld'
    | 'escrowHeldAmount'
    | 'escrowOverdue'
    | 'withdrawalsPending'
    | 'withdrawalsPastSla'
    | 'snapshotOk',
    Gauge
  >;
  private snapshot: { at: number; promise: Promise<void> } | null = null;

  constructor(private readonly sources: MetricsSources) {
    const registers = [this.registry];
    // Process figures and event-loop lag (agora_nodejs_eventloop_lag_seconds, …).
    collectDefaultMetrics({ register: this.registry, prefix: 'agora_' });

    this.registry.registerMetric(this.requestCounter());
    this.registry.registerMetric(this.requestHistogram());

    new Gauge({
      name: METRIC_NAMES.buildInfo,
      help: 'The running release: version and commit as labels, value 1',
      labelNames: ['version', 'commit'],
      registers,
    }).set({ version: sources.version, commit: sources.commit }, 1);

    const pool = (
      name: string,
      help: string,
      read: (s: NonNullable<ReturnType<typeof poolStats>>) => number,
    ) =>
      new Gauge({
        name,
        help,
        registers,
        collect() {
          const s = poolStats(sources.database);
          if (s) this.set(read(s));
        },
      });
    pool(
      METRIC_NAMES.dbPoolMax,
      'Connections the database pool may open (DB_POOL_MAX; the embedded database: 1)',
      (s) => s.max,
    );
    pool(METRIC_NAMES.dbPoolInUse, 'Database connections running a query now', (s) => s.total - s.idle);
    pool(METRIC_NAMES.dbPoolIdle, 'Open database connections that are idle', (s) => s.idle);
    pool(METRIC_NAMES.dbPoolWaiting, 'Queries waiting for a free database connection', (s) => s.waiting);

    this.taskDuration = new Histogram({
      name: METRIC_NAMES.taskDuration,
      help: 'Background task runs by task and outcome (ok, failed), in seconds',
      labelNames: ['task', 'outcome'],
      buckets: TASK_BUCKETS,
      registers,
    });
    this.taskFailures = new Counter({
      name: METRIC_NAMES.taskFailures,
      help: 'Failed background task runs (each attempt), by task',
      labelNames: ['task'],
      registers,
    });
    for (const task of sources.taskNames) this.taskFailures.inc({ task }, 0);
    new Gauge({
      name: METRIC_NAMES.taskQueueDepth,
      help: 'Runs waiting to start, by task (pg-boss: queued and retrying jobs)',
      labelNames: ['task'],
      registers,
      collect: async function (this: Gauge<'task'>) {
        const runner = sources.taskRunner();
        if (!runner) return;
        try {
          const depths = await withTimeout(runner.queueDepths(), SNAPSHOT_TIMEOUT_MS);
          for (const [task, n] of depths) this.set({ task }, n);
        } catch (err) {
          sources.warn({ error: (err as Error).message }, 'metrics: task queue depth not read');
        }
      },
    });

    const cacheCounter = (
      name: string,
      help: string,
      read: (c: { hits: number; misses: number }) => number,
    ) =>
      new Counter({
        name,
        help,
        registers,
        collect() {
          const c = sources.responseCache();
          if (c) {
            this.reset();
            this.inc(read(c));
          }
        },
      });
    cacheCounter(
      METRIC_NAMES.cacheHits,
      'Anonymous public reads answered from the response cache',
      (c) => c.hits,
    );
    cacheCounter(METRIC_NAMES.cacheMisses, 'Cacheable reads that had to query the database', (c) => c.misses);
    new Gauge({
      name: METRIC_NAMES.cacheHitRatio,
      help: 'Response cache hits / (hits + misses) since start',
      registers,
      collect() {
        const c = sources.responseCache();
        if (c) this.set(c.hits + c.misses > 0 ? c.hits / (c.hits + c.misses) : 0);
      },
    });

    const gauge = (name: string, help: string) => new Gauge({ name, help, registers });
    const cap = `(counted up to ${SNAPSHOT_ROW_CAP})`;
    this.gauges = {
      outboxPending: gauge(METRIC_NAMES.outboxPending, `E-mails waiting in the outbox ${cap}`),
      outboxFailed: gauge(METRIC_NAMES.outboxFailed, `E-mails given up on, kept for a requeue ${cap}`),
      outboxOldestPendingAge: gauge(
        METRIC_NAMES.outboxOldestPendingAge,
        'Age of the oldest e-mail waiting in the outbox, in seconds (0 when none waits)',
      ),
      escrowHeld: gauge(METRIC_NAMES.escrowHeld, 'Paid rewards held in escrow'),
      escrowHeldAmount: gauge(METRIC_NAMES.escrowHeldAmount, 'Money held in escrow, in paise'),
      escrowOverdue: gauge(
        METRIC_NAMES.escrowOverdue,
        'Rewards still held more than 5 minutes past their deadline: ones the settlement task could not settle',
      ),
      withdrawalsPending: gauge(METRIC_NAMES.withdrawalsPending, `Withdrawals waiting for an admin ${cap}`),
      withdrawalsPastSla: gauge(
        METRIC_NAMES.withdrawalsPastSla,
        `Withdrawals waiting longer than PAYOUT_SLA ${cap}`,
      ),
      snapshotOk: gauge(
        METRIC_NAMES.snapshotOk,
        '1 when the outbox, escrow and withdrawal figures were read from the database at this scrape; 0 when the database did not answer (the figures are the last ones read)',
      ),
    };
  }

  /** The hot path: one completed request. `route` is the route's pattern, or null when none matched. */
  recordRequest(method: string, route: string | undefined, status: number, seconds: number): void {
    const r = route ?? 'unmatched';
    const m = METHODS.has(method) ? method : 'OTHER';
    let byMethod = this.series.get(r);
    if (!byMethod) {
      byMethod = new Map();
      this.series.set(r, byMethod);
    }
    let byStatus = byMethod.get(m);
    if (!byStatus) {
      byStatus = new Map();
      byMethod.set(m, byStatus);
    }
    let s = byStatus.get(status);
    if (!s) {
      s = { method: m, route: r, status, count: 0, sum: 0, buckets: new Float64Array(HTTP_BUCKETS.length) };
      byStatus.set(status, s);
    }
    s.count++;
    s.sum += seconds;
    for (let i = 0; i < HTTP_BUCKETS.length; i++) {
      if (seconds <= HTTP_BUCKETS[i]!) {
        s.buckets[i]!++;
        break;
      }
    }
  }

  /** A finished task run (the task runner's onRun). */
  readonly taskRun = (task: string, seconds: number, ok: boolean): void => {
    this.taskDuration.observe({ task, outcome: ok ? 'ok' : 'failed' }, seconds);
    if (!ok) this.taskFailures.inc({ task });
  };

  /** The text a scrape gets. Never throws for the database: its figures are then the last known. */
  async render(): Promise<string> {
    await this.refreshSnapshot();
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }

  private *allSeries(): Generator<Series> {
    for (const byMethod of this.series.values())
      for (const byStatus of byMethod.values()) for (const s of byStatus.values()) yield s;
  }

  /** agora_http_requests_total, written from the hot path's plain numbers at scrape time. */
  private requestCounter(): Metric {
    return {
      name: METRIC_NAMES.httpRequests,
      get: async () => ({
        name: METRIC_NAMES.httpRequests,
        help: 'HTTP requests answered, by method, route pattern and status',
        type: 'counter',
        aggregator: 'sum',
        values: [...this.allSeries()].map((s) => ({
          labels: { method: s.method, route: s.route, status: s.status, status_class: statusClass(s.status) },
          value: s.count,
        })),
      }),
    } as unknown as Metric;
  }

  /** agora_http_request_duration_seconds by method, route pattern and status class. */
  private requestHistogram(): Metric {
    const name = METRIC_NAMES.httpDuration;
    return {
      name,
      get: async () => {
        const merged = new Map<
          string,
          { labels: Record<string, string>; count: number; sum: number; buckets: number[] }
        >();
        for (const s of this.allSeries()) {
          const cls = statusClass(s.status);
          const key = `${s.method} ${s.route} ${cls}`;
          let m = merged.get(key);
          if (!m) {
            m = {
              labels: { method: s.method, route: s.route, status_class: cls },
              count: 0,
              sum: 0,
              buckets: HTTP_BUCKETS.map(() => 0),
            };
            merged.set(key, m);
          }
          m.count += s.count;
          m.sum += s.sum;
          for (let i = 0; i < HTTP_BUCKETS.length; i++) m.buckets[i]! += s.buckets[i]!;
        }
        const values: Array<{ metricName: string; labels: Record<string, string | number>; value: number }> =
          [];
        for (const m of merged.values()) {
          let cumulative = 0;
          HTTP_BUCKETS.forEach((le, i) => {
            cumulative += m.buckets[i]!;
            values.push({ metricName: `${name}_bucket`, labels: { ...m.labels, le }, value: cumulative });
          });
          values.push({ metricName: `${name}_bucket`, labels: { ...m.labels, le: '+Inf' }, value: m.count });
          values.push({ metricName: `${name}_sum`, labels: m.labels, value: m.sum });
          values.push({ metricName: `${name}_count`, labels: m.labels, value: m.count });
        }
        return {
          name,
          help: 'HTTP request durations by method, route pattern and status class, in seconds',
          type: 'histogram',
          aggregator: 'sum',
          values,
        };
      },
    } as unknown as Metric;
  }

  /** The database figures, read at most once per SNAPSHOT_REUSE_MS whatever the scrape rate. */
  private async refreshSnapshot(): Promise<void> {
    const now = this.sources.clock.now().getTime();
    if (!this.snapshot || now - this.snapshot.at >= SNAPSHOT_REUSE_MS || now < this.snapshot.at) {
      this.snapshot = { at: now, promise: this.readSnapshot() };
    }
    await this.snapshot.promise;
  }

  private async readSnapshot(): Promise<void> {
    const now = this.sources.clock.now();
    try {
      const s = await withTimeout(
        readOperationalSnapshot(this.sources.database, now, this.sources.payoutSlaMs),
        SNAPSHOT_TIMEOUT_MS,
      );
      const g = this.gauges;
      g.outboxPending.set(s.outboxPending);
      g.outboxFailed.set(s.outboxFailed);
      g.outboxOldestPendingAge.set(
        s.outboxOldest ? Math.max(0, (now.getTime() - s.outboxOldest.getTime()) / 1000) : 0,
      );
      g.escrowHeld.set(s.escrowHeld);
      g.escrowHeldAmount.set(s.escrowAmount);
      g.escrowOverdue.set(s.escrowOverdue);
      g.withdrawalsPending.set(s.withdrawalsPending);
      g.withdrawalsPastSla.set(s.withdrawalsPastSla);
      g.snapshotOk.set(1);
    } catch (err) {
      this.gauges.snapshotOk.set(0);
      const e = err as { message?: string; code?: string };
      this.sources.warn(
        { error: String(e.message ?? err).replace(/\nparams: [\s\S]*$/, ''), code: e.code },
        'metrics: database figures not read; the scrape reports the last known ones',
      );
    }
  }
}

function statusClass(status: number): string {
  return `${Math.floor(status / 100)}xx`;
}

function poolStats(database: Database) {
  return database.poolStats?.() ?? null;
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    timer.unref();
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * The outbox, escrow and withdrawal figures in one statement, each over an index: the outbox's
 * (status, next_attempt_at), the partial index of held escrows, withdrawals' (status, created_at).
 * The outbox and withdrawal counts stop at SNAPSHOT_ROW_CAP rows, so a huge backlog costs a scrape
 * no more than that. A read-only operational view across areas, like the admin overview's counts;
 * it writes nothing.
 */
export async function readOperationalSnapshot(
  database: Database,
  now: Date,
  payoutSlaMs: number,
): Promise<Snapshot> {
  const cap = SNAPSHOT_ROW_CAP;
  const slaCutoff = new Date(now.getTime() - payoutSlaMs).toISOString();
  // The settlement runs every 30 s: a reward held this long past its deadline is one it could not settle.
  const overdueCutoff = new Date(now.getTime() - 5 * 60_000).toISOString();
  const { rows } = (await database.db.execute(sql`
    select
      (select count(*) from (select 1 from mail_outbox where status = 'pending' limit ${cap}) p)::int as outbox_pending,
      (select count(*) from (select 1 from mail_outbox where status = 'failed' limit ${cap}) f)::int as outbox_failed,
      (select min(created_at) from (select created_at from mail_outbox where status = 'pending' limit ${cap}) o) as outbox_oldest,
      e.held as escrow_held,
      e.amount as escrow_amount,
      e.overdue as escrow_overdue,
      (select count(*) from (select 1 from withdrawals where status = 'pending' limit ${cap}) w)::int as withdrawals_pending,
      (select count(*) from (
        select 1 from withdrawals where status = 'pending' and created_at < ${slaCutoff}::timestamptz limit ${cap}
      ) l)::int as withdrawals_past_sla
    from (
      select count(*)::int as held, coalesce(sum(payment_amount), 0)::text as amount,
             (count(*) filter (where escrow_deadline < ${overdueCutoff}::timestamptz))::int as overdue
        from questions where escrow_state = 'held'
    ) e`)) as unknown as {
    rows: Array<{
      outbox_pending: number;
      outbox_failed: number;
      outbox_oldest: Date | string | null;
      escrow_held: number;
      escrow_amount: string;
      escrow_overdue: number;
      withdrawals_pending: number;
      withdrawals_past_sla: number;
    }>;
  };
  const r = rows[0]!;
  return {
    outboxPending: Number(r.outbox_pending),
    outboxFailed: Number(r.outbox_failed),
    outboxOldest: r.outbox_oldest === null ? null : new Date(r.outbox_oldest),
    escrowHeld: Number(r.escrow_held),
    escrowAmount: Number(r.escrow_amount),
    escrowOverdue: Number(r.escrow_overdue),
    withdrawalsPending: Number(r.withdrawals_pending),
    withdrawalsPastSla: Number(r.withdrawals_past_sla),
  };
}
