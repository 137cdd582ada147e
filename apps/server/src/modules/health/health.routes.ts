import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';

const Health = z.object({ status: z.enum(['ok', 'unavailable']), db: z.enum(['pglite', 'postgres']) });
const Ready = z.object({
  status: z.enum(['ready', 'starting', 'unavailable']),
  db: z.enum(['pglite', 'postgres']),
});

export function healthRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/health',
      { schema: { tags: ['operations'], response: { 200: Health, 503: Health } } },
      async (req, reply) => {
        try {
          await ctx.database.ping();
          return { status: 'ok' as const, db: ctx.database.kind };
        } catch (err) {
          req.log.warn({ err: { message: (err as Error).message } }, 'health check: database unavailable');
          return reply.status(503).send({ status: 'unavailable' as const, db: ctx.database.kind });
        }
      },
    );

    // For a load balancer: 503 while this instance applies migrations (it listens before it
    // migrates) or cannot reach the database; 200 once it can serve. /api/health is unchanged.
    app.get(
      '/health/ready',
      {
        schema: {
          tags: ['operations'],
          summary: 'Readiness: 503 while migrations run or the database is unreachable',
          response: { 200: Ready, 503: Ready },
        },
      },
      async (req, reply) => {
        const db = ctx.database.kind;
        reply.header('Cache-Control', 'no-store');
        if (ctx.readiness.migrating) return reply.status(503).send({ status: 'starting' as const, db });
        try {
          await ctx.database.ping();
          return { status: 'ready' as const, db };
        } catch (err) {
          req.log.warn({ err: { message: (err as Error).message } }, 'readiness: database unavailable');
          return reply.status(503).send({ status: 'unavailable' as const, db });
        }
      },
    );
  };
}
