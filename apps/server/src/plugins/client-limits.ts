import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type { Config } from '../config.js';

/** Routes never limited here: the provider's webhook, health checks (load balancers poll them). */
const EXEMPT = [/^\/api\/payments\/webhook$/, /^\/api\/health/];

const isSearch = (req: FastifyRequest) => {
  const q = (req.query as Record<string, unknown> | undefined)?.q;
  return (typeof q === 'string' && q.trim() !== '') || /\/(search|similar)(\?|$)/.test(req.url);
};

/** The body of every 429 from a rate limit (thrown to the error handler, which answers with it). */
export const rateLimitedError = (after: string) => ({
  statusCode: 429,
  error: 'Too many attempts. Please try again later.',
  message: 'Too many attempts. Please try again later.',
  code: 'RATE_LIMITED',
  retryAfter: after,
});

/** `@lukeed/ms`'s `format(ms, true)`, which @fastify/rate-limit uses for `retryAfter` ("59 seconds"). */
export function formatDuration(num: number): string {
  const SEC = 1e3;
  const MIN = SEC * 60;
  const HOUR = MIN * 60;
  const DAY = HOUR * 24;
  const YEAR = DAY * 365.25;
  const pfx = num < 0 ? '-' : '';
  const abs = num < 0 ? -num : num;
  const fmt = (val: number, str: string) => {
    const n = (val | 0) === val ? val : ~~(val + 0.5);
    return `${pfx}${n} ${str}${n !== 1 ? 's' : ''}`;
  };
  if (abs < SEC) return `${num} ms`;
  if (abs < MIN) return fmt(abs / SEC, 'second');
  if (abs < HOUR) return fmt(abs / MIN, 'minute');
  if (abs < DAY) return fmt(abs / HOUR, 'hour');
  if (abs < YEAR) return fmt(abs / DAY, 'day');
  return fmt(abs / YEAR, 'year');
}

interface Window {
  current: number;
  ttl: number;
  iterationStartMs: number;
}

/**
 * The counting of @fastify/rate-limit's LocalStore (a fixed window per key, 5,000 keys per route,
 * least recently used dropped first), done synchronously: the plugin's hook is an async function
 * with four awaits per request, a measurable share of a cached response's CPU (BENCHMARKS.md).
 * Same headers, same 429 (thrown to the error handler with the same body), same counts.
 */
function localLimiter(
  keyOf: (req: FastifyRequest) => string,
  maxOf: (key: string) => number,
  timeWindow: number,
) {
  const windows = new Map<string, Window>();
  return (req: FastifyRequest, reply: FastifyReply, done: (err?: Error) => void) => {
    const key = keyOf(req);
    const max = maxOf(key);
    const now = Date.now();
    let w = windows.get(key);
    if (!w) {
      w = { current: 1, ttl: timeWindow, iterationStartMs: now };
    } else {
      windows.delete(key);
      if (w.iterationStartMs + timeWindow <= now) {
        w.current = 1;
        w.ttl = timeWindow;
        w.iterationStartMs = now;
      } else {
        ++w.current;
        w.ttl = timeWindow - (now - w.iterationStartMs);
      }
    }
    windows.set(key, w);
    if (windows.size > 5000) windows.delete(windows.keys().next().value as string);
    const ttlInSeconds = Math.ceil(w.ttl / 1000);
    if (w.current <= max) {
      reply.header('x-ratelimit-limit', max);
      reply.header('x-ratelimit-remaining', Math.max(0, max - w.current));
      reply.header('x-ratelimit-reset', ttlInSeconds);
      return done();
    }
    reply.header('x-ratelimit-limit', max);
    reply.header('x-ratelimit-remaining', 0);
    reply.header('x-ratelimit-reset', ttlInSeconds);
    reply.header('retry-after', ttlInSeconds);
    done(rateLimitedError(formatDuration(ttlInSeconds * 1000)) as unknown as Error);
  };
}

/**
 * Per-client limits on every API route that sets none of its own (issue 19 §3): generous for a
 * person, tight for a loop. A client is the signed-in user, else the address (`request.ip`, the
 * real one behind TRUST_PROXY). Searches and reads are counted apart, so a search loop cannot
 * starve a person's page views; writes have their own, lower budget. With `shared` (REDIS_URL set)
 * the counters live in Redis through the rate-limit plugin's store, so every instance shares them;
 * without it they are counted in memory by a synchronous hook, per route as the plugin's
 * in-memory store does. 429 with Retry-After (CONTRACT §3). Must be added before
 * @fastify/rate-limit so its onRoute sees the config.
 */
export function registerClientLimits(app: FastifyInstance, config: Config, shared: boolean): void {
  const { readsPerMinute, searchesPerMinute, writesPerMinute } = config.rateLimits;
  const client = (req: FastifyRequest) => (req.user ? `u:${req.user.id}` : `ip:${req.ip}`);
  const readKey = (req: FastifyRequest) => `${client(req)}|${isSearch(req) ? 'search' : 'read'}`;
  const readMax = (key: string) => (key.includes('|search') ? searchesPerMinute : readsPerMinute);
  const reads = {
    timeWindow: 60_000,
    groupId: 'client-reads',
    keyGenerator: readKey,
    max: (_req: FastifyRequest, key: string) => readMax(key),
  };
  const writes = { timeWindow: 60_000, groupId: 'client-writes', keyGenerator: client, max: writesPerMinute };
  app.addHook('onRoute', (route: RouteOptions) => {
    if (!route.url.startsWith('/api/') || EXEMPT.some((re) => re.test(route.url))) return;
    const cfg = (route.config ?? {}) as { rateLimit?: unknown };
    if (cfg.rateLimit !== undefined) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const isRead = methods.every((m) => m === 'GET' || m === 'HEAD');
    if (shared) {
      route.config = { ...cfg, rateLimit: isRead ? reads : writes } as never;
      return;
    }
    const hook = isRead
      ? localLimiter(readKey, readMax, reads.timeWindow)
      : localLimiter(client, () => writesPerMinute, writes.timeWindow);
    const existing = route.onRequest;
    route.onRequest = (
      existing === undefined ? [hook] : Array.isArray(existing) ? [...existing, hook] : [existing, hook]
    ) as never;
  });
}
