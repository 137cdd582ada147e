import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';

const Health = z.object({ status: z.enum(['ok', 'unavailable']), db: z.enum(['pglite', 'postgres']) });

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
  };
}
