import { FOLLOW_LIST_MAX, type FollowResult, type FollowUser, MSG, type UserInfo } from '@agora/shared';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { AppContext, SessionUser } from '../../context.js';
import type { Tx } from '../../db/client.js';
import { follows, users } from '../../db/schema/index.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { notifyOnce } from '../notifications/notifications.service.js';
import { isUuid } from '../../lib/ids.js';

export function createFollowsService(ctx: AppContext) {
  const db = ctx.db;

  /**
   * Locks both users' rows in id order before touching the follow row and the counters, so
   * A-follows-B and B-follows-A at the same moment cannot deadlock; returns the target's row.
   */
  async function lockPair(tx: Tx, me: string, target: string) {
    const rows = await tx
      .select({ id: users.id, followerCount: users.followerCount })
      .from(users)
      .where(inArray(users.id, [me, target]))
      .orderBy(asc(users.id))
      .for('update');
    return rows.find((r) => r.id === target) ?? null;
  }

  async function change(user: SessionUser, targetUserId: string, follow: boolean): Promise<FollowResult> {
    if (targetUserId === user.id) badRequest(MSG.cannotFollowSelf);
    if (!isUuid(targetUserId)) notFound(MSG.userNotFound);
    return db.transaction(async (tx) => {
      const target = await lockPair(tx, user.id, targetUserId);
      if (!target) return notFound(MSG.userNotFound);
      const changed = follow
        ? await tx
            .insert(follows)
            .values({ followerId: user.id, followeeId: targetUserId, createdAt: ctx.clock.now() })
            .onConflictDoNothing()
            .returning({ id: follows.followeeId })
        : await tx
            .delete(follows)
            .where(and(eq(follows.followerId, user.id), eq(follows.followeeId, targetUserId)))
            .returning({ id: follows.followeeId });
      let followerCount = target.followerCount;
      // Idempotent: following twice (or unfollowing a stranger) changes nothing.
      if (changed.length > 0) {
        const d = follow ? 1 : -1;
        const [after] = await tx
          .update(users)
          .set({ followerCount: sql`${users.followerCount} + ${d}` })
          .where(eq(users.id, targetUserId))
          .returning({ followerCount: users.followerCount });
        await tx
          .update(users)
          .set({ followingCount: sql`${users.followingCount} + ${d}` })
          .where(eq(users.id, user.id));
        followerCount = after!.followerCount;
        // Once per follower: follow → unfollow → follow does not notify again.
        if (follow) {
          await notifyOnce(tx, targetUserId, `follower:${user.id}`, {
            type: 'follower',
            title: `${user.displayName} started following you`,
            link: '/followers',
          });
        }
      }
      return {
        followerCount,
        following: follow,
        message: follow ? MSG.followSuccess : MSG.unfollowSuccess,
      };
    });
  }

  /**
   * Ids plus display names (one join), most recent first, bounded by FOLLOW_LIST_MAX; `total` is
   * the full count from the user's counter, so the page can say when the list is cut short.
   */
  async function list(userId: string, direction: 'following' | 'followers') {
    const mine = direction === 'following' ? follows.followerId : follows.followeeId;
    const other = direction === 'following' ? follows.followeeId : follows.followerId;
    const [rows, [counts]] = await Promise.all([
      db
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
        .limit(FOLLOW_LIST_MAX),
      db
        .select({ followers: users.followerCount, following: users.followingCount })
        .from(users)
        .where(eq(users.id, userId)),
    ]);
    const people = rows.map((r) => ({
      ...r,
      followed: r.followed === true || (r.followed as unknown) === 't',
    })) satisfies FollowUser[];
    // The counters move in the same transaction as the rows; never show fewer than listed.
    const total = Math.max(
      people.length,
      direction === 'following' ? (counts?.following ?? 0) : (counts?.followers ?? 0),
    );
    return { people, total };
  }

  return {
    follow: (user: SessionUser, target: string) => change(user, target, true),
    unfollow: (user: SessionUser, target: string) => change(user, target, false),

    async following(user: SessionUser) {
      const { people, total } = await list(user.id, 'following');
      return { following: people.map((r) => r.id), users: people, total };
    },

    async followers(user: SessionUser) {
      const { people, total } = await list(user.id, 'followers');
      return { followers: people.map((r) => r.id), users: people, total };
    },

    async info(id: string): Promise<UserInfo> {
      if (!isUuid(id)) return notFound(MSG.userNotFound);
      const [row] = await db
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
      return row ?? notFound(MSG.userNotFound);
    },
  };
}
