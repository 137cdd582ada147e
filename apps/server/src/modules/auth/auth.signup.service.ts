import { type AuthResult, MSG, type SignupBody } from '@agora/shared';
import type { AppContext } from '../../context.js';
import { pgErrorCode } from '../../db/client.js';
import { badRequest, conflict } from '../../lib/errors.js';
import * as accounts from '../users/users.credentials.service.js';
import * as repo from './auth.repo.js';
import type { IssueSession } from './auth.sessions.service.js';
import { hashPassword, type RequestMeta } from './auth.passwords.js';
import { isCommonPassword } from './common-passwords.js';

/** Accounts with a password: signing up, and the configured admin made sure of at start. */
export function createSignupService(ctx: AppContext, issue: IssueSession) {
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

  return {
    signup,

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
