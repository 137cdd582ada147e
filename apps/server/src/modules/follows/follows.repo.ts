import type { FollowUser } from '@agora/shared';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { follows, users } from '../../db/schema/index.js';

/** Adds the follow row; false when it existed already. */
export async function insertFollow(
  exec: Executor,
  followerId: string,
  followeeId: string,
  now: Date,
): Promise<boolean> {
  const rows = await exec
    .insert(follows)
    .values({ followerId, followeeId, createdAt: now })
    .onConflictDoNothing()
    .returning({ id: follows.followeeId });
  return rows.length > 0;
}

/** Removes the follow row; false when there was none. */
export async function deleteFollow(exec: Executor, followerId: string, followeeId: string): Promise<boolean> {
  const rows = await exec
    .delete(follows)
    .where(and(eq(follows.followerId, followerId), eq(follows.followeeId, followeeId)))
    .returning({ id: follows.followeeId });
  return rows.length > 0;
}

/**
 * The people a user follows (or who follow them): ids plus display names (one join), most recent
 * first, at most `limit`, each with whether the user follows them back.
 */
export async function listFollowPeople(
  exec: Executor,
  userId: string,
  direction: 'following' | 'followers',
  limit: number,
): Promise<FollowUser[]> {
  const mine = direction === 'following' ? follows.followerId : follows.followeeId;
  const other = direction === 'following' ? follows.followeeId : follows.followerId;
  const rows = await exec
    .select({
      id: users.id,
      displayName: users.displayName,
      name: users.name,
      // Whether the caller follows this person back (a primary-key probe), so "Follow Back"
      // does not depend on the bounded following list.
      followed:
        direction === 'following'
          ? sql<boolean>`true`
          : sql<boolean>`exists(select 1 from ${follows} as back where back.follower_id = ${userId} and back.followee_id = ${users.id})`,
    })
    .from(follows)
    .innerJoin(users, eq(users.id, other))
    .where(eq(mine, userId))
    .orderBy(desc(follows.createdAt))
    .limit(limit);
  return rows.map((r) => ({
    ...r,
    followed: r.followed === true || (r.followed as unknown) === 't',
  })) satisfies FollowUser[];
}

/** The user's follower and following counters. */
export async function followCounts(
  exec: Executor,
  userId: string,
): Promise<{ followers: number; following: number } | undefined> {
  const [row] = await exec
    .select({ followers: users.followerCount, following: users.followingCount })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

/** A user's public card: names and follow counters. */
export async function findUserCard(exec: Executor, id: string) {
  const [row] = await exec
    .select({
      id: users.id,
      displayName: users.displayName,
      name: users.name,
      followerCount: users.followerCount,
      followingCount: users.followingCount,
    })
    .from(users)
    .where(eq(users.id, id))
    .limit(1);
  return row;
}
