import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { freshDatabase, TEST_DATABASE_URL } from '../../test/helpers.js';
import type { AppContext } from '../context.js';
import type { Database } from '../db/client.js';
import type { TaskDefinition } from '../tasks.js';
import { tasks } from '../tasks.js';
import { InProcessTaskRunner, PgBossTaskRunner, type TaskRunner } from './task-runner.js';

// The runner's retry delays and stop() grace use node:timers/promises, which the fake clock does not
// reach: here its setTimeout is the global one (faked where a test fakes the clock), with the same
// signal and ref options.
vi.mock('node:timers/promises', async (importOriginal) => {
  const real = await importOriginal<typeof import('node:timers/promises')>();
  function setTimeout<T = void>(ms?: number, value?: T, opts: { signal?: AbortSignal; ref?: boolean } = {}) {
    return new Promise<T>((resolve, reject) => {
      const { signal } = opts;
      if (signal?.aborted) return reject(signal.reason);
      const onAbort = () => {
        globalThis.clearTimeout(timer);
        reject(signal?.reason);
      };
      const timer = globalThis.setTimeout(() => {
        signal?.removeEventListener('abort', onAbort);
        resolve(value as T);
      }, ms);
      if (opts.ref === false) timer.unref?.();
      signal?.addEventListener('abort', onAbort, { once: true });
    });
  }
  return { ...real, setTimeout, default: { ...real, setTimeout } };
});

const quiet = { info: () => {}, error: () => {} };
const fakeCtx = { marker: 'ctx' } as unknown as AppContext;

const runners: TaskRunner[] = [];
const databases: Database[] = [];
afterEach(async () => {
  for (const r of runners.splice(0)) await r.stop();
  for (const d of databases.splice(0)) await d.close();
});

describe('the task registry', () => {
  it('lists the moved timers, each once, with a positive period', () => {
    const names = tasks.map((t) => t.name);
    expect(names).toEqual(
      expect.arrayContaining([
        'mail.deliver-outbox',
        'uploads.sweep-unclaimed',
        'hackathons.starting-soon-reminders',
      ]),
    );
    expect(new Set(names).size).toBe(names.length);
    for (const t of tasks) expect(t.everySeconds).toBeGreaterThan(0);
  });
});

// The in-process runner is timers only, so the clock is faked: periods, retry delays and slow
// handlers are stepped through exactly instead of being waited out.
describe('in-process runner (PGlite)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(async () => {
    // Stopped here, under the fake clock, so a handler still sleeping can be stepped to its end.
    const stopping = Promise.all(runners.splice(0).map((r) => r.stop()));
    await vi.runAllTimersAsync();
    await stopping;
    vi.useRealTimers();
  });

  function inProcess(list: TaskDefinition[], retries = 2) {
    const r = new InProcessTaskRunner(fakeCtx, list, { log: quiet, retries });
    runners.push(r);
    return r;
  }

  it('runs a task at start and then once per period, with the app context, and not after stop()', async () => {
    const starts: number[] = [];
    const seen: unknown[] = [];
    const r = inProcess([
      {
        name: 'test.tick',
        everySeconds: 0.2,
        handler: async (ctx) => {
          seen.push(ctx);
          starts.push(Date.now());
          await sleep(50);
        },
      },
    ]);
    const t0 = Date.now();
    await r.start();
    await vi.advanceTimersByTimeAsync(900);
    // A period is measured from one start to the next, whatever the handler takes.
    expect(starts.map((s) => s - t0)).toEqual([0, 200, 400, 600, 800]);
    expect(seen.every((c) => c === fakeCtx)).toBe(true);
    const stopping = r.stop();
    await vi.advanceTimersByTimeAsync(50);
    await stopping;
    await vi.advanceTimersByTimeAsync(2000);
    expect(starts).toHaveLength(5); // stopped means stopped
  });

  it('a run longer than its period delays the next one: runs of a task never overlap', async () => {
    const starts: number[] = [];
    let active = 0;
    let overlapped = false;
    const r = inProcess([
      {
        name: 'test.slow-tick',
        everySeconds: 0.2,
        handler: async () => {
          if (active > 0) overlapped = true;
          active++;
          starts.push(Date.now());
          await sleep(300);
          active--;
        },
      },
    ]);
    const t0 = Date.now();
    await r.start();
    await vi.advanceTimersByTimeAsync(1000);
    expect(starts).toHaveLength(4);
    expect(starts[0]).toBe(t0);
    // Each run starts as soon as the previous one ended (a timer tick later), never during it.
    for (let i = 1; i < starts.length; i++) {
      expect(starts[i]! - starts[i - 1]!).toBeGreaterThanOrEqual(300);
      expect(starts[i]! - starts[i - 1]!).toBeLessThan(305);
    }
    expect(overlapped).toBe(false);
  });

  it('retries a failing run, and a failure stops neither other tasks nor later periods', async () => {
    let attempts = 0;
    let other = 0;
    const r = inProcess([
      {
        name: 'test.flaky',
        everySeconds: 10,
        handler: async () => {
          attempts++;
          if (attempts < 2) throw new Error('first attempt fails');
        },
      },
      {
        name: 'test.broken',
        everySeconds: 0.1,
        handler: async () => {
          other++;
          throw new Error('always');
        },
      },
    ]);
    await r.start();
    await vi.advanceTimersByTimeAsync(0); // the first run starts at once
    expect(attempts).toBe(1);
    // A failed run waiting for its retry is what GET /metrics counts as queued.
    expect(await r.queueDepths()).toEqual(
      new Map([
        ['test.flaky', 1],
        ['test.broken', 1],
      ]),
    );
    // Retry delay: a tenth of the period, at least 1 s, doubled per attempt.
    await vi.advanceTimersByTimeAsync(999);
    expect(attempts).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(attempts).toBe(2);
    expect(other).toBe(2);
    // The broken task's third and last attempt comes 2 s later; its next period starts right after.
    await vi.advanceTimersByTimeAsync(2500);
    expect(other).toBe(4);
    expect(attempts).toBe(2); // the flaky task succeeded: no more attempts until its next period
    expect((await r.queueDepths()).get('test.flaky')).toBe(0);
  });

  it('stop() waits for a running handler', async () => {
    let finished = false;
    const r = inProcess([
      {
        name: 'test.slow',
        everySeconds: 60,
        handler: async () => {
          await sleep(400);
          finished = true;
        },
      },
    ]);
    await r.start();
    await vi.advanceTimersByTimeAsync(50);
    let stopped = false;
    const stopping = r.stop().then(() => {
      stopped = true;
    });
    await vi.advanceTimersByTimeAsync(300);
    expect(stopped).toBe(false);
    await vi.advanceTimersByTimeAsync(50);
    await stopping;
    expect(finished).toBe(true);
  });
});

/** A fresh PostgreSQL database for pg-boss (dropped by close()). */
async function pgUrl(): Promise<string> {
  const d = await freshDatabase();
  databases.push(d);
  return d.url!;
}

describe.runIf(TEST_DATABASE_URL)('pg-boss runner (PostgreSQL)', () => {
  function boss(url: string, list: TaskDefinition[]) {
    const r = new PgBossTaskRunner(fakeCtx, list, { log: quiet, connectionString: url, poolMax: 2 });
    runners.push(r);
    return r;
  }

  it('two instances on one database run a periodic task once per period between them', async () => {
    const url = await pgUrl();
    const runs: Array<{ by: string; at: number }> = [];
    const task = (by: string): TaskDefinition => ({
      name: 'test.once-per-period',
      everySeconds: 1,
      handler: async () => {
        runs.push({ by, at: Date.now() });
      },
    });
    const a = boss(url, [task('a')]);
    const b = boss(url, [task('b')]);
    const t0 = Date.now();
    await Promise.all([a.start(), b.start()]);
    await vi.waitFor(() => expect(runs.length).toBeGreaterThanOrEqual(3), { timeout: 15_000, interval: 50 });
    await Promise.all([a.stop(), b.stop()]);
    const seconds = (Date.now() - t0) / 1000;
    // Once per instance would be about twice this many.
    expect(runs.length).toBeLessThanOrEqual(Math.ceil(seconds) + 1);
    // The database holds one job per period: no period has two.
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    try {
      const { rows } = await c.query(
        `select singleton_on, count(*)::int as n from pgboss.job where name = 'test.once-per-period' group by 1`,
      );
      expect(rows.length).toBeGreaterThanOrEqual(runs.length);
      expect(rows.every((r) => r.n === 1)).toBe(true);
    } finally {
      await c.end();
    }
  });

  it('stop() during start (a SIGTERM right after readiness) lets the start finish and then stops', async () => {
    const url = await pgUrl();
    let runs = 0;
    const r = boss(url, [
      {
        name: 'test.stop-while-starting',
        everySeconds: 1,
        handler: async () => {
          runs++;
        },
      },
    ]);
    // The start is under way (it has not yet reached the database) when the stop comes.
    const starting = r.start();
    await r.stop();
    // The start neither rejects nor leaves anything running behind the stop: its queue's
    // connections are closed, so nothing is left to poll for or offer a job.
    await expect(starting).resolves.toBeUndefined();
    const after = runs;
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    try {
      await vi.waitFor(
        async () => {
          const { rows } = await c.query(
            `select count(*)::int as n from pg_stat_activity
              where datname = current_database() and application_name = 'agora-tasks'`,
          );
          expect(rows[0].n).toBe(0);
        },
        { timeout: 5000, interval: 50 },
      );
    } finally {
      await c.end();
    }
    expect(runs).toBe(after);
  });

  it('retries a failed run (on any instance) and stop() waits for a running handler', async () => {
    const url = await pgUrl();
    let attempts = 0;
    let slowFinished = false;
    let slowStarted = false;
    let stopRequested!: () => void;
    const stopping = new Promise<void>((resolve) => {
      stopRequested = resolve;
    });
    const r = boss(url, [
      {
        name: 'test.flaky',
        everySeconds: 10,
        handler: async () => {
          attempts++;
          if (attempts === 1) throw new Error('first attempt fails');
        },
      },
      {
        name: 'test.slow',
        everySeconds: 3600,
        handler: async () => {
          slowStarted = true;
          // Still working when the stop comes, and for a while after.
          await stopping;
          await sleep(300);
          slowFinished = true;
        },
      },
    ]);
    await r.start();
    // Retry delay: a tenth of the period, at least 1 s.
    await vi.waitFor(
      () => {
        expect(attempts).toBeGreaterThanOrEqual(2);
        expect(slowStarted).toBe(true);
      },
      { timeout: 20_000, interval: 50 },
    );
    stopRequested();
    await r.stop();
    expect(slowFinished).toBe(true);
    // The second attempt was pg-boss's retry of the same period's job, not a new period.
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    try {
      const { rows } = await c.query(
        `select state, retry_count from pgboss.job where name = 'test.flaky' order by created_on limit 1`,
      );
      expect(rows[0]).toMatchObject({ state: 'completed', retry_count: 1 });
    } finally {
      await c.end();
    }
  });
});
