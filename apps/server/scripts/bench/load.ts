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
  variants: Array<{ path: string; headers?: Record<string, string> }>;
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
}

function run(target: LoadTarget, connections: number, duration: number): Promise<AutocannonResult> {
  let i = 0;
  const base: Record<string, string> = target.body ? { 'content-type': 'application/json' } : {};
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
        ...(target.body ? { body: target.body } : {}),
        ...(rotate
          ? {
              setupRequest: (req: AutocannonRequest) => {
                const v = target.variants[i++ % target.variants.length]!;
                return { ...req, path: v.path, headers: { ...base, ...v.headers } };
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
): Promise<LoadResult> {
  if (opts.warmup > 0) await run(target, opts.connections, opts.warmup);
  const r = await run(target, opts.connections, opts.duration);
  return {
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    mean: r.latency.average,
    requests: r.requests.total,
    failures: r.non2xx + r.errors + r.timeouts,
  };
}
