import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { indexed, prepared, rowCount, slots } from '../../db/prepared.js';
import { hackathonParticipants, hackathonSubmissions, hackathons } from '../../db/schema/index.js';

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

/** A project as submitted: its title and description, and its hackathon's tags. */
export interface ProjectRow {
  userId: string;
  title: string;
  description: string;
  tags: string[] | null;
}

/**
 * The newest projects of these people in published hackathons, at most `limit` in all: one read
 * through their registrations, whatever the number of people.
 */
export async function recentPublishedProjects(
  exec: Executor,
  userIds: readonly string[],
  limit: number,
): Promise<ProjectRow[]> {
  if (userIds.length === 0) return [];
  return projectsStatement(exec, { n: userIds.length, limit }, indexed('u', userIds));
}
