import type { PublicUser, UpdateMeBody } from '@agora/shared';
import { eq, sql } from 'drizzle-orm';
import type { AppContext, SessionUser } from '../../context.js';
import { ideas, users } from '../../db/schema/index.js';
import { notFound } from '../../lib/errors.js';
import { findUserById } from '../auth/auth.repo.js';
import { toPublicUser } from '../auth/auth.service.js';

export function createUsersService(ctx: AppContext) {
  return {
    async me(user: SessionUser): Promise<PublicUser> {
      const row = (await findUserById(ctx.db, user.id)) ?? notFound('User not found');
      return toPublicUser(row);
    },

    async updateMe(user: SessionUser, body: UpdateMeBody): Promise<PublicUser> {
      const patch: Partial<typeof users.$inferInsert> = { updatedAt: ctx.clock.now() };
      if (body.name !== undefined) patch.name = body.name;
      if (body.displayName !== undefined) patch.displayName = body.displayName;
      const [row] = await ctx.db.update(users).set(patch).where(eq(users.id, user.id)).returning();
      return toPublicUser(row ?? notFound('User not found'));
    },

    /**
     * CONTRACT §4/§5: exact counts — ideas authored, likes received, comments received — computed
     * from the likes and comments tables (not the spec's 30 % estimate) in one query.
     */
    async activity(user: SessionUser): Promise<{ ideas: number; liked: number; comments: number }> {
      const [row] = await ctx.db
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
        .where(eq(ideas.authorId, user.id));
      return { ideas: row?.ideas ?? 0, liked: row?.liked ?? 0, comments: row?.comments ?? 0 };
    },
  };
}
