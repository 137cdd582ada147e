import { CATEGORY_FOLLOW_TEXT, CategoryFollowResult, ErrorBody, FollowedCategories } from '@agora/shared';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { unsubscribePage } from '../../lib/unsubscribe-token.js';
import { createCategoryFollowsService } from './category-follows.service.js';

// An unknown category is answered 404 by the service (it names no followable thing).
const CategoryParams = z.object({ category: z.string().max(100) });
const UnsubscribeQuery = z.object({ token: z.string().max(300).optional() });
const errors = { 400: ErrorBody, 401: ErrorBody, 404: ErrorBody };
const MANAGE = { href: '/profile', label: 'Your notification settings' };
const tags = ['questions'];
const security = [{ bearer: [] }];

/**
 * Following question categories (mounted at /api): the follow button of /questions, the profile's
 * list, and the daily digest's one-click unsubscribe (works signed out: the token names the user).
 */
export function categoryFollowsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const svc = createCategoryFollowsService(ctx);
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

    // The link in the digest (GET, from a browser) and the mail client's one-click unsubscribe
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
        summary: 'Stops the category digest from its e-mail link (the token names the user)',
        querystring: UnsubscribeQuery,
        // A browser (Accept: text/html) gets a page either way; any other client gets the
        // CONTRACT error body for a bad token, as for every other error.
        response: {
          200: {
            description: 'The page saying it is done',
            content: { 'text/html': { schema: z.string() } },
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
          url: '/questions/categories/unsubscribe',
          schema,
          handler: async (req, reply) => {
            const ok = await svc.unsubscribe(req.query.token ?? '');
            if (!ok && !String(req.headers.accept ?? '').includes('text/html')) {
              const message = CATEGORY_FOLLOW_TEXT.unsubscribeInvalid;
              return reply.code(400).send({ error: message, message, code: 'INVALID_TOKEN' });
            }
            return reply
              .code(ok ? 200 : 400)
              .type('text/html; charset=utf-8')
              .header('cache-control', 'no-store')
              .send(
                unsubscribePage(
                  ok ? CATEGORY_FOLLOW_TEXT.unsubscribed : CATEGORY_FOLLOW_TEXT.unsubscribeInvalid,
                  MANAGE,
                ),
              );
          },
        });
      }
    });
  };
}
