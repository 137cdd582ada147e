import {
  AuthConfig,
  AuthResult,
  ErrorBody,
  ForgotPasswordBody,
  GoogleBody,
  LoginBody,
  MeResult,
  MessageResult,
  ResetPasswordBody,
  SignupBody,
} from '@agora/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { createUsersService } from '../users/users.service.js';
import type { AuthService } from './auth.service.js';

export function authRoutes(ctx: AppContext, auth: AuthService): FastifyPluginAsyncZod {
  const users = createUsersService(ctx);
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

    // Password reset. Same per-IP limit as sign-in; the e-mail itself is limited per
    // address in the service. The answer never says whether the account exists.
    app.post(
      '/forgot-password',
      {
        config: { rateLimit: { max: Math.min(ctx.config.authRateLimitIp, 10), timeWindow: 60_000 } },
        schema: {
          tags: ['auth'],
          summary: 'E-mails a single-use link (1 hour) to reset the password; always 200 with the same body',
          body: ForgotPasswordBody,
          response: { 200: MessageResult },
        },
      },
      async (req) => auth.forgotPassword(req.body.email),
    );

    app.post(
      '/reset-password',
      {
        config: { rateLimit },
        schema: {
          tags: ['auth'],
          summary: 'Sets a new password from a reset link; every session of the account ends',
          body: ResetPasswordBody,
          response: { 200: MessageResult, 400: ErrorBody },
        },
      },
      async (req) => auth.resetPassword(req.body.token, req.body.password),
    );

    app.get('/config', { schema: { tags: ['auth'], response: { 200: AuthConfig } } }, async () => ({
      googleClientId: ctx.config.google.clientId,
      sessionIdleMinutes: ctx.config.sessionIdleMinutes,
    }));

    app.get(
      '/me',
      { preHandler: app.requireUser, schema: { tags: ['auth'], response: { 200: MeResult } } },
      async (req) => {
        // The same account read as GET /api/users/me (its service; 404 "User not found" when gone).
        return { user: await users.me(req.user!) };
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
