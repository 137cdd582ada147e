import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type { Config } from '../config.js';
import type { CounterStore } from '../platform/counter-store.js';

/** Routes never limited here: the provider's webhook, health checks (load balancers poll them). */
const EXEMPT = [/^\/api\/payments\/webhook$/, /^\/api\/health/];

/** Routes that search whatever their parameters (`/api/questions/similar`, `/api/ideas/search`). */
const SEARCH_ROUTE = /\/(search|similar)$/;

/** Query parameters that carry text to search for, on any route (`?q=`, the jobs list's `?search=`). */
const SEARCH_PARAMS = ['q', 'search'] as const;

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

type Budget = 'read' | 'search' | 'write';

const hasSearchText = (req: FastifyRequest): boolean => {
  const query = req.query as Record<string, unknown> | undefined;
  if (!query) return false;
  for (const name of SEARCH_PARAMS) {
    const v = query[name];
    if (typeof v === 'string' ? v.trim() !== '' : Array.isArray(v) && v.some((x) => String(x).trim() !== ''))
      return true;
  }
  return false;
};

/**
 * The client a budget belongs to: the signed-in user, else the address (`request.ip`, the real one
 * behind TRUST_PROXY; an IPv6 address by its /64, which one subscriber usually holds whole).
 */
export const clientOf = (req: FastifyRequest): string =>
  req.user ? `u:${req.user.id}` : `ip:${normalizeIP(req.ip)}`;

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
  count: number;
  startMs: number;
}

/**
 * Fixed one-minute windows per client and budget, counted in process: one map for every route, the
 * least recently used key dropped first past 100 000 (a minute of windows for that many clients).
 */
class LocalWindows {
  private windows = new Map<string, Window>();
  constructor(
    private readonly now: () => number,
    private readonly windowMs: number,
  ) {}
  incr(key: string): { count: number; ttlMs: number } {
    const now = this.now();
    let w = this.windows.get(key);
    if (w) this.windows.delete(key);
    if (!w || w.startMs + this.windowMs <= now) w = { count: 0, startMs: now };
    w.count++;
    this.windows.set(key, w);
    if (this.windows.size > 100_000) this.windows.delete(this.windows.keys().next().value as string);
    return { count: w.count, ttlMs: this.windowMs - (now - w.startMs) };
  }
}

/**
 * Per-client limits: each client — the signed-in user, else the address — has one budget per
 * minute for reads, one for searches and one for writes, whatever routes it spends them on (a
 * search loop spread over five search routes is still one loop). Generous for a person, tight for
 * a loop; searches are counted apart from reads so a search loop cannot starve a person's page
 * views.
 *
 * Every write counts, routes with limits of their own included (a question with or without an
 * image, a job post, a payment step): those route limits are extra budgets (uploads per hour),
 * not exemptions. An unsigned write is counted by address at the onRequest stage, before its body
 * is read or parsed, and a refused one closes the connection so the body is never read at all.
 *
 * With `shared` (REDIS_URL set) the counters live in Redis, so every instance shares them;
 * otherwise they are counted in memory, synchronously (no promise per request). 429 with Retry-After (CONTRACT §3) and the
 * x-ratelimit-* headers. Route hooks run after every global onRequest hook, the auth plugin's
 * included, so the client is known wherever this is registered.
 */
export function registerClientLimits(
  app: FastifyInstance,
  config: Config,
  opts: { shared: CounterStore | null; now: () => number },
): void {
  const { readsPerMinute, searchesPerMinute, writesPerMinute } = config.rateLimits;
  const max: Record<Budget, number> = {
    read: readsPerMinute,
    search: searchesPerMinute,
    write: writesPerMinute,
  };
  const windowMs = 60_000;
  const local = new LocalWindows(opts.now, windowMs);

  const answer = (
    req: FastifyRequest,
    reply: FastifyReply,
    limit: number,
    count: number,
    ttlMs: number,
    done: (err?: Error) => void,
  ) => {
    const ttlInSeconds = Math.max(1, Math.ceil(ttlMs / 1000));
    reply.header('x-ratelimit-limit', limit);
    reply.header('x-ratelimit-remaining', Math.max(0, limit - count));
    reply.header('x-ratelimit-reset', ttlInSeconds);
    if (count <= limit) return done();
    reply.header('retry-after', ttlInSeconds);
    // A refused request's body is not wanted: do not read the rest of it off the connection.
    if (req.raw.complete === false) reply.header('connection', 'close');
    done(rateLimitedError(formatDuration(ttlInSeconds * 1000)) as unknown as Error);
  };

  const count = (budget: Budget, req: FastifyRequest, reply: FastifyReply, done: (err?: Error) => void) => {
    const key = `${budget}|${clientOf(req)}`;
    const limit = max[budget];
    if (!opts.shared) {
      const { count, ttlMs } = local.incr(key);
      return answer(req, reply, limit, count, ttlMs, done);
    }
    opts.shared.incr(`limit:${key}`, windowMs).then(
      ({ count, ttlMs }) => answer(req, reply, limit, count, ttlMs, done),
      // The shared store is down: refuse (503 UNAVAILABLE, Retry-After, through the error handler,
      // which logs the outage once) rather than serve without a limit. Counting in process instead
      // would multiply every budget by the number of instances and reset it on each restart — the
      // loop these budgets stop would slow everyone else down; readiness fails 'redis' meanwhile, so
      // the load balancer stops sending here.
      (err: Error) => done(err),
    );
  };

  // Each route gets a callback hook (no promise per request), classified once here; route hooks
  // run after the global ones, so the auth hook has already named the user.
  app.addHook('onRoute', (route: RouteOptions) => {
    if (EXEMPT.some((re) => re.test(route.url))) return;
    const api = route.url.startsWith('/api/');
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (!api && methods.every((m) => READ_METHODS.has(m))) return;
    const searchRoute = SEARCH_ROUTE.test(route.url);
    const hook = (req: FastifyRequest, reply: FastifyReply, done: (err?: Error) => void) => {
      if (!READ_METHODS.has(req.method)) return count('write', req, reply, done);
      if (!api) return done();
      return count(searchRoute || hasSearchText(req) ? 'search' : 'read', req, reply, done);
    };
    const existing = route.onRequest;
    route.onRequest = (
      existing === undefined ? [hook] : Array.isArray(existing) ? [...existing, hook] : [existing, hook]
    ) as never;
  });

  // A request no route matches has no route hook, yet its body would still be parsed: counted
  // here, after every onRequest hook (so the auth hook has run) and before the body is read.
  app.addHook('preParsing', (req, reply, payload, done) => {
    if (!req.is404) return done(null, payload);
    const next = (err?: Error) => (err ? done(err) : done(null, payload));
    if (!READ_METHODS.has(req.method)) return count('write', req, reply, next);
    if (req.url.startsWith('/api/')) return count('read', req, reply, next);
    done(null, payload);
  });
}
