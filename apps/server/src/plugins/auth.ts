import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onRequestHookHandler,
  RouteOptions,
} from 'fastify';
import fp from 'fastify-plugin';
import { MSG } from '@agora/shared';
import type { SessionUser } from '../context.js';
import { AppError } from '../lib/errors.js';
import { requiresBearer } from '../lib/openapi.js';
import type { AuthService } from '../modules/auth/auth.service.js';

declare module 'fastify' {
  interface FastifyRequest {
    user: SessionUser | null;
    /** A bearer token was sent but refused (expired, revoked, forged, idle, suspended). */
    tokenRefused: boolean;
  }
  interface FastifyContextConfig {
    /** The 401 sentence of a route whose `security` needs a token, when not the generic one. */
    authMessage?: string;
  }
  interface FastifyInstance {
    requireUser: (req: FastifyRequest, reply: FastifyReply) => Promise<void>;
    requireAdmin: (req: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
}

/** Resolves the bearer token to a session user on every API request; routes opt in with requireUser. */
export const authPlugin = fp(async (app: FastifyInstance, opts: { auth: AuthService }) => {
  app.decorateRequest('user', null);
  app.decorateRequest('tokenRefused', false);

  // A callback hook: an anonymous request (most of them, and every cached one) costs no promise.
  app.addHook('onRequest', (req, _reply, next) => {
    const header = req.headers.authorization;
    if (!header || !req.url.startsWith('/api/')) return next();
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match) {
      req.user = null;
      req.tokenRefused = true;
      return next();
    }
    opts.auth.authenticate(match[1]!).then(
      (user) => {
        req.user = user;
        req.tokenRefused = !user;
        next();
      },
      (err: Error) => next(err),
    );
  });

  const requireUser = async (req: FastifyRequest) => {
    if (!req.user) {
      throw new AppError('UNAUTHORIZED', 401, req.tokenRefused ? MSG.sessionExpired : MSG.authRequired);
    }
  };
  app.decorate('requireUser', requireUser);

  // A route whose OpenAPI `security` needs a bearer token (lib/openapi.ts `bearer`) is refused
  // with 401 here, at onRequest — before its body is read, parsed or validated, so a client
  // without a token is told 401, never 400. The declaration is the guard: the document and the
  // server cannot disagree. Appended after the per-client limit hook, so refusals still count.
  app.addHook('onRoute', (route: RouteOptions) => {
    const schema = route.schema as { security?: unknown } | undefined;
    if (!requiresBearer(schema?.security)) return;
    const message = (route.config as { authMessage?: string } | undefined)?.authMessage;
    const guard: onRequestHookHandler = (req, _reply, done) => {
      if (req.user) return done();
      const sentence = req.tokenRefused ? MSG.sessionExpired : (message ?? MSG.authRequired);
      done(new AppError('UNAUTHORIZED', 401, sentence));
    };
    const existing = route.onRequest;
    route.onRequest = (
      existing === undefined ? [guard] : Array.isArray(existing) ? [...existing, guard] : [existing, guard]
    ) as never;
  });
  app.decorate('requireAdmin', async (req: FastifyRequest) => {
    await requireUser(req);
    if (req.user!.role !== 'admin') throw new AppError('FORBIDDEN', 403, MSG.forbidden);
  });
});
