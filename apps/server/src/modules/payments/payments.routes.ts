import {
  CreateOrderBody,
  CreateOrderResult,
  ErrorBody,
  SandboxPayBody,
  SandboxPayResult,
  VerifyPaymentBody,
  VerifyPaymentResult,
} from '@agora/shared';
import type { SwaggerTransform } from '@fastify/swagger';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bearer as security, routeSchemaTransform } from '../../lib/openapi.js';
import type { PaymentsService } from './payments.service.js';

const WebhookResult = z.object({ status: z.string() });

/** The webhook's operation: its raw JSON body and the signature header, for the document only. */
const webhookDocument: SwaggerTransform = (args) => {
  const { schema, url } = routeSchemaTransform(args) as { schema: Record<string, unknown>; url: string };
  return {
    url,
    schema: {
      ...schema,
      headers: {
        type: 'object',
        properties: {
          'x-razorpay-signature': {
            type: 'string',
            pattern: '^[0-9a-f]{64}$',
            description: 'Hex HMAC-SHA256 of the raw body with the webhook secret',
          },
        },
        required: ['x-razorpay-signature'],
      },
      body: {
        type: 'object',
        description: 'The provider’s event as sent; the signature covers these exact bytes',
        properties: {
          event: { type: 'string', example: 'payment.captured' },
          payload: { type: 'object', additionalProperties: true },
        },
        required: ['event'],
        additionalProperties: true,
      },
    },
  };
};
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };

/**
 * HTTP routes of the payments area (registered in modules/registry.ts, which passes the app's one
 * payments service: the prize pool's checkout opens orders through it too).
 */
export function paymentsRoutes(payments: PaymentsService): FastifyPluginAsyncZod {
  return async (app) => {
    // Per user: each order costs a provider round trip.
    const rateLimit = {
      max: 30,
      timeWindow: 60_000,
      keyGenerator: (req: { user: { id: string } | null; ip: string }) => req.user?.id ?? req.ip,
    };

    app.post(
      '/create-order',
      {
        config: { rateLimit },
        schema: {
          tags: ['payments'],
          summary: 'Opens a payment order for the caller’s unpaid question (amount in rupees)',
          security,
          body: CreateOrderBody,
          response: { 200: CreateOrderResult, 502: ErrorBody, ...errors },
        },
      },
      async (req) => payments.createOrder(req.user!, req.body),
    );

    app.post(
      '/verify',
      {
        schema: {
          tags: ['payments'],
          summary: 'Verifies a payment’s signature and marks the question paid (idempotent)',
          security,
          body: VerifyPaymentBody,
          response: { 200: VerifyPaymentResult, ...errors },
        },
      },
      async (req) => payments.verify(req.user!, req.body),
    );

    app.post(
      '/sandbox/pay',
      {
        schema: {
          tags: ['payments'],
          summary: 'Sandbox only: pays an order, signed as the real provider signs',
          security,
          body: SandboxPayBody,
          response: { 200: SandboxPayResult, ...errors },
        },
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
        {
          // The body is never parsed by a schema (the signature covers its bytes), so the document
          // says what the provider sends here rather than through a validating body schema.
          config: { swaggerTransform: webhookDocument },
          schema: {
            tags: ['payments'],
            summary: 'The payment provider’s webhook (payment.captured, order.paid)',
            description:
              'Signed by the provider: `X-Razorpay-Signature` is the hex HMAC-SHA256 of the exact body bytes with the webhook secret. Other events are answered `ignored`.',
            response: { 200: WebhookResult, 400: ErrorBody },
          },
        },
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
