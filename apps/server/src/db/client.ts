import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { namingClient, StatementNames } from './named-statements.js';
import * as schema from './schema/index.js';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** A database handle or an open transaction: repos accept either. */
export type Executor = Db | Tx;

/** A LISTEN subscription; `onLost` fires when notifications may have been missed (connection gone). */
export type Listen = (
  channel: string,
  onNotify: (payload: string) => void,
  onLost: (err: Error) => void,
) => Promise<() => Promise<void>>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
  /** LISTEN on a channel (PostgreSQL: one dedicated connection per subscription). */
  listen: Listen;
  /** Connections of the pool now (GET /metrics): PGlite is one connection, always in use. */
  poolStats?(): PoolStats;
}

export interface PoolStats {
  max: number;
  total: number;
  idle: number;
  /** Queries waiting for a free connection. */
  waiting: number;
}

export class DatabaseLockedError extends Error {}

/** pg_advisory_lock key held while migrations run ('agora' in ASCII). */
export const MIGRATION_LOCK_ID = '418397744737';

function migrationsFolder(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  for (const candidate of [path.join(here, 'migrations'), path.join(here, 'db', 'migrations')]) {
    if (existsSync(path.join(candidate, 'meta', '_journal.json'))) return candidate;
  }
  throw new Error(`migrations folder not found next to ${here}`);
}

function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * PGlite is single-process: two servers must never open one data directory. An exclusive lock
 * file holds the owner's pid; a stale lock (dead pid) is taken over.
 */
function acquireLock(dir: string): () => void {
  mkdirSync(dir, { recursive: true });
  const lockFile = path.join(dir, 'agora.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockFile, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(lockFile, { force: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const owner = Number(readFileSync(lockFile, 'utf8').trim());
      if (Number.isInteger(owner) && owner > 0 && owner !== process.pid && pidAlive(owner)) {
        throw new DatabaseLockedError(
          `The embedded database in ${dir} is in use by another server (pid ${owner}). Stop it or set DATA_DIR to another folder.`,
        );
      }
      rmSync(lockFile, { force: true });
    }
  }
  throw new DatabaseLockedError(`Could not lock the embedded database in ${dir}`);
}

export async function openPglite(dataDir: string | null): Promise<Database> {
  let release = () => {};
  let client: PGlite;
  if (dataDir) {
    const dir = path.join(dataDir, 'db');
    release = acquireLock(dataDir);
    try {
      client = await PGlite.create(dir);
    } catch (err) {
      release();
      throw err;
    }
  } else {
    client = await PGlite.create();
  }
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    // In-process: notifications arrive with the results of the statement that committed them.
    listen: async (channel, onNotify) => {
      const unsubscribe = await client.listen(channel, onNotify);
      return async () => {
        if (!client.closed) await unsubscribe();
      };
    },
    migrate: () => migratePglite(db as never, { migrationsFolder: migrationsFolder() }),
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    poolStats: () => ({ max: 1, total: 1, idle: 0, waiting: 0 }),
    close: async () => {
      try {
        await client.close();
      } finally {
        release();
      }
    },
  };
}

/** `preparedStatements`: name repeated statements (db/named-statements.ts), with these names if given. */
export async function openPostgres(
  url: string,
  max = 10,
  preparedStatements: boolean | StatementNames = true,
): Promise<Database> {
  const names = preparedStatements === true ? new StatementNames() : preparedStatements || null;
  const pool = new pg.Pool({
    connectionString: url,
    max,
    ...(names ? { Client: namingClient(names) } : {}),
    // A request waits at most this long for a connection. A database that refuses connections is
    // a 503 at once; this bounds a burst waiting for a busy pool (a shorter wait turned bursts of
    // a hundred writes on a 2-core machine into 503s) and a host that does not answer at all.
    connectionTimeoutMillis: 5000,
    idleTimeoutMillis: 30_000,
  });
  // An idle client losing its connection (server restart) must not crash the process.
  pool.on('error', () => {});
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    listen: async (channel, onNotify, onLost) => {
      // Outside the pool: a LISTEN belongs to its connection for as long as it lives.
      const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
      let closing = false;
      const lost = (err: Error) => {
        if (closing) return;
        closing = true;
        client.end().catch(() => {});
        onLost(err);
      };
      client.on('error', lost);
      client.on('end', () => lost(new Error('LISTEN connection closed')));
      client.on('notification', (msg) => {
        if (msg.channel === channel) onNotify(msg.payload ?? '');
      });
      await client.connect();
      await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      return async () => {
        closing = true;
        await client.end().catch(() => {});
      };
    },
    // Several instances may start together on one database: each waits for the advisory lock, so
    // exactly one applies the pending migrations and the others then find nothing left to do.
    migrate: async () => {
      const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
      client.on('error', () => {});
      await client.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
        await migratePg(drizzlePg(client, { schema }) as never, { migrationsFolder: migrationsFolder() });
      } finally {
        // Closing the session releases the lock too; unlock first so the next one need not wait.
        await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => {});
        await client.end().catch(() => {});
      }
    },
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    poolStats: () => ({ max, total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    close: () => pool.end(),
  };
}

export function openDatabase(opts: {
  databaseUrl: string | null;
  dataDir: string | null;
  /** PostgreSQL pool size per instance (DB_POOL_MAX). */
  poolMax?: number;
  /** Server-side prepared statements for repeated statements (DB_PREPARED_STATEMENTS, default on). */
  preparedStatements?: boolean;
}): Promise<Database> {
  return opts.databaseUrl
    ? openPostgres(opts.databaseUrl, opts.poolMax, opts.preparedStatements)
    : openPglite(opts.dataDir);
}

const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08001',
  '08003',
  '08006',
]);

/** True when an error (or its cause chain) says the database cannot be reached. */
export function isConnectionError(err: unknown): boolean {
  let e: unknown = err;
  for (let depth = 0; e && depth < 5; depth++) {
    const code = (e as { code?: string }).code;
    const message = String((e as { message?: string }).message ?? '');
    if (
      (code && CONNECTION_CODES.has(code)) ||
      /Connection terminated|timeout exceeded when trying to connect|PGlite is closed/i.test(message)
    ) {
      return true;
    }
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/** Postgres error code of an error or its cause (23505 unique violation, 23514 check violation…). */
export function pgErrorCode(err: unknown): string | undefined {
  let e: unknown = err;
  for (let depth = 0; e && depth < 5; depth++) {
    const code = (e as { code?: string }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

/** The schema this code was built for: the last migration in its journal. */
export function codeSchemaVersion(): { version: number; tag: string; createdAt: number } {
  const journal = JSON.parse(
    readFileSync(path.join(migrationsFolder(), 'meta', '_journal.json'), 'utf8'),
  ) as {
    entries: Array<{ idx: number; tag: string; when: number }>;
  };
  const last = journal.entries[journal.entries.length - 1]!;
  return { version: journal.entries.length, tag: last.tag, createdAt: last.when };
}

/**
 * The schema the database is at: how many migrations it has applied, and when the newest of them
 * was written (its journal timestamp, which Drizzle records as created_at). Zero on a new database.
 */
export async function databaseSchemaVersion(db: Db): Promise<{ version: number; createdAt: number | null }> {
  const res = (await db
    .execute(sql`
    select count(*)::int as version, max(created_at)::text as created_at
      from drizzle.__drizzle_migrations
     where to_regclass('drizzle.__drizzle_migrations') is not null`)
    .catch((err: unknown) => {
      // 42P01 / 3F000: no migrations table (or schema) yet: nothing applied.
      const code = pgErrorCode(err);
      if (code === '42P01' || code === '3F000') return { rows: [{ version: 0, created_at: null }] };
      throw err;
    })) as unknown as { rows: Array<{ version: number; created_at: string | null }> };
  const row = res.rows[0];
  return { version: Number(row?.version ?? 0), createdAt: row?.created_at ? Number(row.created_at) : null };
}

export type SchemaState =
  | { state: 'current'; code: number; database: number }
  | { state: 'behind'; code: number; database: number }
  | { state: 'ahead'; code: number; database: number };

/**
 * Compares the database's schema with this code's. `ahead`: a newer release has migrated the
 * database, and this (older) instance must not write in its old shape. `behind`: migrations are
 * pending (MIGRATE_ON_START=false and `npm run migrate` not run yet).
 */
export async function schemaState(db: Db): Promise<SchemaState> {
  const code = codeSchemaVersion();
  const database = await databaseSchemaVersion(db);
  if (database.createdAt !== null && database.createdAt > code.createdAt)
    return { state: 'ahead', code: code.version, database: database.version };
  if (database.version < code.version || database.createdAt === null || database.createdAt < code.createdAt)
    return { state: 'behind', code: code.version, database: database.version };
  return { state: 'current', code: code.version, database: database.version };
}

/**
 * One line naming why the database cannot be reached, from the driver's error (Drizzle wraps it
 * as "Failed query: …" with the cause inside): refused, unknown host, missing database, bad
 * password, TLS, timeout. Never the password.
 */
export function describeDatabaseError(err: unknown, databaseUrl: string | null): string {
  let e = err as (Error & { code?: string; cause?: unknown; errors?: unknown[] }) | undefined;
  for (let i = 0; i < 5 && e?.cause; i++) e = e.cause as typeof e;
  // An AggregateError (IPv4 and IPv6 both refused) carries the first attempt's error.
  if (e && Array.isArray(e.errors) && e.errors.length > 0 && !e.code) e = e.errors[0] as typeof e;
  const code = e?.code ?? '';
  const message = e?.message ?? String(err);
  let host = '';
  let port = '';
  let database = '';
  let user = '';
  if (databaseUrl) {
    try {
      const u = new URL(databaseUrl);
      host = u.hostname;
      port = u.port || '5432';
      database = decodeURIComponent(u.pathname.replace(/^\//, ''));
      user = decodeURIComponent(u.username);
    } catch {
      return 'DATABASE_URL is not a valid postgres:// URL';
    }
  }
  const at = `${host}:${port}`;
  if (code === 'ECONNREFUSED') return `connection refused at ${at} (is PostgreSQL running there?)`;
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return `host "${host}" not found (DATABASE_URL)`;
  if (code === 'ETIMEDOUT' || /timeout/i.test(message)) return `connection to ${at} timed out`;
  if (code === 'EHOSTUNREACH' || code === 'ENETUNREACH') return `host ${at} is unreachable`;
  if (code === '3D000') return `database "${database}" does not exist on ${at}`;
  if (code === '28P01') return `password authentication failed for user "${user}" at ${at}`;
  if (code === '28000') return `the server at ${at} refused user "${user}" (pg_hba.conf or role)`;
  if (/ssl|tls|certificate/i.test(message) || code.startsWith('ERR_TLS') || code.includes('CERT'))
    return `TLS with ${at} failed: ${message}`;
  return databaseUrl ? `${message} (${at})` : message;
}
