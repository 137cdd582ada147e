import { MSG } from '@agora/shared';
import type { SessionUser } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { forbidden, notFound } from '../../lib/errors.js';
import { isUuid } from '../../lib/ids.js';
import { canManageIdea, canSeeIdeaToAct } from './ideas.policy.js';
import * as repo from './ideas.repo.js';

/**
 * The idea for an author-only action (editing, hiding, deleting, attaching files): 404 when absent,
 * hidden from this caller or an id that cannot exist (old links, typos), 403 when not theirs.
 */
export async function ownIdea(exec: Executor, user: SessionUser, id: string) {
  const idea = isUuid(id) ? await repo.findIdeaOwner(exec, id) : null;
  if (!idea || !canSeeIdeaToAct(user, idea)) return notFound(MSG.ideaNotFound);
  if (!canManageIdea(user, idea)) forbidden('Only the author can do this');
  return idea;
}
