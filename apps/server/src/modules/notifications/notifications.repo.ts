import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { prepared, rowCount, rowsOf, slot } from '../../db/prepared.js';
import { notificationOnce, notifications } from '../../db/schema/index.js';
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
 * Adds one event to the recipient's unread notification of `groupKey` if that was last touched
 * less than `openMs` ago (count + 1, the new body and link, its time moved to now), or stores a
 * new notification when none is unread. The partial unique index (migration 0025) makes racing
 * events meet on one row. Times are the database's, like every notification's created_at.
 *
 * With `onceId`, the once-key is recorded in the same statement (notification_once) and nothing
 * is added when it was used before (`claimed` false): one round trip, inside the caller's locks.
 * `id` is null when an unread notification of the group exists but is older: the caller closes
 * it (closeGroup) and tries again, without the once-key, which is then already recorded.
 */
export async function addToGroup(
  exec: Executor,
  row: NotificationInsert & { groupKey: string },
  openMs: number,
  onceId?: string,
): Promise<{ claimed: boolean; id: string | null; count: number | null }> {
  const claim = onceId
    ? sql`claimed as (
        insert into ${notificationOnce} (user_id, id) values (${row.userId}::uuid, ${onceId}::uuid)
        on conflict do nothing returning 1
      ),`
    : sql`claimed as (select 1),`;
  const res = await exec.execute(sql`
    with ${claim} added as (
      insert into ${notifications} as n (user_id, type, title, body, link, group_key)
      select ${row.userId}::uuid, ${row.type}::text, ${row.title}::text, ${row.body ?? ''}::text,
             ${row.link ?? null}::text, ${row.groupKey}::text
       where exists (select 1 from claimed)
      on conflict (user_id, group_key) where read_at is null and group_key is not null do update
        set count = n.count + 1, body = excluded.body, link = excluded.link, created_at = excluded.created_at
        where n.created_at > now() - ${openMs}::float8 * interval '1 millisecond'
      returning n.id, n.count
    )
    select exists (select 1 from claimed) as claimed, added.id, added.count
      from (select 1) as one left join added on true`);
  const [r] = rowsOf<{ claimed: boolean; id: string | null; count: number | null }>(res);
  return { claimed: Boolean(r?.claimed), id: r?.id ?? null, count: r?.count ?? null };
}

/**
 * addToGroup for many recipients of one event (one statement): each recipient's open group takes
 * it, or a new notification is stored. Returns the rows touched with their counts; a recipient
 * missing from the result has an unread group gone quiet (close it, see closeGroups, and retry).
 */
export function addToGroupMany(
  exec: Executor,
  rows: Array<NotificationInsert & { groupKey: string }>,
  openMs: number,
): Promise<Array<{ id: string; userId: string; count: number }>> {
  if (rows.length === 0) return Promise.resolve([]);
  return exec
    .insert(notifications)
    .values(rows.map((r) => ({ ...r, count: 1 })))
    .onConflictDoUpdate({
      target: [notifications.userId, notifications.groupKey],
      targetWhere: sql`read_at is null and group_key is not null`,
      set: {
        count: sql`${notifications.count} + 1`,
        body: sql`excluded.body`,
        link: sql`excluded.link`,
        createdAt: sql`excluded.created_at`,
      },
      setWhere: sql`${notifications.createdAt} > now() - ${openMs}::float8 * interval '1 millisecond'`,
    })
    .returning({ id: notifications.id, userId: notifications.userId, count: notifications.count });
}

/** closeGroup for many recipients of one group key (one statement). */
export async function closeGroups(exec: Executor, userIds: string[], groupKey: string): Promise<void> {
  if (userIds.length === 0) return;
  await exec
    .update(notifications)
    .set({ groupKey: null })
    .where(
      and(
        inArray(notifications.userId, userIds),
        eq(notifications.groupKey, groupKey),
        isNull(notifications.readAt),
      ),
    );
}

/** The same title and body for several grouped notifications (those now at one count). */
export async function setNotificationsText(
  exec: Executor,
  ids: string[],
  text: { title: string; body: string },
): Promise<void> {
  if (ids.length === 0) return;
  await exec.update(notifications).set(text).where(inArray(notifications.id, ids));
}

/** Ends the unread group of `groupKey` (it stays as it is, unread): the next event starts a new one. */
export async function closeGroup(exec: Executor, userId: string, groupKey: string): Promise<void> {
  await exec
    .update(notifications)
    .set({ groupKey: null })
    .where(
      and(
        eq(notifications.userId, userId),
        eq(notifications.groupKey, groupKey),
        isNull(notifications.readAt),
      ),
    );
}

/** The title and body of a grouped notification, rewritten for its new count. */
export async function setNotificationText(
  exec: Executor,
  id: string,
  text: { title: string; body: string },
): Promise<void> {
  await exec.update(notifications).set(text).where(eq(notifications.id, id));
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
