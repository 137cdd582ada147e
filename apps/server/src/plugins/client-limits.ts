import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import type { Config } from '../config.js';

/** Routes never limited here: the provider's webhook, health checks (load balancers poll them). */
const EXEMPT = [/^\/api\/payments\/webhook$/, /^\/api\/health/];

const isSearch = (req: FastifyRequest) => {
  const q = (req.query as Record<string, unknown> | undefined)?.q;
  return (typeof q === 'string' && q.trim() !== '') || /\/(search|similar)(\?|$)/.test(req.url);
};

/**
 * Per-client limits on every API route that sets none of its own (issue 19 §3): generous for a
 * person, tight for a loop. A client is the signed-in user, else the address (`request.ip`, the
 * real one behind TRUST_PROXY). Searches and reads are counted apart, so a search loop cannot
 * starve a person's page views; writes have their own, lower budget. The counters live in Redis
 * when REDIS_URL is set (the rate-limit plugin's store), so every instance shares them. 429 with
 * Retry-After (CONTRACT §3). Must be added before @fastify/rate-limit so its onRoute sees the config.
 */
export function registerClientLimits(app: FastifyInstance, config: Config): void {
  const { readsPerMinute, searchesPerMinute, writesPerMinute } = config.rateLimits;
  const client = (req: FastifyRequest) => (req.user ? `u:${req.user.id}` : `ip:${req.ip}`);
  const reads = {
    timeWindow: 60_000,
    groupId: 'client-reads',
    keyGenerator: (req: FastifyRequest) => `${client(req)}|${isSearch(req) ? 'search' : 'read'}`,
    max: (_req: FastifyRequest, key: string) =>
      key.includes('|search') ? searchesPerMinute : readsPerMinute,
  };
  const writes = { timeWindow: 60_000, groupId: 'client-writes', keyGenerator: client, max: writesPerMinute };
  app.addHook('onRoute', (route: RouteOptions) => {
    if (!route.url.startsWith('/api/') || EXEMPT.some((re) => re.test(route.url))) return;
    const cfg = (route.config ?? {}) as { rateLimit?: unknown };
    if (cfg.rateLimit !== undefined) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const isRead = methods.every((m) => m === 'GET' || m === 'HEAD');
    route.config = { ...cfg, rateLimit: isRead ? reads : writes } as never;
  });
}
