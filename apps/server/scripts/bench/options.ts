import { parseArgs } from 'node:util';

export interface BenchOptions {
  /** The benchmark scale (see seed/types.ts PER_SCALE; 1000 = the full size). */
  scale: number;
  /** The small scale of the growth comparison (10 ≈ 1,000 questions and 1,000 ideas); 0 = skip. */
  small: number;
  connections: number;
  /** Seconds measured per endpoint and server. */
  duration: number;
  /** Seconds of load before each measurement (JIT, plan cache, connection pool, page cache). */
  warmup: number;
  /** Endpoint names (or prefixes) to run; empty = all. */
  only: string[];
  /** Keep the seeded databases and reuse them on the next run (development only: not "fresh"). */
  reuse: boolean;
  /** Where to write the figures as JSON (for BENCHMARKS.md). */
  json: string | null;
  /** Start the server with --cpu-prof, profiles written into this folder. */
  cpuProf: string | null;
  /** The server's response cache (RESPONSE_CACHE); off measures every request's database work. */
  cache: boolean;
  /** The server's LOG_LEVEL: the default (info) writes one access-log line per request. */
  logLevel: string;
  /** The bare reference server sends only the body (no copy of the real response's headers). */
  bareBodyOnly: boolean;
  /** Accept-Encoding sent with every request (as browsers do), or null for none (uncompressed). */
  acceptEncoding: string | null;
}

const HELP = `npm run bench [-- options]

  --scale N          benchmark scale (default BENCH_SCALE or 1000 = the issue's full size: 100k
                     questions, 1M likes…; seeding it takes 4–6 minutes on a 2-core machine)
  --small N          small scale for the growth ratio (default 10 ≈ 1,000 questions); 0 skips growth
  --connections N    concurrent connections (default 50)
  --duration S       seconds measured per endpoint and server (default 10)
  --warmup S         seconds of load before each measurement (default 3)
  --only a,b         run only these endpoints (names or prefixes, e.g. questions,login)
  --reuse            keep seeded databases between runs and reuse them (development)
  --json FILE        also write the figures as JSON
  --cpu-prof DIR     run the server with --cpu-prof, profiles into DIR
  --no-cache         run the server with RESPONSE_CACHE=off (every request reaches the database)
  --log-level L      the server's LOG_LEVEL (default info, the product's default; output to a file)
  --bare-body-only   the bare reference sends only status, content type and body (before
                     2026-11-24 11:00 UTC it did; now it also sends the real response's headers)
  --accept-encoding V  send Accept-Encoding: V with every request, as browsers do (e.g. "gzip, deflate,
                     br, zstd", Chrome's): responses above 1 KB come back compressed, and the bare
                     server sends the same compressed bytes. Default: none (uncompressed)
  --render FILE      print the report of a JSON file written by --json (no benchmark run)

PostgreSQL when BENCH_DATABASE_URL is set (a fresh database is created next to the one it names),
otherwise the embedded database in a fresh temporary DATA_DIR.`;

export function parseOptions(argv: string[]): BenchOptions {
  const { values } = parseArgs({
    args: argv,
    options: {
      scale: { type: 'string' },
      small: { type: 'string' },
      connections: { type: 'string', short: 'c' },
      duration: { type: 'string', short: 'd' },
      warmup: { type: 'string', short: 'w' },
      only: { type: 'string' },
      reuse: { type: 'boolean' },
      json: { type: 'string' },
      'cpu-prof': { type: 'string' },
      'no-cache': { type: 'boolean' },
      'log-level': { type: 'string' },
      'bare-body-only': { type: 'boolean' },
      'accept-encoding': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
  });
  if (values.help) {
    console.log(HELP);
    process.exit(0);
  }
  const num = (name: string, raw: string | undefined, def: number, min: number) => {
    const n = raw === undefined ? def : Number(raw);
    if (!Number.isFinite(n) || n < min) throw new Error(`--${name} must be a number ≥ ${min}`);
    return n;
  };
  return {
    scale: num('scale', values.scale ?? process.env.BENCH_SCALE, 1000, 1),
    small: num('small', values.small, 10, 0),
    connections: num('connections', values.connections, 50, 1),
    duration: num('duration', values.duration, 10, 1),
    warmup: num('warmup', values.warmup, 3, 0),
    only: values.only
      ? values.only
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean)
      : [],
    reuse: values.reuse ?? false,
    json: values.json ?? null,
    cpuProf: values['cpu-prof'] ?? null,
    cache: !values['no-cache'],
    logLevel: values['log-level'] ?? 'info',
    bareBodyOnly: values['bare-body-only'] ?? false,
    acceptEncoding: values['accept-encoding']?.trim() || null,
  };
}
