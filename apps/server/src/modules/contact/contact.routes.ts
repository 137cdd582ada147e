import { ContactBody, ContactResult, MSG } from '@agora/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { contactMessages } from '../../db/schema/index.js';

export function contactRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/',
      {
        config: { rateLimit: { max: 10, timeWindow: 60_000 } },
        schema: { tags: ['contact'], body: ContactBody, response: { 201: ContactResult } },
      },
      async (req, reply) => {
        const [row] = await ctx.db
          .insert(contactMessages)
          .values({ ...req.body, userId: req.user?.id ?? null })
          .returning({ id: contactMessages.id });
        return reply.status(201).send({ success: true as const, message: MSG.contactSuccess, _id: row!.id });
      },
    );
  };
}
