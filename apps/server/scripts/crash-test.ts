// npm run test:crash — crash safety of the built server.
//
// For each database (the embedded one, and PostgreSQL when TEST_DATABASE_URL is set): start the
// server, drive a write load (questions, answers, ideas, likes, sandbox payments, distributions,
// withdrawals and their settlement), SIGKILL it at a random moment, then open the database and
// check that every write acknowledged with a 2xx is there and every invariant holds; restart and
// repeat. Also: a second server on the same DATA_DIR must refuse to start.
//   CRASH_CYCLES (default 4), CRASH_SEED, CRASH_DATABASES (pglite,postgres), CRASH_WORKERS (8)
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openPglite, openPostgres } from '../src/db/client.js';
import { checkAfterCrash } from './reliability/checks.js';
import {
  freePort,
  freshPostgres,
  serverEntry,
  spawnServer,
  waitHealthy,
} from './reliability/server-process.js';
import { drive, emptyTally, Rng, Workload } from './reliability/workload.js';

const CYCLES = Number(process.env.CRASH_CYCLES ?? 4);
const SEED = Number(process.env.CRASH_SEED ?? 424242);
const WORKERS = Number(process.env.CRASH_WORKERS ?? 8);
const PG_BASE = process.env.TEST_DATABASE_URL || null;
const wanted = (process.env.CRASH_DATABASES ?? 'pglite,postgres').split(',').map((s) => s.trim());

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Summary {
  database: string;
  cycles: number;
  operations: number;
  acknowledgedWritesChecked: number;
  invariantsChecked: number;
  unknownOutcomes: number;
  restartMs: number[];
  problems: string[];
}

async function secondServerRefuses(entry: string, dataDir: string): Promise<string | null> {
  const second = spawnServer(entry, { dataDir, port: await freePort() });
  const code = await Promise.race([second.exited, sleep(90_000).then(() => 'timeout' as const)]);
  if (code === 'timeout') {
    await second.kill('SIGKILL');
    return 'a second server on the same DATA_DIR kept running';
  }
  if (code === 0) return 'a second server on the same DATA_DIR exited with 0';
  if (!/in use by another server/.test(second.output())) {
    return `a second server refused without the clear message: ${second.output().trim().slice(0, 300)}`;
  }
  return null;
}

async function run(kind: 'pglite' | 'postgres', entry: string, rng: Rng): Promise<Summary> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `agora-crash-${kind}-`));
  const pgdb = kind === 'postgres' ? await freshPostgres(PG_BASE!, 'crash') : null;
  const summary: Summary = {
    database: kind,
    cycles: 0,
    operations: 0,
    acknowledgedWritesChecked: 0,
    invariantsChecked: 0,
    unknownOutcomes: 0,
    restartMs: [],
    problems: [],
  };
  const port = await freePort();
  const start = () => spawnServer(entry, { dataDir, databaseUrl: pgdb?.url ?? null, port });
  const workload = new Workload(rng);
  let server = start();
  try {
    await waitHealthy(server);
    await workload.setup(server.url);
    if (kind === 'pglite') {
      const refusal = await secondServerRefuses(entry, dataDir);
      if (refusal) summary.problems.push(refusal);
      else console.log('  a second server on the same DATA_DIR refused to start, with a clear message');
    }
    for (let cycle = 1; cycle <= CYCLES; cycle++) {
      if (cycle > 1) {
        server = start();
        summary.restartMs.push(await waitHealthy(server));
        workload.reconnect(server.url);
      }
      const tally = emptyTally();
      let stop!: () => void;
      const until = new Promise<void>((r) => {
        stop = r;
      });
      const loadMs = rng.int(1500, 7000);
      const driving = drive(workload, WORKERS, until, tally);
      await sleep(loadMs);
      stop();
      await server.kill('SIGKILL');
      await driving;

      const database = kind === 'pglite' ? await openPglite(dataDir) : await openPostgres(pgdb!.url, 2);
      let result: Awaited<ReturnType<typeof checkAfterCrash>>;
      try {
        result = await checkAfterCrash(database.db, workload.acked);
      } finally {
        await database.close();
      }
      summary.cycles++;
      summary.operations += tally.ops;
      summary.acknowledgedWritesChecked += result.writesChecked;
      summary.invariantsChecked += result.invariantsChecked;
      summary.unknownOutcomes += tally.unknown;
      summary.problems.push(...tally.errors.map((e) => `cycle ${cycle}: ${e}`));
      summary.problems.push(...result.problems.map((p) => `cycle ${cycle}: ${p}`));
      console.log(
        `  cycle ${cycle}: ${tally.ops} operations in ${loadMs} ms, killed with SIGKILL; ` +
          `${result.writesChecked} acknowledged writes present, ${result.invariantsChecked} invariant checks, ` +
          `${tally.unknown} cut off, statuses ${JSON.stringify(tally.status)}` +
          (result.problems.length || tally.errors.length
            ? ` — ${result.problems.length + tally.errors.length} PROBLEMS`
            : ''),
      );
      if (summary.problems.length) break;
    }
    // The last crash must not stop the next start either.
    server = start();
    summary.restartMs.push(await waitHealthy(server));
    const code = await server.kill('SIGTERM');
    if (code !== 0) summary.problems.push(`graceful stop after the last restart exited with ${code}`);
  } catch (err) {
    summary.problems.push(`run failed: ${(err as Error).stack ?? err}\n${server.output().slice(-2000)}`);
  } finally {
    await server.kill('SIGKILL');
    await pgdb?.drop().catch(() => {});
    rmSync(dataDir, { recursive: true, force: true });
  }
  return summary;
}

async function main() {
  const started = Date.now();
  const entry = serverEntry();
  const kinds = (['pglite', 'postgres'] as const).filter((k) => wanted.includes(k));
  const summaries: Summary[] = [];
  for (const kind of kinds) {
    if (kind === 'postgres' && !PG_BASE) {
      console.log('PostgreSQL: skipped (set TEST_DATABASE_URL to a server where databases may be created)');
      continue;
    }
    console.log(`${kind}: ${CYCLES} crash cycles, ${WORKERS} concurrent clients, seed ${SEED}`);
    summaries.push(await run(kind, entry, new Rng(SEED + (kind === 'postgres' ? 1 : 0))));
  }
  const problems = summaries.flatMap((s) => s.problems.map((p) => `${s.database}: ${p}`));
  console.log(
    JSON.stringify(
      {
        crashTest: summaries.map(({ problems: p, ...s }) => ({ ...s, problems: p.length })),
        seconds: Math.round((Date.now() - started) / 1000),
      },
      null,
      2,
    ),
  );
  if (problems.length) {
    console.error(`\nCRASH TEST FAILED (${problems.length}):\n${problems.slice(0, 40).join('\n')}`);
    process.exit(1);
  }
  console.log('crash test passed: every acknowledged write survived, every invariant holds');
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
