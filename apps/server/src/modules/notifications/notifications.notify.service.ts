import type { Executor } from '../../db/client.js';
import type { ComposedMail } from '../../lib/mail-template.js';
import { enqueueMails } from '../../platform/mail.js';
import * as repo from './notifications.repo.js';
import { mailsAllowed, notifyGrouped, row } from './notifications.shared.js';
import { GROUP_OPEN_MS, type NotificationGroup, type NotificationText } from './notifications.types.js';

/**
 * Records an in-app notification (or adds it to its group) and queues its `mail`, if it has one.
 * Call it with the transaction of the event it reports, so the notification and its e-mail exist
 * exactly when the event does.
 */
export async function notify(
  exec: Executor,
  userId: string,
  n: NotificationText & { mail?: ComposedMail },
): Promise<void> {
  const { mail, ...text } = n;
  if (text.group) await notifyGrouped(exec, userId, text, text.group);
  else await repo.insertNotifications(exec, [row(userId, text)]);
  if (mail) await enqueueMails(exec, await mailsAllowed(exec, [{ userId, mail }]));
}

/** Recipients per statement in notifyGroupMany (7 parameters each). */
const GROUP_BATCH = 1000;

/**
 * notify for one event and many recipients, each into their own group of `group.key` (set-wise:
 * a few statements per 1,000 recipients, whatever their number). Call it with the transaction of
 * the event (or of the step of a fan-out that records how far it got).
 */
export async function notifyGroupMany(
  exec: Executor,
  userIds: string[],
  n: NotificationText & { group: NotificationGroup },
): Promise<void> {
  const { group } = n;
  for (let i = 0; i < userIds.length; i += GROUP_BATCH) {
    const batch = userIds.slice(i, i + GROUP_BATCH);
    const rows = (ids: string[]) => ids.map((userId) => ({ ...row(userId, n), groupKey: group.key }));
    const added = await repo.addToGroupMany(exec, rows(batch), GROUP_OPEN_MS);
    const done = new Set(added.map((r) => r.userId));
    const stale = batch.filter((id) => !done.has(id));
    if (stale.length > 0) {
      // Their unread groups went quiet a day ago: they stay as they are, this event starts new ones.
      await repo.closeGroups(exec, stale, group.key);
      added.push(...(await repo.addToGroupMany(exec, rows(stale), GROUP_OPEN_MS)));
    }
    const byCount = new Map<number, string[]>();
    for (const r of added) {
      if (r.count > 1) byCount.set(r.count, [...(byCount.get(r.count) ?? []), r.id]);
    }
    for (const [count, ids] of byCount) {
      const text = group.text(count);
      await repo.setNotificationsText(exec, ids, { title: text.title, body: text.body ?? n.body ?? '' });
    }
  }
}

/** Several notifications in one statement (same rule: inside the event's transaction); never grouped. */
export async function notifyMany(
  exec: Executor,
  items: Array<Omit<NotificationText, 'group'> & { userId: string }>,
): Promise<void> {
  await repo.insertNotifications(
    exec,
    items.map((n) => row(n.userId, n)),
  );
}
