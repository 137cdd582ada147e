import { CATEGORY_FOLLOW_TEXT, CategoryFollowResult, ErrorBody, FollowedCategories } from '@agora/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { registerUnsubscribeRoutes } from '../../lib/unsubscribe-routes.js';
import type { createCategoryFollowsService } from './category-follows.service.js';

// An unknown category is answered 404 by the service (it names no followable thing).
const CategoryParams = z.object({ category: z.string().max(100) });
const errors = { 400: ErrorBody, 401: ErrorBody, 404: ErrorBody };
const MANAGE = { href: '/profile', label: 'Your notification settings' };
const tags = ['questions'];
const security = [{ bearer: [] }];

/**
 * Following question categories (mounted at /api): the follow button of /questions, the profile's
 * list, and the daily digest's one-click unsubscribe (works signed out: the token names the user).
 * `svc` is the app's one category-follows service, which the alert and digest tasks run too.
 */
export function categoryFollowsRoutes(
  svc: ReturnType<typeof createCategoryFollowsService>,
): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/questions/categories/:category/follow',
      {
        schema: {
          tags,
          summary: 'Follows a question category (its daily digest)',
          security,
          params: CategoryParams,
          response: { 200: CategoryFollowResult, 201: CategoryFollowResult, ...errors },
        },
      },
      async (req, reply) => {
        const { created, ...result } = await svc.follow(req.user!, req.params.category);
        return reply.code(created ? 201 : 200).send(result);
      },
    );

    app.delete(
      '/questions/categories/:category/follow',
      {
        schema: {
          tags,
          summary: 'Stops following a question category',
          security,
          params: CategoryParams,
          response: { 204: z.null(), ...errors },
        },
      },
      async (req, reply) => {
        await svc.unfollow(req.user!, req.params.category);
        return reply.code(204).send(null);
      },
    );

    app.get(
      '/users/me/followed-categories',
      {
        schema: {
          tags,
          summary: 'The categories the caller follows',
          security,
          response: { 200: FollowedCategories, 401: ErrorBody },
        },
      },
      async (req) => svc.list(req.user!),
    );

    // The digest's unsubscribe link: GET asks, POST (the page's button, the mail client's
    // one-click) stops the digest.
    await registerUnsubscribeRoutes(app, {
      url: '/questions/categories/unsubscribe',
      tags,
      what: 'the daily digest of new questions',
      manage: MANAGE,
      action: (token) => `/api/questions/categories/unsubscribe?token=${encodeURIComponent(token)}`,
      ask: (token) =>
        svc.check(token)
          ? {
              question: CATEGORY_FOLLOW_TEXT.unsubscribeQuestion,
              button: CATEGORY_FOLLOW_TEXT.unsubscribeButton,
            }
          : null,
      unsubscribe: async (token) =>
        (await svc.unsubscribe(token)) ? CATEGORY_FOLLOW_TEXT.unsubscribed : null,
      invalid: CATEGORY_FOLLOW_TEXT.unsubscribeInvalid,
    });
  };
}
