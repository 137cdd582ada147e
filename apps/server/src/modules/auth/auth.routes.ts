import {
  AuthConfig,
  AuthResult,
  ErrorBody,
  GoogleBody,
  LoginBody,
  MeResult,
  SignupBody,
} from '@agora/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { findUserById } from './auth.repo.js';
import { type AuthService, toPublicUser } from './auth.service.js';

export function authRoutes(ctx: AppContext, auth: AuthService): FastifyPluginAsyncZod {
  return async (app) => {
    // Per-IP limit on sign-in and sign-up (shared through Redis when configured).
    const rateLimit = { max: ctx.config.authRateLimitIp, timeWindow: 60_000 };
    const meta = (req: { ip: string; headers: Record<string, unknown> }) => ({
      ip: req.ip,
      userAgent: String(req.headers['user-agent'] ?? ''),
    });

    app.post(
      '/signup',
      {
        config: { rateLimit },
        schema: { tags: ['auth'], body: SignupBody, response: { 201: AuthResult, 409: ErrorBody } },
      },
      async (req, reply) => reply.status(201).send(await auth.signup(req.body, meta(req))),
    );

    app.post(
      '/login',
      { config: { rateLimit }, schema: { tags: ['auth'], body: LoginBody, response: { 200: AuthResult } } },
      async (req) => auth.login(req.body.email, req.body.password, meta(req)),
    );

    app.post(
      '/google',
      { config: { rateLimit }, schema: { tags: ['auth'], body: GoogleBody, response: { 200: AuthResult } } },
      async (req) => auth.google(req.body.id_token, meta(req)),
    );

    app.get('/config', { schema: { tags: ['auth'], response: { 200: AuthConfig } } }, async () => ({
      googleClientId: ctx.config.google.clientId,
      sessionIdleMinutes: ctx.config.sessionIdleMinutes,
    }));

    app.get(
      '/me',
      { preHandler: app.requireUser, schema: { tags: ['auth'], response: { 200: MeResult } } },
      async (req) => {
        const user = await findUserById(ctx.db, req.user!.id);
        return { user: toPublicUser(user!) };
      },
    );

    app.post(
      '/logout',
      { preHandler: app.requireUser, schema: { tags: ['auth'], response: { 204: z.null() } } },
      async (req, reply) => {
        await auth.logout(req.user!);
        return reply.status(204).send(null);
      },
    );

    app.post(
      '/keepalive',
      { preHandler: app.requireUser, schema: { tags: ['auth'], response: { 204: z.null() } } },
      async (req, reply) => {
        await auth.keepalive(req.user!);
        return reply.status(204).send(null);
      },
    );
  };
}
