import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect, createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { MSG } from '@agora/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite, openPostgres } from '../src/db/client.js';
import { storeUpload } from '../src/lib/uploads.js';
import {
  buildTestApp,
  expectErrorBody,
  freshDatabase,
  signup,
  TEST_DATABASE_URL,
  TEST_REDIS_URL,
  type TestApp,
} from './helpers.js';

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

describe('operations endpoints and conventions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({
      beforeReady: (app) => {
        app.get('/api/test/boom', async () => {
          throw new Error('secret internals: stack here');
        });
      },
    });
  });
  afterAll(() => t.close());

  it('reports health with the database kind', async () => {
    const res = await t.app.inject('/api/health');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok', db: TEST_DATABASE_URL ? 'postgres' : 'pglite' });
  });

  it('publishes an OpenAPI document generated from the route schemas, and its UI', async () => {
    const doc = await t.app.inject('/api/docs/json');
    expect(doc.statusCode).toBe(200);
    const json = doc.json();
    expect(json.openapi).toMatch(/^3\./);
    expect(json.paths['/api/auth/signup'].post.requestBody).toBeTruthy();
    const ui = await t.app.inject('/api/docs/');
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-type']).toContain('text/html');
  });

  it('answers an unknown API route with a 404 JSON error body', async () => {
    const res = await t.app.inject('/api/does-not-exist');
    expect(res.statusCode).toBe(404);
    expectErrorBody(res.json());
  });

  it('turns a thrown bug into a 500 with a request id and no internals', async () => {
    const res = await t.app.inject('/api/test/boom');
    expect(res.statusCode).toBe(500);
    const body = res.json();
    expectErrorBody(body);
    expect(body.code).toBe('INTERNAL');
    expect(body.error).toContain(res.headers['x-request-id'] as string);
    expect(res.body).not.toContain('secret internals');
    expect(res.body).not.toContain('at ');
  });

  it('sends security headers and no CORS headers', async () => {
    const res = await t.app.inject({ url: '/api/health', headers: { origin: 'https://evil.example.com' } });
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['content-security-policy']).not.toContain("'unsafe-eval'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBeTruthy();
    // Every header helmet sets, on every response (app.ts records them once and replays them).
    for (const h of [
      'cross-origin-opener-policy',
      'cross-origin-resource-policy',
      'origin-agent-cluster',
      'referrer-policy',
      'strict-transport-security',
      'x-dns-prefetch-control',
      'x-download-options',
      'x-permitted-cross-domain-policies',
      'x-xss-protection',
    ]) {
      expect(res.headers[h], h).toBeTruthy();
    }
    expect(res.headers['x-powered-by']).toBeUndefined();
    const again = await t.app.inject({ url: '/api/questions/public' });
    expect(again.headers['content-security-policy']).toBe(res.headers['content-security-policy']);
    expect(again.headers['strict-transport-security']).toBe(res.headers['strict-transport-security']);
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('stores a contact message and validates it with the spec message', async () => {
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: {
        name: 'Ravi',
        email: 'ravi@example.com',
        subject: 'Hi',
        category: 'Other',
        message: 'Hello there',
      },
    });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().message).toBe(MSG.contactSuccess);
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: { name: '  ', email: 'ravi@example.com', message: '' },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toBe(MSG.contactRequired);
    const oddCategory = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: { name: 'Ravi', email: 'ravi@example.com', category: 'Weird', message: 'Hello' },
    });
    expect(oddCategory.statusCode).toBe(400);
    expect(oddCategory.json().error).toBe('Please choose a category from the list');
    const rows = await t.database.db.query.contactMessages.findMany();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ name: 'Ravi', message: 'Hello there' });
  });

  it('serves uploads with the stored type, nosniff, and as attachments unless raster images', async () => {
    const png = await storeUpload(
      t.app.ctx,
      { buffer: PNG_1X1, filename: '../../etc/passwd.png' },
      { ownerId: null, purpose: 'test', allowed: ['image/png'], invalidMessage: 'bad' },
    );
    expect(png.originalName).toBe('passwd.png');
    expect(png.key).toMatch(/^[a-f0-9]{32}\.png$/);
    const img = await t.app.inject(png.url);
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    expect(img.headers['x-content-type-options']).toBe('nosniff');
    expect(img.headers['content-disposition']).toBeUndefined();

    const txt = await storeUpload(
      t.app.ctx,
      { buffer: Buffer.from('<script>alert(1)</script>'), filename: 'notes.txt' },
      { ownerId: null, purpose: 'test', allowed: [], allowText: true, invalidMessage: 'bad' },
    );
    const doc = await t.app.inject(txt.url);
    expect(doc.headers['content-type']).toContain('text/plain');
    expect(doc.headers['content-disposition']).toMatch(/^attachment/);

    await expect(
      storeUpload(
        t.app.ctx,
        {
          buffer: Buffer.concat([PNG_1X1.subarray(0, 8), Buffer.from('not really a png')]),
          filename: 'x.png',
        },
        { ownerId: null, purpose: 'test', allowed: ['image/jpeg'], invalidMessage: 'Invalid file' },
      ),
    ).rejects.toMatchObject({ status: 400, message: 'Invalid file' });
    for (const url of [
      '/uploads/..%2f..%2fetc%2fpasswd',
      '/uploads/nope',
      `/uploads/${'a'.repeat(32)}.png`,
    ]) {
      expect((await t.app.inject(url)).statusCode).toBe(404);
    }
  });
});

describe('logs', () => {
  it('never contain passwords or tokens', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _enc, cb) {
        lines.push(String(chunk));
        cb();
      },
    });
    const { LOG_REDACT } = await import('../src/app.js');
    const t = await buildTestApp({ logger: { level: 'trace', stream, redact: LOG_REDACT } });
    try {
      const u = await signup(t.app, { email: 'logs@example.com', password: 'very-secret-password' });
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'logs@example.com', password: 'very-secret-password' },
      });
      await t.app.inject({ url: '/api/auth/me', headers: u.auth });
      const all = lines.join('');
      expect(all.length).toBeGreaterThan(100);
      expect(all).not.toContain('very-secret-password');
      expect(all).not.toContain(u.token);
    } finally {
      await t.close();
    }
  });
});

describe('access log', () => {
  it('writes one line per request: method, URL without secrets, status, time and request id', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _enc, cb) {
        lines.push(...String(chunk).split('\n').filter(Boolean));
        cb();
      },
    });
    const t = await buildTestApp({ logger: { level: 'info', stream } });
    try {
      const res = await t.app.inject({
        url: '/api/questions/public?limit=2&token=reset-secret-123&Signature=abc&q=x',
      });
      const missing = await t.app.inject({ url: '/api/questions/00000000-0000-4000-8000-000000000000' });
      const entries = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
      const access = entries.filter((e) => e.msg === 'request');
      // Fastify's own "incoming request" / "request completed" pair is off: one line each.
      expect(entries.filter((e) => e.msg === 'incoming request' || e.msg === 'request completed')).toEqual(
        [],
      );
      expect(access).toHaveLength(2);
      expect(access[0]).toMatchObject({
        level: 30,
        method: 'GET',
        url: '/api/questions/public?limit=2&token=[redacted]&Signature=[redacted]&q=x',
        status: 200,
        reqId: res.headers['x-request-id'],
      });
      expect(access[0]!.ms).toBeTypeOf('number');
      // The same line shape as the request's own logger writes (request id first after the base).
      expect(Object.keys(access[0]!)).toEqual([
        'level',
        'time',
        'pid',
        'hostname',
        'reqId',
        'method',
        'url',
        'status',
        'ms',
        'ip',
        'ua',
        'msg',
      ]);
      expect(access[1]).toMatchObject({ status: 404, reqId: missing.headers['x-request-id'] });
      expect(lines.join('')).not.toContain('reset-secret-123');
    } finally {
      await t.close();
    }
  });

  it('scrubs secret query values and leaves other URLs alone', async () => {
    const { scrubUrl } = await import('../src/app.js');
    expect(scrubUrl('/api/questions/public?q=token')).toBe('/api/questions/public?q=token');
    expect(scrubUrl('/verify?code=9&next=/x')).toBe('/verify?code=[redacted]&next=/x');
    expect(scrubUrl('/x?access_token=a&id_token=b')).toBe('/x?access_token=[redacted]&id_token=[redacted]');
    expect(scrubUrl('/plain/path')).toBe('/plain/path');
  });
});

describe('web app serving', () => {
  let t: TestApp;
  let webDist: string;
  beforeAll(async () => {
    webDist = mkdtempSync(path.join(tmpdir(), 'agora-web-'));
    mkdirSync(path.join(webDist, 'assets'));
    writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Agora SPA</title>');
    writeFileSync(path.join(webDist, 'assets', 'app-123.js'), 'console.log(1)');
    t = await buildTestApp({ config: { webDist } });
  });
  afterAll(async () => {
    await t.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  it('falls back to index.html for app routes, serves assets, and keeps API 404s as JSON', async () => {
    const page = await t.app.inject('/question/123?x=1');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Agora SPA');
    const asset = await t.app.inject('/assets/app-123.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    expect((await t.app.inject('/assets/missing.js')).statusCode).toBe(404);
    const api = await t.app.inject('/api/missing');
    expect(api.statusCode).toBe(404);
    expectErrorBody(api.json());
    expect((await t.app.inject('/../../etc/passwd')).body).not.toContain('root:');
  });
});

describe('database faults', () => {
  it('answers 503 JSON when the embedded database is gone, and keeps running', async () => {
    const database = await openPglite(null);
    await database.migrate();
    const t = await buildTestApp({ database });
    try {
      await database.close();
      const res = await t.app.inject('/api/health/ready');
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ failing: 'database' });
      const me = await t.app.inject({
        method: 'POST',
        url: '/api/contact',
        payload: { name: 'a', email: 'a@b.co', message: 'hi' },
      });
      expect(me.statusCode).toBe(503);
      expectErrorBody(me.json());
    } finally {
      await t.close();
    }
  });

  // Needs a real PostgreSQL: a TCP proxy in front of it is cut and restored.
  it.runIf(TEST_DATABASE_URL)(
    'answers 503 while PostgreSQL is unreachable and recovers without a restart',
    async () => {
      const target = new URL(TEST_DATABASE_URL!);
      const fresh = await freshDatabase();
      const dbName = new URL(fresh.url!).pathname;
      const sockets = new Set<Socket>();
      let proxy: Server = createServer();
      const listen = (port: number) =>
        new Promise<number>((resolve) => {
          proxy = createServer((client) => {
            const upstream = connect(Number(target.port || 5432), target.hostname);
            client.pipe(upstream).pipe(client);
            for (const s of [client, upstream]) {
              sockets.add(s);
              s.on('error', () => {});
              s.on('close', () => sockets.delete(s));
            }
          });
          proxy.listen(port, '127.0.0.1', () => resolve((proxy.address() as { port: number }).port));
        });
      const port = await listen(0);
      const url = new URL(TEST_DATABASE_URL!);
      url.host = `127.0.0.1:${port}`;
      url.pathname = dbName;
      const database = await openPostgres(url.toString(), 2);
      const t = await buildTestApp({ database });
      try {
        expect((await t.app.inject('/api/health/ready')).statusCode).toBe(200);
        await new Promise<void>((r) => proxy.close(() => r()));
        for (const s of sockets) s.destroy();
        const down = await t.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: 'a@b.co', password: 'whatever1' },
        });
        expect(down.statusCode).toBe(503);
        expectErrorBody(down.json());
        expect((await t.app.inject('/api/health/ready')).statusCode).toBe(503);
        await listen(port);
        let healthy = 0;
        for (let i = 0; i < 20 && healthy !== 200; i++) {
          healthy = (await t.app.inject('/api/health/ready')).statusCode;
          if (healthy !== 200) await new Promise((r) => setTimeout(r, 250));
        }
        expect(healthy).toBe(200);
      } finally {
        await t.close();
        await database.close();
        proxy.close();
        for (const s of sockets) s.destroy();
        await fresh.close();
      }
    },
  );
});

// Two instances behind a load balancer share PostgreSQL and Redis (ARCHITECTURE "Growing past one machine").
describe.runIf(TEST_DATABASE_URL && TEST_REDIS_URL)(
  'two server instances sharing PostgreSQL and Redis',
  () => {
    it('share the login rate limit and session revocation', async () => {
      const database = await freshDatabase();
      const prefix = `agora-shared-${Date.now()}:`;
      const opts = {
        database,
        redisPrefix: prefix,
        config: { redisUrl: TEST_REDIS_URL, authRateLimitIp: 1000 },
      };
      const a = await buildTestApp(opts);
      const b = await buildTestApp(opts);
      try {
        await signup(a.app, { email: 'shared@example.com', password: 'right-password' });
        for (let i = 0; i < 5; i++) {
          const res = await a.app.inject({
            method: 'POST',
            url: '/api/auth/login',
            payload: { email: 'shared@example.com', password: `wrong-${i}` },
          });
          expect(res.statusCode).toBe(401);
        }
        const onB = await b.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: 'shared@example.com', password: 'wrong-again' },
        });
        expect(onB.statusCode).toBe(429);

        const u = await signup(b.app, { email: 'revoke@example.com' });
        expect((await a.app.inject({ url: '/api/auth/me', headers: u.auth })).statusCode).toBe(200);
        expect(
          (await b.app.inject({ method: 'POST', url: '/api/auth/logout', headers: u.auth })).statusCode,
        ).toBe(204);
        expect((await a.app.inject({ url: '/api/auth/me', headers: u.auth })).statusCode).toBe(401);
      } finally {
        await a.close();
        await b.close();
        await database.close();
      }
    });

    it('share the per-IP sign-in limit', async () => {
      const database = await freshDatabase();
      const opts = {
        database,
        redisPrefix: `agora-ip-${Date.now()}:`,
        config: { redisUrl: TEST_REDIS_URL, authRateLimitIp: 4 },
      };
      const a = await buildTestApp(opts);
      const b = await buildTestApp(opts);
      try {
        const codes: number[] = [];
        for (let i = 0; i < 6; i++) {
          const app = i % 2 === 0 ? a.app : b.app;
          const res = await app.inject({
            method: 'POST',
            url: '/api/auth/login',
            payload: { email: `x${i}@e.co`, password: 'whatever1' },
          });
          codes.push(res.statusCode);
        }
        expect(codes).toEqual([401, 401, 401, 401, 429, 429]);
      } finally {
        await a.close();
        await b.close();
        await database.close();
      }
    });
  },
);

describe('process start-up', () => {
  const tsx = path.resolve(serverRoot, '../../node_modules/.bin/tsx');
  function run(env: Record<string, string>): ChildProcess & { output: () => string } {
    let out = '';
    const child = spawn(tsx, [path.join(serverRoot, 'src/main.ts')], {
      env: { ...process.env, LOG_LEVEL: 'warn', DATABASE_URL: '', REDIS_URL: '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.on('data', (d) => {
      out += d;
    });
    child.stderr!.on('data', (d) => {
      out += d;
    });
    return Object.assign(child, { output: () => out });
  }
  const exited = (c: ChildProcess) =>
    new Promise<number>((r) =>
      c.exitCode !== null ? r(c.exitCode) : c.once('exit', (code) => r(code ?? -1)),
    );

  it('refuses a second server on the same DATA_DIR with a clear message', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'agora-lock-'));
    const first = run({ DATA_DIR: dataDir, PORT: '0' });
    try {
      // Wait until the first server holds the lock and has opened its database.
      for (let i = 0; i < 600 && !existsSync(path.join(dataDir, 'db', 'PG_VERSION')); i++) {
        await new Promise((r) => setTimeout(r, 200));
        if (first.exitCode !== null) break;
      }
      expect(existsSync(path.join(dataDir, 'agora.lock'))).toBe(true);
      // The lock is taken before the database opens.
      const second = run({ DATA_DIR: dataDir, PORT: '0' });
      const code = await exited(second);
      expect(code).not.toBe(0);
      expect(second.output()).toMatch(/in use by another server/);
      expect(first.exitCode).toBeNull();
    } finally {
      first.kill('SIGTERM');
      await exited(first);
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 180_000);

  it('exits non-zero with one clear line when the database is down or a variable is bad', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'agora-down-'));
    const down = run({
      DATA_DIR: dataDir,
      DATABASE_URL: 'postgres://postgres@127.0.0.1:1/nope',
      JWT_SECRET: 'a-cluster-wide-secret-0123456789-abcdef',
    });
    expect(await exited(down)).not.toBe(0);
    expect(down.output()).toMatch(/Cannot open the database \(DATABASE_URL\)/);
    // No per-instance secret next to a shared database.
    const noSecret = run({ DATA_DIR: dataDir, DATABASE_URL: 'postgres://postgres@127.0.0.1:1/nope' });
    expect(await exited(noSecret)).toBe(2);
    expect(noSecret.output().trim()).toMatch(
      /^Configuration error: JWT_SECRET is required when DATABASE_URL is set/,
    );
    const bad = run({ DATA_DIR: dataDir, PAYMENTS_PROVIDER: 'paypal' });
    expect(await exited(bad)).toBe(2);
    expect(bad.output().trim()).toBe('Configuration error: PAYMENTS_PROVIDER must be sandbox or razorpay');
    rmSync(dataDir, { recursive: true, force: true });
  }, 180_000);
});

describe('graceful shutdown', () => {
  it('finishes in-flight requests, then stops accepting and closes', async () => {
    let started!: () => void;
    const handlerStarted = new Promise<void>((r) => {
      started = r;
    });
    const t = await buildTestApp({
      beforeReady: (app) => {
        app.get('/api/test/slow', async () => {
          started();
          await new Promise((r) => setTimeout(r, 400));
          return { done: true };
        });
      },
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (t.app.server.address() as { port: number }).port;
    const inflight = fetch(`http://127.0.0.1:${port}/api/test/slow`).then((r) => r.json());
    await handlerStarted;
    const closing = t.close();
    expect(await inflight).toEqual({ done: true });
    await closing;
    await expect(fetch(`http://127.0.0.1:${port}/api/health`)).rejects.toThrow();
  });
});
