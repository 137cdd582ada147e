import { verify } from '@node-rs/argon2';
import { type AuthResult, MSG } from '@agora/shared';
import type { AppContext } from '../../context.js';
import { forbidden, tooMany, unauthorized } from '../../lib/errors.js';
import * as accounts from '../users/users.credentials.service.js';
import * as repo from './auth.repo.js';
import type { IssueSession } from './auth.sessions.service.js';
import { hashPassword, type RequestMeta } from './auth.passwords.js';

const FAILED_LOGIN_WINDOW_MS = 15 * 60_000;
const ACCOUNT_FAILURE_WINDOW_MS = 60 * 60_000;

let dummyHash: Promise<string> | null = null;

/** Signing in with e-mail and password, limited per account and address. */
export function createLoginService(ctx: AppContext, issue: IssueSession) {
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

  return { login };
}
