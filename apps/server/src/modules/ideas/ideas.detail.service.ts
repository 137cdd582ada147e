import {
  IDEA_DETAIL_COMMENTS,
  type IdeaAttachment,
  type IdeaDetail,
  type IdeaStatusEvent,
  MSG,
} from '@agora/shared';
import type { AppContext, SessionUser } from '../../context.js';
import { notFound } from '../../lib/errors.js';
import { isUuid } from '../../lib/ids.js';
import { ideaConnections } from './ideas.connections.js';
import { canSeeIdea } from './ideas.policy.js';
import * as repo from './ideas.repo.js';

export function toAttachment(r: repo.AttachmentRow): IdeaAttachment {
  return {
    _id: r.id,
    url: repo.attachmentUrl(r.ideaId, r.id),
    originalName: r.originalName,
    mimetype: r.mimetype,
    size: r.size,
    kind: r.kind === 'image' ? 'image' : 'document',
  };
}

function toStatusEvent(r: Awaited<ReturnType<typeof repo.timelineOf>>[number]): IdeaStatusEvent {
  return {
    _id: r.id,
    status: r.status as IdeaStatusEvent['status'],
    note: r.note,
    createdAt: new Date(r.createdAt).toISOString(),
    actor: r.actorId ? { id: r.actorId, displayName: r.actorName ?? '' } : null,
  };
}

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
      const [idea, latest, attachments, timeline, connections] = await Promise.all([
        repo.findIdea(db, id, viewer?.id ?? null),
        repo.latestComments(db, id, IDEA_DETAIL_COMMENTS),
        repo.attachmentsOf(db, id),
        repo.timelineOf(db, id),
        ideaConnections(db, id, viewer?.id ?? null),
      ]);
      // A merged idea is out of the lists but still answers, so old links lead to where it went.
      if (
        !idea ||
        (idea.status !== 'merged' && !canSeeIdea(viewer, { authorId: idea.author.id, hidden: idea.hidden }))
      ) {
        return notFound(MSG.ideaNotFound);
      }
      // Views are written in batches (platform/view-counts.ts): a read stays a read. The answer
      // includes the views this server has not written yet, this one among them.
      if (countView) ctx.views.view('ideas', id, viewerKey ?? (viewer ? `u:${viewer.id}` : 'a:unknown'));
      return {
        ...idea,
        views: idea.views + ctx.views.pending('ideas', id),
        comments: latest.comments,
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
