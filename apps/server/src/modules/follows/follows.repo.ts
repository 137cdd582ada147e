import type { FollowUser, NetworkPerson } from '@agora/shared';
import { and, asc, desc, eq, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { companyKey, follows, users } from '../../db/schema/index.js';

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

/**
 * The people `viewerId` follows or who follow them (both directions: the primary key and
 * follows_followee_idx, by key), as the subquery the network narrows by company.
 */
const followsEitherWay = (viewerId: string) =>
  sql`select ${follows.followeeId} from ${follows} where ${follows.followerId} = ${viewerId}
      union all
      select ${follows.followerId} from ${follows} where ${follows.followeeId} = ${viewerId}`;

/**
 * Active people whose profile company is `company` (by its key, users_company_key_idx: an index
 * range) and who follow `viewerId` or are followed by them (checked by key), never `exclude`;
 * ordered by name, at most `limit`; `only` narrows it to one person. One statement, so the limit
 * holds however many people work at the company or are in the viewer's follows.
 */
export async function networkPeopleAtCompany(
  exec: Executor,
  viewerId: string,
  company: string,
  opts: { exclude: string; limit: number; only?: string },
): Promise<NetworkPerson[]> {
  return exec
    .select({ id: users.id, displayName: users.displayName, headline: users.headline })
    .from(users)
    .where(
      and(
        sql`${users.company} is not null`,
        eq(companyKey(users.company), companyKey(sql`${company}::text`)),
        eq(users.status, 'active'),
        ne(users.id, opts.exclude),
        opts.only ? eq(users.id, opts.only) : undefined,
        sql`${users.id} in (${followsEitherWay(viewerId)})`,
      ),
    )
    .orderBy(asc(sql`lower(${users.displayName})`), asc(users.id))
    .limit(opts.limit);
}
