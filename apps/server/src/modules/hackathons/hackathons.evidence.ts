import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { indexed, prepared, rowCount, slots } from '../../db/prepared.js';
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

/** The newest projects of `n` people in published hackathons, at most `limit` (db/prepared.ts). */
const projectsStatement = prepared((exec, shape: { n: number; limit: number }) => {
  const ids = slots('u', shape.n);
  return (
    exec
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
      .where(
        and(
          shape.n === 1
            ? eq(hackathonParticipants.userId, ids[0]!)
            : inArray(hackathonParticipants.userId, ids),
          sql`${hackathons.status} = 'published'`,
        ),
      )
      .orderBy(desc(hackathonSubmissions.submittedAt))
      .limit(rowCount(shape.limit))
  );
});

/** People's most recent projects in published hackathons: at most `perUser` each on average, one read. */
export async function projectsOf(
  exec: Executor,
  userIds: readonly string[],
  perUser = 20,
): Promise<ProjectEvidence[]> {
  if (userIds.length === 0) return [];
  const rows = await projectsStatement(
    exec,
    { n: userIds.length, limit: perUser * userIds.length },
    indexed('u', userIds),
  );
  return rows.map((r) => ({
    userId: r.userId,
    title: r.title,
    text: `${r.title}\n${r.description}`,
    tags: r.tags ?? [],
  }));
}
