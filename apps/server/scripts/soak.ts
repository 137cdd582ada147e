// npm run test:soak — 5 minutes of mixed load (reads and writes: questions, answers, ideas, likes,
// payments, distributions, withdrawals, settlements, listings) at moderate concurrency against the
// built server; reports RSS at the start (after warm-up) and the end, throughput and errors.
//   SOAK_SECONDS (300), SOAK_CLIENTS (12), SOAK_DATABASE (pglite | postgres: uses TEST_DATABASE_URL)
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  freePort,
  freshPostgres,
  rssOf,
  serverEntry,
  spawnServer,
  waitHealthy,
} from './reliability/server-process.js';
import { drive, emptyTally, Rng, Workload } from './reliability/workload.js';

const SECONDS = Number(process.env.SOAK_SECONDS ?? 300);
const CLIENTS = Number(process.env.SOAK_CLIENTS ?? 12);
const KIND = process.env.SOAK_DATABASE === 'postgres' ? 'postgres' : 'pglite';
const WARMUP_S = Math.min(60, Math.round(SECONDS / 5));
/** RSS may grow this much after warm-up before the run is called a leak. */
const MAX_GROWTH = Number(process.env.SOAK_MAX_RSS_GROWTH ?? 0.3);

const mb = (b: number | null) => (b === null ? '?' : `${(b / 1024 / 1024).toFixed(0)} MB`);

async function main() {
  if (KIND === 'postgres' && !process.env.TEST_DATABASE_URL)
    throw new Error('SOAK_DATABASE=postgres needs TEST_DATABASE_URL');
  const entry = serverEntry();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'agora-soak-'));
  const pgdb = KIND === 'postgres' ? await freshPostgres(process.env.TEST_DATABASE_URL!, 'soak') : null;
  const server = spawnServer(entry, { dataDir, databaseUrl: pgdb?.url ?? null, port: await freePort() });
  const problems: string[] = [];
  try {
    await waitHealthy(server);
    const pid = server.child.pid!;
    const rssBoot = rssOf(pid);
    const w = new Workload(new Rng(7), { reads: true });
    await w.setup(server.url, { askers: 4, answerers: 8 });
    const tally = emptyTally();
    let stop!: () => void;
    const until = new Promise<void>((r) => {
      stop = r;
    });
    const started = Date.now();
    const driving = drive(w, CLIENTS, until, tally);
    const samples: { t: number; rss: number | null; ops: number }[] = [];
    let rssStart: number | null = null;
    while (Date.now() - started < SECONDS * 1000) {
      await new Promise((r) => setTimeout(r, 15_000));
      const t = Math.round((Date.now() - started) / 1000);
      const rss = rssOf(pid);
      samples.push({ t, rss, ops: tally.ops });
      if (rssStart === null && t >= WARMUP_S) rssStart = rss;
      console.log(
        `  ${String(t).padStart(4)} s  ${String(tally.ops).padStart(7)} operations  RSS ${mb(rss)}  errors ${tally.errors.length}`,
      );
      if (server.child.exitCode !== null) {
        problems.push(`the server exited with ${server.child.exitCode}`);
        break;
      }
    }
    stop();
    await driving;
    const elapsed = (Date.now() - started) / 1000;
    const health = await fetch(`${server.url}/api/health`)
      .then((r) => r.status)
      .catch(() => 0);
    if (health !== 200) problems.push(`health after the soak: ${health}`);
    const rssEnd = rssOf(pid);
    if (rssStart && rssEnd && rssEnd > rssStart * (1 + MAX_GROWTH)) {
      problems.push(
        `RSS grew from ${mb(rssStart)} to ${mb(rssEnd)} after warm-up (more than ${MAX_GROWTH * 100}%)`,
      );
    }
    problems.push(...tally.errors.slice(0, 20));
    const code = await server.kill('SIGTERM');
    if (code !== 0) problems.push(`graceful stop exited with ${code}`);
    console.log(
      JSON.stringify(
        {
          soak: {
            database: KIND,
            seconds: Math.round(elapsed),
            clients: CLIENTS,
            operations: tally.ops,
            perSecond: Math.round(tally.ops / elapsed),
            byOperation: tally.byOp,
            statuses: tally.status,
            errors: tally.errors.length,
            rss: { boot: mb(rssBoot), afterWarmup: mb(rssStart), end: mb(rssEnd) },
          },
        },
        null,
        2,
      ),
    );
  } finally {
    await server.kill('SIGKILL');
    await pgdb?.drop().catch(() => {});
    rmSync(dataDir, { recursive: true, force: true });
  }
  if (problems.length) {
    console.error(`SOAK FAILED:\n  ${problems.join('\n  ')}`);
    process.exit(1);
  }
  console.log('soak passed: no errors, memory flat after warm-up');
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
