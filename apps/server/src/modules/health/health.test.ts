import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import {
  buildTestApp,
  emptyPostgresDatabase,
  freshDatabase,
  TEST_DATABASE_URL,
  testConfig,
} from '../../../test/helpers.js';
import { buildApp } from '../../app.js';
import { codeSchemaVersion, openPglite, schemaState } from '../../db/client.js';
import { APP_COMMIT, APP_VERSION } from '../../version.js';

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

describe('GET /api/health/ready', () => {
  it('is 200 once the database is migrated and reachable, 503 when it is not reachable', async () => {
    const database = await freshDatabase();
    const t = await buildTestApp({ database });
    try {
      const ready = await t.app.inject({ url: '/api/health/ready' });
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toEqual({
        status: 'ready',
        db: database.kind,
        version: APP_VERSION,
        commit: APP_COMMIT,
      });
      expect(APP_VERSION).toMatch(/^\d+\.\d+\.\d+/);
      expect(ready.headers['cache-control']).toBe('no-store');
      const doc = (await t.app.inject('/api/docs/json')).json();
      const responses = doc.paths['/api/health/ready'].get.responses;
      expect(Object.keys(responses)).toEqual(expect.arrayContaining(['200', '503']));
      // Its 503 is the readiness body (naming what fails), not the generic error.
      expect(responses['503'].content['application/json'].schema.properties.failing).toBeTruthy();
      await database.close();
      const down = await t.app.inject({ url: '/api/health/ready' });
      expect(down.statusCode).toBe(503);
      expect(down.json()).toMatchObject({ status: 'unavailable', failing: 'database', db: database.kind });
      // Liveness answers from the process alone: a database outage must not restart the instance.
      const live = await t.app.inject({ url: '/api/health' });
      expect(live.statusCode).toBe(200);
      expect(live.json()).toMatchObject({ status: 'ok', version: APP_VERSION, commit: APP_COMMIT });
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
      expect(starting.json()).toMatchObject({ status: 'starting', db: 'pglite' });
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

describe('the schema this code needs', () => {
  it('refuses to serve on a database whose schema is newer than this code, and says which part fails', async () => {
    const database = await freshDatabase();
    const t = await buildTestApp({ database });
    try {
      expect((await schemaState(t.database.db)).state).toBe('current');
      // A newer release's migration, as Drizzle records it (a created_at later than this code's last).
      const code = codeSchemaVersion();
      await t.database.db.execute(
        sql`insert into drizzle.__drizzle_migrations (hash, created_at) values ('from-a-newer-release', ${code.createdAt + 100_000})`,
      );
      expect(await schemaState(t.database.db)).toEqual({
        state: 'ahead',
        code: code.version,
        database: code.version + 1,
      });
      const ready = await t.app.inject({ url: '/api/health/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({ status: 'unavailable', failing: 'schema' });
      // main.ts sets the refusal when its periodic look finds it: then no route serves.
      t.app.ctx.readiness.refusal = 'newer schema';
      const list = await t.app.inject({ url: '/api/questions/public' });
      expect(list.statusCode).toBe(503);
      expect(list.json()).toMatchObject({ code: 'UNAVAILABLE' });
      expect((await t.app.inject({ url: '/api/health' })).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  }, 120_000);

  it('calls a database with migrations still to apply behind, and an empty one too', async () => {
    const database = await openPglite(null);
    try {
      expect((await schemaState(database.db)).state).toBe('behind');
      await database.migrate();
      expect((await schemaState(database.db)).state).toBe('current');
    } finally {
      await database.close();
    }
  }, 120_000);
});

describe('start-up that says why', () => {
  const main = path.join(serverRoot, 'src/main.ts');
  const tsx = path.resolve(serverRoot, '../../node_modules/.bin/tsx');
  /** Runs main.ts with `env` until it exits; its standard error, exit code. */
  function run(env: Record<string, string>, args: string[] = []) {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'agora-startup-'));
    return new Promise<{ code: number | null; stderr: string; stdout: string }>((resolve) => {
      const child = spawn(tsx, [main, ...args], {
        env: {
          ...process.env,
          LOG_LEVEL: 'warn',
          REDIS_URL: '',
          DATA_DIR: dataDir,
          HOST: '127.0.0.1',
          ...env,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stderr = '';
      let stdout = '';
      child.stderr.on('data', (d) => (stderr += d));
      child.stdout.on('data', (d) => (stdout += d));
      const kill = setTimeout(() => child.kill('SIGKILL'), 60_000);
      child.on('exit', (code) => {
        clearTimeout(kill);
        rmSync(dataDir, { recursive: true, force: true });
        resolve({ code, stderr: stderr.trim(), stdout: stdout.trim() });
      });
    });
  }
  const secret = { JWT_SECRET: 'startup-test-secret-0123456789-abcdefgh' };

  it('names a refused connection with its host and port, in one line without a stack', async () => {
    const res = await run({ ...secret, DATABASE_URL: 'postgres://postgres@127.0.0.1:1/agora' });
    expect(res.code).toBe(3);
    expect(res.stderr).toBe(
      'Cannot open the database (DATABASE_URL): connection refused at 127.0.0.1:1 (is PostgreSQL running there?)',
    );
  }, 90_000);

  it.runIf(TEST_DATABASE_URL)(
    'names a database that does not exist',
    async () => {
      const url = new URL(TEST_DATABASE_URL!);
      url.pathname = '/agora_no_such_database';
      const res = await run({ ...secret, DATABASE_URL: url.toString() });
      expect(res.code).toBe(3);
      expect(res.stderr).toMatch(
        /^Cannot open the database \(DATABASE_URL\): database "agora_no_such_database" does not exist on /,
      );
      expect(res.stderr.split('\n')).toHaveLength(1);
    },
    90_000,
  );

  it('refuses a LOG_LEVEL, an ADMIN_EMAIL and a placeholder secret that cannot work, one line each', async () => {
    for (const [env, line] of [
      [{ LOG_LEVEL: 'loud' }, /^Configuration error: LOG_LEVEL must be one of/],
      [
        { ADMIN_EMAIL: 'boss', ADMIN_PASSWORD: 'boss-password-1' },
        /^Configuration error: ADMIN_EMAIL must be an e-mail address/,
      ],
      [
        { JWT_SECRET: 'replace-with-48-random-bytes-base64-shared-by-all-instances' },
        /^Configuration error: JWT_SECRET is still the example's placeholder/,
      ],
    ] as const) {
      const res = await run({ ...secret, ...env });
      expect(res.code).toBe(2);
      expect(res.stderr).toMatch(line);
      expect(res.stderr.split('\n')).toHaveLength(1);
    }
  }, 180_000);

  it('says the port is in use in one line', async () => {
    const busy = createServer();
    const port = await new Promise<number>((resolve) =>
      busy.listen(0, '127.0.0.1', () => resolve((busy.address() as { port: number }).port)),
    );
    try {
      const res = await run({ ...secret, PORT: String(port) });
      expect(res.code).toBe(3);
      expect(res.stderr).toBe(
        `Port ${port} is already in use (PORT): stop the other server or choose another port`,
      );
    } finally {
      busy.close();
    }
  }, 90_000);
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
