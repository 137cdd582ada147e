import {
  ApplicationIdParams,
  ErrorBody,
  ReferralRequestBody,
  ReferralRequestList,
  ReferralRequestListQuery,
  ReferralRequestResult,
} from '@agora/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { sendPage } from '../../lib/http.js';
import { createReferralAnswerService } from './referrals.answer.service.js';
import { createReferralAskService } from './referrals.ask.service.js';

const tags = ['referrals'];
const security = [{ bearer: [] }];
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
const ReferralIdParams = z.object({ id: z.string().max(100) });
const HOUR_MS = 3_600_000;
/** Referral requests one account may send per hour: each one e-mails a person. */
const ASKS_PER_HOUR = 30;

/**
 * Referrals through the viewer's network (registered in modules/registry.ts under /api): the
 * applicant asks, on their application, someone they follow or who follows them at the job's
 * company; that person accepts or declines.
 */
export function referralsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const ask = createReferralAskService(ctx);
    const answers = createReferralAnswerService(ctx);

    app.post(
      '/applications/:id/referral-requests',
      {
        config: {
          rateLimit: {
            max: ASKS_PER_HOUR,
            timeWindow: HOUR_MS,
            keyGenerator: (req) => req.user?.id ?? req.ip,
          },
        },
        schema: {
          tags,
          summary:
            "The applicant asks someone in their network at the job's company for a referral (once per person)",
          security,
          params: ApplicationIdParams,
          body: ReferralRequestBody,
          response: { 201: ReferralRequestResult, ...errors },
        },
      },
      async (req, reply) => reply.status(201).send(await ask.ask(req.user!, req.params.id, req.body)),
    );

    app.get(
      '/applications/:id/referral-requests',
      {
        schema: {
          tags,
          summary: 'The referral requests the applicant sent for their application, oldest first',
          security,
          params: ApplicationIdParams,
          response: { 200: ReferralRequestList, 401: ErrorBody, 404: ErrorBody },
        },
      },
      async (req) => ask.listForApplication(req.user!, req.params.id),
    );

    app.get(
      '/referral-requests',
      {
        schema: {
          tags,
          summary: 'Referral requests sent to the caller, newest first (next page in X-Next-Cursor)',
          security,
          querystring: ReferralRequestListQuery,
          response: { 200: ReferralRequestList, 400: ErrorBody, 401: ErrorBody },
        },
      },
      async (req, reply) => {
        const { referralRequests, nextCursor } = await answers.listToMe(req.user!, req.query);
        return sendPage(reply, { nextCursor }, { referralRequests });
      },
    );

    for (const action of ['accept', 'decline'] as const) {
      app.post(
        `/referral-requests/:id/${action}`,
        {
          schema: {
            tags,
            summary:
              action === 'accept'
                ? 'The person asked accepts a referral request (the hiring team sees who referred the applicant)'
                : 'The person asked declines a referral request',
            security,
            params: ReferralIdParams,
            response: { 200: ReferralRequestResult, ...errors },
          },
        },
        async (req) => answers.answer(req.user!, req.params.id, action === 'accept'),
      );
    }
  };
}
