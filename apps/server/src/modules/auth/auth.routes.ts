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
import type { createUsersService } from '../users/users.service.js';
import type { AuthService } from './auth.service.js';
import { bearer as security } from '../../lib/openapi.js';

/** `auth` and `users`: the app's one service of each (modules/services.ts), which other routes use too. */
export function authRoutes(
  ctx: AppContext,
  auth: AuthService,
  users: ReturnType<typeof createUsersService>,
): FastifyPluginAsyncZod {
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
        schema: {
          tags: ['auth'],
          summary: 'Creates an account and signs it in',
          body: SignupBody,
          response: { 201: AuthResult, 409: ErrorBody },
        },
      },
      async (req, reply) => reply.status(201).send(await auth.signup(req.body, meta(req))),
    );

    app.post(
      '/login',
      {
        config: { rateLimit },
        schema: {
          tags: ['auth'],
          summary: 'Signs in with e-mail and password',
          description: '401 for a wrong e-mail or password, 403 for a suspended account.',
          body: LoginBody,
          response: { 200: AuthResult, 401: ErrorBody, 403: ErrorBody },
        },
      },
      async (req) => auth.login(req.body.email, req.body.password, meta(req)),
    );

    app.post(
      '/google',
      {
        config: { rateLimit },
        schema: {
          tags: ['auth'],
          summary: 'Signs in (or up) with a Google ID token',
          description:
            '404 when Google sign-in is not configured; 401 for a token Google did not issue for this site.',
          body: GoogleBody,
          response: { 200: AuthResult, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody },
        },
      },
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

    app.get(
      '/config',
      {
        schema: { tags: ['auth'], summary: 'Sign-in settings the web needs', response: { 200: AuthConfig } },
      },
      async () => ({
        googleClientId: ctx.config.google.clientId,
        sessionIdleMinutes: ctx.config.sessionIdleMinutes,
      }),
    );

    app.get(
      '/me',
      { schema: { tags: ['auth'], summary: 'The signed-in account', security, response: { 200: MeResult } } },
      async (req) => {
        // The same account read as GET /api/users/me (its service; 404 "User not found" when gone).
        return { user: await users.me(req.user!) };
      },
    );

    app.post(
      '/logout',
      {
        schema: {
          tags: ['auth'],
          summary: 'Signs out: the token is revoked',
          security,
          response: { 204: z.null() },
        },
      },
      async (req, reply) => {
        await auth.logout(req.user!);
        return reply.status(204).send(null);
      },
    );

    app.post(
      '/keepalive',
      {
        schema: {
          tags: ['auth'],
          summary: 'Keeps the session alive (the "Stay Logged In" button)',
          security,
          response: { 204: z.null() },
        },
      },
      async (req, reply) => {
        await auth.keepalive(req.user!);
        return reply.status(204).send(null);
      },
    );
  };
}
