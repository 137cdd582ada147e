import { createHash, randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { hash, verify } from '@node-rs/argon2';
import {
  AUTH_TEXT,
  type AuthResult,
  LIMITS,
  MSG,
  type PublicUser,
  type SignupBody,
  usableName,
} from '@agora/shared';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import type { AppContext, SessionUser } from '../../context.js';
import { type Executor, pgErrorCode } from '../../db/client.js';
import { AppError, badRequest, conflict, forbidden, tooMany, unauthorized } from '../../lib/errors.js';
import { composeMail } from '../../lib/mail-template.js';
import { enqueueMail, type MailLinkMinter } from '../../platform/mail.js';
import { passwordResetMail } from './auth.mail.js';
import { createAccessTokens } from './access-token.js';
import { isCommonPassword } from './common-passwords.js';
import * as accounts from '../users/users.credentials.service.js';
import { toPublicUser } from '../users/users.public.js';
import * as repo from './auth.repo.js';

// argon2id (algorithm 2) with the library's OWASP-level defaults.
const ARGON = { algorithm: 2 } as const;
const FAILED_LOGIN_WINDOW_MS = 15 * 60_000;
const ACCOUNT_FAILURE_WINDOW_MS = 60 * 60_000;
/** spec: a reset link works once, for 1 hour. */
const RESET_TTL_MS = 60 * 60_000;
/** Reset e-mails per address per hour; more requests still answer the same, but send nothing. */
const RESET_MAILS_PER_HOUR = 3;
/**
 * forgot-password answers no sooner than this, whether or not the account exists, so the time
 * taken does not tell (the work done for a real account is a few milliseconds).
 */
const FORGOT_MIN_MS = 400;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
let dummyHash: Promise<string> | null = null;

/** The kind of mail link a password reset e-mail carries (src/mail-links.ts). */
export const PASSWORD_RESET_LINK = 'password-reset';

/**
 * Mints a reset e-mail's link as it is sent: a fresh 256-bit token whose SHA-256 the reset keeps
 * (replacing one minted for an earlier attempt). The token is never stored; null when the reset
 * was used, replaced by a newer one or has expired.
 */
export function passwordResetLink(publicUrl: string): MailLinkMinter {
  return async (db, id, now) => {
    const token = randomBytes(32).toString('base64url');
    const minted = await repo.mintPasswordReset(db, id, hashToken(token), now);
    return minted ? `${publicUrl}/reset-password?token=${token}` : null;
  };
}

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON);
}

export interface RequestMeta {
  ip?: string;
  userAgent?: string;
}

export function createAuthService(ctx: AppContext) {
  const tokens = createAccessTokens(ctx.config.jwtSecret);
  const idleMs = ctx.config.sessionIdleMinutes * 60_000;
  let jwks: ReturnType<typeof createRemoteJWKSet> | null = null;

  async function issue(user: accounts.AccountRow, meta: RequestMeta): Promise<AuthResult> {
    const session = await repo.createSession(ctx.db, user.id, meta, ctx.clock.now());
    const token = await tokens.sign({ sessionId: session.id, userId: user.id }, ctx.clock.now());
    return { token, user: toPublicUser(user) };
  }

  async function signup(body: SignupBody, meta: RequestMeta): Promise<AuthResult> {
    if (isCommonPassword(body.password)) {
      badRequest(MSG.passwordTooCommon, [{ field: 'body.password', message: MSG.passwordTooCommon }]);
    }
    const passwordHash = await hashPassword(body.password);
    let user: accounts.AccountRow;
    try {
      user = await accounts.createAccount(ctx.db, {
        email: body.email,
        name: body.name,
        displayName: body.name,
        passwordHash,
        role: body.role ?? 'user',
      });
    } catch (err) {
      if (pgErrorCode(err) === '23505') conflict('EMAIL_TAKEN', MSG.emailTaken);
      throw err;
    }
    return issue(user, meta);
  }

  async function login(email: string, password: string, meta: RequestMeta): Promise<AuthResult> {
    const account = email.toLowerCase();
    // Two limits, so a stranger cannot lock the owner out. Per account AND address: counted before the password is checked, so
    // guesses sent at the same moment cannot all slip under it; a success clears it. Per account
    // from every address, a much higher threshold: past it, only addresses this account has signed
    // in from before may still try, so a stranger elsewhere never locks the right password out.
    const pairKey = `login-fail:${account}|${meta.ip ?? ''}`;
    const accountKey = `login-fail-account:${account}`;
    const attempt = await ctx.counters.incr(pairKey, FAILED_LOGIN_WINDOW_MS);
    if (attempt.count > ctx.config.loginFailuresPerAccount) {
      tooMany(MSG.tooManyAttempts, Math.max(1, Math.ceil(attempt.ttlMs / 1000)));
    }
    const user = await accounts.accountWithEmail(ctx.db, email);
    const accountFailures = await ctx.counters.get(accountKey);
    if (
      accountFailures.count >= ctx.config.loginFailuresPerAccountTotal &&
      !(user && meta.ip && (await repo.hasSignedInFrom(ctx.db, user.id, meta.ip)))
    ) {
      tooMany(MSG.tooManyAttempts, Math.max(1, Math.ceil(accountFailures.ttlMs / 1000)));
    }
    // Verify against a dummy hash when the account does not exist, so timing does not reveal it.
    dummyHash ??= hashPassword('dummy-password-for-timing');
    const ok = await verify(user?.passwordHash ?? (await dummyHash), password).catch(() => false);
    if (!user?.passwordHash || !ok) {
      await ctx.counters.incr(accountKey, ACCOUNT_FAILURE_WINDOW_MS);
      unauthorized(MSG.invalidCredentials);
    }
    if (user!.status !== 'active') forbidden(MSG.accountSuspended);
    await ctx.counters.reset(pairKey);
    return issue(user!, meta);
  }

  /** Always the same answer, in about the same time: no account enumeration. */
  async function forgotPassword(email: string): Promise<{ message: string }> {
    const started = performance.now();
    try {
      const account = email.toLowerCase();
      const sent = await ctx.counters.incr(`reset-mail:${account}`, 60 * 60_000);
      const user = await accounts.accountWithEmail(ctx.db, account);
      if (user && user.status === 'active' && sent.count <= RESET_MAILS_PER_HOUR) {
        const now = ctx.clock.now();
        await ctx.db.transaction(async (tx) => {
          const reset = await repo.createPasswordReset(
            tx,
            user.id,
            now,
            new Date(now.getTime() + RESET_TTL_MS),
          );
          // The link itself is minted as the e-mail is sent (passwordResetLink): the outbox, and
          // so every backup, holds only this reference.
          await enqueueMail(tx, {
            ...composeMail(passwordResetMail, { displayName: user.displayName }, user.email),
            link: { kind: PASSWORD_RESET_LINK, id: reset.id },
          });
        });
      }
    } finally {
      const left = FORGOT_MIN_MS - (performance.now() - started);
      if (left > 0) await sleep(left);
    }
    return { message: AUTH_TEXT.forgotSent };
  }

  /** Sets the password from a reset link (single use, 1 hour) and ends every session of the account. */
  async function resetPassword(token: string, password: string): Promise<{ message: string }> {
    if (isCommonPassword(password)) {
      badRequest(MSG.passwordTooCommon, [{ field: 'body.password', message: MSG.passwordTooCommon }]);
    }
    const passwordHash = await hashPassword(password);
    const now = ctx.clock.now();
    const user = await ctx.db.transaction(async (tx) => {
      const reset = await repo.consumePasswordReset(tx, hashToken(token), now);
      if (!reset) return null;
      await accounts.setAccountPassword(tx, reset.userId, passwordHash);
      await repo.revokeUserSessions(tx, reset.userId, now);
      return accounts.accountWithId(tx, reset.userId);
    });
    if (!user) throw new AppError('RESET_INVALID', 400, AUTH_TEXT.resetInvalid);
    // Whoever reset the password proved they own the e-mail: failed guesses no longer hold them back.
    await ctx.counters.reset(`login-fail-account:${user.email}`);
    return { message: AUTH_TEXT.resetDone };
  }

  async function google(idToken: string, meta: RequestMeta): Promise<AuthResult> {
    const clientId = ctx.config.google.clientId;
    if (!clientId) throw new AppError('GOOGLE_DISABLED', 404, 'Google sign-in is not enabled');
    jwks ??= createRemoteJWKSet(new URL(ctx.config.google.jwksUrl), { timeoutDuration: 5000 });
    let payload: Record<string, unknown>;
    try {
      ({ payload } = await jwtVerify(idToken, jwks, {
        issuer: ['https://accounts.google.com', 'accounts.google.com'],
        audience: clientId,
        algorithms: ['RS256'],
        currentDate: ctx.clock.now(),
      }));
    } catch {
      return unauthorized('Google sign-in failed: invalid token');
    }
    const sub = String(payload.sub ?? '');
    const email = String(payload.email ?? '').toLowerCase();
    if (!sub || !email || payload.email_verified !== true)
      unauthorized('Google sign-in failed: e-mail not verified');
    let user = await accounts.accountWithGoogleSub(ctx.db, sub);
    if (!user) {
      const byEmail = await accounts.accountWithEmail(ctx.db, email);
      if (byEmail) {
        // Link the verified Google identity to the existing account with the same e-mail. Whoever
        // signed up with that e-mail never proved they own it: their password and sessions end, so
        // an account squatted before its owner arrived is the owner's alone from now on.
        user = await ctx.db.transaction(async (tx) => {
          const linked = await accounts.linkGoogleIdentity(tx, byEmail.id, sub);
          await repo.revokeUserSessions(tx, byEmail.id, ctx.clock.now());
          return linked;
        });
      } else {
        // Google's profile name is chosen outside Agora, so it meets the name rule of sign-up here
        // (domain/visible-text.ts): hidden and text-direction characters are removed; if what is
        // left is empty or reserved ("Administrator"), the e-mail's local part is tried the same
        // way (what a profile without a name always got), and failing that "Agora user". Never
        // refused: the person proved who they are, and can rename themselves on their profile.
        const name = usableName(
          [typeof payload.name === 'string' ? payload.name : null, email.split('@')[0]],
          LIMITS.nameMax,
        );
        user = await accounts.createAccount(ctx.db, {
          email,
          name,
          displayName: name,
          googleSub: sub,
          role: 'user',
        });
      }
    }
    if (user!.status !== 'active') forbidden(MSG.accountSuspended);
    return issue(user!, meta);
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
    signup,
    login,
    google,
    forgotPassword,
    resetPassword,
    authenticate,
    logout: (user: SessionUser) => repo.revokeSession(ctx.db, user.sessionId, ctx.clock.now()),
    keepalive: (user: SessionUser) => repo.touchSession(ctx.db, user.sessionId, ctx.clock.now()),
    /** `exec`: the caller's transaction when the revocation must commit with its change. */
    revokeAllSessions: (userId: string, exec: Executor = ctx.db) =>
      repo.revokeUserSessions(exec, userId, ctx.clock.now()),

    /** ADMIN_EMAIL / ADMIN_PASSWORD: make sure this admin exists (idempotent). */
    async ensureAdmin(email: string, password: string): Promise<void> {
      const existing = await accounts.accountWithEmail(ctx.db, email);
      if (!existing) {
        try {
          await accounts.createAccount(ctx.db, {
            email,
            name: 'Administrator',
            displayName: 'Administrator',
            passwordHash: await hashPassword(password),
            role: 'admin',
          });
        } catch (err) {
          // Another instance starting at the same moment created it first: nothing left to do.
          if (pgErrorCode(err) !== '23505') throw err;
        }
      } else if (existing.role !== 'admin') {
        // Someone registered the admin's e-mail first: the configured password replaces theirs and
        // their sessions end, so the promotion hands nothing to whoever signed up.
        await ctx.db.transaction(async (tx) => {
          await accounts.promoteToAdmin(tx, existing.id, await hashPassword(password));
          await repo.revokeUserSessions(tx, existing.id, ctx.clock.now());
        });
      } else if (existing.status !== 'active') {
        await accounts.promoteToAdmin(ctx.db, existing.id, null);
      }
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
