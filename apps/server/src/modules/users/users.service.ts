import {
  CAREER_MESSAGES,
  PROFILE_LIMITS,
  type PublicUser,
  splitSkills,
  type UpdateMeBody,
} from '@agora/shared';
import type { AppContext, SessionUser } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { toOwnProfile } from './users.presenter.js';
import * as repo from './users.repo.js';

/** Turns a user's daily digest of followed categories off (the digest's unsubscribe link). */
export function turnOffCategoryDigest(exec: Executor, userId: string, now: Date): Promise<boolean> {
  return repo.turnOffCategoryDigest(exec, userId, now);
}

/** A profile text field: trimmed by the schema; blank stores null (the field is cleared). */
const orNull = (v: string | null) => (v ? v : null);

/** The caller's own profile, with their résumé and the skills found in it. */
export async function ownProfile(exec: Executor, userId: string): Promise<PublicUser> {
  const [row, resume] = await Promise.all([repo.findUserById(exec, userId), repo.findResume(exec, userId)]);
  return toOwnProfile(row ?? notFound('User not found'), resume);
}

export function createUsersService(ctx: AppContext) {
  return {
    me(user: SessionUser): Promise<PublicUser> {
      return ownProfile(ctx.db, user.id);
    },

    async updateMe(user: SessionUser, body: UpdateMeBody): Promise<PublicUser> {
      const patch: repo.ProfilePatch = { updatedAt: ctx.clock.now() };
      if (body.name !== undefined) patch.name = body.name;
      if (body.displayName !== undefined) patch.displayName = body.displayName;
      if (body.categoryDigest !== undefined) patch.categoryDigest = body.categoryDigest;
      if (body.emailNotifications !== undefined) patch.emailNotifications = body.emailNotifications;
      if (body.emailReminders !== undefined) patch.emailReminders = body.emailReminders;
      if (body.ideaCommentNotifications !== undefined) {
        patch.ideaCommentNotifications = body.ideaCommentNotifications;
      }
      if (body.headline !== undefined) patch.headline = orNull(body.headline);
      if (body.company !== undefined) patch.company = orNull(body.company);
      if (body.location !== undefined) patch.location = orNull(body.location);
      if (body.level !== undefined) patch.level = body.level;
      if (body.skills !== undefined) {
        // Spaces collapsed, repeats dropped ignoring case (the first spelling kept); a skill with a
        // comma is two, so the count is checked again.
        const skills = splitSkills(body.skills);
        if (skills.length > PROFILE_LIMITS.skills) {
          badRequest(CAREER_MESSAGES.tooManySkills, [
            { field: 'skills', message: CAREER_MESSAGES.tooManySkills },
          ]);
        }
        patch.skills = skills;
      }
      const row = (await repo.updateProfile(ctx.db, user.id, patch)) ?? notFound('User not found');
      return toOwnProfile(row, await repo.findResume(ctx.db, user.id));
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
