import { ErrorBody } from '@agora/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { unsubscribePage } from './unsubscribe-token.js';

const UnsubscribeQuery = z.object({ token: z.string().max(300).optional() });

export interface UnsubscribeRoutes {
  /** The path of both routes, relative to where they are registered. */
  url: string;
  tags: string[];
  /** What the link stops, for the document's summaries ("the category digest"). */
  what: string;
  /** The page's link to where the user manages these e-mails. */
  manage: { href: string; label: string };
  /** The path the page's button posts to (absolute: the page is served at `url` under /api). */
  action: (token: string) => string;
  /** The page's question and its button for a valid token, with no side effect; null when invalid. */
  ask: (token: string) => { question: string; button: string } | null;
  /** Stops the e-mails; the message saying so, or null when the token is invalid. */
  unsubscribe: (token: string) => Promise<string | null>;
  /** Said for an invalid token. */
  invalid: string;
}

const wantsHtml = (accept: string | undefined) => String(accept ?? '').includes('text/html');

/**
 * The unsubscribe link of an e-mail, the same way for every kind that carries one: the signed token
 * names who and what, so no session is needed. POST stops the e-mails: the mail client's own
 * "Unsubscribe" (RFC 8058, body "List-Unsubscribe=One-Click") and the page's button. GET, what a
 * browser does with the link in the message, only shows that page: link scanners fetch every link
 * of a message, and must not unsubscribe anyone. A browser (Accept: text/html) gets a page; any
 * other client JSON, with the CONTRACT error body for a bad token.
 */
export async function registerUnsubscribeRoutes(app: FastifyInstance, o: UnsubscribeRoutes): Promise<void> {
  // In a context of its own, so only these routes accept a form body (which is not needed).
  await app.register(async (scope) => {
    const unsub = scope.withTypeProvider<ZodTypeProvider>();
    unsub.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 1024 },
      (_req, _body, done) => done(null, undefined),
    );
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
    const invalid = { error: o.invalid, message: o.invalid, code: 'INVALID_TOKEN' };

    unsub.get(
      o.url,
      {
        schema: {
          tags: o.tags,
          summary: `The page of the unsubscribe link of ${o.what}: asks to confirm (POST); changes nothing by itself`,
          querystring: UnsubscribeQuery,
          response: responses('The question, with a button that confirms (nothing changed yet)'),
        },
      },
      async (req, reply) => {
        const token = req.query.token ?? '';
        const asked = o.ask(token);
        reply.header('cache-control', 'no-store');
        if (!wantsHtml(req.headers.accept)) {
          return asked ? reply.code(200).send({ message: asked.question }) : reply.code(400).send(invalid);
        }
        const page = asked
          ? unsubscribePage(asked.question, o.manage, { action: o.action(token), label: asked.button })
          : unsubscribePage(o.invalid, o.manage);
        return reply
          .code(asked ? 200 : 400)
          .type('text/html; charset=utf-8')
          .send(page);
      },
    );

    unsub.post(
      o.url,
      {
        schema: {
          tags: o.tags,
          summary: `One-click unsubscribe (RFC 8058) from ${o.what} (signed token, no session needed)`,
          querystring: UnsubscribeQuery,
          response: responses('Those e-mails are stopped'),
        },
      },
      async (req, reply) => {
        const done = await o.unsubscribe(req.query.token ?? '');
        reply.header('cache-control', 'no-store');
        if (!wantsHtml(req.headers.accept)) {
          return done ? reply.code(200).send({ message: done }) : reply.code(400).send(invalid);
        }
        return reply
          .code(done ? 200 : 400)
          .type('text/html; charset=utf-8')
          .send(unsubscribePage(done ?? o.invalid, o.manage));
      },
    );
  });
}
