import { IDEA_STATUS_LABELS, type IdeaDetail, type IdeaStatusBody, MSG } from '@agora/shared';
import type { AppContext, SessionUser } from '../../context.js';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.js';
import { isUuid } from '../../lib/ids.js';
import type { ReadIdeaDetail } from './ideas.detail.service.js';
import { notifyIdeaFollowers } from './ideas.followers.js';
import { canMergeIdeas, canSeeIdea, canSetIdeaStatus } from './ideas.policy.js';
import * as repo from './ideas.repo.js';

/** An idea's status lifecycle: moving it along, and merging a duplicate into another idea. */
export function createLifecycleService(ctx: AppContext, detail: ReadIdeaDetail) {
  const db = ctx.db;

  return {
    /**
     * Moves an idea along its lifecycle (its author or an admin; never into or out of 'merged'): the
     * change and its note join the timeline, and its followers hear of it.
     */
    async setStatus(user: SessionUser, id: string, body: IdeaStatusBody): Promise<IdeaDetail> {
      if (!isUuid(id)) return notFound(MSG.ideaNotFound);
      const note = body.note ?? null;
      await db.transaction(async (tx) => {
        const idea = await repo.lockIdea(tx, id);
        if (!idea || !canSeeIdea(user, idea)) return notFound(MSG.ideaNotFound);
        if (!canSetIdeaStatus(user, idea)) forbidden('Only the author or an admin can change the status');
        if (idea.status === 'merged') conflict('IDEA_MERGED', 'A merged idea keeps its status');
        const now = ctx.clock.now();
        await repo.setStatus(tx, id, body.status, now);
        await repo.insertStatusEvent(tx, {
          ideaId: id,
          actorId: user.id,
          status: body.status,
          note,
          createdAt: now,
        });
        await notifyIdeaFollowers(
          tx,
          ctx.config,
          id,
          {
            type: 'idea_status',
            ideaTitle: idea.title,
            headline: `Status changed to ${IDEA_STATUS_LABELS[body.status]}`,
            detail: note,
            link: `/idea/${id}`,
          },
          { except: [user.id] },
        );
      });
      return detail(user, id, undefined, false);
    },

    /**
     * Merges a duplicate into another idea (an admin, or the author of both; both visible, neither
     * merged already): its likes, comments and followers move with exact counts, it becomes
     * 'merged' and leaves the lists, and the followers of both hear of it.
     */
    async merge(user: SessionUser, id: string, intoId: string): Promise<IdeaDetail> {
      if (!isUuid(id)) return notFound(MSG.ideaNotFound);
      if (!isUuid(intoId)) return notFound(MSG.ideaNotFound);
      if (id === intoId)
        badRequest('An idea cannot be merged into itself', [
          { field: 'intoId', message: 'Choose another idea' },
        ]);
      await db.transaction(async (tx) => {
        const rows = await repo.lockIdeasForMerge(tx, id, intoId);
        const from = rows.find((r) => r.id === id);
        const into = rows.find((r) => r.id === intoId);
        if (!from || !canSeeIdea(user, from) || !into || !canSeeIdea(user, into)) {
          return notFound(MSG.ideaNotFound);
        }
        if (!canMergeIdeas(user, from, into))
          forbidden('Only an admin or the author of both ideas can merge them');
        if (from.status === 'merged' || into.status === 'merged')
          conflict('IDEA_MERGED', 'This idea was merged already');
        if (from.hidden || into.hidden) conflict('IDEA_HIDDEN', 'Show both ideas before merging them');
        const now = ctx.clock.now();
        // Told before the move, so the duplicate's followers hear it even though they move.
        const told = await notifyIdeaFollowers(
          tx,
          ctx.config,
          id,
          {
            type: 'idea_merged',
            ideaTitle: from.title,
            headline: 'Merged into another idea',
            detail: into.title,
            link: `/idea/${intoId}`,
          },
          { except: [user.id] },
        );
        await repo.mergeIdeas(tx, id, intoId, now);
        await repo.insertStatusEvent(tx, {
          ideaId: id,
          actorId: user.id,
          status: 'merged',
          note: into.title,
          createdAt: now,
        });
        await notifyIdeaFollowers(
          tx,
          ctx.config,
          intoId,
          {
            type: 'idea_merged',
            ideaTitle: into.title,
            headline: 'A similar idea was merged in',
            detail: from.title,
            link: `/idea/${intoId}`,
          },
          { except: [user.id, ...told] },
        );
      });
      return detail(user, id, undefined, false);
    },
  };
}
