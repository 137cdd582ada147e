import type { AppContext } from '../../context.js';
import { readUnsubscribeTokenFor, signUnsubscribeToken } from '../../lib/unsubscribe-token.js';
import { turnOffCategoryDigest } from '../users/users.service.js';

/** What this area's unsubscribe tokens stop (lib/unsubscribe-token.ts). */
const DIGEST_PURPOSE = 'category-digest';

/** `<purpose>.<user id>.<signature>`: names the user and what to stop; it does not expire. */
export function unsubscribeToken(jwtSecret: string, userId: string, purpose = DIGEST_PURPOSE): string {
  return signUnsubscribeToken(jwtSecret, purpose, userId);
}

/** The user an unsubscribe token names, when its signature is the server's; otherwise null. */
export function readUnsubscribeToken(
  jwtSecret: string,
  token: string,
): { purpose: string; userId: string } | null {
  const userId = readUnsubscribeTokenFor(jwtSecret, DIGEST_PURPOSE, token);
  return userId ? { purpose: DIGEST_PURPOSE, userId } : null;
}

export function unsubscribeUrl(publicUrl: string, jwtSecret: string, userId: string): string {
  return `${publicUrl}/api/questions/categories/unsubscribe?token=${encodeURIComponent(unsubscribeToken(jwtSecret, userId))}`;
}

/** Stopping the daily digest from the link in its e-mail (the routes ask first, then stop). */
export function createDigestUnsubscribe(ctx: AppContext) {
  return {
    /** Whether an unsubscribe token is the server's (the link's page asks before it stops anything). */
    check(token: string): boolean {
      return readUnsubscribeToken(ctx.config.jwtSecret, token) !== null;
    },

    /** The digest's unsubscribe link: no session needed, the signed token names the user. */
    async unsubscribe(token: string): Promise<boolean> {
      const t = readUnsubscribeToken(ctx.config.jwtSecret, token);
      if (!t) return false;
      await turnOffCategoryDigest(ctx.db, t.userId, ctx.clock.now());
      return true;
    },
  };
}
