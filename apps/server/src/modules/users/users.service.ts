import type { PublicUser, UpdateMeBody } from '@agora/shared';
import type { AppContext, SessionUser } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { notFound } from '../../lib/errors.js';
import { toPublicUser } from '../auth/auth.service.js';
import * as repo from './users.repo.js';

/** The caller's own profile: the public fields and their own settings. */
function toOwnProfile(row: repo.UserRow): PublicUser {
  return { ...toPublicUser(row), categoryDigest: row.categoryDigest };
}

/** Turns a user's daily digest of followed categories off (the digest's unsubscribe link). */
export function turnOffCategoryDigest(exec: Executor, userId: string, now: Date): Promise<boolean> {
  return repo.turnOffCategoryDigest(exec, userId, now);
}

export function createUsersService(ctx: AppContext) {
  return {
    async me(user: SessionUser): Promise<PublicUser> {
      const row = (await repo.findUserById(ctx.db, user.id)) ?? notFound('User not found');
      return toOwnProfile(row);
    },

    async updateMe(user: SessionUser, body: UpdateMeBody): Promise<PublicUser> {
      const patch: repo.ProfilePatch = { updatedAt: ctx.clock.now() };
      if (body.name !== undefined) patch.name = body.name;
      if (body.displayName !== undefined) patch.displayName = body.displayName;
      if (body.categoryDigest !== undefined) patch.categoryDigest = body.categoryDigest;
      const row = await repo.updateProfile(ctx.db, user.id, patch);
      return toOwnProfile(row ?? notFound('User not found'));
    },

    /**
     * CONTRACT §4/§5: exact counts — ideas authored, likes received, comments received — computed
     * from the likes and comments tables (not the spec's 30 % estimate) in one query.
     */
    async activity(user: SessionUser): Promise<{ ideas: number; liked: number; comments: number }> {
      return repo.activityCounts(ctx.db, user.id);
    },
  };
}
