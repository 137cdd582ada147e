import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { schemaState } from '../../db/client.js';
import { APP_COMMIT, APP_VERSION } from '../../version.js';

const Health = z.object({
  status: z.literal('ok'),
  db: z.enum(['pglite', 'postgres']),
  version: z.string(),
  commit: z.string(),
});
const Ready = z.object({
  status: z.enum(['ready', 'starting', 'draining', 'unavailable']),
  db: z.enum(['pglite', 'postgres']),
  version: z.string(),
  commit: z.string(),
  /** The part that failed, when unavailable. */
  failing: z.enum(['database', 'schema', 'redis', 'storage']).optional(),
});

type Failing = 'database' | 'schema' | 'redis' | 'storage';

/** A probe that does not answer within `ms` has failed: readiness must answer fast. */
function within<T>(ms: number, work: Promise<T>): Promise<T> {
  return Promise.race([
    work,
    new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error(`no answer in ${ms} ms`)), ms).unref(),
    ),
  ]);
}

export function healthRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const about = () => ({ db: ctx.database.kind, version: APP_VERSION, commit: APP_COMMIT });

    // Liveness: answered by the process alone. A database or Redis outage must not make an
    // orchestrator restart every instance; readiness says whether this one can serve.
    app.get(
      '/health',
      {
        schema: {
          tags: ['operations'],
          summary: 'Liveness: the process answers (no dependency is checked)',
          response: { 200: Health },
        },
      },
      async (_req, reply) => {
        reply.header('Cache-Control', 'no-store');
        return { status: 'ok' as const, ...about() };
      },
    );

    // For a load balancer: 503 while this instance applies migrations, drains for shutdown, or
    // cannot serve — the database unreachable or at another schema than this code's, Redis
    // unreachable (when configured), object storage unreachable (STORAGE=s3) — naming the part.
    app.get(
      '/health/ready',
      {
        schema: {
          tags: ['operations'],
          summary:
            'Readiness: 503 while starting or draining, or when the database (and its schema), Redis or storage fails',
          response: { 200: Ready, 503: Ready },
        },
      },
      async (req, reply) => {
        reply.header('Cache-Control', 'no-store');
        const { migrating, draining } = ctx.readiness;
        if (migrating) return reply.status(503).send({ status: 'starting' as const, ...about() });
        if (draining) return reply.status(503).send({ status: 'draining' as const, ...about() });
        const fail = (failing: Failing, err?: unknown) => {
          // The database and Redis are logged once per outage (platform/outages.ts), not once per
          // poll of the load balancer.
          if (err && (failing === 'database' || failing === 'redis')) ctx.outages.failed(failing, err);
          else if (err)
            req.log.warn({ err: { message: (err as Error).message }, failing }, 'readiness: not ready');
          return reply.status(503).send({ status: 'unavailable' as const, failing, ...about() });
        };
        try {
          await within(2000, ctx.database.ping());
        } catch (err) {
          return fail('database', err);
        }
        try {
          if ((await within(2000, schemaState(ctx.db))).state !== 'current') return fail('schema');
        } catch (err) {
          return fail('schema', err);
        }
        if (ctx.redis) {
          try {
            await within(1000, ctx.redis.ping());
          } catch (err) {
            return fail('redis', err);
          }
        }
        if (ctx.config.storage.kind === 's3') {
          try {
            await within(3000, ctx.storage.check());
          } catch (err) {
            return fail('storage', err);
          }
        }
        return { status: 'ready' as const, ...about() };
      },
    );
  };
}
