import {
  ErrorBody,
  HackathonIdParams,
  TeamCreateBody,
  TeamInviteBody,
  TeamJoinRequestBody,
  TeamList,
  TeamListQuery,
  TeamMemberParams,
  TeamParams,
  TeamRequestParams,
  TeamRequestResult,
  TeamResult,
} from '@agora/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { bearerOptional, bearer as security } from '../../lib/openapi.js';
import { createTeamsService } from './hackathons.teams.service.js';

const tags = ['hackathons'];
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };

/** Hackathon teams: the board, join requests, invitations, leaving (registered with prefix ''). */
export function hackathonTeamsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const teams = createTeamsService(ctx);

    app.post(
      '/hackathons/:id/teams',
      {
        schema: {
          tags,
          summary: 'A registered participant in no team forms one and becomes its captain',
          security,
          params: HackathonIdParams,
          body: TeamCreateBody,
          response: { 201: TeamResult, ...errors },
        },
      },
      async (req, reply) => {
        const team = await teams.createTeam(req.user!, req.params.id, req.body);
        return reply.status(201).send({ team });
      },
    );

    app.get(
      '/hackathons/:id/teams',
      {
        schema: {
          tags,
          summary:
            'Teams of a published hackathon (filter by skill wanted, lookingForMembers); myRequests: the caller’s pending requests and invitations',
          security: bearerOptional,
          params: HackathonIdParams,
          querystring: TeamListQuery,
          response: { 200: TeamList, 400: ErrorBody, 404: ErrorBody },
        },
      },
      async (req) => teams.listTeams(req.user, req.params.id, req.query),
    );

    app.get(
      '/teams/:id',
      {
        schema: {
          tags,
          summary: 'One team; its members also see its pending requests and invitations',
          security: bearerOptional,
          params: TeamParams,
          response: { 200: TeamResult, 404: ErrorBody },
        },
      },
      async (req) => ({ team: await teams.getTeam(req.user, req.params.id) }),
    );

    app.post(
      '/teams/:id/join-requests',
      {
        schema: {
          tags,
          summary: 'A registered participant in no team asks to join (the captain answers)',
          security,
          params: TeamParams,
          body: TeamJoinRequestBody.optional(),
          response: { 201: TeamRequestResult, ...errors },
        },
      },
      async (req, reply) => {
        const request = await teams.requestToJoin(req.user!, req.params.id, req.body?.message);
        return reply.status(201).send({ request });
      },
    );

    app.post(
      '/teams/:id/invites',
      {
        schema: {
          tags,
          summary: 'The captain invites an e-mail address (an account now, or whoever signs up with it)',
          security,
          params: TeamParams,
          body: TeamInviteBody,
          response: { 201: TeamRequestResult, ...errors },
        },
      },
      async (req, reply) => {
        const request = await teams.invite(req.user!, req.params.id, req.body.email);
        return reply.status(201).send({ request });
      },
    );

    app.post(
      '/team-requests/:rid/accept',
      {
        schema: {
          tags,
          summary: 'The captain accepts a join request, or the invitee an invitation; returns the team',
          security,
          params: TeamRequestParams,
          response: { 200: TeamResult, ...errors },
        },
      },
      async (req) => ({ team: await teams.accept(req.user!, req.params.rid) }),
    );

    app.post(
      '/team-requests/:rid/decline',
      {
        schema: {
          tags,
          summary: 'The answering side declines; the asking side withdraws (status cancelled)',
          security,
          params: TeamRequestParams,
          response: { 200: TeamRequestResult, ...errors },
        },
      },
      async (req) => ({ request: await teams.decline(req.user!, req.params.rid) }),
    );

    app.delete(
      '/teams/:id/members/:userId',
      {
        schema: {
          tags,
          summary: 'A member leaves, or the captain removes one (a leaving captain hands over)',
          security,
          params: TeamMemberParams,
          response: { 204: z.null(), ...errors },
        },
      },
      async (req, reply) => {
        await teams.removeMember(req.user!, req.params.id, req.params.userId);
        return reply.status(204).send(null);
      },
    );
  };
}
