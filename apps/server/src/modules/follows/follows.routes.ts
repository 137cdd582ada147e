import {
  ErrorBody,
  FollowBody,
  FollowerCount,
  FollowersList,
  FollowingList,
  FollowResult,
  UserInfo,
} from '@agora/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { createFollowsService } from './follows.service.js';

const IdParam = z.object({ id: z.string().max(100) });
const errors = { 400: ErrorBody, 401: ErrorBody, 404: ErrorBody };
const tags = ['follows'];
const security = [{ bearer: [] }];

/**
 * Follows (spec 02 §7), mounted at /api/users next to modules/users (/me, /me/activity): those
 * static paths win over `/:id/...`, and `/me/info` falls through to 404 here.
 */
export function followsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const svc = createFollowsService(ctx);
  return async (app) => {
    app.post(
      '/follow',
      {
        schema: {
          tags,
          summary: 'Follows a user',
          security,
          body: FollowBody,
          response: { 200: FollowResult, ...errors },
        },
      },
      async (req) => svc.follow(req.user!, req.body.targetUserId),
    );

    app.post(
      '/unfollow',
      {
        schema: {
          tags,
          summary: 'Stops following a user',
          security,
          body: FollowBody,
          response: { 200: FollowResult, ...errors },
        },
      },
      async (req) => svc.unfollow(req.user!, req.body.targetUserId),
    );

    app.get(
      '/following',
      {
        schema: {
          tags,
          summary: 'Whom the caller follows',
          security,
          response: { 200: FollowingList, 401: ErrorBody },
        },
      },
      async (req) => svc.following(req.user!),
    );

    app.get(
      '/followers',
      {
        schema: {
          tags,
          summary: 'Who follows the caller',
          security,
          response: { 200: FollowersList, 401: ErrorBody },
        },
      },
      async (req) => svc.followers(req.user!),
    );

    app.get(
      '/:id/followers/count',
      {
        schema: {
          tags,
          summary: 'How many follow a user',
          params: IdParam,
          response: { 200: FollowerCount, 404: ErrorBody },
        },
      },
      async (req) => ({ count: (await svc.info(req.params.id)).followerCount }),
    );

    app.get(
      '/:id/info',
      {
        schema: {
          tags,
          summary: 'A user’s public profile',
          params: IdParam,
          response: { 200: UserInfo, 404: ErrorBody },
        },
      },
      async (req) => svc.info(req.params.id),
    );
  };
}
