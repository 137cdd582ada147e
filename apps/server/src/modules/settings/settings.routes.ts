import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { getMinReward } from './settings.service.js';

export function settingsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/min-reward',
      { schema: { tags: ['settings'], response: { 200: z.object({ minRewardAmount: z.number().int() }) } } },
      async () => ({ minRewardAmount: await getMinReward(ctx.db) }),
    );
  };
}
