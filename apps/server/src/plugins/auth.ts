import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { MSG } from '@agora/shared';
import type { SessionUser } from '../context.js';
import { AppError } from '../lib/errors.js';
import type { AuthService } from '../modules/auth/auth.service.js';

declare module 'fastify' {
  interface FastifyRequest {
    user: SessionUser | null;
    /** A bearer token was sent but refused (expired, revoked, forged, idle, suspended). */
    tokenRefused: boolean;
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
  app.decorate('requireAdmin', async (req: FastifyRequest) => {
    await requireUser(req);
    if (req.user!.role !== 'admin') throw new AppError('FORBIDDEN', 403, MSG.forbidden);
  });
});
