import { MeResult, UpdateMeBody } from '@agora/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { createUsersService } from './users.service.js';

export const Activity = z.object({
  ideas: z.number().int(),
  liked: z.number().int(),
  comments: z.number().int(),
});

export function usersRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const users = createUsersService(ctx);
  return async (app) => {
    app.get(
      '/me',
      { preHandler: app.requireUser, schema: { tags: ['users'], response: { 200: MeResult } } },
      async (req) => ({
        user: await users.me(req.user!),
      }),
    );
    app.put(
      '/me',
      {
        preHandler: app.requireUser,
        schema: { tags: ['users'], body: UpdateMeBody, response: { 200: MeResult } },
      },
      async (req) => ({ user: await users.updateMe(req.user!, req.body) }),
    );
    app.get(
      '/me/activity',
      { preHandler: app.requireUser, schema: { tags: ['users'], response: { 200: Activity } } },
      async (req) => users.activity(req.user!),
    );
  };
}
