import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

/** The part of autocannon's result this benchmark reads. */
interface AutocannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number; average: number; max: number };
  throughput: { average: number };
  non2xx: number;
  errors: number;
  timeouts: number;
  '2xx': number;
}
interface AutocannonRequest {
  method?: string;
  path?: string;
  headers?: Record<string, string>;
  body?: string;
  setupRequest?: (req: AutocannonRequest, context: unknown) => AutocannonRequest;
}
type Autocannon = (opts: {
  url: string;
  connections: number;
  duration: number;
  pipelining?: number;
  requests?: AutocannonRequest[];
}) => Promise<AutocannonResult>;
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

/** What to send: one method and body, and the requests it rotates over (path and headers). */
export interface LoadTarget {
  url: string;
  method: 'GET' | 'POST';
  variants: Array<{ path: string; headers?: Record<string, string>; body?: string }>;
  body?: string;
}

export interface LoadResult {
  rps: number;
  /** Latency percentiles in whole milliseconds (autocannon's resolution), and the mean. */
  p50: number;
  p99: number;
  mean: number;
  requests: number;
  /** Responses that were not 2xx, plus socket errors and timeouts: must be 0 for a valid figure. */
  failures: number;
  /**
   * The server process's CPU time (user + system) per request of the measured run, in µs, when
   * its pid was given and /proc is there (Linux). Unlike req/s it does not depend on how much of a
   * loaded machine the server gets (clock ticks of 10 ms: read it over a few thousand requests).
   */
  cpuUs: number | null;
  /**
   * The CPU time of this machine's PostgreSQL processes (every process named `postgres`: the
   * server's backends, the checkpointer…) per request of the measured run, in µs, when asked for
   * (a local PostgreSQL) and /proc is there. With the server's own figure it is the CPU a request
   * costs the machine: a change that saves PostgreSQL's planning shows here, not in `cpuUs`.
   */
  dbCpuUs: number | null;
}

/** User + system CPU of a process in clock ticks (/proc/<pid>/stat fields 14 and 15), or null. */
function cpuTicks(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return null;
  }
}
/** User + system CPU of every process named `postgres` (/proc/<pid>/comm), in clock ticks, or null. */
function postgresTicks(): number | null {
  let pids: string[];
  try {
    pids = readdirSync('/proc').filter((d) => /^\d+$/.test(d));
  } catch {
    return null;
  }
  let sum = 0;
  for (const pid of pids) {
    try {
      if (readFileSync(`/proc/${pid}/comm`, 'utf8').trim() !== 'postgres') continue;
    } catch {
      continue; // gone since the listing
    }
    sum += cpuTicks(Number(pid)) ?? 0;
  }
  return sum;
}

/** Linux's USER_HZ: /proc/<pid>/stat counts CPU time in hundredths of a second. */
const TICK_US = 10_000;

function run(target: LoadTarget, connections: number, duration: number): Promise<AutocannonResult> {
  let i = 0;
  const hasBody = target.body !== undefined || target.variants.some((v) => v.body !== undefined);
  const base: Record<string, string> = hasBody ? { 'content-type': 'application/json' } : {};
  const first = target.variants[0]!;
  const rotate = target.variants.length > 1;
  return autocannon({
    url: target.url,
    connections,
    duration,
    requests: [
      {
        method: target.method,
        path: first.path,
        headers: { ...base, ...first.headers },
        ...((first.body ?? target.body) ? { body: first.body ?? target.body } : {}),
        ...(rotate
          ? {
              setupRequest: (req: AutocannonRequest) => {
                const v = target.variants[i++ % target.variants.length]!;
                const body = v.body ?? target.body;
                return {
                  ...req,
                  path: v.path,
                  headers: { ...base, ...v.headers },
                  ...(body ? { body } : {}),
                };
              },
            }
          : {}),
      },
    ],
  });
}

/** Warm-up (discarded), then the measured run. */
export async function measure(
  target: LoadTarget,
  opts: { connections: number; duration: number; warmup: number },
  pid?: number,
  localPostgres = false,
): Promise<LoadResult> {
  if (opts.warmup > 0) await run(target, opts.connections, opts.warmup);
  const before = cpuTicks(pid);
  const dbBefore = localPostgres ? postgresTicks() : null;
  const r = await run(target, opts.connections, opts.duration);
  const after = cpuTicks(pid);
  const dbAfter = localPostgres ? postgresTicks() : null;
  const perRequest = (from: number | null, to: number | null) =>
    from !== null && to !== null && r.requests.total > 0 ? ((to - from) * TICK_US) / r.requests.total : null;
  return {
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    mean: r.latency.average,
    requests: r.requests.total,
    failures: r.non2xx + r.errors + r.timeouts,
    cpuUs: perRequest(before, after),
    dbCpuUs: perRequest(dbBefore, dbAfter),
  };
}
