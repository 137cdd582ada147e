import {
  CreateOrderBody,
  CreateOrderResult,
  ErrorBody,
  SandboxPayBody,
  SandboxPayResult,
  VerifyPaymentBody,
  VerifyPaymentResult,
} from '@agora/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { createPaymentsService } from './payments.service.js';

const WebhookResult = z.object({ status: z.string() });
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };

/** HTTP routes of the payments area (registered in modules/registry.ts). */
export function paymentsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const payments = createPaymentsService(ctx);
    // Per user: each order costs a provider round trip.
    const rateLimit = {
      max: 30,
      timeWindow: 60_000,
      keyGenerator: (req: { user: { id: string } | null; ip: string }) => req.user?.id ?? req.ip,
    };

    app.post(
      '/create-order',
      {
        preHandler: app.requireUser,
        config: { rateLimit },
        schema: {
          tags: ['payments'],
          body: CreateOrderBody,
          response: { 200: CreateOrderResult, 502: ErrorBody, ...errors },
        },
      },
      async (req) => payments.createOrder(req.user!, req.body),
    );

    app.post(
      '/verify',
      {
        preHandler: app.requireUser,
        schema: {
          tags: ['payments'],
          body: VerifyPaymentBody,
          response: { 200: VerifyPaymentResult, ...errors },
        },
      },
      async (req) => payments.verify(req.user!, req.body),
    );

    app.post(
      '/sandbox/pay',
      {
        preHandler: app.requireUser,
        schema: { tags: ['payments'], body: SandboxPayBody, response: { 200: SandboxPayResult, ...errors } },
      },
      async (req) => payments.sandboxPay(req.user!, req.body.orderId),
    );

    // The webhook signature covers the exact bytes sent, so this route (and only this one, in its
    // own encapsulated context) keeps the raw body instead of parsing JSON.
    await app.register(async (raw) => {
      raw.removeAllContentTypeParsers();
      raw.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 256 * 1024 }, (_req, body, done) =>
        done(null, body),
      );
      raw.post(
        '/webhook',
        { schema: { tags: ['payments'], response: { 200: WebhookResult, 400: ErrorBody } } },
        async (req) => {
          const signature = req.headers['x-razorpay-signature'];
          const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
          const status = await payments.webhook(body, typeof signature === 'string' ? signature : undefined);
          if (status === 'amount_mismatch' || status === 'conflict') {
            req.log.warn({ status }, 'payment webhook not applied');
          }
          return { status };
        },
      );
    });
  };
}
