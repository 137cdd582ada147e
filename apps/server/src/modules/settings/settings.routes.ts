import { PaymentsMode } from '@agora/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { getMinReward } from './settings.service.js';

export function settingsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    // Test mode: the web shows its banner whenever payments are simulated.
    app.get(
      '/payments',
      {
        schema: {
          tags: ['settings'],
          summary: 'Whether payments are simulated',
          response: { 200: PaymentsMode },
        },
      },
      async () => ({
        provider: ctx.config.payments.provider,
        testMode: ctx.config.payments.provider === 'sandbox',
      }),
    );

    app.get(
      '/min-reward',
      {
        schema: {
          tags: ['settings'],
          summary: 'The smallest reward a question may offer (rupees)',
          response: { 200: z.object({ minRewardAmount: z.number().int() }) },
        },
      },
      async () => ({ minRewardAmount: await getMinReward(ctx.db) }),
    );
  };
}
