import { and, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { prepared, rowCount, slot } from '../../db/prepared.js';
import { ideaCollaborationRequests, ideaTeamMembers, users } from '../../db/schema/index.js';

export type CollaborationRequestRow = typeof ideaCollaborationRequests.$inferSelect;

/** The new pending request, or null when this person already has one pending on the idea. */
export async function insertRequest(
  exec: Executor,
  values: { ideaId: string; userId: string; role: string; message: string; createdAt: Date },
): Promise<CollaborationRequestRow | null> {
  const [row] = await exec.insert(ideaCollaborationRequests).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

const requestColumns = {
  id: ideaCollaborationRequests.id,
  ideaId: ideaCollaborationRequests.ideaId,
  userId: ideaCollaborationRequests.userId,
  role: ideaCollaborationRequests.role,
  message: ideaCollaborationRequests.message,
  status: ideaCollaborationRequests.status,
  createdAt: ideaCollaborationRequests.createdAt,
  decidedAt: ideaCollaborationRequests.decidedAt,
  userName: users.displayName,
};
export type RequestWithUser = {
  id: string;
  ideaId: string;
  userId: string;
  role: string;
  message: string;
  status: string;
  createdAt: Date;
  decidedAt: Date | null;
  userName: string;
};

/** An idea's requests, pending ones first, newest first within each (bounded). */
export async function requestsOfIdea(
  exec: Executor,
  ideaId: string,
  limit = 200,
): Promise<RequestWithUser[]> {
  return exec
    .select(requestColumns)
    .from(ideaCollaborationRequests)
    .innerJoin(users, eq(users.id, ideaCollaborationRequests.userId))
    .where(eq(ideaCollaborationRequests.ideaId, ideaId))
    .orderBy(
      sql`${ideaCollaborationRequests.status} <> 'pending'`,
      desc(ideaCollaborationRequests.createdAt),
      desc(ideaCollaborationRequests.id),
    )
    .limit(limit);
}

/** The caller's own pending request on an idea, if any. */
export async function pendingRequestOf(exec: Executor, ideaId: string, userId: string) {
  const [row] = await exec
    .select(requestColumns)
    .from(ideaCollaborationRequests)
    .innerJoin(users, eq(users.id, ideaCollaborationRequests.userId))
    .where(
      and(
        eq(ideaCollaborationRequests.ideaId, ideaId),
        eq(ideaCollaborationRequests.userId, userId),
        eq(ideaCollaborationRequests.status, 'pending'),
      ),
    )
    .limit(1);
  return row ?? null;
}

export async function findRequest(exec: Executor, id: string): Promise<RequestWithUser | null> {
  const [row] = await exec
    .select(requestColumns)
    .from(ideaCollaborationRequests)
    .innerJoin(users, eq(users.id, ideaCollaborationRequests.userId))
    .where(eq(ideaCollaborationRequests.id, id))
    .limit(1);
  return row ?? null;
}

/** pending → accepted | declined, once: false when it was already answered. */
export async function decideRequest(
  exec: Executor,
  id: string,
  status: 'accepted' | 'declined',
  now: Date,
): Promise<boolean> {
  const rows = await exec
    .update(ideaCollaborationRequests)
    .set({ status, decidedAt: now })
    .where(and(eq(ideaCollaborationRequests.id, id), eq(ideaCollaborationRequests.status, 'pending')))
    .returning({ id: ideaCollaborationRequests.id });
  return rows.length > 0;
}

/** Joins the team in the role asked for (a second accepted request changes the role). */
export async function upsertTeamMember(
  exec: Executor,
  values: { ideaId: string; userId: string; role: string; createdAt: Date },
): Promise<void> {
  await exec
    .insert(ideaTeamMembers)
    .values(values)
    .onConflictDoUpdate({
      target: [ideaTeamMembers.ideaId, ideaTeamMembers.userId],
      set: { role: values.role },
    });
}

export async function deleteTeamMember(exec: Executor, ideaId: string, userId: string): Promise<boolean> {
  const rows = await exec
    .delete(ideaTeamMembers)
    .where(and(eq(ideaTeamMembers.ideaId, ideaId), eq(ideaTeamMembers.userId, userId)))
    .returning({ userId: ideaTeamMembers.userId });
  return rows.length > 0;
}

export async function isTeamMember(exec: Executor, ideaId: string, userId: string): Promise<boolean> {
  const [row] = await exec
    .select({ one: sql<number>`1` })
    .from(ideaTeamMembers)
    .where(and(eq(ideaTeamMembers.ideaId, ideaId), eq(ideaTeamMembers.userId, userId)))
    .limit(1);
  return row !== undefined;
}

/** The idea's team in the order people joined. */
const teamStatement = prepared((db) =>
  db
    .select({ id: ideaTeamMembers.userId, displayName: users.displayName, role: ideaTeamMembers.role })
    .from(ideaTeamMembers)
    .innerJoin(users, eq(users.id, ideaTeamMembers.userId))
    .where(eq(ideaTeamMembers.ideaId, slot<string>('ideaId')))
    .orderBy(ideaTeamMembers.createdAt, ideaTeamMembers.userId)
    .limit(rowCount(200)),
);

/** A team member with their name, as teamStatement reads them. */
export type TeamMemberRow = { id: string; displayName: string; role: string };

export function teamOfIdea(exec: Executor, ideaId: string): Promise<TeamMemberRow[]> {
  return teamStatement(exec, undefined, { ideaId });
}
