import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { freshDatabase, TEST_DATABASE_URL } from '../../test/helpers.js';
import type { AppContext } from '../context.js';
import type { Database } from '../db/client.js';
import type { TaskDefinition } from '../tasks.js';
import { tasks } from '../tasks.js';
import { InProcessTaskRunner, PgBossTaskRunner, type TaskRunner } from './task-runner.js';

const quiet = { info: () => {}, error: () => {} };
const fakeCtx = { marker: 'ctx' } as unknown as AppContext;

const runners: TaskRunner[] = [];
const databases: Database[] = [];
afterEach(async () => {
  for (const r of runners.splice(0)) await r.stop();
  for (const d of databases.splice(0)) await d.close();
});

async function waitFor(cond: () => boolean, ms = 10_000): Promise<void> {
  const until = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > until) throw new Error('timed out waiting');
    await sleep(20);
  }
}

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

describe('in-process runner (PGlite)', () => {
  function inProcess(list: TaskDefinition[], retries = 2) {
    const r = new InProcessTaskRunner(fakeCtx, list, { log: quiet, retries });
    runners.push(r);
    return r;
  }

  it('runs a task at start and then once per period, never overlapping, with the app context', async () => {
    const starts: number[] = [];
    let active = 0;
    let overlapped = false;
    const seen: unknown[] = [];
    const r = inProcess([
      {
        name: 'test.tick',
        everySeconds: 0.2,
        handler: async (ctx) => {
          seen.push(ctx);
          if (active > 0) overlapped = true;
          active++;
          starts.push(Date.now());
          await sleep(50);
          active--;
        },
      },
    ]);
    const t0 = Date.now();
    await r.start();
    await sleep(1000);
    await r.stop();
    const n = starts.length;
    expect(n).toBeGreaterThanOrEqual(3);
    expect(n).toBeLessThanOrEqual(6);
    expect(starts[0]! - t0).toBeLessThan(150);
    expect(overlapped).toBe(false);
    expect(seen.every((c) => c === fakeCtx)).toBe(true);
    await sleep(400);
    expect(starts.length).toBe(n); // stopped means stopped
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
    // Retry delay: a tenth of the period, at least 1 s.
    await waitFor(() => attempts === 2, 5000);
    expect(other).toBeGreaterThan(1);
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
    await sleep(50);
    await r.stop();
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
    await Promise.all([a.start(), b.start()]);
    const t0 = Date.now();
    await sleep(5000);
    await Promise.all([a.stop(), b.stop()]);
    const seconds = (Date.now() - t0) / 1000;
    // Once per instance would be about twice this many.
    expect(runs.length).toBeGreaterThanOrEqual(3);
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
    const starting = r.start();
    await sleep(10);
    await r.stop();
    // The start neither rejects nor leaves anything running behind the stop.
    await expect(starting).resolves.toBeUndefined();
    const after = runs;
    await sleep(2500);
    expect(runs).toBe(after);
  });

  it('retries a failed run (on any instance) and stop() waits for a running handler', async () => {
    const url = await pgUrl();
    let attempts = 0;
    let slowFinished = false;
    let slowStarted = false;
    const r = boss(url, [
      {
        name: 'test.flaky',
        everySeconds: 30,
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
          await sleep(1500);
          slowFinished = true;
        },
      },
    ]);
    await r.start();
    await waitFor(() => attempts >= 2 && slowStarted, 20_000);
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
