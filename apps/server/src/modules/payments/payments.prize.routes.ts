import { CreateOrderResult, ErrorBody, HackathonIdParams, PrizeOrderBody } from '@agora/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bearer as security } from '../../lib/openapi.js';
import type { PaymentsService } from './payments.service.js';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };

/**
 * The checkout of a hackathon's prize pool (mounted with prefix '': full paths). Its order is paid
 * and verified through /api/payments/verify and the provider's webhook, as a question's is.
 */
export function hackathonPrizeRoutes(payments: PaymentsService): FastifyPluginAsyncZod {
  return async (app) => {
    // Per user: each order costs a provider round trip.
    const rateLimit = {
      max: 30,
      timeWindow: 60_000,
      keyGenerator: (req: { user: { id: string } | null; ip: string }) => req.user?.id ?? req.ip,
    };

    app.post(
      '/hackathons/:id/prize/create-order',
      {
        config: { rateLimit },
        schema: {
          tags: ['payments', 'hackathons'],
          summary:
            'Organiser opens a payment order for the prize pool of an approved hackathon (amount in rupees), held in escrow until the results',
          security,
          params: HackathonIdParams,
          body: PrizeOrderBody,
          response: { 200: CreateOrderResult, 502: ErrorBody, ...errors },
        },
      },
      async (req) => payments.createPrizeOrder(req.user!, req.params.id, req.body.amount),
    );
  };
}
