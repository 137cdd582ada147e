import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { ideas, users } from '../../db/schema/index.js';

export type UserRow = typeof users.$inferSelect;
export type ProfilePatch = Partial<Pick<typeof users.$inferInsert, 'name' | 'displayName'>> & {
  updatedAt: Date;
};

export function findUserById(exec: Executor, id: string): Promise<UserRow | undefined> {
  return exec.query.users.findFirst({ where: eq(users.id, id) });
}

/** Writes the profile fields of one user; the updated row, or undefined when there is no such user. */
export async function updateProfile(
  exec: Executor,
  userId: string,
  patch: ProfilePatch,
): Promise<UserRow | undefined> {
  const [row] = await exec.update(users).set(patch).where(eq(users.id, userId)).returning();
  return row;
}

/**
 * CONTRACT §4/§5: exact counts — ideas authored, likes received, comments received — computed
 * from the ideas' counters in one query.
 */
export async function activityCounts(
  exec: Executor,
  userId: string,
): Promise<{ ideas: number; liked: number; comments: number }> {
  const [row] = await exec
    .select({
      ideas: sql<number>`count(*)::int`,
      // The ideas module changes these counters in the same transaction as the likes/comments
      // rows (tested in ideas.test.ts), so they are exact. (The former correlated subqueries
      // compared c.idea_id with an unqualified "id" — drizzle drops the table name in a
      // single-table select — which resolved to the comment's own id: comments were always 0.)
      liked: sql<number>`coalesce(sum(${ideas.likeCount}), 0)::int`,
      comments: sql<number>`coalesce(sum(${ideas.commentCount}), 0)::int`,
    })
    .from(ideas)
    .where(eq(ideas.authorId, userId));
  return { ideas: row?.ideas ?? 0, liked: row?.liked ?? 0, comments: row?.comments ?? 0 };
}
