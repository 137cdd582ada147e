import { CAREER_MESSAGES, ErrorBody, JobAlert, JobAlertBody } from '@agora/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { registerUnsubscribeRoutes } from '../../lib/unsubscribe-routes.js';
import { createJobAlertsService } from './job-alerts.service.js';

const AlertParams = z.object({ id: z.string().max(100) });
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

    // The e-mails' unsubscribe link: GET asks, POST (the page's button, the mail client's
    // one-click) stops the alert.
    await registerUnsubscribeRoutes(app, {
      url: '/unsubscribe',
      tags,
      what: 'one job alert',
      manage: MANAGE,
      action: (token) => `/api/job-alerts/unsubscribe?token=${encodeURIComponent(token)}`,
      ask: (token) =>
        svc.check(token)
          ? {
              question: CAREER_MESSAGES.alertUnsubscribeQuestion,
              button: CAREER_MESSAGES.alertUnsubscribeButton,
            }
          : null,
      unsubscribe: async (token) =>
        (await svc.unsubscribe(token)) ? CAREER_MESSAGES.alertUnsubscribed : null,
      invalid: CAREER_MESSAGES.alertLinkInvalid,
    });
  };
}
