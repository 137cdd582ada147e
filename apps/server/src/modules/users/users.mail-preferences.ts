import type { Config } from '../../config.js';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { readUnsubscribeTokenFor, signUnsubscribeToken } from '../../lib/unsubscribe-token.js';
import * as repo from './users.repo.js';

/**
 * The e-mail preferences a user can turn off from a message's one-click link, and from the
 * profile (PUT /api/users/me): the e-mail of notifications, and reminders. Either way the
 * notification itself is still recorded in the app; only its e-mail stops.
 */
export type MailPreference = 'notifications' | 'reminders';

const PREFERENCES: Record<MailPreference, { column: repo.MailPreferenceColumn; purpose: string }> = {
  notifications: { column: 'emailNotifications', purpose: 'notification-mail' },
  reminders: { column: 'emailReminders', purpose: 'reminder-mail' },
};

/** The signed one-click link that turns `preference` off for this user (lib/unsubscribe-token.ts). */
export function mailPreferenceUnsubscribeUrl(
  config: Pick<Config, 'publicUrl' | 'jwtSecret'>,
  userId: string,
  preference: MailPreference,
): string {
  const token = signUnsubscribeToken(config.jwtSecret, PREFERENCES[preference].purpose, userId);
  return `${config.publicUrl}/api/users/unsubscribe?token=${encodeURIComponent(token)}`;
}

/** The preference and user a token names, when the server signed it; otherwise null. */
export function readMailPreferenceToken(
  jwtSecret: string,
  token: string,
): { preference: MailPreference; userId: string } | null {
  for (const preference of Object.keys(PREFERENCES) as MailPreference[]) {
    const userId = readUnsubscribeTokenFor(jwtSecret, PREFERENCES[preference].purpose, token);
    if (userId) return { preference, userId };
  }
  return null;
}

/** Those of `userIds` who turned `preference` off: they are not e-mailed (notifications service). */
export async function mailPreferenceOff(
  exec: Executor,
  userIds: readonly string[],
  preference: MailPreference,
): Promise<Set<string>> {
  return new Set(await repo.mailPreferenceOff(exec, [...new Set(userIds)], PREFERENCES[preference].column));
}

export function createMailPreferencesService(ctx: AppContext) {
  return {
    /** What a token would stop, without stopping it (the page a browser's GET shows); null: invalid. */
    check(token: string): MailPreference | null {
      return readMailPreferenceToken(ctx.config.jwtSecret, token)?.preference ?? null;
    },

    /**
     * The one-click unsubscribe: turns the named preference off for the named user (no session:
     * the signed token is the authority). Doing it twice is fine; a forged token changes nothing.
     */
    async unsubscribe(token: string): Promise<MailPreference | null> {
      const t = readMailPreferenceToken(ctx.config.jwtSecret, token);
      if (!t) return null;
      await repo.turnOffMailPreference(ctx.db, t.userId, PREFERENCES[t.preference].column, ctx.clock.now());
      return t.preference;
    },
  };
}
