import { type IdeaComment, MSG } from '@agora/shared';
import type { AppContext, SessionUser } from '../../context.js';
import { decodeKeyset } from '../../lib/cursor.js';
import { forbidden, notFound } from '../../lib/errors.js';
import { isUuid } from '../../lib/ids.js';
import { notify } from '../notifications/notifications.service.js';
import { notifyIdeaFollowers } from './ideas.followers.js';
import { canDeleteComment, canSeeIdea, canSeeIdeaToAct, notifiesAuthor } from './ideas.policy.js';
import { toComment } from './ideas.presenter.js';
import * as repo from './ideas.repo.js';

/** An idea's comments: reading earlier pages, commenting (which follows the idea) and deleting. */
export function createCommentsService(ctx: AppContext) {
  const db = ctx.db;

  return {
    /**
     * Earlier comments, `limit` at a time, oldest first within the page; the cursor of the page
     * before comes back as `nextCursor`. Same visibility as the idea: hidden → 404 except to its author.
     */
    async comments(
      viewer: SessionUser | null,
      id: string,
      before: string | undefined,
      limit: number,
    ): Promise<{ comments: IdeaComment[]; nextCursor: string | null }> {
      if (!isUuid(id)) return notFound(MSG.ideaNotFound);
      const keyset = decodeKeyset(before);
      const idea = await repo.findIdeaOwner(db, id);
      if (!idea || !canSeeIdea(viewer, idea)) return notFound(MSG.ideaNotFound);
      const page = await repo.latestComments(db, id, limit, keyset);
      return { comments: page.rows.map(toComment), nextCursor: page.before };
    },

    async addComment(user: SessionUser, id: string, content: string): Promise<IdeaComment> {
      if (!isUuid(id)) return notFound(MSG.ideaNotFound);
      return db.transaction(async (tx) => {
        const idea = await repo.countNewComment(tx, id);
        if (!idea) return notFound(MSG.ideaNotFound);
        const now = ctx.clock.now();
        const row = await repo.insertComment(tx, { ideaId: id, authorId: user.id, content, createdAt: now });
        // Commenters follow the idea from their first comment (they can stop).
        await repo.followIdea(tx, id, user.id, now);
        await notifyIdeaFollowers(
          tx,
          ctx.config,
          id,
          {
            type: 'idea_followed_comment',
            ideaTitle: idea.title,
            headline: `${user.displayName} commented`,
            detail: content,
            link: `/idea/${id}`,
          },
          // The author hears of every comment already (below); the commenter wrote it.
          { except: [user.id, idea.authorId] },
        );
        if (notifiesAuthor(user, idea)) {
          await notify(tx, idea.authorId, {
            type: 'idea_comment',
            title: `${user.displayName} commented on your idea`,
            body: content.slice(0, 200),
            link: `/idea/${id}`,
            // Counted as comments, not people: one person may write several.
            group: {
              key: `idea-comment:${id}`,
              text: (count) => ({
                title: `${count} new comments on your idea`,
                body: `${user.displayName}: ${content}`.slice(0, 200),
              }),
            },
          });
        }
        return toComment({ ...row, authorName: user.displayName });
      });
    },

    /** Deletes a comment: its author or the idea's author only. */
    async removeComment(user: SessionUser, id: string, commentId: string): Promise<{ commentCount: number }> {
      if (!isUuid(id) || !isUuid(commentId)) return notFound(MSG.commentNotFound);
      return db.transaction(async (tx) => {
        const idea = await repo.findIdeaOwner(tx, id);
        if (!idea || !canSeeIdeaToAct(user, idea)) return notFound(MSG.ideaNotFound);
        const comment = await repo.findComment(tx, id, commentId);
        if (!comment) return notFound(MSG.commentNotFound);
        if (!canDeleteComment(user, idea, { author: { id: comment.authorId } })) {
          forbidden('Only the comment author or the idea author can delete this comment');
        }
        const removed = await repo.deleteComment(tx, commentId);
        return { commentCount: await repo.uncountComments(tx, id, removed) };
      });
    },
  };
}
