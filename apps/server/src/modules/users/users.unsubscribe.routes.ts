import { EMAIL_PREFERENCE_TEXT, ErrorBody } from '@agora/shared';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { unsubscribePage } from '../../lib/unsubscribe-token.js';
import { createMailPreferencesService, type MailPreference } from './users.mail-preferences.js';

const UnsubscribeQuery = z.object({ token: z.string().max(300).optional() });
const MANAGE = { href: '/profile', label: EMAIL_PREFERENCE_TEXT.manage };
const tags = ['users'];

const DONE: Record<MailPreference, string> = {
  notifications: EMAIL_PREFERENCE_TEXT.notificationsOff,
  reminders: EMAIL_PREFERENCE_TEXT.remindersOff,
};
const CONFIRM: Record<MailPreference, string> = {
  notifications: EMAIL_PREFERENCE_TEXT.confirmNotifications,
  reminders: EMAIL_PREFERENCE_TEXT.confirmReminders,
};

const wantsHtml = (accept: string | undefined) => String(accept ?? '').includes('text/html');

/**
 * The one-click unsubscribe of notification and reminder e-mails (mounted at /api/users): the
 * signed token names the user and what to stop, so no session is needed. POST stops them: the
 * mail client's own "Unsubscribe" (RFC 8058, body "List-Unsubscribe=One-Click") and the button of
 * the page. GET, what a browser does with the link in the message, only shows that page: link
 * scanners fetch every link of a message, and must not unsubscribe anyone.
 */
export function mailPreferencesRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const svc = createMailPreferencesService(ctx);
  return async (app) => {
    // In a context of its own, so only these routes accept a form body (which is not needed).
    await app.register(async (scope) => {
      const unsub = scope.withTypeProvider<ZodTypeProvider>();
      unsub.addContentTypeParser(
        'application/x-www-form-urlencoded',
        { parseAs: 'string', bodyLimit: 1024 },
        (_req, _body, done) => done(null, undefined),
      );
      // A browser (Accept: text/html) gets a page; any other client JSON.
      const responses = (done: string) => ({
        200: {
          description: done,
          content: {
            'application/json': { schema: z.object({ message: z.string() }) },
            'text/html': { schema: z.string() },
          },
        },
        400: {
          description: 'The token is invalid: a page for a browser, else the error body',
          content: { 'application/json': { schema: ErrorBody }, 'text/html': { schema: z.string() } },
        },
      });

      unsub.get(
        '/unsubscribe',
        {
          schema: {
            tags,
            summary:
              'The page of an e-mail’s unsubscribe link: asks to confirm (POST); changes nothing by itself',
            querystring: UnsubscribeQuery,
            response: responses('The question, with a button that confirms (nothing changed yet)'),
          },
        },
        async (req, reply) => {
          const token = req.query.token ?? '';
          const preference = svc.check(token);
          reply.header('cache-control', 'no-store');
          if (!wantsHtml(req.headers.accept)) {
            if (preference) return reply.code(200).send({ message: EMAIL_PREFERENCE_TEXT.confirmQuestion });
            const message = EMAIL_PREFERENCE_TEXT.linkInvalid;
            return reply.code(400).send({ error: message, message, code: 'INVALID_TOKEN' });
          }
          const page = preference
            ? unsubscribePage(EMAIL_PREFERENCE_TEXT.confirmQuestion, MANAGE, {
                action: `/api/users/unsubscribe?token=${encodeURIComponent(token)}`,
                label: CONFIRM[preference],
              })
            : unsubscribePage(EMAIL_PREFERENCE_TEXT.linkInvalid, MANAGE);
          return reply
            .code(preference ? 200 : 400)
            .type('text/html; charset=utf-8')
            .send(page);
        },
      );

      unsub.post(
        '/unsubscribe',
        {
          schema: {
            tags,
            summary:
              'One-click unsubscribe (RFC 8058) from notification or reminder e-mails (signed token, no session needed)',
            querystring: UnsubscribeQuery,
            response: responses('Those e-mails are stopped'),
          },
        },
        async (req, reply) => {
          const preference = await svc.unsubscribe(req.query.token ?? '');
          const message = preference ? DONE[preference] : EMAIL_PREFERENCE_TEXT.linkInvalid;
          reply.header('cache-control', 'no-store');
          if (!wantsHtml(req.headers.accept)) {
            if (preference) return reply.code(200).send({ message });
            return reply.code(400).send({ error: message, message, code: 'INVALID_TOKEN' });
          }
          return reply
            .code(preference ? 200 : 400)
            .type('text/html; charset=utf-8')
            .send(unsubscribePage(message, MANAGE));
        },
      );
    });
  };
}
