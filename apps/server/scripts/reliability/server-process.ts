// Runs the real, built server as a child process for the crash and soak scripts: private build,
// free port, start and wait for health, SIGKILL or SIGTERM, and fresh PostgreSQL databases.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

/**
 * The server bundle to run: RELIABILITY_SERVER_ENTRY if given, else a private build in
 * .builds/reliability/server (never the shared apps/server/dist other people may be using).
 */
export function serverEntry(): string {
  if (process.env.RELIABILITY_SERVER_ENTRY) return path.resolve(process.env.RELIABILITY_SERVER_ENTRY);
  const out = path.join(repoRoot, '.builds/reliability/server');
  const r = spawnSync(process.execPath, [path.join(repoRoot, 'apps/server/build.mjs')], {
    env: { ...process.env, SERVER_OUT_DIR: out },
    stdio: 'inherit',
  });
  if (r.status !== 0) throw new Error('server build failed');
  const entry = path.join(out, 'main.js');
  if (!existsSync(entry)) throw new Error(`no server bundle at ${entry}`);
  return entry;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as { port: number }).port;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** stdout + stderr so far. */
  output(): string;
  exited: Promise<number | null>;
  kill(signal: NodeJS.Signals): Promise<number | null>;
}

export const ADMIN = { email: 'admin@agora.test', password: 'admin-password-123' };

export function spawnServer(
  entry: string,
  opts: { dataDir: string; databaseUrl?: string | null; port: number; env?: Record<string, string> },
): ServerProcess {
  let out = '';
  const child = spawn(process.execPath, ['--enable-source-maps', entry], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(opts.port),
      HOST: '127.0.0.1',
      DATA_DIR: opts.dataDir,
      DATABASE_URL: opts.databaseUrl ?? '',
      // Required with DATABASE_URL (no per-instance secrets); harmless on the embedded database.
      JWT_SECRET: 'reliability-test-jwt-secret-0123456789-abcdef',
      REDIS_URL: '',
      LOG_LEVEL: 'warn',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      AUTH_RATE_LIMIT_IP: '100000',
      RATE_LIMIT_READS: '1000000',
      RATE_LIMIT_SEARCHES: '1000000',
      RATE_LIMIT_WRITES: '1000000',
      PAYMENTS_PROVIDER: 'sandbox',
      ...opts.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d) => {
    out += String(d);
  });
  child.stderr!.on('data', (d) => {
    out += String(d);
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    url: `http://127.0.0.1:${opts.port}`,
    child,
    output: () => out,
    exited,
    kill: async (signal) => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}

/** Waits until /api/health/ready answers 200 (migrations applied) (a cold start of the WASM database can take a while). */
export async function waitHealthy(server: ServerProcess, timeoutMs = 120_000): Promise<number> {
  const started = Date.now();
  for (;;) {
    if (server.child.exitCode !== null) {
      throw new Error(
        `server exited with ${server.child.exitCode} before it was healthy:\n${server.output()}`,
      );
    }
    try {
      const res = await fetch(`${server.url}/api/health/ready`);
      if (res.ok) return Date.now() - started;
    } catch {
      // not listening yet
    }
    if (Date.now() - started > timeoutMs) {
      await server.kill('SIGKILL');
      throw new Error(`server not healthy after ${timeoutMs} ms:\n${server.output()}`);
    }
    await new Promise((r) => setTimeout(r, 150));
  }
}

/** A new, empty database on the PostgreSQL server of `baseUrl`; drop() removes it. */
export async function freshPostgres(
  baseUrl: string,
  label: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `agora_${label}_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: baseUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export function rssOf(pid: number): number | null {
  const r = spawnSync('ps', ['-o', 'rss=', '-p', String(pid)], { encoding: 'utf8' });
  const kb = Number(r.stdout.trim());
  return Number.isFinite(kb) && kb > 0 ? kb * 1024 : null;
}
