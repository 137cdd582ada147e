import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/errors.js';
import type { Metrics } from '../platform/metrics.js';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Starts the private metrics listener (METRICS_PORT; `port` overrides it, 0 = any free port)
     * and resolves to the port it listens on. app.close() closes it.
     */
    listenMetrics(port?: number): Promise<number>;
  }
}

export interface MetricsPluginOptions {
  metrics: Metrics;
  /** METRICS_TOKEN: GET /metrics on the main port answers only to `Authorization: Bearer <token>`. */
  token: string | null;
  port: number | null;
  host: string;
}

const NOT_FOUND = JSON.stringify({ error: 'Not found', message: 'Not found', code: 'NOT_FOUND' });

/**
 * GET /metrics and the per-request figures behind it. Registered only when metrics are on
 * (METRICS_TOKEN or METRICS_PORT): otherwise nothing here runs, and /metrics is a 404.
 */
export const metricsPlugin = fp(async (app: FastifyInstance, opts: MetricsPluginOptions) => {
  const { metrics } = opts;

  // A callback hook, not an async one: no promise per request. The route label is the route's
  // pattern (`/api/questions/:id`), never the URL, so the number of series stays bounded.
  app.addHook('onResponse', (req, reply, done) => {
    metrics.recordRequest(req.method, req.routeOptions.url, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });

  if (opts.token) {
    // Compared as digests: constant time, whatever length the caller sends.
    const expected = createHash('sha256').update(opts.token).digest();
    app.get('/metrics', { schema: { hide: true } }, async (req, reply) => {
      const match = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '');
      const given = createHash('sha256')
        .update(match?.[1] ?? '')
        .digest();
      if (!match || !timingSafeEqual(given, expected)) {
        throw new AppError('UNAUTHORIZED', 401, 'A valid metrics token is required', undefined, {
          'WWW-Authenticate': 'Bearer realm="metrics"',
        });
      }
      reply.header('Cache-Control', 'no-store').type(metrics.contentType);
      return metrics.render();
    });
  }

  const servers = new Set<Server>();
  app.decorate('listenMetrics', async (port = opts.port ?? 0) => {
    // Serves GET /metrics only, without a token: it must be reachable only by the monitoring
    // network (firewall or bind), never published like the main port.
    const server = createServer((req, res) => {
      const path = (req.url ?? '').split('?')[0];
      if ((req.method === 'GET' || req.method === 'HEAD') && (path === '/metrics' || path === '/metrics/')) {
        metrics.render().then(
          (text) => {
            res.writeHead(200, { 'content-type': metrics.contentType, 'cache-control': 'no-store' });
            res.end(req.method === 'HEAD' ? undefined : text);
          },
          (err: Error) => {
            app.log.error({ err }, 'metrics: scrape failed');
            res.writeHead(500, { 'content-type': 'text/plain' }).end('metrics unavailable\n');
          },
        );
        return;
      }
      res.writeHead(404, { 'content-type': 'application/json; charset=utf-8' }).end(NOT_FOUND);
    });
    server.requestTimeout = 10_000;
    server.headersTimeout = 10_000;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, opts.host, () => {
        server.off('error', reject);
        resolve();
      });
    });
    servers.add(server);
    return (server.address() as AddressInfo).port;
  });
  app.addHook('onClose', async () => {
    await Promise.all(
      [...servers].map(
        (s) =>
          new Promise<void>((resolve) => {
            s.close(() => resolve());
            s.closeAllConnections();
          }),
      ),
    );
  });
});
