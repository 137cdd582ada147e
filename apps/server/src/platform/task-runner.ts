import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import PgBoss from 'pg-boss';
import type { AppContext } from '../context.js';
import type { TaskDefinition } from '../tasks.js';

/**
 * Runs the tasks of `tasks.ts`. On PostgreSQL a pg-boss queue per task: every instance offers a
 * job for the current period (pg-boss's `singletonSeconds` keeps one job per period, cluster-wide)
 * and any one instance runs it, with retries. On PGlite (one process by design) an in-process
 * timer per task. Both wait for running handlers on stop().
 */
export interface TaskRunner {
  readonly kind: 'pg-boss' | 'in-process';
  start(): Promise<void>;
  /** Stops scheduling, then waits for running handlers (up to the grace period). */
  stop(): Promise<void>;
  /** Runs waiting to start, per task (GET /metrics): pg-boss's queued and retrying jobs. */
  queueDepths(): Promise<Map<string, number>>;
}

export interface TaskLog {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface TaskRunnerOptions {
  log: TaskLog;
  /** Extra attempts after a failed run, in the same period. */
  retries?: number;
  /** How long stop() waits for a running handler before giving up on it. */
  graceMs?: number;
  /** Told of every finished run (GET /metrics): its task, seconds taken and whether it succeeded. */
  onRun?: (task: string, seconds: number, ok: boolean) => void;
}

const DEFAULT_RETRIES = 2;
/** Within main.ts's 15-second shutdown limit, with room for the view flush and the pool. */
const DEFAULT_GRACE_MS = 10_000;
/** Advisory lock key (any constant) held while task queues are created. */
const QUEUE_SETUP_LOCK = 0x61676f72; // 'agor'

/** Delay before retry n (1-based): a tenth of the period, doubled each time, 1 s to 5 min. */
export function retryDelaySeconds(everySeconds: number, n = 1): number {
  return Math.min(300, Math.max(1, Math.round(everySeconds / 10)) * 2 ** (n - 1));
}

/**
 * An error's message for the log line, without the parameters a failed query's message carries
 * (`params: …`: a password hash, a token, an e-mail body).
 */
export function errorMessage(err: unknown): string {
  const message = err instanceof Error ? err.message : String(err);
  return message.replace(/\nparams: [\s\S]*$/, '').slice(0, 500);
}

async function runLogged(task: TaskDefinition, ctx: AppContext, opts: TaskRunnerOptions, attempt: number) {
  const started = performance.now();
  try {
    await task.handler(ctx);
    const ms = Math.round(performance.now() - started);
    opts.log.info({ task: task.name, attempt, ms }, 'task run');
    opts.onRun?.(task.name, (performance.now() - started) / 1000, true);
  } catch (err) {
    const ms = Math.round(performance.now() - started);
    // At error, whatever LOG_LEVEL hides the runs: a failing task is something to act on.
    opts.log.error(
      { err, task: task.name, error: errorMessage(err), attempt, ms },
      `task failed: ${task.name}: ${errorMessage(err)}`,
    );
    opts.onRun?.(task.name, (performance.now() - started) / 1000, false);
    throw err;
  }
}

/** PGlite: one process owns the database, so a timer per task is the whole cluster. */
export class InProcessTaskRunner implements TaskRunner {
  readonly kind = 'in-process' as const;
  private timers = new Map<string, NodeJS.Timeout>();
  private running = new Set<Promise<void>>();
  /** Tasks whose failed run waits for its retry. */
  private retrying = new Set<string>();
  private abort = new AbortController();
  private stopped = true;

  constructor(
    private readonly ctx: AppContext,
    private readonly tasks: readonly TaskDefinition[],
    private readonly opts: TaskRunnerOptions,
  ) {}

  async start(): Promise<void> {
    if (!this.stopped) return;
    this.stopped = false;
    this.abort = new AbortController();
    for (const task of this.tasks) this.schedule(task, 0);
  }

  private schedule(task: TaskDefinition, delayMs: number): void {
    if (this.stopped) return;
    const timer = setTimeout(() => {
      const started = Date.now();
      const run = this.runWithRetries(task).finally(() => {
        this.running.delete(run);
        // The next period starts a period after this one started; runs of one task never overlap.
        this.schedule(task, Math.max(0, task.everySeconds * 1000 - (Date.now() - started)));
      });
      this.running.add(run);
    }, delayMs);
    timer.unref();
    this.timers.set(task.name, timer);
  }

  private async runWithRetries(task: TaskDefinition): Promise<void> {
    const retries = this.opts.retries ?? DEFAULT_RETRIES;
    for (let attempt = 1; attempt <= retries + 1 && !this.stopped; attempt++) {
      try {
        await runLogged(task, this.ctx, this.opts, attempt);
        return;
      } catch {
        if (attempt > retries) return;
        this.retrying.add(task.name);
        try {
          await sleep(retryDelaySeconds(task.everySeconds, attempt) * 1000, undefined, {
            signal: this.abort.signal,
          });
        } catch {
          return; // stopping
        } finally {
          this.retrying.delete(task.name);
        }
      }
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    for (const t of this.timers.values()) clearTimeout(t);
    this.timers.clear();
    this.abort.abort();
    const grace = sleep(this.opts.graceMs ?? DEFAULT_GRACE_MS, undefined, { ref: false });
    await Promise.race([Promise.allSettled([...this.running]), grace]);
  }

  async queueDepths(): Promise<Map<string, number>> {
    return new Map(this.tasks.map((t) => [t.name, this.retrying.has(t.name) ? 1 : 0]));
  }
}

export interface PgBossRunnerOptions extends TaskRunnerOptions {
  connectionString: string;
  /** PostgreSQL schema of the queue tables. */
  schema?: string;
  /** Connections of the queue's own pool (on top of the app's pool). */
  poolMax?: number;
}

/**
 * PostgreSQL: one pg-boss queue per task. Each instance offers a job for the current period every
 * few seconds; the job's `singleton_on` (the period's start, computed by the database's clock) is
 * unique per queue, so the period runs once across the cluster. A failed run is retried by any
 * instance (`retryLimit`); a run whose instance died is expired and retried.
 */
export class PgBossTaskRunner implements TaskRunner {
  readonly kind = 'pg-boss' as const;
  private boss: PgBoss | null = null;
  private offerTimers: NodeJS.Timeout[] = [];
  private stopping = false;

  constructor(
    private readonly ctx: AppContext,
    private readonly tasks: readonly TaskDefinition[],
    private readonly opts: PgBossRunnerOptions,
  ) {}

  /** The start in progress: stop() waits for it, so a SIGTERM during start-up stops cleanly. */
  private starting: Promise<void> | null = null;

  async start(): Promise<void> {
    if (this.boss) return;
    this.starting ??= this.startOnce().finally(() => {
      this.starting = null;
    });
    return this.starting;
  }

  private async startOnce(): Promise<void> {
    this.stopping = false;
    const boss = new PgBoss({
      connectionString: this.opts.connectionString,
      schema: this.opts.schema ?? 'pgboss',
      max: this.opts.poolMax ?? 3,
      application_name: 'agora-tasks',
      // No cron: periods are offered by every instance and deduplicated by the database.
      schedule: false,
      supervise: true,
      migrate: true,
      // A 5-second task makes 17,000 jobs a day: finished jobs leave the live table after an hour
      // (their period is long over) and are deleted after two days.
      archiveCompletedAfterSeconds: 60 * 60,
      deleteAfterDays: 2,
    });
    boss.on('error', (err) => this.opts.log.error({ err }, 'task queue'));
    await boss.start();
    this.boss = boss;
    await this.createQueues(boss);
    for (const task of this.tasks) {
      await boss.work(
        task.name,
        {
          batchSize: 1,
          includeMetadata: true,
          pollingIntervalSeconds: Math.min(2, Math.max(0.5, task.everySeconds / 4)),
        },
        async (jobs) => {
          for (const job of jobs) {
            await runLogged(task, this.ctx, this.opts, job.retryCount + 1);
          }
        },
      );
      const offer = () => {
        if (this.stopping) return;
        boss
          .send(task.name, {}, { singletonSeconds: task.everySeconds })
          .catch((err) => this.opts.log.error({ err, task: task.name }, 'task offer failed'));
      };
      offer();
      const timer = setInterval(offer, Math.min(15_000, Math.max(500, (task.everySeconds * 1000) / 4)));
      timer.unref();
      this.offerTimers.push(timer);
    }
  }

  /**
   * One queue per task, created once. Instances starting together would deadlock creating the
   * same queue partitions, so creation is serialised by an advisory lock on a connection of its own.
   */
  private async createQueues(boss: PgBoss): Promise<void> {
    const client = new pg.Client({ connectionString: this.opts.connectionString });
    await client.connect();
    try {
      await client.query('select pg_advisory_lock($1)', [QUEUE_SETUP_LOCK]);
      const retries = this.opts.retries ?? DEFAULT_RETRIES;
      for (const task of this.tasks) {
        if (await boss.getQueue(task.name)) continue;
        await boss.createQueue(task.name, {
          name: task.name,
          policy: 'standard',
          retryLimit: retries,
          retryDelay: retryDelaySeconds(task.everySeconds),
          retryBackoff: true,
          // A run whose instance vanished is retried after this long.
          expireInSeconds: Math.min(15 * 60, Math.max(60, task.everySeconds * 2)),
        });
      }
    } finally {
      await client.end().catch(() => {});
    }
  }

  /**
   * Jobs created or waiting for a retry, per task: one statement on the job table, which holds
   * only the last hour's finished jobs (archiveCompletedAfterSeconds).
   */
  async queueDepths(): Promise<Map<string, number>> {
    const depths = new Map(this.tasks.map((t) => [t.name, 0]));
    const boss = this.boss;
    if (!boss) return depths;
    const schema = pg.escapeIdentifier(this.opts.schema ?? 'pgboss');
    const { rows } = (await boss
      .getDb()
      .executeSql(
        `select name, count(*)::int as n from ${schema}.job where state in ('created', 'retry') group by name`,
        [],
      )) as { rows: Array<{ name: string; n: number }> };
    for (const r of rows) if (depths.has(r.name)) depths.set(r.name, r.n);
    return depths;
  }

  async stop(): Promise<void> {
    this.stopping = true;
    // Stopped while starting (a SIGTERM right after readiness): let the start finish, then stop it.
    if (this.starting) await this.starting.catch(() => {});
    for (const t of this.offerTimers) clearInterval(t);
    this.offerTimers = [];
    const boss = this.boss;
    this.boss = null;
    if (!boss) return;
    // Waits for running handlers; one still running after the grace period is failed (retried).
    await boss.stop({ graceful: true, wait: true, timeout: this.opts.graceMs ?? DEFAULT_GRACE_MS });
  }
}

export function createTaskRunner(
  ctx: AppContext,
  tasks: readonly TaskDefinition[],
  opts: TaskRunnerOptions,
): TaskRunner {
  if (ctx.database.kind === 'postgres' && ctx.config.databaseUrl) {
    return new PgBossTaskRunner(ctx, tasks, { ...opts, connectionString: ctx.config.databaseUrl });
  }
  return new InProcessTaskRunner(ctx, tasks, opts);
}
