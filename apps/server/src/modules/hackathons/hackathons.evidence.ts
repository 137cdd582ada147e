import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { hackathonParticipants, hackathonSubmissions, hackathons } from '../../db/schema/index.js';

/** A person's hackathon project as Smart Matching (jobs.match.ts) may cite it. */
export interface ProjectEvidence {
  userId: string;
  title: string;
  /** The project's own words, where a job's skills are looked for. */
  text: string;
  /** The hackathon's tags (its technologies). */
  tags: string[];
}

/** People's most recent projects in published hackathons: at most `perUser` each on average, one read. */
export async function projectsOf(
  exec: Executor,
  userIds: readonly string[],
  perUser = 20,
): Promise<ProjectEvidence[]> {
  if (userIds.length === 0) return [];
  const rows = await exec
    .select({
      userId: hackathonSubmissions.userId,
      title: hackathonSubmissions.projectTitle,
      description: hackathonSubmissions.projectDescription,
      tags: hackathons.tags,
    })
    // Only registered participants submit: their registrations (hackathon_participants_user_idx)
    // lead to their submissions by key, where submissions have no index by person.
    .from(hackathonParticipants)
    .innerJoin(
      hackathonSubmissions,
      and(
        eq(hackathonSubmissions.hackathonId, hackathonParticipants.hackathonId),
        eq(hackathonSubmissions.userId, hackathonParticipants.userId),
      ),
    )
    .innerJoin(hackathons, eq(hackathons.id, hackathonSubmissions.hackathonId))
    .where(and(inArray(hackathonParticipants.userId, [...userIds]), eq(hackathons.status, 'published')))
    .orderBy(desc(hackathonSubmissions.submittedAt))
    .limit(perUser * userIds.length);
  return rows.map((r) => ({
    userId: r.userId,
    title: r.title,
    text: `${r.title}\n${r.description}`,
    tags: r.tags ?? [],
  }));
}
