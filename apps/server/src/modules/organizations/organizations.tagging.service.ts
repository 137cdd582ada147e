import { MSG, ORGANIZATION_TEXT, type OrganizationSummary } from '@agora/shared';
import type { AppContext, SessionUser } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { badRequest, forbidden, notFound } from '../../lib/errors.js';
import { notifyMany } from '../notifications/notifications.service.js';
import type { OrganizationIdeas } from './organizations.ideas.js';
import { toSummary } from './organizations.presenter.js';
import * as repo from './organizations.repo.js';

/** The organisations an idea tags, as ideas carry them. */
export async function organizationsOfIdea(exec: Executor, ideaId: string): Promise<OrganizationSummary[]> {
  return (await repo.organizationsOfIdea(exec, ideaId)).map(toSummary);
}

/**
 * Sets the organisations an idea tags (≤ 3, each existing) in the caller's transaction, and
 * notifies the members of the newly tagged ones (not the person tagging). Called by the ideas area
 * when an idea is shared or its tags change.
 */
export async function setIdeaOrganizations(
  exec: Executor,
  actor: SessionUser,
  idea: { id: string; title: string },
  organizationIds: string[],
  now: Date,
): Promise<void> {
  const wanted = [...new Set(organizationIds.map((id) => id.toLowerCase()))];
  if (wanted.length > 3)
    badRequest(ORGANIZATION_TEXT.tooManyTags, [
      { field: 'body.organizationIds', message: ORGANIZATION_TEXT.tooManyTags },
    ]);
  const found = await repo.organizationsByIds(exec, wanted);
  if (found.length !== wanted.length) {
    badRequest(ORGANIZATION_TEXT.unknownOrganization, [
      { field: 'body.organizationIds', message: ORGANIZATION_TEXT.unknownOrganization },
    ]);
  }
  const current = await repo.taggedOrganizationIds(exec, idea.id);
  const added = wanted.filter((id) => !current.includes(id));
  await repo.untagIdea(
    exec,
    idea.id,
    current.filter((id) => !wanted.includes(id)),
  );
  await repo.tagIdea(exec, idea.id, added, now);
  const names = new Map(found.map((o) => [o.id, o.name]));
  const members = (await repo.memberIds(exec, added)).filter((m) => m.userId !== actor.id);
  await notifyMany(
    exec,
    members.map((m) => ({
      userId: m.userId,
      type: 'idea_organization' as const,
      title: `An idea tags ${names.get(m.organizationId) ?? 'your organisation'}`,
      body: idea.title.slice(0, 200),
      link: `/idea/${idea.id}`,
    })),
  );
}

/** Tagging ideas with organisations: the ideas area tags them as an idea is shared; its author changes them. */
export function createTaggingService(ctx: AppContext, ideas: OrganizationIdeas) {
  const db = ctx.db;

  return {
    /** Changes the organisations an idea tags: its author only. */
    async setTags(
      user: SessionUser,
      ideaId: string,
      organizationIds: string[],
    ): Promise<OrganizationSummary[]> {
      return db.transaction(async (tx) => {
        const idea = (await ideas.findIdeaToAct(tx, user, ideaId)) ?? notFound(MSG.ideaNotFound);
        if (idea.authorId !== user.id) forbidden('Only the author can do this');
        await setIdeaOrganizations(tx, user, idea, organizationIds, ctx.clock.now());
        return organizationsOfIdea(tx, idea.id);
      });
    },
  };
}
