import { type LikeResult, MSG, plural } from '@agora/shared';
import type { AppContext, SessionUser } from '../../context.js';
import { notFound } from '../../lib/errors.js';
import { isUuid } from '../../lib/ids.js';
import { notifyOnce } from '../notifications/notifications.service.js';
import { notifiesAuthor } from './ideas.policy.js';
import * as repo from './ideas.repo.js';

/** Liking an idea and taking the like back. */
export function createLikesService(ctx: AppContext) {
  const db = ctx.db;

  return {
    /**
     * Like toggle. The idea row is locked first, so toggles on one idea run one after another, and
     * the counter changes in the same transaction as the likes row: like_count always equals the
     * number of rows in idea_likes.
     */
    async toggleLike(user: SessionUser, id: string): Promise<LikeResult> {
      if (!isUuid(id)) return notFound(MSG.ideaNotFound);
      return db.transaction(async (tx) => {
        const idea = await repo.lockVisibleIdea(tx, id);
        if (!idea) return notFound(MSG.ideaNotFound);
        let delta = (await repo.deleteLike(tx, id, user.id)) ? -1 : 0;
        if (delta === 0) delta = (await repo.insertLike(tx, id, user.id, ctx.clock.now())) ? 1 : 0;
        const likeCount = await repo.shiftLikeCount(tx, id, delta);
        // Once per liker and idea: like → unlike → like does not notify again.
        if (delta > 0 && notifiesAuthor(user, idea)) {
          await notifyOnce(tx, idea.authorId, `idea_like:${id}:${user.id}`, {
            type: 'idea_like',
            title: `${user.displayName} liked your idea`,
            body: idea.title.slice(0, 200),
            link: `/idea/${id}`,
            group: {
              key: `idea-like:${id}`,
              text: (count) => ({
                title: `${user.displayName} and ${plural(count - 1, 'other')} liked your idea`,
              }),
            },
          });
        }
        return { likeCount, liked: delta >= 0 };
      });
    },
  };
}
