import type { Executor } from '../../db/client.js';
import { recentPublishedProjects } from './hackathons.evidence.repo.js';

/** Projects cited per person on average at most: the newest ones speak for what they do now. */
const PROJECTS_PER_PERSON = 20;

/** A person's hackathon project as Smart Matching may cite it. */
export interface ProjectEvidence {
  userId: string;
  title: string;
  /** The project's own words (title and description), where a job's skills are looked for. */
  text: string;
  /** The hackathon's tags (its technologies). */
  tags: string[];
}

/**
 * What other areas (Smart Matching) may cite of people's hackathon work: the projects they submitted
 * to published hackathons, newest first. A hackathon still in review or rejected is not shown to
 * visitors, so its projects are not cited either. One read whatever the number of people.
 */
export async function projectEvidenceOf(
  exec: Executor,
  userIds: readonly string[],
): Promise<ProjectEvidence[]> {
  const rows = await recentPublishedProjects(exec, userIds, PROJECTS_PER_PERSON * userIds.length);
  return rows.map((r) => ({
    userId: r.userId,
    title: r.title,
    text: `${r.title}\n${r.description}`,
    tags: r.tags ?? [],
  }));
}
