import type { Executor } from '../../db/client.js';
import type { ComposedMail } from '../../lib/mail-template.js';
import { type MailPreference, mailPreferenceOff } from '../users/users.mail-preferences.js';
import * as repo from './notifications.repo.js';
import { GROUP_OPEN_MS, type NotificationGroup, type NotificationText } from './notifications.types.js';

// The steps notify and the once-only kinds share: a notification's row, whether its mail may go,
// adding it to its group.

/** A notification's row for its recipient. */
export const row = (userId: string, n: NotificationText) => ({
  userId,
  type: n.type,
  title: n.title,
  body: n.body ?? '',
  link: n.link ?? null,
});

const PREFERENCE_STREAMS: readonly MailPreference[] = ['notifications', 'reminders'];

/**
 * The mails of these notifications that may go: a notification's or a reminder's e-mail only while
 * its recipient has that preference on (one query per stream present, whatever the count).
 */
export async function mailsAllowed(
  exec: Executor,
  items: Array<{ userId: string; mail: ComposedMail }>,
): Promise<ComposedMail[]> {
  for (const { userId, mail } of items) {
    // The unsubscribe link in it names this user: a mail addressed for someone else is a bug.
    if (mail.userId !== undefined && mail.userId !== userId) {
      throw new Error(`A ${mail.kind} mail for ${mail.userId} goes with a notification of ${userId}`);
    }
  }
  const off = new Map<string, Set<string>>();
  for (const stream of PREFERENCE_STREAMS) {
    const ids = items.filter((i) => i.mail.stream === stream).map((i) => i.userId);
    if (ids.length > 0) off.set(stream, await mailPreferenceOff(exec, ids, stream));
  }
  return items.filter((i) => !off.get(i.mail.stream)?.has(i.userId)).map((i) => i.mail);
}

/**
 * Adds the event to its group (see NotificationGroup), rewriting the text for the new count. With
 * `onceId`, only if that once-key was not used before (false then).
 */
export async function notifyGrouped(
  exec: Executor,
  userId: string,
  n: NotificationText,
  group: NotificationGroup,
  onceId?: string,
): Promise<boolean> {
  const grouped = { ...row(userId, n), groupKey: group.key };
  let added = await repo.addToGroup(exec, grouped, GROUP_OPEN_MS, onceId);
  if (!added.claimed) return false;
  if (added.id === null) {
    // An unread group gone quiet for a day stays as it is; this event starts the next one.
    await repo.closeGroup(exec, userId, group.key);
    added = await repo.addToGroup(exec, grouped, GROUP_OPEN_MS);
  }
  if (added.id !== null && added.count !== null && added.count > 1) {
    const text = group.text(added.count);
    await repo.setNotificationText(exec, added.id, { title: text.title, body: text.body ?? grouped.body });
  }
  return true;
}
