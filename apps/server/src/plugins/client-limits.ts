import { type FastifyRateLimitStoreCtor, normalizeIP } from '@fastify/rate-limit';
import { format } from '@lukeed/ms';
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

/**
 * @fastify/rate-limit's store over the app's counters (platform/counter-store.ts): in Redis when
 * REDIS_URL is set, so every instance shares them, in process otherwise, on the app's clock. Route
 * limits (`config.rateLimit`) and the per-client budgets below count through it, so both share one
 * outage rule: a counter Redis cannot reach is a 503 (RedisUnavailableError), never no limit.
 */
export function rateLimitStore(counters: CounterStore): FastifyRateLimitStoreCtor {
  // Typed by what the plugin passes at run time: child() gets the merged route params, routeInfo included.
  class CountersStore {
    constructor(
      _params: unknown,
      private readonly prefix = 'rl:',
    ) {}
    incr(
      key: string,
      cb: (err: Error | null, res?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ) {
      counters.incr(this.prefix + key, timeWindow).then(
        ({ count, ttlMs }) => cb(null, { current: count, ttl: ttlMs }),
        (err: Error) => cb(err),
      );
    }
    child(params: { routeInfo?: { method?: string | string[]; url?: string } }) {
      // A route's own limit counts apart from every other route's; a limiter made by
      // createRateLimit (no route) keys by what its key generator returns.
      const route = params.routeInfo?.url ? `${params.routeInfo.method}${params.routeInfo.url}-` : 'client-';
      return new CountersStore(null, `${this.prefix}${route}`);
    }
  }
  return CountersStore as unknown as FastifyRateLimitStoreCtor;
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
 * The counting is @fastify/rate-limit's (`createRateLimit`, one limiter per budget) on the store
 * it was registered with (rateLimitStore: Redis when set, shared by every instance). 429 with
 * Retry-After (CONTRACT §3) and the x-ratelimit-* headers. Route hooks run after every global
 * onRequest hook, the auth plugin's included, so the client is known wherever this is registered;
 * @fastify/rate-limit must be registered first.
 */
export function registerClientLimits(app: FastifyInstance, config: Config): void {
  const { readsPerMinute, searchesPerMinute, writesPerMinute } = config.rateLimits;
  const limiter = (budget: Budget, max: number) =>
    app.createRateLimit({ max, timeWindow: 60_000, keyGenerator: (req) => `${budget}|${clientOf(req)}` });
  const limiters: Record<Budget, ReturnType<typeof limiter>> = {
    read: limiter('read', readsPerMinute),
    search: limiter('search', searchesPerMinute),
    write: limiter('write', writesPerMinute),
  };

  const count = (budget: Budget, req: FastifyRequest, reply: FastifyReply, done: (err?: Error) => void) => {
    limiters[budget](req).then((limit) => {
      if (limit.isAllowed) return done();
      reply.header('x-ratelimit-limit', limit.max);
      reply.header('x-ratelimit-remaining', limit.remaining);
      reply.header('x-ratelimit-reset', limit.ttlInSeconds);
      if (!limit.isExceeded) return done();
      reply.header('retry-after', limit.ttlInSeconds);
      // A refused request's body is not wanted: do not read the rest of it off the connection.
      if (req.raw.complete === false) reply.header('connection', 'close');
      done(rateLimitedError(format(limit.ttlInSeconds * 1000, true)) as unknown as Error);
      // The shared store is down: refuse (503 UNAVAILABLE, Retry-After, through the error handler,
      // which logs the outage once) rather than serve without a limit. Counting in process instead
      // would multiply every budget by the number of instances and reset it on each restart — the
      // loop these budgets stop would slow everyone else down; readiness fails 'redis' meanwhile, so
      // the load balancer stops sending here.
    }, done);
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
