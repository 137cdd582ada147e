import { CollaborationRequest, CollaborationRequestBody, ErrorBody } from '@agora/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { bearer } from '../../lib/openapi.js';
import { createCollaborationService } from './ideas.collaboration.service.js';

const tags = ['ideas'];
const IdParam = z.object({ id: z.string().max(100) });
const RequestParam = z.object({ rid: z.string().max(100) });
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
const HOUR_MS = 3_600_000;

/** Collaborators on an idea: requests to join its team, the author's answers, leaving. Mounted under /api. */
export function ideaCollaborationRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const svc = createCollaborationService(ctx);
  return async (app) => {
    app.post(
      '/ideas/:id/collaboration-requests',
      {
        config: {
          rateLimit: { max: 30, timeWindow: HOUR_MS, keyGenerator: (req) => req.user?.id ?? req.ip },
        },
        schema: {
          tags,
          summary: 'Asks to join the idea’s team as a collaborator, mentor or expert (once while pending)',
          security: bearer,
          params: IdParam,
          body: CollaborationRequestBody,
          response: { 201: CollaborationRequest, ...errors, 429: ErrorBody },
        },
      },
      async (req, reply) => reply.status(201).send(await svc.request(req.user!, req.params.id, req.body)),
    );

    app.get(
      '/ideas/:id/collaboration-requests',
      {
        schema: {
          tags,
          summary: 'The requests to join the idea’s team, pending first (its author)',
          security: bearer,
          params: IdParam,
          response: { 200: z.array(CollaborationRequest), ...errors },
        },
      },
      async (req) => svc.list(req.user!, req.params.id),
    );

    app.get(
      '/ideas/:id/collaboration-requests/mine',
      {
        schema: {
          tags,
          summary: 'The caller’s pending request on the idea, if any',
          security: bearer,
          params: IdParam,
          response: { 200: z.object({ request: CollaborationRequest.nullable() }), ...errors },
        },
      },
      async (req) => ({ request: await svc.mine(req.user!, req.params.id) }),
    );

    for (const action of ['accept', 'decline'] as const) {
      app.post(
        `/collaboration-requests/:rid/${action}`,
        {
          schema: {
            tags,
            summary:
              action === 'accept'
                ? 'The idea’s author accepts: the person joins its team'
                : 'The idea’s author declines the request',
            security: bearer,
            params: RequestParam,
            response: { 200: CollaborationRequest, ...errors },
          },
        },
        async (req) => svc.decide(req.user!, req.params.rid, action === 'accept'),
      );
    }

    app.delete(
      '/ideas/:id/team/me',
      {
        schema: {
          tags,
          summary: 'Leaves the idea’s team',
          security: bearer,
          params: IdParam,
          response: { 204: z.null(), ...errors },
        },
      },
      async (req, reply) => {
        await svc.leave(req.user!, req.params.id);
        return reply.status(204).send(null);
      },
    );
  };
}
