import { type Hackathon, type HackathonFormParts, MSG } from '@agora/shared';
import type { AppContext, SessionUser } from '../../context.js';
import { conflict, forbidden, notFound } from '../../lib/errors.js';
import {
  discardUpload,
  RASTER_IMAGE_TYPES,
  storeUpload,
  type UploadedFile,
  uploadedFile,
} from '../../lib/uploads.js';
import { checkForm, formColumns } from './hackathons.form.js';
import type { FindLinkableIdea } from './hackathons.ideas.service.js';
import { canEdit } from './hackathons.policy.js';
import { present } from './hackathons.presenter.js';
import * as repo from './hackathons.repo.js';
import type { HackathonsShared } from './hackathons.shared.js';

/** The organiser proposes a hackathon, and edits it until it is published. */
export function createEditService(ctx: AppContext, s: HackathonsShared, findIdea: FindLinkableIdea) {
  /** The idea a form proposes the hackathon from: one everyone can see, else 404 (CONTRACT §3). */
  async function ideaToLink(ideaId: string | undefined) {
    if (ideaId === undefined) return undefined;
    return (await findIdea(ctx.db, ideaId)) ?? notFound(MSG.ideaNotFound);
  }

  /** Stored only once everything else is valid (and removed again by the caller if the write fails). */
  function storeImage(user: SessionUser, image: UploadedFile) {
    return storeUpload(ctx, image, {
      ownerId: user.id,
      purpose: 'hackathon-image',
      allowed: RASTER_IMAGE_TYPES,
      invalidMessage: MSG.hackathonImageInvalid,
    });
  }

  return {
    /**
     * POST /api/hackathons/submit. The caller has checked the token (check 1); here checks 2–9 of
     * spec 03 §5 in order, then limits and lists, then dates registration can work with (the end in
     * the future, the start at least 1 hour away). The status is always pending. The image is
     * stored only once everything else is valid, and removed again if the insert fails.
     */
    async create(user: SessionUser, form: HackathonFormParts): Promise<Hackathon> {
      const v = checkForm(form, s.now);
      const idea = await ideaToLink(form.ideaId);
      const t = s.now();
      const image = uploadedFile(form.image);
      const stored = image ? await storeImage(user, image) : null;
      let row: repo.HackathonRow;
      try {
        row = await repo.insertHackathon(ctx.db, {
          authorId: user.id,
          ...formColumns(v),
          ideaId: idea?.id ?? null,
          imageKey: stored?.key ?? null,
          status: 'pending',
          createdAt: t,
          updatedAt: t,
        });
      } catch (err) {
        if (stored) await discardUpload(ctx, stored.key);
        throw err;
      }
      const out = present(
        {
          h: row,
          authorName: user.displayName,
          authorEmail: user.email,
          isRegistered: false,
          submissionCount: 0,
        },
        user,
        t,
      );
      out.idea = idea ? { _id: idea.id, title: idea.title } : null;
      return out;
    },

    /**
     * PUT /api/hackathons/:id: its organiser edits a pending or rejected hackathon (the same checks
     * as a new one); the edit goes back to the admins as pending, the old decision cleared. A new
     * image replaces the old one; without one the old one stays. Published ones: 409.
     */
    async update(user: SessionUser, id: string, form: HackathonFormParts): Promise<Hackathon> {
      const { h } = await s.loadVisible(user, id);
      if (!canEdit(user, h)) forbidden('Only the organizer can edit this hackathon.');
      if (h.status === 'published') {
        conflict('ALREADY_PUBLISHED', 'A published hackathon cannot be edited. Contact the admin team.');
      }
      const v = checkForm(form, s.now);
      // Absent: the link stays as it was (the edit form does not send it).
      const idea = await ideaToLink(form.ideaId);
      const t = s.now();
      const image = uploadedFile(form.image);
      const stored = image ? await storeImage(user, image) : null;
      let row: repo.HackathonRow | undefined;
      try {
        row = await repo.updateUnpublished(ctx.db, id, user.id, {
          ...formColumns(v),
          ...(idea ? { ideaId: idea.id } : {}),
          ...(stored ? { imageKey: stored.key } : {}),
          status: 'pending',
          rejectionReason: null,
          reviewedBy: null,
          reviewedAt: null,
          updatedAt: t,
        });
      } catch (err) {
        if (stored) await discardUpload(ctx, stored.key);
        throw err;
      }
      if (!row) {
        if (stored) await discardUpload(ctx, stored.key);
        return conflict(
          'ALREADY_PUBLISHED',
          'A published hackathon cannot be edited. Contact the admin team.',
        );
      }
      if (stored && h.imageKey && h.imageKey !== stored.key) await discardUpload(ctx, h.imageKey);
      const rec = await repo.findRecord(ctx.db, id, user.id);
      return { ...present(rec!, user, t), idea: await s.linkedIdea(rec!.h.ideaId) };
    },
  };
}
