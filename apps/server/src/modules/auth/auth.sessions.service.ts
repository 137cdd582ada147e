import type { AuthResult } from '@agora/shared';
import type { AppContext, SessionUser } from '../../context.js';
import type { Executor } from '../../db/client.js';
import type * as accounts from '../users/users.credentials.service.js';
import { toPublicUser } from '../users/users.public.js';
import { createAccessTokens } from './access-token.js';
import * as repo from './auth.repo.js';
import type { RequestMeta } from './auth.passwords.js';

/** Sessions: issuing one at sign-in, reading it back from its token, ending one or all of them. */
export function createSessionsService(ctx: AppContext) {
  const tokens = createAccessTokens(ctx.config.jwtSecret);
  const idleMs = ctx.config.sessionIdleMinutes * 60_000;

  /** A new session for a signed-in account, and its access token. */
  async function issue(user: accounts.AccountRow, meta: RequestMeta): Promise<AuthResult> {
    const session = await repo.createSession(ctx.db, user.id, meta, ctx.clock.now());
    const token = await tokens.sign({ sessionId: session.id, userId: user.id }, ctx.clock.now());
    return { token, user: toPublicUser(user) };
  }

  /** Token → session user, or null. Refuses forged, expired, revoked, idle and suspended. */
  async function authenticate(token: string): Promise<SessionUser | null> {
    const payload = await tokens.verify(token, ctx.clock.now());
    if (!payload) return null;
    const sid = String(payload.sid ?? '');
    if (!/^[0-9a-f-]{36}$/.test(sid)) return null;
    const row = await repo.findSessionWithUser(ctx.db, sid);
    if (!row || row.session.revokedAt || row.user.status !== 'active') return null;
    const now = ctx.clock.now();
    if (now.getTime() - row.session.lastSeenAt.getTime() > idleMs) return null;
    // Write at most every 15 s per session to keep reads cheap.
    if (now.getTime() - row.session.lastSeenAt.getTime() > 15_000) await repo.touchSession(ctx.db, sid, now);
    const u = row.user;
    return {
      id: u.id,
      sessionId: sid,
      email: u.email,
      name: u.name,
      displayName: u.displayName,
      role: u.role as SessionUser['role'],
    };
  }

  return {
    issue,
    authenticate,
    logout: (user: SessionUser) => repo.revokeSession(ctx.db, user.sessionId, ctx.clock.now()),
    keepalive: (user: SessionUser) => repo.touchSession(ctx.db, user.sessionId, ctx.clock.now()),
    /** `exec`: the caller's transaction when the revocation must commit with its change. */
    revokeAllSessions: (userId: string, exec: Executor = ctx.db) =>
      repo.revokeUserSessions(exec, userId, ctx.clock.now()),
  };
}

/** Starts a session for an account that just signed in or up (the sign-in use cases' last step). */
export type IssueSession = ReturnType<typeof createSessionsService>['issue'];
