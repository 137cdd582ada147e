import { type Idea, MSG } from '@agora/shared';
import type { AppContext, SessionUser } from '../../context.js';
import { conflict, forbidden, notFound } from '../../lib/errors.js';
import { discardUnreferenced } from '../../lib/uploads.js';
import { setIdeaOrganizations } from '../organizations/organizations.tagging.service.js';
import { ownIdea } from './ideas.access.js';
import { canRestoreIdea } from './ideas.policy.js';
import { toIdea } from './ideas.presenter.js';
import * as repo from './ideas.repo.js';

export interface CreateIdeaInput {
  title: string;
  description: string;
  category: string;
  tags: string[];
  contactInfo?: string | null;
  /** Organisations to tag (≤ 3); their members are notified. */
  organizationIds?: string[];
}

/** An author's own idea: sharing it, hiding or showing it again, and deleting it. */
export function createShareService(ctx: AppContext) {
  const db = ctx.db;

  return {
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
      return toIdea((await repo.findIdea(db, id, user.id))!);
    },

    async setHidden(user: SessionUser, id: string, hidden: boolean): Promise<Idea> {
      const idea = await ownIdea(db, user, id);
      // A moderator's hide is not the author's to undo (admins lift it from the admin portal).
      if (!hidden && !canRestoreIdea(idea)) forbidden(MSG.ideaHiddenByAdmin);
      if (!hidden && idea.status === 'merged') conflict('IDEA_MERGED', 'A merged idea stays merged');
      // Hiding always hides; restoring (allowed only without an admin's hide) shows it again.
      await repo.setHiddenBy(db, id, 'author', hidden, ctx.clock.now(), user.id);
      const row = await repo.findIdea(db, id, user.id);
      return row ? toIdea(row) : notFound(MSG.ideaNotFound);
    },

    async remove(user: SessionUser, id: string): Promise<void> {
      await ownIdea(db, user, id);
      const keys = await repo.attachmentKeysOf(db, id);
      await repo.deleteOwnIdea(db, id, user.id);
      // Its files now belong to nothing: freed at once (their uploader's quota with them).
      for (const key of keys) await discardUnreferenced(ctx, key);
    },
  };
}
