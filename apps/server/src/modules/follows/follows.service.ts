import { FOLLOW_LIST_MAX, type FollowResult, MSG, plural, type UserInfo } from '@agora/shared';
import type { AppContext, SessionUser } from '../../context.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { notifyOnce } from '../notifications/notifications.service.js';
import { isUuid } from '../../lib/ids.js';
import { lockFollowPair, shiftFollowCounts } from '../users/users.follow-counters.service.js';
import * as repo from './follows.repo.js';

export function createFollowsService(ctx: AppContext) {
  const db = ctx.db;

  async function change(user: SessionUser, targetUserId: string, follow: boolean): Promise<FollowResult> {
    if (targetUserId === user.id) badRequest(MSG.cannotFollowSelf);
    if (!isUuid(targetUserId)) notFound(MSG.userNotFound);
    return db.transaction(async (tx) => {
      const target = await lockFollowPair(tx, user.id, targetUserId);
      if (!target) return notFound(MSG.userNotFound);
      const changed = follow
        ? await repo.insertFollow(tx, user.id, targetUserId, ctx.clock.now())
        : await repo.deleteFollow(tx, user.id, targetUserId);
      let followerCount = target.followerCount;
      // Idempotent: following twice (or unfollowing a stranger) changes nothing.
      if (changed) {
        followerCount = await shiftFollowCounts(tx, user.id, targetUserId, follow ? 1 : -1);
        // Once per follower: follow → unfollow → follow does not notify again. Many followers
        // make one unread notification that counts them, not one each.
        if (follow) {
          await notifyOnce(tx, targetUserId, `follower:${user.id}`, {
            type: 'follower',
            title: `${user.displayName} started following you`,
            link: '/followers',
            group: {
              key: `follow:${targetUserId}`,
              text: (count) => ({
                title: `${user.displayName} and ${plural(count - 1, 'other')} followed you`,
              }),
            },
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
    const [people, counts] = await Promise.all([
      repo.listFollowPeople(db, userId, direction, FOLLOW_LIST_MAX),
      repo.followCounts(db, userId),
    ]);
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
      const row = await repo.findUserCard(db, id);
      return row ?? notFound(MSG.userNotFound);
    },
  };
}
