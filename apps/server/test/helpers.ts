import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { type BuildOptions, buildApp } from '../src/app.js';
import { type Config, loadConfig } from '../src/config.js';
import { type Database, openPglite, openPostgres } from '../src/db/client.js';
import { ManualClock } from '../src/platform/clock.js';
import type { MailMessage, MailTransport } from '../src/platform/mail.js';
import { recordContractViolations } from './contract/openapi-validator.js';

export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL || null;
export const TEST_REDIS_URL = process.env.REDIS_URL || null;
export const dbKind = TEST_DATABASE_URL ? 'postgres' : 'pglite';

/** A new, empty (not migrated) database on TEST_DATABASE_URL's server; `drop()` removes it. */
export async function emptyPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  if (!TEST_DATABASE_URL) throw new Error('TEST_DATABASE_URL is not set');
  const name = `agora_test_${randomBytes(6).toString('hex')}`;
  const admin = async (q: string) => {
    const c = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await c.connect();
    try {
      await c.query(q);
    } finally {
      await c.end();
    }
  };
  await admin(`create database ${name}`);
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`drop database if exists ${name} with (force)`) };
}

/** A fresh, migrated database: in-memory PGlite, or a new database on TEST_DATABASE_URL. */
export async function freshDatabase(): Promise<Database & { url: string | null }> {
  if (!TEST_DATABASE_URL) {
    const database = await openPglite(null);
    await database.migrate();
    return Object.assign(database, { url: null });
  }
  const name = `agora_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  const database = await openPostgres(url.toString(), 5);
  await database.migrate();
  const close = database.close;
  return Object.assign(database, {
    url: url.toString(),
    close: async () => {
      await close();
      const c = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  });
}

export class MemoryMail implements MailTransport {
  sent: MailMessage[] = [];
  async send(_from: string, msg: MailMessage) {
    this.sent.push(msg);
  }
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  clock: ManualClock;
  config: Config;
  mail: MemoryMail;
  dataDir: string;
  close(): Promise<void>;
}

export function testConfig(
  dataDir: string,
  overrides: Partial<Config> = {},
  env: Record<string, string> = {},
): Config {
  return loadConfig(
    {
      DATA_DIR: dataDir,
      JWT_SECRET: 'test-secret-test-secret-test-secret-0123456789',
      NODE_ENV: 'test',
      ...env,
    },
    {
      logLevel: 'silent',
      authRateLimitIp: 10_000,
      // Test files drive the API far faster than a person; the limits have their own tests.
      rateLimits: { readsPerMinute: 1_000_000, searchesPerMinute: 1_000_000, writesPerMinute: 1_000_000 },
      redisUrl: null,
      ...overrides,
    },
  );
}

/** Builds the real app on a fresh database with a manual clock. */
export async function buildTestApp(
  opts: {
    config?: Partial<Config>;
    env?: Record<string, string>;
    database?: Database;
    redisPrefix?: string;
    logger?: BuildOptions['logger'];
    /** Runs before app.ready(): tests may add routes here. */
    beforeReady?: (app: FastifyInstance) => void | Promise<void>;
    /** false: responses are not checked against the OpenAPI document (on by default). */
    contractCheck?: boolean;
  } & Partial<Pick<BuildOptions, 'storage'>> = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'agora-test-'));
  const database = opts.database ?? (await freshDatabase());
  const clock = new ManualClock(new Date());
  const config = testConfig(dataDir, opts.config, opts.env);
  const mail = new MemoryMail();
  const app = await buildApp({
    config,
    database,
    clock,
    mailTransport: mail,
    logger: opts.logger ?? false,
    storage: opts.storage,
    redisPrefix: opts.redisPrefix ?? `agora-test-${randomBytes(4).toString('hex')}:`,
  });
  await opts.beforeReady?.(app);
  // Every response of every test app is checked against the OpenAPI document (test/contract/).
  if (opts.contractCheck !== false) recordContractViolations(app);
  await app.ready();
  return {
    app,
    database,
    clock,
    config,
    mail,
    dataDir,
    close: async () => {
      await app.close();
      if (!opts.database) await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

let seq = 0;
export interface TestUser {
  token: string;
  user: { id: string; email: string; name: string; role: string };
  auth: { authorization: string };
}

/** Signs up a new user through the public API. */
export async function signup(
  app: FastifyInstance,
  over: { name?: string; email?: string; password?: string; role?: string } = {},
): Promise<TestUser> {
  seq++;
  const body = {
    name: over.name ?? `Test User ${seq}`,
    email: over.email ?? `user${seq}-${randomBytes(3).toString('hex')}@example.com`,
    password: over.password ?? 'correct horse battery',
    ...(over.role ? { role: over.role } : {}),
  };
  const res = await app.inject({ method: 'POST', url: '/api/auth/signup', payload: body });
  if (res.statusCode !== 201) throw new Error(`signup failed: ${res.statusCode} ${res.body}`);
  const json = res.json();
  return { token: json.token, user: json.user, auth: { authorization: `Bearer ${json.token}` } };
}

/** Makes an existing user an admin (direct DB write: there is no public way to become admin). */
export async function makeAdmin(t: TestApp, u: TestUser): Promise<void> {
  const { users } = await import('../src/db/schema/index.js');
  const { eq } = await import('drizzle-orm');
  await t.database.db.update(users).set({ role: 'admin' }).where(eq(users.id, u.user.id));
}

export function expectErrorBody(body: unknown): void {
  const b = body as Record<string, unknown>;
  if (
    typeof b.error !== 'string' ||
    typeof b.message !== 'string' ||
    typeof b.code !== 'string' ||
    b.error !== b.message
  ) {
    throw new Error(`not a CONTRACT error body: ${JSON.stringify(body)}`);
  }
}
