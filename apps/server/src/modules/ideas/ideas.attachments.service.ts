import {
  IDEA_ATTACHMENT_MAX_BYTES,
  IDEA_ATTACHMENT_TYPES,
  IDEA_ATTACHMENTS_MAX,
  type IdeaAttachment,
  MSG,
} from '@agora/shared';
import type { AppContext, SessionUser } from '../../context.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { isUuid } from '../../lib/ids.js';
import {
  discardUnreferenced,
  discardUpload,
  IDEA_ATTACHMENT_PURPOSE,
  storeUpload,
  type UploadedFile,
} from '../../lib/uploads.js';
import { ownIdea } from './ideas.access.js';
import { toAttachment } from './ideas.presenter.js';
import * as repo from './ideas.repo.js';

export const IDEA_ATTACHMENT_INVALID = 'Attach a PNG, JPEG, GIF or WebP image, or a PDF document.';
export const IDEA_ATTACHMENT_TOO_LARGE = `The file is too large (maximum ${IDEA_ATTACHMENT_MAX_BYTES / 1024 / 1024} MB).`;
export const IDEA_ATTACHMENTS_FULL = `An idea can have at most ${IDEA_ATTACHMENTS_MAX} attachments.`;

/** Images and PDFs on an idea: its author adds and removes them; readers download them. */
export function createAttachmentsService(ctx: AppContext) {
  const db = ctx.db;

  return {
    /**
     * Adds an image or a PDF to the author's idea: the type is read from the bytes (the existing
     * upload checks), at most IDEA_ATTACHMENTS_MAX per idea, counted under the idea's row lock so
     * parallel uploads cannot pass it; the file counts toward the uploader's upload quota.
     */
    async addAttachment(user: SessionUser, id: string, file: UploadedFile | null): Promise<IdeaAttachment> {
      const idea = await ownIdea(db, user, id);
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
        return toAttachment({
          id: attachmentId,
          ideaId: idea.id,
          kind,
          originalName: stored.originalName,
          mimetype: stored.mimetype,
          size: stored.size,
        });
      } catch (err) {
        await discardUpload(ctx, stored.key);
        throw err;
      }
    },

    async removeAttachment(user: SessionUser, id: string, attachmentId: string): Promise<void> {
      const idea = await ownIdea(db, user, id);
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
  };
}
