import {
  IDEA_ATTACHMENT_MAX_BYTES,
  IDEA_ATTACHMENT_TYPES,
  IDEA_ATTACHMENTS_MAX,
  IDEA_CATEGORIES,
  IDEA_DETAIL_COMMENTS,
  IDEA_STATUS_LABELS,
  type IdeaAttachment,
  type IdeaFollowResult,
  type IdeaStatusBody,
  type IdeaStatusEvent,
  IDEA_SEARCH_MAX_RESULTS,
  type Idea,
  type IdeaComment,
  type IdeaDetail,
  type IdeaList,
  type IdeaSearchHit,
  type LikeResult,
  MSG,
  plural,
} from '@agora/shared';
import type { AppContext, SessionUser } from '../../context.js';
import { badRequest, conflict, forbidden, notFound, unauthorized } from '../../lib/errors.js';
import {
  discardUnreferenced,
  discardUpload,
  IDEA_ATTACHMENT_PURPOSE,
  storeUpload,
  type UploadedFile,
} from '../../lib/uploads.js';
import { notifyIdeaFollowers } from './ideas.followers.js';
import { decodeKeyset } from '../../lib/cursor.js';
import { notify, notifyOnce } from '../notifications/notifications.service.js';
import {
  canDeleteComment,
  canMergeIdeas,
  canSetIdeaStatus,
  canListHiddenIdeasOf,
  canManageIdea,
  canRestoreIdea,
  canSeeIdea,
  canSeeIdeaToAct,
  notifiesAuthor,
} from './ideas.policy.js';
import { setIdeaOrganizations } from '../organizations/organizations.service.js';
import { ideaConnections } from './ideas.connections.js';
import * as repo from './ideas.repo.js';
import { isUuid } from '../../lib/ids.js';

/** Ids that cannot exist (old links, typos) are simply "not found", never a 500 or a 400. */

const SEARCH_MAX_WORDS = 8;
const SEARCH_MAX_WORD = 50;

/** Search text → at most 8 lower-case words of letters and digits (safe inside a tsquery). */
export function searchWords(q: string): string[] {
  // Apostrophes join ("robot's" → "robots", which stems like "robot") instead of splitting off an "s".
  const words =
    q
      .normalize('NFKC')
      .toLowerCase()
      .replace(/['\u2019]/g, '')
      .match(/[\p{L}\p{N}]+/gu) ?? [];
  return [...new Set(words.map((w) => w.slice(0, SEARCH_MAX_WORD)))].slice(0, SEARCH_MAX_WORDS);
}

function paged(ideasPage: Idea[], totalItems: number, page: number, limit: number): IdeaList {
  const total = Math.ceil(totalItems / limit);
  return {
    ideas: ideasPage,
    pagination: { current: page, total, hasMore: page < total },
    totalItems,
  };
}

export interface CreateIdeaInput {
  title: string;
  description: string;
  category: string;
  tags: string[];
  contactInfo?: string | null;
  /** Organisations to tag (≤ 3); their members are notified. */
  organizationIds?: string[];
}

/** ListIdeasQuery.author: 'me' needs a signed-in caller; anything else must be a user id. */
function resolveAuthor(viewer: SessionUser | null, author: string): string | null {
  if (author === 'me') return viewer?.id ?? unauthorized();
  if (!isUuid(author)) {
    return badRequest('Invalid author', [{ field: 'querystring.author', message: 'Invalid author' }]);
  }
  return author;
}

export const IDEA_ATTACHMENT_INVALID = 'Attach a PNG, JPEG, GIF or WebP image, or a PDF document.';
export const IDEA_ATTACHMENT_TOO_LARGE = `The file is too large (maximum ${IDEA_ATTACHMENT_MAX_BYTES / 1024 / 1024} MB).`;
export const IDEA_ATTACHMENTS_FULL = `An idea can have at most ${IDEA_ATTACHMENTS_MAX} attachments.`;

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

/** The deepest offset a page number alone may ask for (deeper pages follow nextCursor). */
export const IDEA_MAX_OFFSET = 1000;

export function createIdeasService(ctx: AppContext) {
  const db = ctx.db;

  /** The idea for an author-only action: 404 when absent or hidden from this caller, 403 when not theirs. */
  async function ownIdea(user: SessionUser, id: string) {
    const idea = isUuid(id) ? await repo.findIdeaOwner(db, id) : null;
    if (!idea || !canSeeIdeaToAct(user, idea)) return notFound(MSG.ideaNotFound);
    if (!canManageIdea(user, idea)) forbidden('Only the author can do this');
    return idea;
  }

  return {
    async list(
      viewer: SessionUser | null,
      q: {
        category?: string;
        sort: repo.IdeaSort;
        page: number;
        limit: number;
        cursor?: string;
        author?: string;
        status?: string;
        q?: string;
      },
    ): Promise<IdeaList> {
      const category = q.category && q.category.toLowerCase() !== 'all' ? q.category : null;
      // My Ideas (author=me) and an author's public ideas; hidden ones stay on /hidden-ideas.
      const authorId = q.author ? resolveAuthor(viewer, q.author) : null;
      // Merged ideas are hidden: asking for them lists nothing rather than an error.
      const filter: repo.IdeaFilter = { hidden: false, category, authorId, status: q.status ?? null };
      const words = q.q ? searchWords(q.q) : [];
      if (words.length > 0) {
        // Every visible idea matching every word, in the list's own sort and filters, by page number.
        if ((q.page - 1) * q.limit > IDEA_MAX_OFFSET) return paged([], 0, q.page, q.limit);
        const found = await repo.searchPage(db, {
          filter,
          words,
          viewerId: viewer?.id ?? null,
          sort: q.sort,
          page: q.page,
          limit: q.limit,
        });
        return paged(found.ideas, found.totalItems, q.page, q.limit);
      }
      const after = repo.decodeIdeaCursor(q.cursor, q.sort);
      // The first page and every page reached by its cursor: keyset (spec 02's page numbers stay
      // in `pagination`). A page number without a cursor (an older client) is still served by offset.
      // The total comes with the page: from idea_counts (no count(*) of every visible idea), or counted for an author.
      if (after || q.page === 1) {
        const page = await repo.keysetPageOfIdeas(db, {
          filter,
          viewerId: viewer?.id ?? null,
          sort: q.sort,
          after,
          limit: q.limit,
        });
        return {
          ideas: page.ideas,
          pagination: {
            current: q.page,
            total: Math.ceil(page.totalItems / q.limit),
            hasMore: page.next !== null,
          },
          totalItems: page.totalItems,
          nextCursor: page.next,
        };
      }
      // A page number without its cursor walks the index past every earlier row: allowed while
      // that walk is short, refused past it (`page=5000` would sort 50,000 rows on disk).
      // Past the last page: empty, as before, without reading any idea.
      const offset = (q.page - 1) * q.limit;
      if (offset > IDEA_MAX_OFFSET) {
        const totalItems = await repo.countFiltered(db, filter);
        if (offset >= totalItems) return paged([], totalItems, q.page, q.limit);
        badRequest('Page too deep', [
          {
            field: 'querystring.page',
            message: `Pages past the first ${IDEA_MAX_OFFSET} ideas are reached with the cursor of the page before (nextCursor)`,
          },
        ]);
      }
      const { ideas: rows, totalItems } = await repo.pageOfIdeas(db, {
        filter,
        viewerId: viewer?.id ?? null,
        sort: q.sort,
        page: q.page,
        limit: q.limit,
      });
      return paged(rows, totalItems, q.page, q.limit);
    },

    /** CONTRACT §4/§5: every category a form can submit (0 when unused) plus any other in use. */
    async categories(): Promise<Record<string, number>> {
      const counts: Record<string, number> = Object.fromEntries(IDEA_CATEGORIES.map((c) => [c, 0]));
      for (const row of await repo.categoryCounts(db)) counts[row.category] = Number(row.n);
      return counts;
    },

    async create(user: SessionUser, body: CreateIdeaInput): Promise<Idea> {
      const now = ctx.clock.now();
      const id = await db.transaction(async (tx) => {
        const ideaId = await repo.insertIdea(tx, {
          authorId: user.id,
          title: body.title,
          description: body.description,
          category: body.category,
          tags: body.tags,
          contactInfo: body.contactInfo ?? null,
          createdAt: now,
          updatedAt: now,
        });
        // Its author hears of what happens to it (and can stop following like anyone).
        await repo.followIdea(tx, ideaId, user.id, now);
        if (body.organizationIds?.length) {
          await setIdeaOrganizations(tx, user, { id: ideaId, title: body.title }, body.organizationIds, now);
        }
        return ideaId;
      });
      return (await repo.findIdea(db, id, user.id))!;
    },

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
      return { comments: page.comments, nextCursor: page.before };
    },

    async remove(user: SessionUser, id: string): Promise<void> {
      await ownIdea(user, id);
      const keys = await repo.attachmentKeysOf(db, id);
      await repo.deleteOwnIdea(db, id, user.id);
      // Its files now belong to nothing: freed at once (their uploader's quota with them).
      for (const key of keys) await discardUnreferenced(ctx, key);
    },

    async setHidden(user: SessionUser, id: string, hidden: boolean): Promise<Idea> {
      const idea = await ownIdea(user, id);
      // A moderator's hide is not the author's to undo (admins lift it from the admin portal).
      if (!hidden && !canRestoreIdea(idea)) forbidden(MSG.ideaHiddenByAdmin);
      if (!hidden && idea.status === 'merged') conflict('IDEA_MERGED', 'A merged idea stays merged');
      // Hiding always hides; restoring (allowed only without an admin's hide) shows it again.
      await repo.setHiddenBy(db, id, 'author', hidden, ctx.clock.now(), user.id);
      return (await repo.findIdea(db, id, user.id)) ?? notFound(MSG.ideaNotFound);
    },

    async hiddenOf(user: SessionUser, userId: string, page: number, limit: number): Promise<IdeaList> {
      if (!canListHiddenIdeasOf(user, userId)) forbidden('You can only see your own hidden ideas');
      const { ideas: rows, totalItems } = await repo.pageOfIdeas(db, {
        filter: { hidden: true, authorId: user.id },
        viewerId: user.id,
        sort: 'newest',
        page,
        limit,
      });
      return paged(rows, totalItems, page, limit);
    },

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
        return repo.toComment({ ...row, authorName: user.displayName });
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
        if (!canDeleteComment(user, idea, comment)) {
          forbidden('Only the comment author or the idea author can delete this comment');
        }
        const removed = await repo.deleteComment(tx, commentId);
        return { commentCount: await repo.uncountComments(tx, id, removed) };
      });
    },

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

    /**
     * Moves an idea along its lifecycle (its author or an admin; never to or from 'merged'): the
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
      return this.detail(user, id, undefined, false);
    },

    /**
     * Adds an image or a PDF to the author's idea: the type is read from the bytes (the existing
     * upload checks), at most IDEA_ATTACHMENTS_MAX per idea, counted under the idea's row lock so
     * parallel uploads cannot pass it; the file counts toward the uploader's upload quota.
     */
    async addAttachment(user: SessionUser, id: string, file: UploadedFile | null): Promise<IdeaAttachment> {
      const idea = await ownIdea(user, id);
      if (!file || file.buffer.length === 0) {
        return badRequest(IDEA_ATTACHMENT_INVALID, [{ field: 'file', message: IDEA_ATTACHMENT_INVALID }]);
      }
      if ((await repo.countAttachments(db, idea.id)) >= IDEA_ATTACHMENTS_MAX) {
        conflict('ATTACHMENTS_FULL', IDEA_ATTACHMENTS_FULL);
      }
      const stored = await storeUpload(ctx, file, {
        ownerId: user.id,
        purpose: IDEA_ATTACHMENT_PURPOSE,
        allowed: [...IDEA_ATTACHMENT_TYPES],
        invalidMessage: IDEA_ATTACHMENT_INVALID,
      });
      const kind = stored.mimetype === 'application/pdf' ? 'document' : 'image';
      try {
        const attachmentId = await db.transaction(async (tx) => {
          const locked = await repo.lockIdea(tx, idea.id);
          if (!locked) return notFound(MSG.ideaNotFound);
          if ((await repo.countAttachments(tx, idea.id)) >= IDEA_ATTACHMENTS_MAX) {
            conflict('ATTACHMENTS_FULL', IDEA_ATTACHMENTS_FULL);
          }
          return repo.insertAttachment(tx, {
            ideaId: idea.id,
            fileKey: stored.key,
            kind,
            createdAt: ctx.clock.now(),
          });
        });
        return {
          _id: attachmentId,
          url: repo.attachmentUrl(idea.id, attachmentId),
          originalName: stored.originalName,
          mimetype: stored.mimetype,
          size: stored.size,
          kind,
        };
      } catch (err) {
        await discardUpload(ctx, stored.key);
        throw err;
      }
    },

    async removeAttachment(user: SessionUser, id: string, attachmentId: string): Promise<void> {
      const idea = await ownIdea(user, id);
      if (!isUuid(attachmentId)) return notFound('Attachment not found');
      const key = await repo.deleteAttachment(db, idea.id, attachmentId);
      if (!key) return notFound('Attachment not found');
      await discardUnreferenced(ctx, key);
    },

    /** An attachment's file: for everyone while the idea is visible, else for its author only. */
    async attachmentFile(viewer: SessionUser | null, id: string, attachmentId: string) {
      if (!isUuid(id) || !isUuid(attachmentId)) return notFound('Attachment not found');
      const idea = await repo.findIdeaOwner(db, id);
      const visible = idea && (!idea.hidden || (viewer !== null && viewer.id === idea.authorId));
      if (!visible) return notFound('Attachment not found');
      const row = await repo.findAttachment(db, id, attachmentId);
      const data = row ? await ctx.storage.open(row.fileKey) : null;
      if (!row || !data) return notFound('Attachment not found');
      return { row, data };
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
      return this.detail(user, id, undefined, false);
    },

    async search(q: string, match: 'all' | 'any' = 'all'): Promise<IdeaSearchHit[]> {
      const words = searchWords(q);
      if (words.length === 0) return [];
      return repo.searchIdeas(db, words, IDEA_SEARCH_MAX_RESULTS, match);
    },
  };
}

export type IdeasService = ReturnType<typeof createIdeasService>;
