import {
  ClaimOrganizationBody,
  ClaimResult,
  CreateOrganizationBody,
  ErrorBody,
  IdeaOrganizationsBody,
  IdeaResponse,
  IdeaResponseBody,
  Organization,
  OrganizationDetail,
  OrganizationIdea,
  OrganizationIdeasQuery,
  OrganizationsQuery,
  OrganizationSummary,
  VerifyOrganizationBody,
  VerifyResult,
} from '@agora/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { sendPage } from '../../lib/http.js';
import { bearer, bearerOptional } from '../../lib/openapi.js';
import type { OrganizationIdeas } from './organizations.ideas.js';
import { createOrganizationsService } from './organizations.service.js';

const tags = ['organizations'];
const IdParam = z.object({ id: z.string().max(100) });
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
const HOUR_MS = 3_600_000;

/**
 * Organisations (companies, governments, NGOs) that ideas tag, their verified members, their inbox
 * of tagged ideas and their official responses. Mounted under /api (full paths below).
 */
export function organizationsRoutes(ctx: AppContext, ideas: OrganizationIdeas): FastifyPluginAsyncZod {
  const svc = createOrganizationsService(ctx, ideas);
  return async (app) => {
    app.post(
      '/organizations',
      {
        config: {
          rateLimit: { max: 20, timeWindow: HOUR_MS, keyGenerator: (req) => req.user?.id ?? req.ip },
        },
        schema: {
          tags,
          summary: 'Adds an organisation (unverified until a member proves an address at its domain)',
          security: bearer,
          body: CreateOrganizationBody,
          response: { 201: Organization, ...errors, 429: ErrorBody },
        },
      },
      async (req, reply) => reply.status(201).send(await svc.create(req.user!, req.body)),
    );

    app.get(
      '/organizations',
      {
        schema: {
          tags,
          summary: 'Organisations by name (verified first)',
          security: bearerOptional,
          querystring: OrganizationsQuery,
          response: { 200: z.array(Organization), 400: ErrorBody },
        },
      },
      async (req) => svc.search(req.user, req.query.q, req.query.limit),
    );

    app.get(
      '/organizations/mine',
      {
        schema: {
          tags,
          summary: 'The organisations the caller is a verified member of',
          security: bearer,
          response: { 200: z.array(Organization), 401: ErrorBody },
        },
      },
      async (req) => svc.mine(req.user!),
    );

    app.post(
      '/organizations/verify',
      {
        config: { rateLimit: { max: 20, timeWindow: 60_000 } },
        schema: {
          tags,
          summary: 'The e-mailed token makes the caller a verified member (single use, 24 hours)',
          security: bearer,
          body: VerifyOrganizationBody,
          response: { 200: VerifyResult, ...errors, 429: ErrorBody },
        },
      },
      async (req) => svc.verify(req.user!, req.body.token),
    );

    app.get(
      '/organizations/:id',
      {
        schema: {
          tags,
          summary: 'An organisation with the first page of the ideas that tag it',
          security: bearerOptional,
          params: IdParam,
          querystring: OrganizationIdeasQuery.pick({ limit: true }),
          response: { 200: OrganizationDetail, 400: ErrorBody, 404: ErrorBody },
        },
      },
      async (req) => svc.detail(req.user, req.params.id, req.query.limit),
    );

    app.get(
      '/organizations/:id/ideas',
      {
        schema: {
          tags,
          summary: 'Ideas that tag the organisation, most recently tagged first (cursor in X-Next-Cursor)',
          params: IdParam,
          querystring: OrganizationIdeasQuery,
          response: { 200: z.array(OrganizationIdea), 400: ErrorBody, 404: ErrorBody },
        },
      },
      async (req, reply) => {
        const p = await svc.ideas(req.params.id, req.query.cursor, req.query.limit);
        return sendPage(reply, p);
      },
    );

    app.get(
      '/organizations/:id/inbox',
      {
        schema: {
          tags,
          summary: 'The members’ inbox: tagged ideas with the organisation’s response status (members only)',
          security: bearer,
          params: IdParam,
          querystring: OrganizationIdeasQuery,
          response: { 200: z.array(OrganizationIdea), ...errors },
        },
      },
      async (req, reply) => {
        const p = await svc.inbox(req.user!, req.params.id, req.query.cursor, req.query.limit);
        return sendPage(reply, p);
      },
    );

    app.post(
      '/organizations/:id/claim',
      {
        config: {
          rateLimit: { max: 10, timeWindow: HOUR_MS, keyGenerator: (req) => req.user?.id ?? req.ip },
        },
        schema: {
          tags,
          summary:
            'E-mails a verification link (single use, 24 hours) to an address at the organisation’s domain',
          security: bearer,
          params: IdParam,
          body: ClaimOrganizationBody,
          response: { 200: ClaimResult, ...errors, 429: ErrorBody },
        },
      },
      async (req) => svc.claim(req.user!, req.params.id, req.body.email),
    );

    app.put(
      '/ideas/:id/organizations',
      {
        schema: {
          tags,
          summary:
            'Sets the organisations an idea tags (≤ 3; its author); newly tagged ones’ members are notified',
          security: bearer,
          params: IdParam,
          body: IdeaOrganizationsBody,
          response: { 200: z.object({ organizations: z.array(OrganizationSummary) }), ...errors },
        },
      },
      async (req) => ({
        organizations: await svc.setTags(req.user!, req.params.id, req.body.organizationIds),
      }),
    );

    app.post(
      '/ideas/:id/responses',
      {
        schema: {
          tags,
          summary: 'An official response by a verified member of an organisation the idea tags',
          security: bearer,
          params: IdParam,
          body: IdeaResponseBody,
          response: { 201: IdeaResponse, ...errors },
        },
      },
      async (req, reply) => reply.status(201).send(await svc.respond(req.user!, req.params.id, req.body)),
    );
  };
}
