import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import * as repo from './users.repo.js';

/**
 * What Smart Matching (jobs) and the referral network read of a person: the skills they gave,
 * the skills found in their résumé that they kept, and where and at what level they work.
 * Read at the time of asking, so a score is never computed from a stale copy.
 */
export interface MatchProfile {
  skills: string[];
  inferredSkills: string[];
  level: string | null;
  location: string | null;
  company: string | null;
  headline: string | null;
}

function toMatchProfile(row: Awaited<ReturnType<typeof repo.matchProfiles>>[number]): MatchProfile {
  return {
    skills: row.skills ?? [],
    inferredSkills: row.inferredSkills ?? [],
    level: row.level,
    location: row.location,
    company: row.company,
    headline: row.headline,
  };
}

/** One user's match profile, or null when there is no such user. */
export async function matchProfileOf(
  ctx: Pick<AppContext, 'db'>,
  userId: string,
  exec: Executor = ctx.db,
): Promise<MatchProfile | null> {
  const [row] = await repo.matchProfiles(exec, [userId]);
  return row ? toMatchProfile(row) : null;
}

/** Several users' match profiles at once (an applicant list), keyed by user id; missing users are absent. */
export async function matchProfilesOf(
  ctx: Pick<AppContext, 'db'>,
  userIds: readonly string[],
  exec: Executor = ctx.db,
): Promise<Map<string, MatchProfile>> {
  const rows = await repo.matchProfiles(exec, [...new Set(userIds)]);
  return new Map(rows.map((r) => [r.id, toMatchProfile(r)]));
}
