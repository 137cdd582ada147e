import { createHash } from 'node:crypto';
import type { Executor } from '../../db/client.js';
import type { ComposedMail } from '../../lib/mail-template.js';
import { enqueueMails } from '../../platform/mail.js';
import * as repo from './notifications.repo.js';
import { mailsAllowed, notifyGrouped, row } from './notifications.shared.js';
import type { NotificationText } from './notifications.types.js';

/**
 * The id of a once-only notification: a UUID (version 8, RFC 9562) derived from the recipient and
 * `onceKey`, so the same event key can be stored only once and no extra column or lookup is needed.
 */
export function onceNotificationId(userId: string, onceKey: string): string {
  const b = createHash('sha256').update(`${userId}|${onceKey}`).digest().subarray(0, 16);
  b[6] = (b[6]! & 0x0f) | 0x80;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = b.toString('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/**
 * Like notify, but at most once per recipient and `onceKey` (e.g. "idea_like:<idea>:<actor>"):
 * like → unlike → like, or follow → unfollow → follow, notifies the first time only. The optional
 * `mail` is queued only with a new notification. True when the notification is new.
 */
export async function notifyOnce(
  exec: Executor,
  userId: string,
  onceKey: string,
  n: NotificationText & { mail?: ComposedMail },
): Promise<boolean> {
  const { mail, group, ...text } = n;
  if (group) {
    // A grouped row stands for many events, so its id cannot be the once-key's: the key is kept
    // apart (notification_once), under the same id, recorded by the statement that adds the event.
    const fresh = await notifyGrouped(exec, userId, text, group, onceNotificationId(userId, onceKey));
    if (fresh && mail) await enqueueMails(exec, await mailsAllowed(exec, [{ userId, mail }]));
    return fresh;
  }
  const notified = await notifyOnceMany(exec, [{ userId, onceKey, ...text, ...(mail ? { mail } : {}) }]);
  return notified.length > 0;
}

/** Rows per statement in notifyOnceMany (7 parameters each: far below PostgreSQL's 65,535). */
const ONCE_BATCH = 1000;

/**
 * notifyOnce for many recipients, set-wise (one statement per 1,000): returns the recipients
 * notified now; those who had it already get neither the notification nor its `mail` again.
 */
export async function notifyOnceMany(
  exec: Executor,
  items: Array<Omit<NotificationText, 'group'> & { userId: string; onceKey: string; mail?: ComposedMail }>,
): Promise<string[]> {
  const notified: string[] = [];
  for (let i = 0; i < items.length; i += ONCE_BATCH) {
    const batch = items
      .slice(i, i + ONCE_BATCH)
      .map((n) => ({ n, id: onceNotificationId(n.userId, n.onceKey) }));
    const inserted = await repo.insertNotificationsOnce(
      exec,
      batch.map(({ n, id }) => ({ id, ...row(n.userId, n) })),
    );
    const fresh = new Set(inserted.map((r) => r.id));
    await enqueueMails(
      exec,
      await mailsAllowed(
        exec,
        batch.flatMap(({ n, id }) => (n.mail && fresh.has(id) ? [{ userId: n.userId, mail: n.mail }] : [])),
      ),
    );
    notified.push(...inserted.map((r) => r.userId));
  }
  return notified;
}
