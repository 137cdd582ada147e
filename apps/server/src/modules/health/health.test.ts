import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import {
  buildTestApp,
  emptyPostgresDatabase,
  freshDatabase,
  TEST_DATABASE_URL,
  testConfig,
} from '../../../test/helpers.js';
import { buildApp } from '../../app.js';
import { openPglite } from '../../db/client.js';

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

describe('GET /api/health/ready', () => {
  it('is 200 once the database is migrated and reachable, 503 when it is not reachable', async () => {
    const database = await freshDatabase();
    const t = await buildTestApp({ database });
    try {
      const ready = await t.app.inject({ url: '/api/health/ready' });
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toEqual({ status: 'ready', db: database.kind });
      expect(ready.headers['cache-control']).toBe('no-store');
      const doc = (await t.app.inject('/api/docs/json')).json();
      expect(Object.keys(doc.paths['/api/health/ready'].get.responses).sort()).toEqual(['200', '503']);
      await database.close();
      const down = await t.app.inject({ url: '/api/health/ready' });
      expect(down.statusCode).toBe(503);
      expect(down.json()).toEqual({ status: 'unavailable', db: database.kind });
    } finally {
      await t.app.close();
    }
  }, 120_000);

  it('is 503 while migrations run, and every other route answers 503 "starting" until they are done', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'agora-ready-'));
    const database = await openPglite(null); // not migrated yet
    const readiness = { migrating: true };
    const app = await buildApp({
      config: testConfig(dataDir, { adminEmail: 'boss@example.com', adminPassword: 'boss-password-1' }),
      database,
      readiness,
      logger: false,
    });
    try {
      const starting = await app.inject({ url: '/api/health/ready' });
      expect(starting.statusCode).toBe(503);
      expect(starting.json()).toEqual({ status: 'starting', db: 'pglite' });
      // Liveness is unchanged: the process is up and the database answers.
      expect((await app.inject({ url: '/api/health' })).statusCode).toBe(200);
      const list = await app.inject({ url: '/api/questions/public' });
      expect(list.statusCode).toBe(503);
      expect(list.headers['retry-after']).toBe('5');
      expect(list.json()).toMatchObject({ code: 'STARTING', error: list.json().message });

      await database.migrate();
      await app.completeStartup();
      expect((await app.inject({ url: '/api/health/ready' })).statusCode).toBe(200);
      expect((await app.inject({ url: '/api/questions/public' })).statusCode).toBe(200);
      // The configured admin is ensured after the migrations, not before.
      const login = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'boss@example.com', password: 'boss-password-1' },
      });
      expect(login.statusCode, login.body).toBe(200);
    } finally {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});

// On PostgreSQL only: the embedded database runs migrations inside the process (WebAssembly that
// never yields to the event loop until it is done), so nothing can be answered meanwhile; a single
// embedded instance has no load balancer to tell anyway.
describe.runIf(TEST_DATABASE_URL)('main.ts on PostgreSQL', () => {
  const children: ChildProcess[] = [];
  afterAll(() => {
    for (const c of children) if (c.exitCode === null) c.kill('SIGTERM');
  });

  it('listens before it migrates, so readiness is observable during start-up', async () => {
    const db = await emptyPostgresDatabase();
    const port = await new Promise<number>((resolve) => {
      const s = createServer().listen(0, '127.0.0.1', () => {
        const p = (s.address() as { port: number }).port;
        s.close(() => resolve(p));
      });
    });
    const dataDir = mkdtempSync(path.join(tmpdir(), 'agora-ready-main-'));
    const tsx = path.resolve(serverRoot, '../../node_modules/.bin/tsx');
    const child = spawn(tsx, [path.join(serverRoot, 'src/main.ts')], {
      env: {
        ...process.env,
        LOG_LEVEL: 'warn',
        DATABASE_URL: db.url,
        JWT_SECRET: 'readiness-test-secret-0123456789-abcdef',
        REDIS_URL: '',
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: '127.0.0.1',
      },
      stdio: 'ignore',
    });
    children.push(child);
    const seen: number[] = [];
    try {
      const deadline = Date.now() + 120_000;
      while (Date.now() < deadline && seen.at(-1) !== 200) {
        expect(child.exitCode).toBeNull();
        try {
          const res = await fetch(`http://127.0.0.1:${port}/api/health/ready`);
          if (seen.at(-1) !== res.status) seen.push(res.status);
        } catch {
          // not listening yet
        }
        await new Promise((r) => setTimeout(r, 5));
      }
      // An empty database: 503 while its migrations run, then 200.
      expect(seen).toEqual([503, 200]);
    } finally {
      child.kill('SIGTERM');
      await new Promise((r) => (child.exitCode !== null ? r(null) : child.once('exit', r)));
      rmSync(dataDir, { recursive: true, force: true });
      await db.drop();
    }
  }, 180_000);
});
