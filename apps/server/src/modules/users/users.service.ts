import type { PublicUser, UpdateMeBody } from '@agora/shared';
import type { AppContext, SessionUser } from '../../context.js';
import { notFound } from '../../lib/errors.js';
import { toPublicUser } from '../auth/auth.service.js';
import * as repo from './users.repo.js';

export function createUsersService(ctx: AppContext) {
  return {
    async me(user: SessionUser): Promise<PublicUser> {
      const row = (await repo.findUserById(ctx.db, user.id)) ?? notFound('User not found');
      return toPublicUser(row);
    },

    async updateMe(user: SessionUser, body: UpdateMeBody): Promise<PublicUser> {
      const patch: repo.ProfilePatch = { updatedAt: ctx.clock.now() };
      if (body.name !== undefined) patch.name = body.name;
      if (body.displayName !== undefined) patch.displayName = body.displayName;
      const row = await repo.updateProfile(ctx.db, user.id, patch);
      return toPublicUser(row ?? notFound('User not found'));
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
