import { CAREER_MESSAGES, ErrorBody, JobAlert, JobAlertBody } from '@agora/shared';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { unsubscribePage } from '../../lib/unsubscribe-token.js';
import { createJobAlertsService } from './job-alerts.service.js';

const AlertParams = z.object({ id: z.string().max(100) });
const UnsubscribeQuery = z.object({ token: z.string().max(300).optional() });
const MANAGE = { href: '/profile', label: 'Your job alerts' };
const tags = ['job-alerts'];
const security = [{ bearer: [] }];

/**
 * Saved job searches with alerts (mounted at /api/job-alerts): save, list and delete one's own, and
 * the e-mails' one-click unsubscribe (works signed out: the signed token names the alert).
 */
export function jobAlertsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const svc = createJobAlertsService(ctx);
  return async (app) => {
    app.post(
      '/',
      {
        schema: {
          tags,
          summary: 'Save the listing’s current filters as a job alert (instant, daily or weekly)',
          security,
          body: JobAlertBody,
          response: { 201: z.object({ alert: JobAlert }), 400: ErrorBody, 401: ErrorBody, 409: ErrorBody },
        },
      },
      async (req, reply) => reply.code(201).send({ alert: await svc.create(req.user!, req.body) }),
    );

    app.get(
      '/',
      {
        schema: {
          tags,
          summary: 'The caller’s job alerts, newest first',
          security,
          response: { 200: z.object({ alerts: z.array(JobAlert) }), 401: ErrorBody },
        },
      },
      async (req) => ({ alerts: await svc.list(req.user!) }),
    );

    app.delete(
      '/:id',
      {
        schema: {
          tags,
          summary: 'Delete one of the caller’s job alerts',
          security,
          params: AlertParams,
          response: { 204: z.null(), 401: ErrorBody, 404: ErrorBody },
        },
      },
      async (req, reply) => {
        await svc.remove(req.user!, req.params.id);
        return reply.code(204).send(null);
      },
    );

    // The link in the e-mail (GET, from a browser) and the mail client's one-click unsubscribe
    // (RFC 8058: a POST of "List-Unsubscribe=One-Click", whose body is not needed), in a context of
    // their own so only they accept a form body.
    await app.register(async (scope) => {
      const unsub = scope.withTypeProvider<ZodTypeProvider>();
      unsub.addContentTypeParser(
        'application/x-www-form-urlencoded',
        { parseAs: 'string', bodyLimit: 1024 },
        (_req, _body, done) => done(null, undefined),
      );
      const schema = {
        tags,
        summary: 'Stop one job alert from its e-mail’s link (signed token, no session needed)',
        querystring: UnsubscribeQuery,
        response: {
          // A browser (Accept: text/html) gets a page; any other client JSON.
          200: {
            description: 'The alert is stopped',
            content: {
              'application/json': { schema: z.object({ message: z.string() }) },
              'text/html': { schema: z.string() },
            },
          },
          400: {
            description: 'The token is invalid: a page for a browser, else the error body',
            content: { 'application/json': { schema: ErrorBody }, 'text/html': { schema: z.string() } },
          },
        },
      };
      for (const method of ['GET', 'POST'] as const) {
        unsub.route({
          method,
          url: '/unsubscribe',
          schema,
          handler: async (req, reply) => {
            const ok = await svc.unsubscribe(req.query.token ?? '');
            const message = ok ? CAREER_MESSAGES.alertUnsubscribed : CAREER_MESSAGES.alertLinkInvalid;
            reply.header('cache-control', 'no-store');
            if (!String(req.headers.accept ?? '').includes('text/html')) {
              if (ok) return reply.code(200).send({ message });
              return reply.code(400).send({ error: message, message, code: 'INVALID_TOKEN' });
            }
            return reply
              .code(ok ? 200 : 400)
              .type('text/html; charset=utf-8')
              .send(unsubscribePage(message, MANAGE));
          },
        });
      }
    });
  };
}
