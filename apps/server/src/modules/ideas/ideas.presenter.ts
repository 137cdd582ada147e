import type {
  AdminIdea,
  CollaborationRequest,
  Idea,
  IdeaAttachment,
  IdeaComment,
  IdeaSearchHit,
  IdeaStatusEvent,
  IdeaTeamMember,
} from '@agora/shared';
import { person } from '../../lib/admin-list.js';
import type * as collaboration from './ideas.collaboration.repo.js';
import type * as repo from './ideas.repo.js';

/**
 * Where an attachment is served: through the idea's own route, never the public /uploads/ path,
 * so a hidden or deleted idea's files reach nobody but its author.
 */
export const attachmentUrl = (ideaId: string, attachmentId: string) =>
  `/api/ideas/${ideaId}/attachments/${attachmentId}`;

/** PGlite and node-postgres both return booleans for `exists(…)`, but be strict about it. */
const bool = (v: unknown) => v === true || v === 't';

/** An idea as the feed's cards, the idea page and the author's own changes show it. */
export function toIdea(r: repo.IdeaRow): Idea {
  return {
    _id: r.id,
    id: r.id,
    title: r.title,
    description: r.description,
    category: r.category,
    tags: r.tags ?? [],
    contactInfo: r.contactInfo,
    hidden: r.hidden,
    hiddenByAdmin: r.hiddenByAdmin,
    createdAt: new Date(r.createdAt).toISOString(),
    updatedAt: new Date(r.updatedAt).toISOString(),
    author: { id: r.authorId, displayName: r.authorName },
    likeCount: r.likeCount,
    likes: r.likeCount,
    liked: bool(r.liked),
    authorFollowed: bool(r.authorFollowed),
    commentCount: r.commentCount,
    views: r.views,
    status: r.status as Idea['status'],
    mergedInto: r.mergedInto,
    followerCount: r.followerCount,
    following: bool(r.following),
    cover: r.coverId ? attachmentUrl(r.id, r.coverId) : null,
  };
}

/** A hit of the quick search: the idea's card without the viewer's state (the description cut in SQL). */
export function toSearchHit(r: repo.SearchHitRow): IdeaSearchHit {
  return {
    _id: r.id,
    id: r.id,
    title: r.title,
    description: r.description,
    category: r.category,
    tags: r.tags ?? [],
    likes: r.likeCount,
    likeCount: r.likeCount,
    createdAt: new Date(r.createdAt).toISOString(),
    author: { id: r.authorId, displayName: r.authorName },
  };
}

export function toComment(r: repo.CommentRow): IdeaComment {
  return {
    _id: r.id,
    id: r.id,
    ideaId: r.ideaId,
    content: r.content,
    createdAt: new Date(r.createdAt).toISOString(),
    author: { id: r.authorId, displayName: r.authorName },
  };
}

/** An attached file as the idea page lists it (and as its upload answers). */
export function toAttachment(
  r: Pick<repo.AttachmentRow, 'id' | 'ideaId' | 'kind' | 'originalName' | 'mimetype' | 'size'>,
): IdeaAttachment {
  return {
    _id: r.id,
    url: attachmentUrl(r.ideaId, r.id),
    originalName: r.originalName,
    mimetype: r.mimetype,
    size: r.size,
    kind: r.kind === 'image' ? 'image' : 'document',
  };
}

export function toStatusEvent(r: repo.StatusEventRow): IdeaStatusEvent {
  return {
    _id: r.id,
    status: r.status as IdeaStatusEvent['status'],
    note: r.note,
    createdAt: new Date(r.createdAt).toISOString(),
    actor: r.actorId ? { id: r.actorId, displayName: r.actorName ?? '' } : null,
  };
}

export function toTeamMember(r: collaboration.TeamMemberRow): IdeaTeamMember {
  return { id: r.id, displayName: r.displayName, role: r.role as IdeaTeamMember['role'] };
}

export function toCollaborationRequest(r: collaboration.RequestWithUser): CollaborationRequest {
  return {
    _id: r.id,
    ideaId: r.ideaId,
    user: { id: r.userId, displayName: r.userName },
    role: r.role as CollaborationRequest['role'],
    message: r.message,
    status: r.status as CollaborationRequest['status'],
    createdAt: r.createdAt.toISOString(),
    decidedAt: r.decidedAt?.toISOString() ?? null,
  };
}

/** An idea in the admin portal's list and page. */
export function toAdminIdea(r: repo.AdminIdeaRow): AdminIdea {
  return {
    _id: r.id,
    title: r.title,
    category: r.category,
    hidden: r.hidden,
    hiddenByAdmin: r.hiddenByAdmin,
    likeCount: r.likeCount,
    commentCount: r.commentCount,
    author: person(r.author),
    createdAt: r.createdAt.toISOString(),
  };
}
