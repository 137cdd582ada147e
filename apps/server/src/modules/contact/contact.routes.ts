import { ContactBody, ContactResult, MSG } from '@agora/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bearerOptional } from '../../lib/openapi.js';
import type { AppContext } from '../../context.js';
import { insertContactMessage } from './contact.repo.js';

export function contactRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/',
      {
        config: { rateLimit: { max: 10, timeWindow: 60_000 } },
        schema: {
          tags: ['contact'],
          summary: 'Sends a message to the site’s team (signed in or not)',
          security: bearerOptional,
          body: ContactBody,
          response: { 201: ContactResult },
        },
      },
      async (req, reply) => {
        const id = await insertContactMessage(ctx.db, { ...req.body, userId: req.user?.id ?? null });
        return reply.status(201).send({ success: true as const, message: MSG.contactSuccess, _id: id });
      },
    );
  };
}
