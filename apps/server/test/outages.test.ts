import { connect, createServer, type Server, type Socket } from 'node:net';
import { Writable } from 'node:stream';
import { MSG } from '@agora/shared';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openPglite } from '../src/db/client.js';
import {
  buildTestApp,
  expectErrorBody,
  freshDatabase,
  signup,
  TEST_DATABASE_URL,
  TEST_REDIS_URL,
  type TestApp,
} from './helpers.js';

/** The app's log as parsed lines. */
function captureLog() {
  const lines: Array<{ level: number; msg: string; [k: string]: unknown }> = [];
  const stream = new Writable({
    write(chunk, _enc, cb) {
      for (const line of String(chunk).split('\n')) if (line.trim()) lines.push(JSON.parse(line));
      cb();
    },
  });
  return { lines, logger: { level: 'info', stream } };
}

/** A TCP proxy to `host:port` that can be cut (listener closed, every connection reset) and restored. */
async function tcpProxy(host: string, port: number) {
  const sockets = new Set<Socket>();
  let server: Server | null = null;
  let listenPort = 0;
  const listen = () =>
    new Promise<void>((resolve) => {
      server = createServer((client) => {
        const upstream = connect(port, host);
        client.pipe(upstream).pipe(client);
        for (const s of [client, upstream]) {
          sockets.add(s);
          s.on('error', () => {});
          s.on('close', () => sockets.delete(s));
        }
      });
      server.listen(listenPort, '127.0.0.1', () => {
        listenPort = (server!.address() as { port: number }).port;
        resolve();
      });
    });
  await listen();
  const cut = async () => {
    const s = server;
    server = null;
    // close() waits for open connections: reset them, then wait.
    const closed = s ? new Promise<void>((r) => s.close(() => r())) : Promise.resolve();
    for (const socket of sockets) socket.destroy();
    await closed;
  };
  return { port: () => listenPort, cut, restore: listen };
}

async function timed<T>(work: () => Promise<T>): Promise<{ res: T; ms: number }> {
  const started = performance.now();
  const res = await work();
  return { res, ms: performance.now() - started };
}

async function until(check: () => Promise<boolean>, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return check();
}

const unavailable = (res: { statusCode: number; headers: Record<string, unknown>; json(): unknown }) => {
  expect(res.statusCode).toBe(503);
  expectErrorBody(res.json());
  expect(res.json()).toMatchObject({ code: 'UNAVAILABLE', message: MSG.serviceUnavailable });
  expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
};

afterEach(() => {
  vi.restoreAllMocks();
});

describe.runIf(TEST_REDIS_URL)('Redis unreachable', () => {
  it('answers 503 UNAVAILABLE within a second, logs the outage once, and recovers without a restart', async () => {
    const target = new URL(TEST_REDIS_URL!);
    const proxy = await tcpProxy(target.hostname, Number(target.port || 6379));
    const redisUrl = new URL(TEST_REDIS_URL!);
    redisUrl.host = `127.0.0.1:${proxy.port()}`;
    const consoleError = vi.spyOn(console, 'error');
    const log = captureLog();
    const t = await buildTestApp({ config: { redisUrl: redisUrl.toString() }, logger: log.logger });
    try {
      const u = await signup(t.app);
      const read = () => t.app.inject({ url: '/api/auth/me', headers: u.auth });
      const write = () =>
        t.app.inject({
          method: 'POST',
          url: '/api/contact',
          headers: u.auth,
          payload: { name: 'Asha', email: 'asha@example.com', message: 'Hello there' },
        });
      expect((await read()).statusCode).toBe(200);
      expect((await t.app.inject('/api/health/ready')).statusCode).toBe(200);

      await proxy.cut();

      const r = await timed(read);
      unavailable(r.res);
      expect(r.ms).toBeLessThan(1000);
      const w = await timed(write);
      unavailable(w.res);
      expect(w.ms).toBeLessThan(1000);
      // Sign-in counts its attempts in Redis (and its per-address limit too): refused, not unlimited.
      const login = await timed(() =>
        t.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: u.user.email, password: 'correct horse battery' },
        }),
      );
      unavailable(login.res);
      expect(login.ms).toBeLessThan(1000);
      // Many requests during the outage, all answered fast.
      const many = await timed(() =>
        Promise.all(Array.from({ length: 30 }, (_, i) => (i % 2 ? read() : write()))),
      );
      for (const res of many.res) unavailable(res);
      expect(many.ms).toBeLessThan(3000);

      const ready = await t.app.inject('/api/health/ready');
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({ status: 'unavailable', failing: 'redis' });
      expect((await t.app.inject('/api/health')).statusCode).toBe(200);

      await proxy.restore();
      expect(
        await until(async () => (await t.app.inject('/api/health/ready')).statusCode === 200, 5000),
      ).toBe(true);
      expect((await read()).statusCode).toBe(200);
      expect((await write()).statusCode).toBe(201);
      // The recovery line is written when the connection is back.
      expect(await until(async () => log.lines.some((l) => l.msg === 'redis available again'), 2000)).toBe(
        true,
      );

      const down = log.lines.filter((l) => /^redis unavailable: /.test(l.msg));
      expect(down).toHaveLength(1);
      expect(down[0]!.level).toBeGreaterThanOrEqual(40);
      expect(log.lines.filter((l) => l.msg === 'redis available again')).toHaveLength(1);
      expect(log.lines.filter((l) => /unavailable|unhandled/i.test(l.msg) && l.msg !== down[0]!.msg)).toEqual(
        [],
      );
      expect(consoleError.mock.calls.flat().join(' ')).not.toContain('Unhandled error event');
    } finally {
      await t.close();
      await proxy.cut();
    }
  });
});

describe('database unavailable', () => {
  let t: TestApp | null = null;
  afterEach(async () => {
    await t?.close();
    t = null;
  });

  it('answers 503 UNAVAILABLE, not 500, when the tables are gone under a running app; logs it once; recovers once migrated', async () => {
    const database = await freshDatabase();
    const log = captureLog();
    t = await buildTestApp({ database, logger: log.logger });
    try {
      const u = await signup(t.app);
      expect((await t.app.inject('/api/questions/public')).statusCode).toBe(200);

      // As if the database were re-created empty: no tables, no migrations journal.
      await database.db.execute(sql`drop schema public cascade`);
      await database.db.execute(sql`create schema public`);
      await database.db.execute(sql`drop schema drizzle cascade`);

      const requests = [
        () => t!.app.inject('/api/questions/public'),
        () => t!.app.inject({ url: '/api/auth/me', headers: u.auth }),
        () =>
          t!.app.inject({
            method: 'POST',
            url: '/api/auth/login',
            payload: { email: u.user.email, password: 'correct horse battery' },
          }),
        () =>
          t!.app.inject({
            method: 'POST',
            url: '/api/contact',
            payload: { name: 'Asha', email: 'asha@example.com', message: 'Hello there' },
          }),
      ];
      for (let round = 0; round < 5; round++) for (const send of requests) unavailable(await send());
      const ready = await t.app.inject('/api/health/ready');
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({ failing: 'schema' });

      const down = log.lines.filter((l) => /^database unavailable: /.test(l.msg));
      expect(down).toHaveLength(1);
      expect(down[0]!.msg).toMatch(/does not exist/);
      expect(log.lines.filter((l) => l.msg === 'unhandled error')).toEqual([]);

      // Restored (here: migrated again): served again, and the end of the outage is logged once.
      await database.migrate();
      expect(await until(async () => log.lines.some((l) => l.msg === 'database available again'), 5000)).toBe(
        true,
      );
      expect((await t.app.inject('/api/questions/public')).statusCode).toBe(200);
      expect((await t.app.inject('/api/health/ready')).statusCode).toBe(200);
      expect(log.lines.filter((l) => /^database unavailable: /.test(l.msg))).toHaveLength(1);
      expect(log.lines.filter((l) => l.msg === 'database available again')).toHaveLength(1);
    } finally {
      await t.close();
      t = null;
      await database.close();
    }
  });

  it('answers 503 UNAVAILABLE when the embedded database is closed; background tasks add no lines of their own', async () => {
    const database = await openPglite(null);
    await database.migrate();
    const log = captureLog();
    t = await buildTestApp({ database, logger: log.logger });
    const u = await signup(t.app);
    await database.close();
    for (let i = 0; i < 10; i++) {
      unavailable(await t.app.inject({ url: '/api/auth/me', headers: u.auth }));
      unavailable(await t.app.inject('/api/questions/public'));
    }
    // Every task runs at once, fails on the closed database, and is retried: all part of the outage.
    await t.app.startTasks();
    t.app.ctx.views.add('questions', '00000000-0000-4000-8000-000000000000');
    await t.app.ctx.views.flush();
    await new Promise((r) => setTimeout(r, 1500));
    const down = log.lines.filter((l) => /^database unavailable: /.test(l.msg));
    expect(down).toHaveLength(1);
    expect(down[0]!.msg).toMatch(/PGlite is closed/);
    expect(log.lines.filter((l) => l.level >= 40 && l.msg !== down[0]!.msg && l.msg !== 'request')).toEqual(
      [],
    );
  });

  // Needs a real PostgreSQL: a TCP proxy in front of it is cut and restored.
  it.runIf(TEST_DATABASE_URL)(
    'answers 503 UNAVAILABLE fast while PostgreSQL is unreachable, logs it once, and recovers',
    async () => {
      const target = new URL(TEST_DATABASE_URL!);
      const proxy = await tcpProxy(target.hostname, Number(target.port || 5432));
      const fresh = await freshDatabase();
      const url = new URL(fresh.url!);
      url.host = `127.0.0.1:${proxy.port()}`;
      const { openPostgres } = await import('../src/db/client.js');
      const database = await openPostgres(url.toString(), 2);
      const log = captureLog();
      t = await buildTestApp({ database, logger: log.logger });
      try {
        const u = await signup(t.app);
        await proxy.cut();
        for (let i = 0; i < 10; i++) {
          const r = await timed(() => t!.app.inject({ url: '/api/auth/me', headers: u.auth }));
          unavailable(r.res);
          expect(r.ms).toBeLessThan(2500);
        }
        expect((await t.app.inject('/api/health/ready')).json()).toMatchObject({ failing: 'database' });
        await proxy.restore();
        expect(
          await until(async () => log.lines.some((l) => l.msg === 'database available again'), 5000),
        ).toBe(true);
        expect((await t.app.inject({ url: '/api/auth/me', headers: u.auth })).statusCode).toBe(200);
        expect(log.lines.filter((l) => /^database unavailable: /.test(l.msg))).toHaveLength(1);
        expect(log.lines.filter((l) => l.msg === 'database available again')).toHaveLength(1);
      } finally {
        await t.close();
        t = null;
        await database.close();
        await proxy.cut();
        await fresh.close();
      }
    },
  );
});
