import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { AUTH_TEXT, MSG } from '@agora/shared';
import type { AppContext } from '../../context.js';
import { AppError, badRequest } from '../../lib/errors.js';
import { composeMail } from '../../lib/mail-template.js';
import { enqueueMail, type MailLinkMinter } from '../../platform/mail.js';
import * as accounts from '../users/users.credentials.service.js';
import { passwordResetMail } from './auth.mail.js';
import * as repo from './auth.repo.js';
import { hashPassword, hashToken } from './auth.passwords.js';
import { isCommonPassword } from './common-passwords.js';

/** spec: a reset link works once, for 1 hour. */
const RESET_TTL_MS = 60 * 60_000;
/** Reset e-mails per address per hour; more requests still answer the same, but send nothing. */
const RESET_MAILS_PER_HOUR = 3;
/**
 * forgot-password answers no sooner than this, whether or not the account exists, so the time
 * taken does not tell (the work done for a real account is a few milliseconds).
 */
const FORGOT_MIN_MS = 400;

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

/** Forgotten passwords: the reset e-mail, and setting a new password from its link. */
export function createPasswordReset(ctx: AppContext) {
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

  return { forgotPassword, resetPassword };
}
