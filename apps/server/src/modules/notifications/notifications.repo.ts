import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { prepared, rowCount, slot } from '../../db/prepared.js';
import { notifications } from '../../db/schema/index.js';
import { afterCursor, cursorTs, type Keyset } from '../../lib/cursor.js';

export type NotificationRow = typeof notifications.$inferSelect;
export type NotificationInsert = Pick<
  typeof notifications.$inferInsert,
  'id' | 'userId' | 'type' | 'title' | 'body' | 'link'
>;

/** Inserts notifications (one statement). */
export async function insertNotifications(exec: Executor, rows: NotificationInsert[]): Promise<void> {
  if (rows.length === 0) return;
  await exec.insert(notifications).values(rows);
}

/**
 * Inserts notifications whose ids are given, skipping every id already stored (one statement);
 * returns the rows inserted now (id and recipient).
 */
export function insertNotificationsOnce(
  exec: Executor,
  rows: Array<NotificationInsert & { id: string }>,
): Promise<Array<{ id: string; userId: string }>> {
  if (rows.length === 0) return Promise.resolve([]);
  return exec
    .insert(notifications)
    .values(rows)
    .onConflictDoNothing({ target: notifications.id })
    .returning({ id: notifications.id, userId: notifications.userId });
}

/**
 * One page of a user's notifications, newest first (limit + 1 rows: the extra one says "more"),
 * each row with the user's unread count (absent when the page is empty: see countUnread).
 */
export function pageOfNotifications(
  exec: Executor,
  userId: string,
  q: { unread?: boolean; cursor: Keyset | null; limit: number },
) {
  const shape = { unread: Boolean(q.unread), cursor: q.cursor !== null, limit: q.limit + 1 };
  return notificationPage(exec, shape, { userId, cursorTs: q.cursor?.ts, cursorId: q.cursor?.id });
}

/** Built once per shape (db/prepared.ts): the bell polls this. */
const notificationPage = prepared((exec, s: { unread: boolean; cursor: boolean; limit: number }) =>
  exec
    .select({
      n: notifications,
      id: notifications.id,
      cursorTs: cursorTs(notifications.createdAt),
      // The bell's badge in the same statement (an InitPlan, run once): one round trip per poll.
      unreadCount: sql<number>`(select count(*)::int from ${notifications} u where u.user_id = ${slot<string>('userId')} and u.read_at is null)`,
    })
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, slot<string>('userId')),
        s.unread ? isNull(notifications.readAt) : undefined,
        s.cursor
          ? afterCursor(
              notifications.createdAt,
              notifications.id,
              { ts: slot<string>('cursorTs'), id: slot<string>('cursorId') },
              'desc',
            )
          : undefined,
      ),
    )
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(rowCount(s.limit)),
);

/** Unread notifications of one user (an index range scan on notifications_user_idx). */
export async function countUnread(exec: Executor, userId: string): Promise<number> {
  const [row] = await unreadCount(exec, undefined, { userId });
  return row?.n ?? 0;
}

const unreadCount = prepared((exec) =>
  exec
    .select({ n: sql<number>`count(*)::int` })
    .from(notifications)
    .where(and(eq(notifications.userId, slot<string>('userId')), isNull(notifications.readAt))),
);

/** Marks the user's unread notifications (those of `ids`, or all) read; returns how many changed. */
export async function markRead(
  exec: Executor,
  userId: string,
  ids: string[] | undefined,
  now: Date,
): Promise<number> {
  const updated = await exec
    .update(notifications)
    .set({ readAt: now })
    .where(
      and(
        eq(notifications.userId, userId),
        isNull(notifications.readAt),
        ids ? inArray(notifications.id, ids) : undefined,
      ),
    )
    .returning({ id: notifications.id });
  return updated.length;
}
