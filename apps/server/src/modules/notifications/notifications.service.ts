import { createHash } from 'node:crypto';
import type { MarkReadBody, MarkReadResult, NotificationItem, NotificationsList } from '@agora/shared';
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { AppContext, SessionUser } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { notifications } from '../../db/schema/index.js';
import { afterCursor, cursorTs, decodeKeyset, page } from '../../lib/cursor.js';

export type NotificationType =
  | 'answer'
  | 'answer_ranked'
  | 'reward'
  | 'withdrawal'
  | 'follower'
  | 'idea_comment'
  | 'idea_like'
  | 'hackathon_review'
  | 'hackathon_starting'
  | 'job_review';

/**
 * Records an in-app notification. Call it with the transaction of the event it reports, so the
 * notification exists exactly when the event does.
 */
export async function notify(
  exec: Executor,
  userId: string,
  n: { type: NotificationType; title: string; body?: string; link?: string | null },
): Promise<void> {
  await exec
    .insert(notifications)
    .values({ userId, type: n.type, title: n.title, body: n.body ?? '', link: n.link ?? null });
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
 * like → unlike → like, or follow → unfollow → follow, notifies the first time only.
 */
export async function notifyOnce(
  exec: Executor,
  userId: string,
  onceKey: string,
  n: { type: NotificationType; title: string; body?: string; link?: string | null },
): Promise<void> {
  await exec
    .insert(notifications)
    .values({
      id: onceNotificationId(userId, onceKey),
      userId,
      type: n.type,
      title: n.title,
      body: n.body ?? '',
      link: n.link ?? null,
    })
    .onConflictDoNothing({ target: notifications.id });
}

/** Several notifications in one statement (same rule: inside the event's transaction). */
export async function notifyMany(
  exec: Executor,
  items: Array<{
    userId: string;
    type: NotificationType;
    title: string;
    body?: string;
    link?: string | null;
  }>,
): Promise<void> {
  if (items.length === 0) return;
  await exec.insert(notifications).values(
    items.map((n) => ({
      userId: n.userId,
      type: n.type,
      title: n.title,
      body: n.body ?? '',
      link: n.link ?? null,
    })),
  );
}

function toItem(n: typeof notifications.$inferSelect): NotificationItem {
  return {
    _id: n.id,
    type: n.type,
    title: n.title,
    body: n.body,
    link: n.link,
    read: n.readAt !== null,
    createdAt: n.createdAt.toISOString(),
  };
}

/** Unread notifications of one user (an index range scan on notifications_user_idx). */
async function unreadCount(db: Executor, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return row?.n ?? 0;
}

export function createNotificationsService(ctx: AppContext) {
  return {
    /** The caller's notifications, newest first, one page at a time, with the unread count. */
    async list(
      user: SessionUser,
      q: { unread?: boolean; cursor?: string; limit: number },
    ): Promise<NotificationsList & { nextCursor: string | null }> {
      const cursor = decodeKeyset(q.cursor);
      const rows = await ctx.db
        .select({ n: notifications, id: notifications.id, cursorTs: cursorTs(notifications.createdAt) })
        .from(notifications)
        .where(
          and(
            eq(notifications.userId, user.id),
            q.unread ? isNull(notifications.readAt) : undefined,
            cursor ? afterCursor(notifications.createdAt, notifications.id, cursor, 'desc') : undefined,
          ),
        )
        .orderBy(desc(notifications.createdAt), desc(notifications.id))
        .limit(q.limit + 1);
      const p = page(rows, q.limit);
      return {
        notifications: p.items.map((r) => toItem(r.n)),
        unreadCount: await unreadCount(ctx.db, user.id),
        nextCursor: p.nextCursor,
      };
    },

    /** Marks the given notifications (only the caller's own; others' ids are ignored) or all as read. */
    async markRead(user: SessionUser, body: MarkReadBody): Promise<MarkReadResult> {
      const now = ctx.clock.now();
      const updated = await ctx.db
        .update(notifications)
        .set({ readAt: now })
        .where(
          and(
            eq(notifications.userId, user.id),
            isNull(notifications.readAt),
            body.ids ? inArray(notifications.id, body.ids) : undefined,
          ),
        )
        .returning({ id: notifications.id });
      return { updated: updated.length, unreadCount: await unreadCount(ctx.db, user.id) };
    },
  };
}
