import { IDEA_RESPONSE_STATUS_LABELS, type IdeaResponse, MSG, ORGANIZATION_TEXT } from '@agora/shared';
import type { AppContext, SessionUser } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { conflict, forbidden, notFound } from '../../lib/errors.js';
import { notify } from '../notifications/notifications.service.js';
import { canRespondFor } from './organizations.policy.js';
import type { OrganizationIdeas } from './organizations.ideas.js';
import { toListedResponse, toResponse } from './organizations.presenter.js';
import * as repo from './organizations.repo.js';

/** The idea's official responses, oldest first. */
export async function responsesOfIdea(exec: Executor, ideaId: string): Promise<IdeaResponse[]> {
  return (await repo.responsesOfIdea(exec, ideaId)).map(toListedResponse);
}

/** Official responses: a verified member answers, for their organisation, an idea that tags it. */
export function createResponsesService(ctx: AppContext, ideas: OrganizationIdeas) {
  const db = ctx.db;

  return {
    /**
     * An official response: by a verified member (403 otherwise), for an organisation the idea tags
     * (409 otherwise). The idea's followers and its author are notified.
     */
    async respond(
      user: SessionUser,
      ideaId: string,
      body: { organizationId: string; status: IdeaResponse['status']; message: string },
    ): Promise<IdeaResponse> {
      return db.transaction(async (tx) => {
        const idea = (await ideas.findIdeaToAct(tx, user, ideaId)) ?? notFound(MSG.ideaNotFound);
        const org =
          (await repo.findOrganization(tx, body.organizationId)) ?? notFound(ORGANIZATION_TEXT.notFound);
        if (!canRespondFor(await repo.isMember(tx, org.id, user.id)))
          forbidden(ORGANIZATION_TEXT.membersOnly);
        if (!(await repo.isTagged(tx, idea.id, org.id))) conflict('NOT_TAGGED', ORGANIZATION_TEXT.notTagged);
        const row = await repo.insertResponse(tx, {
          ideaId: idea.id,
          organizationId: org.id,
          responderId: user.id,
          status: body.status,
          message: body.message,
          createdAt: ctx.clock.now(),
        });
        // Followers hear of it (the author follows their idea unless they stopped: then directly).
        const headline = `${org.name} responded: ${IDEA_RESPONSE_STATUS_LABELS[body.status]}`;
        const link = `/idea/${idea.id}#responses`;
        const notified = await ideas.notifyIdeaFollowers(
          tx,
          ctx.config,
          idea.id,
          { type: 'idea_response', ideaTitle: idea.title, headline, detail: body.message, link },
          { except: [user.id] },
        );
        if (idea.authorId !== user.id && !notified.includes(idea.authorId)) {
          await notify(tx, idea.authorId, {
            type: 'idea_response',
            title: `${headline}: ${idea.title}`.slice(0, 200),
            body: body.message.slice(0, 200),
            link,
          });
        }
        return toResponse(row, org, { id: user.id, displayName: user.displayName });
      });
    },
  };
}
