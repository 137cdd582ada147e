import type { Executor } from '../../db/client.js';
import { isUuid } from '../../lib/ids.js';
import { canLinkToIdea } from './ideas.policy.js';
import * as repo from './ideas.repo.js';

/** An idea as another area links to it: its id and title. */
export interface LinkedIdea {
  id: string;
  title: string;
}

/**
 * The idea another area links to ("Propose as a hackathon challenge"), while everyone can see it;
 * null when it does not exist, is hidden or was merged into another. Other areas read ideas here,
 * never through ideas.repo.
 */
export async function findLinkableIdea(exec: Executor, id: string): Promise<LinkedIdea | null> {
  const idea = isUuid(id) ? await repo.findIdeaOwner(exec, id) : null;
  return idea && canLinkToIdea(idea) ? { id: idea.id, title: idea.title } : null;
}
