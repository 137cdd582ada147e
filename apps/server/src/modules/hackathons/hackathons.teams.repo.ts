import { and, asc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { pgErrorCode } from '../../db/client.js';
import {
  hackathonSubmissions,
  hackathonTeamMembers,
  hackathonTeamRequests,
  hackathonTeams,
} from '../../db/schema/index.js';

export type TeamRow = typeof hackathonTeams.$inferSelect;
export type TeamRequestRow = typeof hackathonTeamRequests.$inferSelect;
/** A membership; names come from the users area (peopleById). */
export interface MemberRow {
  teamId: string;
  userId: string;
  role: 'captain' | 'member';
  joinedAt: Date;
}

const memberColumns = {
  teamId: hackathonTeamMembers.teamId,
  userId: hackathonTeamMembers.userId,
  role: sql<'captain' | 'member'>`${hackathonTeamMembers.role}`,
  joinedAt: hackathonTeamMembers.joinedAt,
};

/** A team and its hackathon id, the row locked for the rest of the transaction (joins and leaves queue on it). */
export async function lockTeam(tx: Executor, teamId: string): Promise<TeamRow | undefined> {
  const [row] = await tx
    .select()
    .from(hackathonTeams)
    .where(eq(hackathonTeams.id, teamId))
    .for('update')
    .limit(1);
  return row;
}

/** The names of these teams, by id (one statement). */
export async function teamNames(exec: Executor, teamIds: readonly string[]): Promise<Map<string, string>> {
  if (teamIds.length === 0) return new Map();
  const rows = await exec
    .select({ id: hackathonTeams.id, name: hackathonTeams.name })
    .from(hackathonTeams)
    .where(inArray(hackathonTeams.id, [...teamIds]));
  return new Map(rows.map((r) => [r.id, r.name]));
}

export async function findTeam(exec: Executor, teamId: string): Promise<TeamRow | undefined> {
  const [row] = await exec.select().from(hackathonTeams).where(eq(hackathonTeams.id, teamId)).limit(1);
  return row;
}

/** Creates the team; undefined when the hackathon has a team of that name already (case-insensitive). */
export async function insertTeam(
  tx: Executor,
  values: {
    hackathonId: string;
    name: string;
    lookingForMembers: boolean;
    skillsWanted: string[];
    createdAt: Date;
  },
): Promise<TeamRow | undefined> {
  const [row] = await tx
    .insert(hackathonTeams)
    .values({ ...values, updatedAt: values.createdAt })
    .onConflictDoNothing()
    .returning();
  return row;
}

export async function updateTeam(
  tx: Executor,
  teamId: string,
  set: Partial<Pick<TeamRow, 'name' | 'lookingForMembers' | 'skillsWanted'>>,
  now: Date,
): Promise<TeamRow | undefined | 'name-taken'> {
  try {
    const [row] = await tx
      .update(hackathonTeams)
      .set({ ...set, updatedAt: now })
      .where(eq(hackathonTeams.id, teamId))
      .returning();
    return row;
  } catch (err) {
    if (pgErrorCode(err) === '23505') return 'name-taken';
    throw err;
  }
}

export async function deleteTeam(tx: Executor, teamId: string): Promise<void> {
  await tx.delete(hackathonTeams).where(eq(hackathonTeams.id, teamId));
}

/**
 * Adds a member; false when the person is in a team of this hackathon already (the unique
 * (hackathon, user) index decides, also between two joins at the same moment).
 */
export async function addMember(
  tx: Executor,
  values: { teamId: string; hackathonId: string; userId: string; role: 'captain' | 'member'; joinedAt: Date },
): Promise<boolean> {
  const rows = await tx
    .insert(hackathonTeamMembers)
    .values(values)
    .onConflictDoNothing()
    .returning({ userId: hackathonTeamMembers.userId });
  return rows.length > 0;
}

export async function removeMember(
  tx: Executor,
  teamId: string,
  userId: string,
): Promise<MemberRow['role'] | null> {
  const [row] = await tx
    .delete(hackathonTeamMembers)
    .where(and(eq(hackathonTeamMembers.teamId, teamId), eq(hackathonTeamMembers.userId, userId)))
    .returning({ role: hackathonTeamMembers.role });
  return (row?.role as MemberRow['role'] | undefined) ?? null;
}

/** Makes the earliest-joined remaining member captain; their id, or null when the team is empty. */
export async function promoteEarliest(tx: Executor, teamId: string): Promise<string | null> {
  const [next] = await tx
    .select({ userId: hackathonTeamMembers.userId })
    .from(hackathonTeamMembers)
    .where(eq(hackathonTeamMembers.teamId, teamId))
    .orderBy(asc(hackathonTeamMembers.joinedAt), asc(hackathonTeamMembers.userId))
    .limit(1);
  if (!next) return null;
  await tx
    .update(hackathonTeamMembers)
    .set({ role: 'captain' })
    .where(and(eq(hackathonTeamMembers.teamId, teamId), eq(hackathonTeamMembers.userId, next.userId)));
  return next.userId;
}

export function countMembers(exec: Executor, teamId: string): Promise<number> {
  return exec
    .select({ n: sql<number>`count(*)::int` })
    .from(hackathonTeamMembers)
    .where(eq(hackathonTeamMembers.teamId, teamId))
    .then((rows) => rows[0]?.n ?? 0);
}

/** Members of these teams, captain first, then by joining order (one statement). */
export function membersOf(exec: Executor, teamIds: readonly string[]): Promise<MemberRow[]> {
  if (teamIds.length === 0) return Promise.resolve([]);
  return exec
    .select(memberColumns)
    .from(hackathonTeamMembers)
    .where(inArray(hackathonTeamMembers.teamId, [...teamIds]))
    .orderBy(
      asc(hackathonTeamMembers.teamId),
      sql`${hackathonTeamMembers.role} <> 'captain'`,
      asc(hackathonTeamMembers.joinedAt),
      asc(hackathonTeamMembers.userId),
    );
}

/** The team a person is in for this hackathon, if any. */
export async function teamOf(exec: Executor, hackathonId: string, userId: string): Promise<string | null> {
  const [row] = await exec
    .select({ teamId: hackathonTeamMembers.teamId })
    .from(hackathonTeamMembers)
    .where(and(eq(hackathonTeamMembers.hackathonId, hackathonId), eq(hackathonTeamMembers.userId, userId)))
    .limit(1);
  return row?.teamId ?? null;
}

/** The hackathon's teams, oldest first (bounded), optionally those wanting a skill (case-insensitive). */
export function listTeams(
  exec: Executor,
  hackathonId: string,
  f: { skill?: string; lookingForMembers?: boolean; limit: number },
): Promise<TeamRow[]> {
  return exec
    .select()
    .from(hackathonTeams)
    .where(
      and(
        eq(hackathonTeams.hackathonId, hackathonId),
        f.lookingForMembers === undefined
          ? undefined
          : eq(hackathonTeams.lookingForMembers, f.lookingForMembers),
        f.skill
          ? sql`exists (select 1 from unnest(${hackathonTeams.skillsWanted}) s where lower(s) = lower(${f.skill}))`
          : undefined,
      ),
    )
    .orderBy(asc(hackathonTeams.createdAt), asc(hackathonTeams.id))
    .limit(f.limit);
}

// ---------- requests and invitations ----------

/** Records a pending request; undefined when one of the same kind is pending for this team and person. */
export async function insertRequest(
  tx: Executor,
  values: Omit<typeof hackathonTeamRequests.$inferInsert, 'id' | 'status' | 'decidedAt'>,
): Promise<TeamRequestRow | undefined> {
  const [row] = await tx.insert(hackathonTeamRequests).values(values).onConflictDoNothing().returning();
  return row;
}

export async function lockRequest(tx: Executor, id: string): Promise<TeamRequestRow | undefined> {
  const [row] = await tx
    .select()
    .from(hackathonTeamRequests)
    .where(eq(hackathonTeamRequests.id, id))
    .for('update')
    .limit(1);
  return row;
}

export async function decideRequest(
  tx: Executor,
  id: string,
  status: 'accepted' | 'declined' | 'cancelled',
  at: Date,
  userId?: string,
): Promise<void> {
  await tx
    .update(hackathonTeamRequests)
    .set({ status, decidedAt: at, ...(userId ? { userId } : {}) })
    .where(eq(hackathonTeamRequests.id, id));
}

/**
 * Cancels the person's other pending requests and invitations in this hackathon (they joined a
 * team): theirs by account, and invitations to their e-mail. Returns the cancelled rows.
 */
export function cancelPendingFor(
  tx: Executor,
  hackathonId: string,
  person: { userId: string; email: string },
  exceptId: string | null,
  at: Date,
): Promise<TeamRequestRow[]> {
  return tx
    .update(hackathonTeamRequests)
    .set({ status: 'cancelled', decidedAt: at })
    .where(
      and(
        eq(hackathonTeamRequests.hackathonId, hackathonId),
        eq(hackathonTeamRequests.status, 'pending'),
        exceptId ? ne(hackathonTeamRequests.id, exceptId) : undefined,
        sql`(${hackathonTeamRequests.userId} = ${person.userId} or (${hackathonTeamRequests.kind} = 'invite' and lower(${hackathonTeamRequests.email}) = lower(${person.email})))`,
      ),
    )
    .returning();
}

/** Cancels every pending request and invitation of a team (it was deleted or filled up). */
export function cancelPendingOfTeam(tx: Executor, teamId: string, at: Date): Promise<TeamRequestRow[]> {
  return tx
    .update(hackathonTeamRequests)
    .set({ status: 'cancelled', decidedAt: at })
    .where(and(eq(hackathonTeamRequests.teamId, teamId), eq(hackathonTeamRequests.status, 'pending')))
    .returning();
}

/** A team's pending requests and invitations, oldest first. */
export function pendingOfTeam(exec: Executor, teamId: string): Promise<TeamRequestRow[]> {
  return exec
    .select()
    .from(hackathonTeamRequests)
    .where(and(eq(hackathonTeamRequests.teamId, teamId), eq(hackathonTeamRequests.status, 'pending')))
    .orderBy(asc(hackathonTeamRequests.createdAt), asc(hackathonTeamRequests.id));
}

/** The caller's pending requests and invitations in one hackathon (by account or by e-mail). */
export function pendingForPerson(
  exec: Executor,
  hackathonId: string,
  person: { userId: string; email: string },
): Promise<TeamRequestRow[]> {
  return exec
    .select()
    .from(hackathonTeamRequests)
    .where(
      and(
        eq(hackathonTeamRequests.hackathonId, hackathonId),
        eq(hackathonTeamRequests.status, 'pending'),
        sql`(${hackathonTeamRequests.userId} = ${person.userId} or (${hackathonTeamRequests.kind} = 'invite' and lower(${hackathonTeamRequests.email}) = lower(${person.email})))`,
      ),
    )
    .orderBy(asc(hackathonTeamRequests.createdAt));
}

/**
 * Serialises everything that changes one person's team in one hackathon (create, accept, leave):
 * two invitations accepted at once queue here instead of deadlocking on each other's rows.
 */
export async function lockPerson(tx: Executor, hackathonId: string, userId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`team-person:${hackathonId}:${userId}`}))`);
}

export async function findRequest(exec: Executor, id: string): Promise<TeamRequestRow | undefined> {
  const [row] = await exec
    .select()
    .from(hackathonTeamRequests)
    .where(eq(hackathonTeamRequests.id, id))
    .limit(1);
  return row;
}

// ---------- the team's submission (one per team) ----------

export type SubmissionRow = typeof hackathonSubmissions.$inferSelect;

export async function teamSubmission(exec: Executor, teamId: string): Promise<SubmissionRow | undefined> {
  const [row] = await exec
    .select()
    .from(hackathonSubmissions)
    .where(eq(hackathonSubmissions.teamId, teamId))
    .limit(1);
  return row;
}

/** A person's own submission made without a team. */
export async function soloSubmission(
  exec: Executor,
  hackathonId: string,
  userId: string,
): Promise<SubmissionRow | undefined> {
  const [row] = await exec
    .select()
    .from(hackathonSubmissions)
    .where(
      and(
        eq(hackathonSubmissions.hackathonId, hackathonId),
        eq(hackathonSubmissions.userId, userId),
        isNull(hackathonSubmissions.teamId),
      ),
    )
    .limit(1);
  return row;
}

export async function insertTeamSubmission(
  tx: Executor,
  values: typeof hackathonSubmissions.$inferInsert,
): Promise<SubmissionRow> {
  const [row] = await tx.insert(hackathonSubmissions).values(values).returning();
  return row!;
}

export async function updateSubmission(
  tx: Executor,
  id: string,
  set: Partial<typeof hackathonSubmissions.$inferInsert>,
): Promise<SubmissionRow> {
  const [row] = await tx
    .update(hackathonSubmissions)
    .set(set)
    .where(eq(hackathonSubmissions.id, id))
    .returning();
  return row!;
}

/**
 * The submission each of these hackathons holds for this person: their team's, or their own made
 * without a team (one statement for a page of My Hackathons).
 */
export function submissionsOfPerson(
  exec: Executor,
  hackathonIds: readonly string[],
  userId: string,
): Promise<SubmissionRow[]> {
  if (hackathonIds.length === 0) return Promise.resolve([]);
  return exec
    .select()
    .from(hackathonSubmissions)
    .where(
      and(
        inArray(hackathonSubmissions.hackathonId, [...hackathonIds]),
        sql`(${hackathonSubmissions.teamId} in (select ${hackathonTeamMembers.teamId} from ${hackathonTeamMembers} where ${hackathonTeamMembers.userId} = ${userId}) or (${hackathonSubmissions.teamId} is null and ${hackathonSubmissions.userId} = ${userId}))`,
      ),
    );
}
