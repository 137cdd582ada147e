import { createHash } from 'node:crypto';
import {
  DAY_MS,
  type MarkReadBody,
  type MarkReadResult,
  type NotificationItem,
  type NotificationsList,
} from '@agora/shared';
import type { AppContext, SessionUser } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { decodeKeyset, page } from '../../lib/cursor.js';
import type { ComposedMail } from '../../lib/mail-template.js';
import { enqueueMails } from '../../platform/mail.js';
import { type MailPreference, mailPreferenceOff } from '../users/users.mail-preferences.js';
import * as repo from './notifications.repo.js';

export type NotificationType =
  | 'answer'
  | 'answer_ranked'
  | 'reward'
  | 'withdrawal'
  | 'follower'
  | 'idea_comment'
  | 'idea_like'
  | 'idea_status'
  | 'idea_response'
  | 'idea_merged'
  | 'idea_followed_comment'
  | 'hackathon_review'
  | 'hackathon_starting'
  | 'hackathon_judging'
  | 'hackathon_results'
  | 'hackathon_team'
  | 'job_review'
  | 'job_application'
  | 'job_application_status'
  | 'category_question'
  | 'job_alert'
  | 'referral_request'
  | 'referral_answer'
  | 'idea_collaboration'
  | 'idea_organization';

/**
 * Many people doing the same thing to one recipient (following them, liking or commenting on one
 * idea, answering one question) make one notification that counts them, not one row each: while
 * the recipient has an unread notification with this key, touched within GROUP_OPEN_MS, the next
 * event updates it (count, title, body, time) instead of adding one.
 */
export interface NotificationGroup {
  /** One unread notification per recipient and key, e.g. `follow:<recipient>`, `idea-like:<idea>`. */
  key: string;
  /** What it says once it stands for `count` (≥ 2) events, in the words of the latest one. */
  text: (count: number) => { title: string; body?: string };
}

/**
 * What a notification says. A notification that also goes out by e-mail carries it as `mail` (to
 * notify, or notifyOnce where it is e-mailed when, and only when, it is new): the notification and
 * its e-mail are written by the same statements' transaction, so one never exists without the other.
 * The mail is made from a template (notificationMail, or the job alert's own); one of the
 * `notifications` or `reminders` stream is queued only while its recipient's preference of that
 * name is on, and the notification is recorded either way.
 */
export interface NotificationText {
  type: NotificationType;
  title: string;
  body?: string;
  link?: string | null;
  /** Set on kinds that many different people cause; money notifications stay one per event. */
  group?: NotificationGroup;
}

/** An unread group takes new events for a day after its latest: after that, a new one starts. */
export const GROUP_OPEN_MS = DAY_MS;

const row = (userId: string, n: NotificationText) => ({
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
async function mailsAllowed(
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
async function notifyGrouped(
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

function toItem(n: repo.NotificationRow): NotificationItem {
  return {
    _id: n.id,
    type: n.type,
    title: n.title,
    body: n.body,
    link: n.link,
    read: n.readAt !== null,
    createdAt: n.createdAt.toISOString(),
    count: n.count,
  };
}

export function createNotificationsService(ctx: AppContext) {
  return {
    /** The caller's notifications, newest first, one page at a time, with the unread count. */
    async list(
      user: SessionUser,
      q: { unread?: boolean; cursor?: string; limit: number },
    ): Promise<NotificationsList & { nextCursor: string | null }> {
      const cursor = decodeKeyset(q.cursor);
      const rows = await repo.pageOfNotifications(ctx.db, user.id, {
        unread: q.unread,
        cursor,
        limit: q.limit,
      });
      const p = page(rows, q.limit);
      return {
        notifications: p.items.map((r) => toItem(r.n)),
        unreadCount: rows[0]?.unreadCount ?? (await repo.countUnread(ctx.db, user.id)),
        nextCursor: p.nextCursor,
      };
    },

    /** Marks the given notifications (only the caller's own; others' ids are ignored) or all as read. */
    async markRead(user: SessionUser, body: MarkReadBody): Promise<MarkReadResult> {
      const updated = await repo.markRead(ctx.db, user.id, body.ids, ctx.clock.now());
      return { updated, unreadCount: await repo.countUnread(ctx.db, user.id) };
    },
  };
}
