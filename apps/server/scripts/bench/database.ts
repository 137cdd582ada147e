import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { repoRoot } from './paths.js';

/** A seeded database for one scale: the environment a server needs to use it, and its clean-up. */
const BENCH_JWT_SECRET = 'bench-jwt-secret-not-for-production-0123456789';

export interface BenchDatabase {
  kind: 'postgres' | 'pglite';
  scale: number;
  /** DATABASE_URL / DATA_DIR for the server (and for the seed). */
  env: Record<string, string>;
  /** Seconds the seed took (null when an existing seeded database was reused). */
  seedSeconds: number | null;
  seedLog: string[];
  drop(): Promise<void>;
}

async function adminQuery(url: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

async function databaseExists(url: string, name: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const res = await client.query('select 1 from pg_database where datname = $1', [name]);
    return res.rowCount === 1;
  } finally {
    await client.end();
  }
}

/** Runs `npm run seed -- --scale N` in a child process (never in this one: see bench.ts). */
function runSeed(env: Record<string, string>, scale: number, log: string[]): Promise<number> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(repoRoot, 'apps/server/scripts/seed.ts'), '--scale', String(scale)],
      {
        cwd: repoRoot,
        env: { ...process.env, ...env, LOG_LEVEL: 'warn' },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    const onData = (chunk: Buffer) => {
      for (const line of chunk.toString().split('\n')) {
        if (!line.trim()) continue;
        log.push(line);
        console.log(`    seed │ ${line}`);
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve((Date.now() - started) / 1000) : reject(new Error(`seed exited with ${code}`)),
    );
  });
}

/**
 * A fresh database seeded at `scale`: on PostgreSQL a new database `agora_bench_s<scale>` created
 * through BENCH_DATABASE_URL (dropped at the end), otherwise a new embedded DATA_DIR under the
 * temporary folder. With `reuse`, an already seeded one is kept and used again.
 */
export async function seededDatabase(scale: number, opts: { reuse: boolean }): Promise<BenchDatabase> {
  const adminUrl = process.env.BENCH_DATABASE_URL;
  const log: string[] = [];
  // Uploads and the generated JWT secret go here, never into the repository's ./data.
  // BENCH_DB_PREFIX keeps two benchmark runs (e.g. before and after builds) apart.
  const prefix = (process.env.BENCH_DB_PREFIX ?? 'agora_bench').replace(/\W/g, '_');
  const dataDir = path.join(tmpdir(), 'agora-bench', `${prefix}-${adminUrl ? 'pg' : 'pglite'}-s${scale}`);
  if (adminUrl) {
    const name = `${prefix}_s${String(scale).replace(/\W/g, '_')}`;
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    // With DATABASE_URL no secret is generated per instance: the seed and the server share this one.
    const env = { DATABASE_URL: url.toString(), DATA_DIR: dataDir, JWT_SECRET: BENCH_JWT_SECRET };
    const drop = async () => {
      if (!opts.reuse) {
        await adminQuery(adminUrl, `drop database if exists ${name} with (force)`);
        rmSync(dataDir, { recursive: true, force: true });
      }
    };
    if (opts.reuse && (await databaseExists(adminUrl, name)) && existsSync(path.join(dataDir, '.seeded'))) {
      return { kind: 'postgres', scale, env, seedSeconds: null, seedLog: log, drop };
    }
    await adminQuery(adminUrl, `drop database if exists ${name} with (force)`);
    await adminQuery(adminUrl, `create database ${name}`);
    rmSync(dataDir, { recursive: true, force: true });
    mkdirSync(dataDir, { recursive: true });
    const seedSeconds = await runSeed(env, scale, log);
    writeFileSync(path.join(dataDir, '.seeded'), String(Date.now()));
    return { kind: 'postgres', scale, env, seedSeconds, seedLog: log, drop };
  }

  // DATABASE_URL must not leak in from the caller's environment: the server would use it instead.
  const env = { DATABASE_URL: '', DATA_DIR: dataDir };
  const drop = async () => {
    if (!opts.reuse) rmSync(dataDir, { recursive: true, force: true });
  };
  if (opts.reuse && existsSync(path.join(dataDir, '.seeded'))) {
    return { kind: 'pglite', scale, env, seedSeconds: null, seedLog: log, drop };
  }
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  const seedSeconds = await runSeed(env, scale, log);
  writeFileSync(path.join(dataDir, '.seeded'), String(Date.now()));
  return { kind: 'pglite', scale, env, seedSeconds, seedLog: log, drop };
}
