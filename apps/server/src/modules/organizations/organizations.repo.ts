import { and, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { prepared, rowCount, slot } from '../../db/prepared.js';
import {
  ideaOrganizations,
  ideaResponses,
  ideas,
  organizationClaims,
  organizationMembers,
  organizations,
  users,
} from '../../db/schema/index.js';
import { afterCursor, cursorTs, type Keyset } from '../../lib/cursor.js';

export type OrganizationRow = typeof organizations.$inferSelect;

/** The new organisation, or null when the name is taken (case-insensitively). */
export async function insertOrganization(
  exec: Executor,
  values: { name: string; kind: string; domain: string; createdBy: string; createdAt: Date },
): Promise<OrganizationRow | null> {
  const [row] = await exec.insert(organizations).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

export async function findOrganization(exec: Executor, id: string): Promise<OrganizationRow | null> {
  const [row] = await exec.select().from(organizations).where(eq(organizations.id, id)).limit(1);
  return row ?? null;
}

export async function organizationsByIds(exec: Executor, ids: string[]): Promise<OrganizationRow[]> {
  if (ids.length === 0) return [];
  return exec.select().from(organizations).where(inArray(organizations.id, ids));
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** By name (a word anywhere in it, any case); verified ones first, then by name. */
export async function searchOrganizations(exec: Executor, q: string, limit: number) {
  const where = q ? sql`${organizations.name} ilike ${`%${escapeLike(q)}%`}` : undefined;
  return exec
    .select()
    .from(organizations)
    .where(where)
    .orderBy(sql`${organizations.verifiedAt} is null`, sql`lower(${organizations.name})`)
    .limit(limit);
}

export async function memberCount(exec: Executor, organizationId: string): Promise<number> {
  const [row] = await exec
    .select({ n: sql<number>`count(*)::int` })
    .from(organizationMembers)
    .where(eq(organizationMembers.organizationId, organizationId));
  return Number(row?.n ?? 0);
}

/** The member counts of several organisations in one statement (none: 0, absent from the map). */
export async function memberCounts(exec: Executor, organizationIds: string[]): Promise<Map<string, number>> {
  if (organizationIds.length === 0) return new Map();
  const rows = await exec
    .select({ id: organizationMembers.organizationId, n: sql<number>`count(*)::int` })
    .from(organizationMembers)
    .where(inArray(organizationMembers.organizationId, organizationIds))
    .groupBy(organizationMembers.organizationId);
  return new Map(rows.map((r) => [r.id, Number(r.n)]));
}

export async function isMember(exec: Executor, organizationId: string, userId: string): Promise<boolean> {
  const [row] = await exec
    .select({ one: sql<number>`1` })
    .from(organizationMembers)
    .where(
      and(eq(organizationMembers.organizationId, organizationId), eq(organizationMembers.userId, userId)),
    )
    .limit(1);
  return row !== undefined;
}

/** The organisations a user is a verified member of. */
export async function organizationsOfMember(exec: Executor, userId: string): Promise<OrganizationRow[]> {
  return exec
    .select({ org: organizations })
    .from(organizationMembers)
    .innerJoin(organizations, eq(organizations.id, organizationMembers.organizationId))
    .where(eq(organizationMembers.userId, userId))
    .orderBy(sql`lower(${organizations.name})`)
    .then((rows) => rows.map((r) => r.org));
}

export async function memberIds(
  exec: Executor,
  organizationIds: string[],
): Promise<Array<{ userId: string; organizationId: string }>> {
  if (organizationIds.length === 0) return [];
  return exec
    .select({ userId: organizationMembers.userId, organizationId: organizationMembers.organizationId })
    .from(organizationMembers)
    .where(inArray(organizationMembers.organizationId, organizationIds));
}

/** Claims by this user since `since` (the per-person limit on verification e-mails). */
export async function insertClaim(
  exec: Executor,
  values: {
    organizationId: string;
    userId: string;
    email: string;
    tokenHash: string;
    createdAt: Date;
    expiresAt: Date;
  },
): Promise<{ id: string }> {
  const [row] = await exec.insert(organizationClaims).values(values).returning({ id: organizationClaims.id });
  return row!;
}

/**
 * Gives a claim the hash of the token its e-mail carries, as the e-mail is sent; false when the
 * claim was used or has expired (then no link is sent).
 */
export async function mintClaim(exec: Executor, id: string, tokenHash: string, now: Date): Promise<boolean> {
  const rows = await exec
    .update(organizationClaims)
    .set({ tokenHash })
    .where(
      and(
        eq(organizationClaims.id, id),
        isNull(organizationClaims.usedAt),
        gt(organizationClaims.expiresAt, now),
      ),
    )
    .returning({ id: organizationClaims.id });
  return rows.length > 0;
}

/** Marks the claim of this token used, once, by the account that asked, before it expires; its row or null. */
export async function consumeClaim(exec: Executor, tokenHash: string, userId: string, now: Date) {
  const [row] = await exec
    .update(organizationClaims)
    .set({ usedAt: now })
    .where(
      and(
        eq(organizationClaims.tokenHash, tokenHash),
        eq(organizationClaims.userId, userId),
        isNull(organizationClaims.usedAt),
        gt(organizationClaims.expiresAt, now),
      ),
    )
    .returning();
  return row ?? null;
}

export async function insertMember(
  exec: Executor,
  values: { organizationId: string; userId: string; email: string; createdAt: Date },
): Promise<void> {
  await exec.insert(organizationMembers).values(values).onConflictDoNothing();
}

export async function markVerified(exec: Executor, id: string, now: Date): Promise<void> {
  await exec
    .update(organizations)
    .set({ verifiedAt: now })
    .where(and(eq(organizations.id, id), isNull(organizations.verifiedAt)));
}

// ------------------------------------------------------------------ ideas that tag organisations

export async function taggedOrganizationIds(exec: Executor, ideaId: string): Promise<string[]> {
  const rows = await exec
    .select({ id: ideaOrganizations.organizationId })
    .from(ideaOrganizations)
    .where(eq(ideaOrganizations.ideaId, ideaId));
  return rows.map((r) => r.id);
}

export async function tagIdea(exec: Executor, ideaId: string, organizationIds: string[], now: Date) {
  if (organizationIds.length === 0) return;
  await exec
    .insert(ideaOrganizations)
    // A millisecond apart, so the idea lists them in the order the author picked them.
    .values(
      organizationIds.map((organizationId, i) => ({
        ideaId,
        organizationId,
        createdAt: new Date(now.getTime() + i),
      })),
    )
    .onConflictDoNothing();
}

export async function untagIdea(exec: Executor, ideaId: string, organizationIds: string[]) {
  if (organizationIds.length === 0) return;
  await exec
    .delete(ideaOrganizations)
    .where(
      and(eq(ideaOrganizations.ideaId, ideaId), inArray(ideaOrganizations.organizationId, organizationIds)),
    );
}

/** The organisations an idea tags, in the order they were tagged. */
const ideaOrganizationsStatement = prepared((db) =>
  db
    .select({ org: organizations })
    .from(ideaOrganizations)
    .innerJoin(organizations, eq(organizations.id, ideaOrganizations.organizationId))
    .where(eq(ideaOrganizations.ideaId, slot<string>('ideaId')))
    .orderBy(ideaOrganizations.createdAt, organizations.name),
);

export async function organizationsOfIdea(exec: Executor, ideaId: string): Promise<OrganizationRow[]> {
  const rows = await ideaOrganizationsStatement(exec, undefined, { ideaId });
  return rows.map((r) => r.org);
}

export async function isTagged(exec: Executor, ideaId: string, organizationId: string): Promise<boolean> {
  const [row] = await exec
    .select({ one: sql<number>`1` })
    .from(ideaOrganizations)
    .where(and(eq(ideaOrganizations.ideaId, ideaId), eq(ideaOrganizations.organizationId, organizationId)))
    .limit(1);
  return row !== undefined;
}

/** An idea that tags an organisation, with the tag's time and the organisation's latest response status. */
export type TaggedIdeaRow = {
  id: string;
  cursorTs: string;
  taggedAt: Date;
  title: string;
  description: string;
  category: string;
  createdAt: Date;
  authorId: string;
  authorName: string;
  responseStatus: string | null;
};

/**
 * A page of the visible ideas that tag an organisation, most recently tagged first (keyset on the
 * tag's time and the idea id: the idea_organizations_org_idx index), with the organisation's latest
 * response status on each. Hidden ideas are left out, so neither the page nor the inbox shows them.
 */
export async function taggedIdeasPage(
  exec: Executor,
  organizationId: string,
  after: Keyset | null,
  limit: number,
): Promise<TaggedIdeaRow[]> {
  const latestResponse = sql<string | null>`(
    select r.status from ${ideaResponses} r
     where r.idea_id = ${ideaOrganizations.ideaId} and r.organization_id = ${organizationId}
     order by r.created_at desc limit 1)`;
  return exec
    .select({
      id: ideaOrganizations.ideaId,
      cursorTs: cursorTs(ideaOrganizations.createdAt),
      taggedAt: ideaOrganizations.createdAt,
      title: ideas.title,
      description: ideas.description,
      category: ideas.category,
      createdAt: ideas.createdAt,
      authorId: ideas.authorId,
      authorName: users.displayName,
      responseStatus: latestResponse,
    })
    .from(ideaOrganizations)
    .innerJoin(ideas, eq(ideas.id, ideaOrganizations.ideaId))
    .innerJoin(users, eq(users.id, ideas.authorId))
    .where(
      and(
        eq(ideaOrganizations.organizationId, organizationId),
        eq(ideas.hidden, false),
        after ? afterCursor(ideaOrganizations.createdAt, ideaOrganizations.ideaId, after, 'desc') : undefined,
      ),
    )
    .orderBy(desc(ideaOrganizations.createdAt), desc(ideaOrganizations.ideaId))
    .limit(limit + 1);
}

// ------------------------------------------------------------------ official responses

export async function insertResponse(
  exec: Executor,
  values: {
    ideaId: string;
    organizationId: string;
    responderId: string;
    status: string;
    message: string;
    createdAt: Date;
  },
) {
  const [row] = await exec.insert(ideaResponses).values(values).returning();
  return row!;
}

/** An idea's official responses, oldest first, with the organisation and the responder. */
const responsesStatement = prepared((db) =>
  db
    .select({
      id: ideaResponses.id,
      ideaId: ideaResponses.ideaId,
      status: ideaResponses.status,
      message: ideaResponses.message,
      createdAt: ideaResponses.createdAt,
      responderId: ideaResponses.responderId,
      responderName: users.displayName,
      org: organizations,
    })
    .from(ideaResponses)
    .innerJoin(organizations, eq(organizations.id, ideaResponses.organizationId))
    .leftJoin(users, eq(users.id, ideaResponses.responderId))
    .where(eq(ideaResponses.ideaId, slot<string>('ideaId')))
    .orderBy(ideaResponses.createdAt, ideaResponses.id)
    .limit(rowCount(200)),
);

/** A response with its organisation and its responder's name (null: the account is gone). */
export type ResponseRow = {
  id: string;
  ideaId: string;
  status: string;
  message: string;
  createdAt: Date;
  responderId: string | null;
  responderName: string | null;
  org: OrganizationRow;
};

export function responsesOfIdea(exec: Executor, ideaId: string): Promise<ResponseRow[]> {
  return responsesStatement(exec, undefined, { ideaId });
}
