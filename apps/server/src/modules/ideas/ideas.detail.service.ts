import { IDEA_DETAIL_COMMENTS, type IdeaDetail, MSG } from '@agora/shared';
import type { AppContext, SessionUser } from '../../context.js';
import { notFound } from '../../lib/errors.js';
import { isUuid } from '../../lib/ids.js';
import { ideaConnections } from './ideas.connections.js';
import { canSeeIdea } from './ideas.policy.js';
import { toAttachment, toComment, toIdea, toStatusEvent } from './ideas.presenter.js';
import * as repo from './ideas.repo.js';

/** The idea page: the idea with its latest comments, files, timeline and connections. */
export function createDetailService(ctx: AppContext) {
  const db = ctx.db;

  return {
    /** The idea with its latest comments; counts a view. Hidden ideas exist only for their author. */
    async detail(
      viewer: SessionUser | null,
      id: string,
      viewerKey?: string,
      countView = true,
    ): Promise<IdeaDetail> {
      if (!isUuid(id)) return notFound(MSG.ideaNotFound);
      const [row, latest, attachments, timeline, connections] = await Promise.all([
        repo.findIdea(db, id, viewer?.id ?? null),
        repo.latestComments(db, id, IDEA_DETAIL_COMMENTS),
        repo.attachmentsOf(db, id),
        repo.timelineOf(db, id),
        ideaConnections(db, id, viewer?.id ?? null),
      ]);
      // A merged idea is out of the lists but still answers, so old links lead to where it went.
      if (!row || (row.status !== 'merged' && !canSeeIdea(viewer, row))) return notFound(MSG.ideaNotFound);
      const idea = toIdea(row);
      // Views are written in batches (platform/view-counts.ts): a read stays a read. The answer
      // includes the views this server has not written yet, this one among them.
      if (countView) ctx.views.view('ideas', id, viewerKey ?? (viewer ? `u:${viewer.id}` : 'a:unknown'));
      return {
        ...idea,
        views: idea.views + ctx.views.pending('ideas', id),
        comments: latest.rows.map(toComment),
        commentsCursor: latest.before,
        attachments: attachments.map(toAttachment),
        timeline: timeline.map(toStatusEvent),
        ...connections,
      };
    },
  };
}

/** Reads an idea page (the answer of the lifecycle changes, which count no view). */
export type ReadIdeaDetail = ReturnType<typeof createDetailService>['detail'];
