import type { Executor } from '../../db/client.js';
import { recentVisibleIdeas } from './ideas.evidence.repo.js';

/** Ideas cited per person on average at most: enough to find one on a job's skills. */
const IDEAS_PER_PERSON = 50;

/** A person's idea as Smart Matching may cite it: its title and its tags. */
export interface IdeaEvidence {
  userId: string;
  title: string;
  tags: string[];
}

/**
 * What other areas (Smart Matching) may cite of people's ideas: the ideas anyone can see, newest
 * first. A hidden idea exists only for its author, so no one else's page may name it. One read
 * whatever the number of people.
 */
export async function ideaEvidenceOf(exec: Executor, userIds: readonly string[]): Promise<IdeaEvidence[]> {
  const rows = await recentVisibleIdeas(exec, userIds, IDEAS_PER_PERSON * userIds.length);
  return rows.map((r) => ({ userId: r.userId, title: r.title, tags: r.tags ?? [] }));
}
