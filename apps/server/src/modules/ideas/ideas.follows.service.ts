import { type IdeaFollowResult, MSG } from '@agora/shared';
import type { AppContext, SessionUser } from '../../context.js';
import { notFound } from '../../lib/errors.js';
import { isUuid } from '../../lib/ids.js';
import { canSeeIdea } from './ideas.policy.js';
import * as repo from './ideas.repo.js';

/** Following an idea to hear of its comments, status changes, merges and responses, and stopping. */
export function createFollowsService(ctx: AppContext) {
  const db = ctx.db;

  return {
    /** Follows a visible idea (again is a no-op): the count and the caller's state. */
    async follow(user: SessionUser, id: string): Promise<IdeaFollowResult> {
      if (!isUuid(id)) return notFound(MSG.ideaNotFound);
      return db.transaction(async (tx) => {
        const idea = await repo.lockVisibleIdea(tx, id);
        if (!idea) return notFound(MSG.ideaNotFound);
        const followerCount = await repo.followIdea(tx, id, user.id, ctx.clock.now());
        return { followerCount, following: true };
      });
    },

    /** Stops following (authors and commenters too); not following already is a no-op. */
    async unfollow(user: SessionUser, id: string): Promise<IdeaFollowResult> {
      if (!isUuid(id)) return notFound(MSG.ideaNotFound);
      return db.transaction(async (tx) => {
        const idea = await repo.findIdeaOwner(tx, id);
        if (!idea || !canSeeIdea(user, idea)) return notFound(MSG.ideaNotFound);
        const followerCount = await repo.unfollowIdea(tx, id, user.id);
        return { followerCount, following: false };
      });
    },
  };
}
