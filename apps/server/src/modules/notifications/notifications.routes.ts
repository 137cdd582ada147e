import {
  ErrorBody,
  MarkReadBody,
  MarkReadResult,
  NotificationsList,
  NotificationsQuery,
} from '@agora/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { createNotificationsService } from './notifications.service.js';
import { sendPage } from '../../lib/http.js';

const tags = ['notifications'];
const security = [{ bearer: [] }];

/** HTTP routes of the notifications area (mounted at /api/notifications). */
export function notificationsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const service = createNotificationsService(ctx);
  return async (app) => {
    app.get(
      '/',
      {
        schema: {
          tags,
          summary: 'The caller’s notifications, newest first, with pages',
          security,
          querystring: NotificationsQuery,
          response: { 200: NotificationsList, 400: ErrorBody, 401: ErrorBody },
        },
      },
      async (req, reply) => {
        const { nextCursor, ...list } = await service.list(req.user!, {
          unread: req.query.unread,
          cursor: req.query.cursor,
          limit: req.query.limit,
        });
        return sendPage(reply, { nextCursor }, list);
      },
    );

    app.post(
      '/read',
      {
        schema: {
          tags,
          summary: 'Marks notifications read (some, or all)',
          security,
          body: MarkReadBody,
          response: { 200: MarkReadResult, 400: ErrorBody, 401: ErrorBody },
        },
      },
      async (req) => service.markRead(req.user!, req.body),
    );
  };
}
