import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { users } from '../../db/schema/index.js';

// A user's follower and following counters: kept by the users area, moved by follows in the same
// transaction as the follow row (users.follow-counters.service.ts).

/**
 * Locks both users' rows in id order before touching the follow row and the counters, so
 * A-follows-B and B-follows-A at the same moment cannot deadlock; returns the target's row.
 * FOR NO KEY UPDATE, the lock the counter update takes anyway: it orders follows among themselves
 * but lets other writes that only reference these users (a like, a comment, a notification: their
 * foreign-key checks take KEY SHARE) go on. FOR UPDATE made them wait for the follow, and a user's
 * own like and follow at the same moment deadlocked.
 */
export async function lockPair(exec: Executor, me: string, target: string) {
  const rows = await exec
    .select({ id: users.id, followerCount: users.followerCount })
    .from(users)
    .where(inArray(users.id, [me, target]))
    .orderBy(asc(users.id))
    .for('no key update');
  return rows.find((r) => r.id === target) ?? null;
}

/** Moves both counters by `d` (+1 follow, −1 unfollow); returns the followee's new follower count. */
export async function shiftFollowCounters(
  exec: Executor,
  followerId: string,
  followeeId: string,
  d: 1 | -1,
): Promise<number> {
  const [after] = await exec
    .update(users)
    .set({ followerCount: sql`${users.followerCount} + ${d}` })
    .where(eq(users.id, followeeId))
    .returning({ followerCount: users.followerCount });
  await exec
    .update(users)
    .set({ followingCount: sql`${users.followingCount} + ${d}` })
    .where(eq(users.id, followerId));
  return after!.followerCount;
}
