import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import {
  closeSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
} from 'node:fs';
import os from 'node:os';
import { createServer } from 'node:net';
import path from 'node:path';
import { repoRoot } from './paths.js';

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestMtime(full));
    else if (/\.(ts|sql|json)$/.test(entry.name) && !entry.name.endsWith('.test.ts'))
      newest = Math.max(newest, statSync(full).mtimeMs);
  }
  return newest;
}

/**
 * The production server bundle, built when missing or older than its sources (SERVER_OUT_DIR
 * chooses another output folder, as apps/server/build.mjs does; BENCH_SERVER_ENTRY names a bundle
 * to use as it is). The API needs no web build.
 */
export function ensureServerBuild(): string {
  // A given bundle is used as it is (e.g. an older build, for before/after figures).
  if (process.env.BENCH_SERVER_ENTRY) return path.resolve(process.env.BENCH_SERVER_ENTRY);
  const outDir = process.env.SERVER_OUT_DIR
    ? path.resolve(process.env.SERVER_OUT_DIR)
    : path.join(repoRoot, 'apps/server/dist');
  const entry = path.join(outDir, 'main.js');
  const sources = Math.max(
    newestMtime(path.join(repoRoot, 'apps/server/src')),
    newestMtime(path.join(repoRoot, 'packages/shared/src')),
  );
  if (!existsSync(entry) || statSync(entry).mtimeMs < sources) {
    console.log(`Building the server into ${path.relative(repoRoot, outDir)}…`);
    execFileSync(process.execPath, [path.join(repoRoot, 'apps/server/build.mjs')], {
      cwd: repoRoot,
      env: { ...process.env, SERVER_OUT_DIR: outDir },
      stdio: 'inherit',
    });
  }
  return entry;
}

/** Peak resident set size of a process so far, in MiB (Linux VmHWM; elsewhere sampled with ps). */
function rssMiB(pid: number, field: 'VmHWM' | 'VmRSS'): number | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const m = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status);
    if (m) return Number(m[1]) / 1024;
  } catch {
    // not Linux: fall back to ps
  }
  try {
    const kb = Number(
      execFileSync('ps', ['-o', 'rss=', '-p', String(pid)])
        .toString()
        .trim(),
    );
    return Number.isFinite(kb) && kb > 0 ? kb / 1024 : null;
  } catch {
    return null;
  }
}

export interface RunningServer {
  url: string;
  pid: number;
  /** Peak RSS in MiB since start. */
  peakRss(): number;
  stop(): Promise<void>;
}

/**
 * Starts `node <entry>` (the real production server) on a free port and waits for /api/health.
 * Rate limits on sign-in are raised so that the login benchmark measures argon2, not 429s.
 */
export async function startServer(
  entry: string,
  env: Record<string, string>,
  opts: { cpuProf?: string | null; label: string },
): Promise<RunningServer> {
  const port = await freePort();
  const args: string[] = [];
  if (opts.cpuProf) {
    mkdirSync(opts.cpuProf, { recursive: true });
    args.push(
      '--cpu-prof',
      '--cpu-prof-dir',
      opts.cpuProf,
      '--cpu-prof-name',
      `${opts.label}-${Date.now()}.cpuprofile`,
    );
  }
  // The server's log (one access line per request at the default level) goes to a file, as it
  // would to a log collector; the benchmark's terminal stays readable.
  const logDir = mkdtempSync(path.join(os.tmpdir(), 'agora-bench-log-'));
  const logFd = openSync(path.join(logDir, 'server.log'), 'w');
  const child: ChildProcess = spawn(process.execPath, [...args, entry], {
    cwd: repoRoot,
    env: {
      ...process.env,
      ...env,
      NODE_ENV: 'production',
      PAYMENTS_PROVIDER: env.PAYMENTS_PROVIDER ?? 'sandbox',
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: env.LOG_LEVEL ?? 'info',
      AUTH_RATE_LIMIT_IP: '100000',
      RATE_LIMIT_READS: '1000000',
      RATE_LIMIT_SEARCHES: '1000000',
      RATE_LIMIT_WRITES: '1000000',
    },
    stdio: ['ignore', logFd, 'inherit'],
  });
  closeSync(logFd);
  const pid = child.pid!;
  let peak = 0;
  // ps-based platforms have no high-water mark: sample it.
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssMiB(pid, 'VmRSS') ?? 0);
  }, 250);
  sampler.unref();
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    clearInterval(sampler);
    const removeLog = () => rmSync(logDir, { recursive: true, force: true });
    if (child.exitCode !== null) return removeLog();
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
    await exited;
    clearTimeout(timer);
    removeLog();
  };
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode} during start-up`);
    try {
      if ((await fetch(`${url}/api/health/ready`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error('server did not become healthy within 120 s');
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    pid,
    peakRss: () => Math.max(peak, rssMiB(pid, 'VmHWM') ?? 0),
    stop,
  };
}
