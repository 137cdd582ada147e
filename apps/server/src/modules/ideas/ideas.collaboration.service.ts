import {
  COLLABORATION_TEXT,
  type CollaborationRequest,
  IDEA_COLLABORATOR_ROLE_LABELS,
  MSG,
  type IdeaTeamMember,
} from '@agora/shared';
import type { AppContext, SessionUser } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { conflict, forbidden, notFound } from '../../lib/errors.js';
import { isUuid } from '../../lib/ids.js';
import { notify } from '../notifications/notifications.service.js';
import * as repo from './ideas.collaboration.repo.js';
import { canSeeIdeaToAct, isIdeaAuthor } from './ideas.policy.js';
import { toCollaborationRequest, toTeamMember } from './ideas.presenter.js';
import * as ideasRepo from './ideas.repo.js';

/**
 * An idea someone acts on (tags, responses, collaboration): null when it does not exist or is
 * hidden from this caller (hidden ideas exist only for their author). Other areas reach ideas here.
 */
export async function findIdeaToAct(exec: Executor, user: SessionUser, id: string) {
  const idea = isUuid(id) ? await ideasRepo.findIdeaOwner(exec, id) : null;
  if (!idea || !canSeeIdeaToAct(user, idea)) return null;
  return idea;
}

/** The idea's team as ideas carry it. */
export async function teamOf(exec: Executor, ideaId: string): Promise<IdeaTeamMember[]> {
  return (await repo.teamOfIdea(exec, ideaId)).map(toTeamMember);
}

const article = (role: string) => (role === 'expert' ? 'an' : 'a');

export function createCollaborationService(ctx: AppContext) {
  const db = ctx.db;

  async function ideaFor(user: SessionUser, id: string, exec: Executor = db) {
    return (await findIdeaToAct(exec, user, id)) ?? notFound(MSG.ideaNotFound);
  }

  return {
    /** Asks to join an idea's team: not its author; one pending request per person and idea. */
    async request(
      user: SessionUser,
      ideaId: string,
      body: { role: CollaborationRequest['role']; message: string },
    ): Promise<CollaborationRequest> {
      return db.transaction(async (tx) => {
        const idea = await ideaFor(user, ideaId, tx);
        if (isIdeaAuthor(user, idea)) forbidden(COLLABORATION_TEXT.ownIdea);
        if (await repo.isTeamMember(tx, idea.id, user.id))
          conflict('ALREADY_MEMBER', COLLABORATION_TEXT.alreadyMember);
        const row = await repo.insertRequest(tx, {
          ideaId: idea.id,
          userId: user.id,
          role: body.role,
          message: body.message,
          createdAt: ctx.clock.now(),
        });
        if (!row) return conflict('ALREADY_REQUESTED', COLLABORATION_TEXT.alreadyPending);
        await notify(tx, idea.authorId, {
          type: 'idea_collaboration',
          title: `${user.displayName} wants to join your idea as ${article(body.role)} ${IDEA_COLLABORATOR_ROLE_LABELS[body.role].toLowerCase()}`,
          body: (body.message || idea.title).slice(0, 200),
          link: `/idea/${idea.id}#collaboration-requests`,
        });
        return toCollaborationRequest({ ...row, userName: user.displayName });
      });
    },

    /** The author's list of requests on their idea. */
    async list(user: SessionUser, ideaId: string): Promise<CollaborationRequest[]> {
      const idea = await ideaFor(user, ideaId);
      if (!isIdeaAuthor(user, idea)) forbidden(COLLABORATION_TEXT.authorOnly);
      return (await repo.requestsOfIdea(db, idea.id)).map(toCollaborationRequest);
    },

    /** The caller's own pending request on an idea (null when none): the join button's state. */
    async mine(user: SessionUser, ideaId: string): Promise<CollaborationRequest | null> {
      const idea = await ideaFor(user, ideaId);
      const row = await repo.pendingRequestOf(db, idea.id, user.id);
      return row ? toCollaborationRequest(row) : null;
    },

    /** Accepts or declines: the idea's author only, once. Accepting puts the person on the team. */
    async decide(user: SessionUser, requestId: string, accept: boolean): Promise<CollaborationRequest> {
      if (!isUuid(requestId)) return notFound(COLLABORATION_TEXT.requestNotFound);
      return db.transaction(async (tx) => {
        const request = await repo.findRequest(tx, requestId);
        if (!request) return notFound(COLLABORATION_TEXT.requestNotFound);
        const idea = await findIdeaToAct(tx, user, request.ideaId);
        if (!idea) return notFound(COLLABORATION_TEXT.requestNotFound);
        if (!isIdeaAuthor(user, idea)) forbidden(COLLABORATION_TEXT.authorOnly);
        const now = ctx.clock.now();
        const status = accept ? 'accepted' : 'declined';
        if (!(await repo.decideRequest(tx, requestId, status, now))) {
          return conflict('ALREADY_DECIDED', COLLABORATION_TEXT.alreadyDecided);
        }
        if (accept) {
          await repo.upsertTeamMember(tx, {
            ideaId: idea.id,
            userId: request.userId,
            role: request.role,
            createdAt: now,
          });
        }
        await notify(tx, request.userId, {
          type: 'idea_collaboration',
          title: accept
            ? `You joined “${idea.title.slice(0, 80)}” as ${article(request.role)} ${request.role}`
            : `Your request to join “${idea.title.slice(0, 80)}” was declined`,
          link: `/idea/${idea.id}`,
        });
        return toCollaborationRequest({ ...request, status, decidedAt: now });
      });
    },

    /** A team member leaves the team. */
    async leave(user: SessionUser, ideaId: string): Promise<void> {
      const idea = await ideaFor(user, ideaId);
      if (!(await repo.deleteTeamMember(db, idea.id, user.id))) notFound(COLLABORATION_TEXT.notMember);
    },
  };
}

export type CollaborationService = ReturnType<typeof createCollaborationService>;
