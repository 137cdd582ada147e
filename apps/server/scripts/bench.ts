// npm run bench [-- --scale N --duration S --connections C …]: the performance benchmark (BENCHMARKS.md).
//
// For each scale (the small one of the growth comparison, then the benchmark scale) it seeds a
// fresh database in a child process, starts the real production server (apps/server/dist/main.js,
// built when stale) on it, and drives every endpoint with autocannon — then, in the same run and
// with the same client, a bare Node http server that answers with a body of the same size (the
// ceiling of this machine for that payload). The bench itself never opens the database: with the
// embedded one, the server must be its only user.
import { type ChildProcess, fork } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { type BenchDatabase, seededDatabase } from './bench/database.js';
import { type Endpoint, prepareEndpoints, type SampledBody, sampleBodies } from './bench/endpoints.js';
import { type LoadResult, measure } from './bench/load.js';
import { type BenchOptions, parseOptions } from './bench/options.js';
import { repoRoot } from './bench/paths.js';
import { ensureServerBuild, type RunningServer, startServer } from './bench/server.js';

interface Row {
  name: string;
  kind: Endpoint['kind'];
  /** The p99 target with the cache off (ms), when the endpoint has one. */
  p99Target?: number;
  list: boolean;
  bytes: number;
  real: LoadResult;
  bare: LoadResult;
}
interface ScaleRun {
  scale: number;
  seedSeconds: number | null;
  rows: Row[];
  peakRssMiB: number;
  seedCounts: string | null;
}

// ---------- the bare reference server (its own process, like the real one) ----------

interface Bare {
  url: string;
  pid: number | undefined;
  load(key: string, bodies: SampledBody[]): Promise<void>;
  stop(): void;
}

/** `sendHeaders`: the bare server sends the real response's headers too (the issue's "same bytes"). */
async function startBare(sendHeaders: boolean): Promise<Bare> {
  const child: ChildProcess = fork(path.join(import.meta.dirname, 'bench/bare-server.mjs'), [], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('message', (m) => resolve((m as { port: number }).port));
    child.once('exit', (code) => reject(new Error(`bare server exited with ${code}`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid,
    load: (key, bodies) =>
      new Promise((resolve) => {
        child.once('message', () => resolve());
        child.send({
          routes: {
            [key]: bodies.map((b) => ({
              status: b.status,
              contentType: b.contentType,
              headers: sendHeaders ? b.headers : {},
              body: b.body.toString('base64'),
            })),
          },
        });
      }),
    stop: () => child.kill(),
  };
}

// ---------- formatting ----------

const fmt = (n: number, digits = 0) =>
  n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
const pct = (n: number) => `${fmt(n * 100, 0)} %`;
const size = (bytes: number) => (bytes >= 1024 ? `${fmt(bytes / 1024, 1)} KB` : `${bytes} B`);
const pad = (s: string, n: number) => s.padEnd(n);
const lpad = (s: string, n: number) => s.padStart(n);

function table(headers: string[], rows: string[][], align: Array<'l' | 'r'>): string {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    `| ${cells.map((c, i) => (align[i] === 'l' ? pad(c, widths[i]!) : lpad(c, widths[i]!))).join(' | ')} |`;
  const sep = `|${widths.map((w, i) => (align[i] === 'l' ? `:${'-'.repeat(w + 1)}` : `${'-'.repeat(w + 1)}:`)).join('|')}|`;
  return [line(headers), sep, ...rows.map(line)].join('\n');
}

// ---------- budgets (BENCHMARKS.md) ----------

function budgets(kind: BenchDatabase['kind']) {
  return kind === 'postgres'
    ? { minRatio: 0.35, maxP99: 50, maxGrowth: 1.5 }
    : { minRatio: 0.15, maxP99: null, maxGrowth: 1.5 };
}

function endpointTable(run: ScaleRun, kind: BenchDatabase['kind'], which: (r: Row) => boolean): string {
  const b = budgets(kind);
  return table(
    [
      'endpoint',
      'body',
      'req/s',
      'p50 ms',
      'p99 ms',
      'bare req/s',
      'bare p50',
      'bare p99',
      'ratio',
      'budget',
    ],
    run.rows.filter(which).map((r) => {
      const ratio = r.real.rps / r.bare.rps;
      const ok =
        r.real.failures > 0
          ? `${fmt(r.real.failures)} FAILED`
          : r.kind !== 'read'
            ? '—'
            : ratio >= b.minRatio && (b.maxP99 === null || r.real.p99 < b.maxP99)
              ? 'ok'
              : 'MISSED';
      return [
        r.name,
        size(r.bytes),
        fmt(r.real.rps),
        fmt(r.real.p50),
        fmt(r.real.p99),
        fmt(r.bare.rps),
        fmt(r.bare.p50),
        fmt(r.bare.p99),
        pct(ratio),
        ok,
      ];
    }),
    ['l', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'l'],
  );
}

/**
 * The growth budget is on p50; but autocannon's percentiles are whole milliseconds, so under 10 ms
 * a p50 of 1 → 2 ms reads as 2× for a change of a few hundred microseconds. There the mean (exact)
 * decides, and the verdict says so.
 */
function verdict(p50Growth: number, meanGrowth: number, p50Ms: number, max: number): string {
  if (p50Ms < 10) return meanGrowth <= max ? 'ok (mean)' : 'MISSED (mean)';
  return p50Growth <= max ? 'ok' : 'MISSED';
}

function growthTable(
  small: ScaleRun,
  big: ScaleRun,
  kind: BenchDatabase['kind'],
  connections: number,
): string {
  const b = budgets(kind);
  // Files written before the mean was recorded: Little's law (connections / throughput) gives it.
  const meanOf = (x: LoadResult) => x.mean ?? (connections * 1000) / x.rps;
  const rows: string[][] = [];
  for (const r of big.rows.filter((x) => x.list)) {
    const s = small.rows.find((x) => x.name === r.name);
    if (!s) continue;
    const growth = r.real.p50 / Math.max(s.real.p50, 0.001);
    // p50 has whole-millisecond resolution: under 10 ms the mean says more.
    const meanGrowth = meanOf(r.real) / Math.max(meanOf(s.real), 0.001);
    rows.push([
      r.name,
      fmt(s.real.p50),
      fmt(r.real.p50),
      `${fmt(growth, 2)}×`,
      `${fmt(meanOf(s.real), 1)} → ${fmt(meanOf(r.real), 1)}`,
      `${fmt(meanGrowth, 2)}×`,
      fmt(s.real.rps),
      fmt(r.real.rps),
      verdict(growth, meanGrowth, Math.max(s.real.p50, r.real.p50), b.maxGrowth),
      fmt(r.real.p99),
      r.p99Target === undefined
        ? '—'
        : r.real.p99 < r.p99Target
          ? `ok (< ${r.p99Target})`
          : `MISSED (< ${r.p99Target})`,
    ]);
  }
  return table(
    [
      'list endpoint',
      `p50 @${small.scale}`,
      `p50 @${big.scale}`,
      'p50 ratio',
      'mean ms',
      'mean ratio',
      `req/s @${small.scale}`,
      `req/s @${big.scale}`,
      'budget (p50)',
      `p99 @${big.scale}`,
      'p99 target (cache off)',
    ],
    rows,
    ['l', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'l', 'r', 'l'],
  );
}

// ---------- machine ----------

async function machine(kind: BenchDatabase['kind']) {
  const cpus = os.cpus();
  let database = 'PGlite (embedded, in the server process)';
  if (kind === 'postgres') {
    const client = new pg.Client({ connectionString: process.env.BENCH_DATABASE_URL });
    await client.connect();
    const res = await client.query<{ v: string }>('select version() as v');
    await client.end();
    database = res.rows[0]!.v.split(' on ')[0]!;
  }
  return {
    cpu: `${cpus.length} × ${cpus[0]?.model.trim() ?? 'unknown CPU'}`,
    memory: `${fmt(os.totalmem() / 1024 ** 3, 1)} GiB`,
    os: `${os.type()} ${os.release()}`,
    node: process.version,
    database,
  };
}

// ---------- the run ----------

interface Target {
  scale: number;
  db: BenchDatabase;
  server: RunningServer;
  endpoints: Endpoint[];
}

/** Every request of the endpoint (the sampled ones too) with Accept-Encoding, when asked for. */
function withAcceptEncoding(ep: Endpoint, value: string | null): Endpoint {
  if (!value) return ep;
  return {
    ...ep,
    variants: ep.variants.map((v) => ({ ...v, headers: { ...v.headers, 'accept-encoding': value } })),
  };
}

async function prepare(scale: number, entry: string, opts: BenchOptions): Promise<Target> {
  console.log(`\n━━ scale ${scale}: seeding a fresh database…`);
  const db = await seededDatabase(scale, { reuse: opts.reuse });
  console.log(
    db.seedSeconds === null
      ? '   reusing the seeded database (--reuse)'
      : `   seeded in ${fmt(db.seedSeconds, 1)} s`,
  );
  const server = await startServer(
    entry,
    { ...db.env, RESPONSE_CACHE: opts.cache ? 'on' : 'off', LOG_LEVEL: opts.logLevel },
    { cpuProf: opts.cpuProf, label: `s${scale}` },
  );
  try {
    const all = await prepareEndpoints(server.url);
    const endpoints = all
      .filter(
        (e) =>
          opts.only.length === 0 || opts.only.some((o) => e.name.toLowerCase().startsWith(o.toLowerCase())),
      )
      .map((e) => withAcceptEncoding(e, opts.acceptEncoding));
    return { scale, db, server, endpoints };
  } catch (err) {
    await server.stop();
    throw err;
  }
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Both scales' servers run side by side; per endpoint the benchmark-scale server, the bare server
 * and (for lists) the small-scale server are measured one after the other, so that the machine's
 * background load drifts as little as possible between the figures that are compared.
 */
async function runAll(entry: string, bare: Bare, opts: BenchOptions): Promise<ScaleRun[]> {
  const targets: Target[] = [];
  try {
    if (opts.small > 0 && opts.small !== opts.scale) targets.push(await prepare(opts.small, entry, opts));
    targets.push(await prepare(opts.scale, entry, opts));
    const big = targets[targets.length - 1]!;
    const small = targets.length > 1 ? targets[0]! : null;
    const rows = new Map<Target, Row[]>(targets.map((t) => [t, []]));
    const load = { connections: opts.connections, duration: opts.duration, warmup: opts.warmup };
    // PostgreSQL on this machine: its processes' CPU per request is measured too.
    const localPostgres = /@(127\.0\.0\.1|localhost|\[::1\])[:/]/.test(process.env.BENCH_DATABASE_URL ?? '');
    console.log(`\n━━ measuring (scale ${big.scale}${small ? `, and scale ${small.scale} for lists` : ''})`);
    for (const ep of big.endpoints) {
      // One endpoint that cannot be prepared (an error status, an empty list) is reported and
      // skipped; the others are still measured.
      let bodies: SampledBody[];
      try {
        bodies = await sampleBodies(big.server.url, ep);
      } catch (err) {
        console.log(`   ${pad(ep.name, 30)} SKIPPED: ${(err as Error).message.slice(0, 200)}`);
        continue;
      }
      const key = `e${rows.get(big)!.length}`;
      await bare.load(key, bodies);
      const bytes = Math.round(bodies.reduce((a, b) => a + b.body.length, 0) / bodies.length);
      const real = await measure(
        { url: big.server.url, method: ep.method, variants: ep.variants, body: ep.body },
        load,
        big.server.pid,
        localPostgres,
      );
      await pause(500);
      const bareResult = await measure(
        {
          url: bare.url,
          method: ep.method,
          // The same request shapes (paths and headers) as the real run; the bare server ignores them.
          variants: ep.variants.map((v) => ({ ...v, path: `/${key}` })),
          body: ep.body,
        },
        load,
        bare.pid,
      );
      rows.get(big)!.push({
        name: ep.name,
        kind: ep.kind,
        p99Target: ep.p99Target,
        list: ep.list,
        bytes,
        real,
        bare: bareResult,
      });
      let line = `   ${pad(ep.name, 30)} ${lpad(fmt(real.rps), 7)} req/s  p50 ${lpad(fmt(real.p50), 4)}  p99 ${lpad(fmt(real.p99), 5)} ms │ bare ${lpad(fmt(bareResult.rps), 7)} req/s → ${pct(real.rps / bareResult.rps)}`;
      if (real.cpuUs !== null && bareResult.cpuUs !== null && real.cpuUs > 0) {
        line += ` │ CPU µs/req ${fmt(real.cpuUs)} vs bare ${fmt(bareResult.cpuUs)} → ${pct(bareResult.cpuUs / real.cpuUs)}`;
      }
      if (real.dbCpuUs !== null) line += ` │ PostgreSQL CPU µs/req ${fmt(real.dbCpuUs)}`;
      // Figures with failed requests are reported as such (budget column), not silently averaged in.
      if (real.failures > 0) line += `  ⚠ ${fmt(real.failures)} requests failed (non-2xx or errors)`;
      const smallEp = small?.endpoints.find((e) => e.name === ep.name);
      if (small && smallEp && ep.list) {
        await sampleBodies(small.server.url, smallEp);
        await pause(500);
        const r = await measure(
          { url: small.server.url, method: smallEp.method, variants: smallEp.variants, body: smallEp.body },
          load,
        );
        rows
          .get(small)!
          .push({ name: ep.name, kind: ep.kind, list: ep.list, bytes, real: r, bare: bareResult });
        line += ` │ @${small.scale}: p50 ${fmt(r.p50)} ms, ${fmt(r.rps)} req/s`;
      }
      console.log(line);
      await pause(500);
    }
    return targets.map((t) => {
      const peakRssMiB = t.server.peakRss();
      console.log(`   server at scale ${t.scale}: peak RSS ${fmt(peakRssMiB)} MiB`);
      const seedCounts = t.db.seedLog.find((l) => l.trim().startsWith('rows:'))?.trim() ?? null;
      return { scale: t.scale, seedSeconds: t.db.seedSeconds, rows: rows.get(t)!, peakRssMiB, seedCounts };
    });
  } finally {
    for (const t of targets) {
      await t.server.stop();
      await t.db.drop();
    }
  }
}

async function main() {
  const renderAt = process.argv.indexOf('--render');
  if (renderAt >= 0) {
    const file = path.resolve(process.argv[renderAt + 1] ?? '');
    console.log(render(JSON.parse(readFileSync(file, 'utf8')) as Results));
    return;
  }
  const opts = parseOptions(process.argv.slice(2));
  const entry = ensureServerBuild();
  const kind: BenchDatabase['kind'] = process.env.BENCH_DATABASE_URL ? 'postgres' : 'pglite';
  const started = new Date();
  const load0 = os.loadavg();
  console.log(
    `Agora benchmark — ${kind === 'postgres' ? 'PostgreSQL' : 'embedded PGlite'}, scale ${opts.scale}` +
      `${opts.small ? ` (growth from scale ${opts.small})` : ''}, ${opts.connections} connections, ` +
      `${opts.duration} s per run after ${opts.warmup} s warm-up, response cache ${opts.cache ? 'on' : 'off'}, log level ${opts.logLevel}`,
  );
  const bare = await startBare(!opts.bareBodyOnly);
  let runs: ScaleRun[];
  try {
    runs = await runAll(entry, bare, opts);
  } finally {
    bare.stop();
  }
  const info = await machine(kind);
  const load1 = os.loadavg();
  const results: Results = {
    startedAt: started.toISOString(),
    kind,
    options: opts,
    machine: info,
    loadavg: [load0, load1],
    runs,
  };
  console.log(render(results));
  if (opts.json) {
    const file = path.resolve(repoRoot, opts.json);
    writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
    console.log(`\nFigures written to ${path.relative(repoRoot, file)}`);
  }
}

interface Results {
  startedAt: string;
  kind: BenchDatabase['kind'];
  options: BenchOptions;
  machine: Awaited<ReturnType<typeof machine>>;
  loadavg: number[][];
  runs: ScaleRun[];
}

/** The report of one run (also `--render FILE` for a JSON file written by `--json`). */
function render({ startedAt, kind, options: opts, machine: info, loadavg, runs }: Results): string {
  const big = runs[runs.length - 1]!;
  const small = runs.length > 1 ? runs[0]! : null;
  const out: string[] = [];
  out.push(
    `\n## Results — ${kind === 'postgres' ? 'PostgreSQL' : 'embedded PGlite'}, scale ${big.scale}, ${startedAt}`,
  );
  out.push(
    `Machine: ${info.cpu}, ${info.memory}, ${info.os}, Node ${info.node}, ${info.database}. ` +
      `Load average (1 min) ${fmt(loadavg[0]![0]!, 1)} at start, ${fmt(loadavg[1]![0]!, 1)} at end.`,
  );
  out.push(
    `Load: autocannon, ${opts.connections} connections, ${opts.duration} s measured after ${opts.warmup} s warm-up, per endpoint the real server, then the bare one, then (lists) the small-scale server. Response cache ${opts.cache ? 'on' : 'off (RESPONSE_CACHE=off)'}, ${opts.acceptEncoding ? `Accept-Encoding: ${opts.acceptEncoding}` : 'no Accept-Encoding (uncompressed)'}, log level ${opts.logLevel ?? 'warn'} (server output to a file).`,
  );
  if (big.seedCounts) out.push(`Data (${big.seedCounts.replace(/^rows:\s*/, '')}).`);
  out.push(
    '',
    '### Endpoints',
    '',
    endpointTable(big, kind, (r) => r.kind !== 'login'),
  );
  if (big.rows.some((r) => r.kind === 'login')) {
    out.push(
      '',
      '### Login (argon2id cost is deliberate: reported apart)',
      '',
      endpointTable(big, kind, (r) => r.kind === 'login'),
    );
  }
  if (small)
    out.push(
      '',
      `### Growth: scale ${small.scale} → ${big.scale}`,
      '',
      growthTable(small, big, kind, opts.connections),
    );
  out.push(
    '',
    '### Server memory',
    '',
    ...runs.map((r) => `- peak RSS at scale ${r.scale}: ${fmt(r.peakRssMiB)} MiB`),
    '',
    `Seeding: ${runs.map((r) => `scale ${r.scale} ${r.seedSeconds === null ? 'reused' : `${fmt(r.seedSeconds, 1)} s`}`).join(', ')}.`,
  );
  return out.join('\n');
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
