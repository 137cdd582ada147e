import {
  and,
  asc,
  desc,
  eq,
  getTableColumns,
  gt,
  gte,
  ilike,
  inArray,
  isNull,
  lt,
  lte,
  ne,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { prepared, rowCount, slot } from '../../db/prepared.js';
import { keysetAfter, keysetOrder, likePattern, type ListOpts, personCols } from '../../lib/admin-list.js';
import { cursorTs, type Keyset } from '../../lib/cursor.js';
import { atVersion, nextVersion } from '../../db/versions.js';
import { hackathonParticipants, hackathonSubmissions, hackathons, users } from '../../db/schema/index.js';

export type HackathonRow = typeof hackathons.$inferSelect;
export type SubmissionRow = typeof hackathonSubmissions.$inferSelect;
export type HackathonInsert = typeof hackathons.$inferInsert;

export interface HackathonRecord {
  h: HackathonRow;
  authorName: string;
  authorEmail: string;
  isRegistered: boolean;
  submissionCount: number;
}

export type ListPhase = 'open' | 'upcoming' | 'past';

/** Hackathon columns with the author's name and the viewer-relative flags, in one statement. */
function selectRecords(db: Executor, viewerId: string | null, order?: Order) {
  const registered = viewerId
    ? sql<boolean>`exists (select 1 from ${hackathonParticipants} p where p.hackathon_id = ${hackathons.id} and p.user_id = ${viewerId})`
    : sql<boolean>`false`;
  return db
    .select({
      h: hackathons,
      authorName: users.displayName,
      authorEmail: users.email,
      isRegistered: registered,
      submissionCount: sql<number>`(select count(*)::int from ${hackathonSubmissions} s where s.hackathon_id = ${hackathons.id})`,
      cursorTs: order ? cursorTs(order.col) : sql<string>`''`,
    })
    .from(hackathons)
    .innerJoin(users, eq(users.id, hackathons.authorId));
}

/** A hackathon by id for a viewer (or none): built once per shape and handle (db/prepared.ts). */
const recordById = prepared((db, viewer: boolean) =>
  selectRecords(db, viewer ? slot<string>('viewerId') : null)
    .where(eq(hackathons.id, slot<string>('id')))
    .limit(rowCount(1)),
);

export async function findRecord(
  db: Executor,
  id: string,
  viewerId: string | null,
): Promise<HackathonRecord | undefined> {
  const [row] = await recordById(db, viewerId !== null, { id, viewerId });
  return row;
}

export async function findRow(db: Executor, id: string): Promise<HackathonRow | undefined> {
  const [row] = await db.select().from(hackathons).where(eq(hackathons.id, id)).limit(1);
  return row;
}

/** Keyset cursor: the sort column's value (microseconds kept) and the id of the last row of the page. */
export type Cursor = Keyset;

interface Order {
  col: typeof hackathons.startDate | typeof hackathons.endDate | typeof hackathons.createdAt;
  dir: 'asc' | 'desc';
}

function orderFor(phase: ListPhase | undefined): Order {
  switch (phase) {
    case 'open':
      return { col: hackathons.endDate, dir: 'asc' }; // ending soonest first
    case 'upcoming':
      return { col: hackathons.startDate, dir: 'asc' }; // starting soonest first
    case 'past':
      return { col: hackathons.endDate, dir: 'desc' }; // most recently ended first
    default:
      return { col: hackathons.startDate, dir: 'desc' };
  }
}

function phaseWhere(phase: ListPhase | undefined, now: Date): SQL | undefined {
  // spec 03 §4: upcoming = start in the future; open = start ≤ now ≤ end; past = end before now.
  switch (phase) {
    case 'open':
      return and(lte(hackathons.startDate, now), gte(hackathons.endDate, now));
    case 'upcoming':
      return gt(hackathons.startDate, now);
    case 'past':
      return lt(hackathons.endDate, now);
    default:
      return undefined;
  }
}

function keyset(order: Order, cursor: Cursor | null): SQL | undefined {
  if (!cursor) return undefined;
  const cmp = order.dir === 'asc' ? sql`>` : sql`<`;
  return sql`(${order.col}, ${hackathons.id}) ${cmp} (${cursor.ts}::timestamptz, ${cursor.id}::uuid)`;
}

function pageOf(rows: Array<HackathonRecord & { cursorTs: string }>, limit: number) {
  const more = rows.length > limit;
  const items = more ? rows.slice(0, limit) : rows;
  const last = items[items.length - 1];
  const next: Cursor | null = more && last ? { ts: last.cursorTs, id: last.h.id } : null;
  return { items, next };
}

function orderBy(order: Order) {
  return order.dir === 'asc' ? [asc(order.col), asc(hackathons.id)] : [desc(order.col), desc(hackathons.id)];
}

/** Published hackathons, optionally of one phase, one keyset page at a time. */
export async function listPublished(
  db: Executor,
  opts: { phase?: ListPhase; now: Date; viewerId: string | null; limit: number; cursor: Cursor | null },
) {
  const shape: PublishedShape = {
    phase: opts.phase ?? null,
    viewer: opts.viewerId !== null,
    cursor: opts.cursor !== null,
    limit: opts.limit + 1,
  };
  const rows = await publishedPage(db, shape, {
    now: opts.now.toISOString(),
    viewerId: opts.viewerId,
    cursorTs: opts.cursor?.ts,
    cursorId: opts.cursor?.id,
  });
  return pageOf(rows, opts.limit);
}

interface PublishedShape {
  phase: ListPhase | null;
  viewer: boolean;
  cursor: boolean;
  /** Rows read (the page and one more), in the statement's text (rowCount). */
  limit: number;
}

/**
 * The public list's page, built once per shape (db/prepared.ts): building it with Drizzle
 * on every request costs more of the server's time than PostgreSQL's answer).
 */
const publishedPage = prepared((db, s: PublishedShape) => {
  const order = orderFor(s.phase ?? undefined);
  return selectRecords(db, s.viewer ? slot<string>('viewerId') : null, order)
    .where(
      and(
        // A literal: with `status = $1` the generic plan is costed for an average status, not
        // for the common one, and PostgreSQL would plan this page at every execution (rowCount).
        sql`${hackathons.status} = 'published'`,
        phaseWhere(s.phase ?? undefined, slot<Date>('now')),
        s.cursor ? keyset(order, { ts: slot<string>('cursorTs'), id: slot<string>('cursorId') }) : undefined,
      ),
    )
    .orderBy(...orderBy(order))
    .limit(rowCount(s.limit));
});

/** Published hackathons the user registered for, latest start first. */
export async function listRegistered(
  db: Executor,
  opts: { userId: string; limit: number; cursor: Cursor | null },
) {
  const order: Order = { col: hackathons.startDate, dir: 'desc' };
  const rows = await selectRecords(db, opts.userId, order)
    .innerJoin(
      hackathonParticipants,
      and(
        eq(hackathonParticipants.hackathonId, hackathons.id),
        eq(hackathonParticipants.userId, opts.userId),
      ),
    )
    .where(and(eq(hackathons.status, 'published'), keyset(order, opts.cursor)))
    .orderBy(...orderBy(order))
    .limit(opts.limit + 1);
  return pageOf(rows, opts.limit);
}

export async function countRegistered(db: Executor, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(hackathonParticipants)
    .innerJoin(hackathons, eq(hackathons.id, hackathonParticipants.hackathonId))
    .where(and(eq(hackathonParticipants.userId, userId), eq(hackathons.status, 'published')));
  return row?.n ?? 0;
}

/** Hackathons the user organised, any status, newest first. */
export async function listAuthored(
  db: Executor,
  opts: { userId: string; limit: number; cursor: Cursor | null },
) {
  const order: Order = { col: hackathons.createdAt, dir: 'desc' };
  const rows = await selectRecords(db, opts.userId, order)
    .where(and(eq(hackathons.authorId, opts.userId), keyset(order, opts.cursor)))
    .orderBy(...orderBy(order))
    .limit(opts.limit + 1);
  return pageOf(rows, opts.limit);
}

export async function countAuthored(db: Executor, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(hackathons)
    .where(eq(hackathons.authorId, userId));
  return row?.n ?? 0;
}

export async function insertHackathon(db: Executor, values: HackathonInsert): Promise<HackathonRow> {
  const [row] = await db.insert(hackathons).values(values).returning();
  return row!;
}

/**
 * Its organiser's edit of a hackathon that is not published (the conditions are in the statement).
 * It is a new version for review: `updated_at` moves past the old one even within the same millisecond.
 */
export async function updateUnpublished(
  db: Executor,
  id: string,
  authorId: string,
  set: Partial<HackathonInsert> & { updatedAt: Date },
): Promise<HackathonRow | undefined> {
  const [row] = await db
    .update(hackathons)
    .set({ ...set, updatedAt: nextVersion(hackathons.updatedAt, set.updatedAt) })
    .where(and(eq(hackathons.id, id), eq(hackathons.authorId, authorId), ne(hackathons.status, 'published')))
    .returning();
  return row;
}

// ---------- participants ----------

export interface ParticipantRecord {
  userId: string;
  userDisplayName: string;
  userEmail: string;
  registeredAt: Date;
}

const participantColumns = {
  userId: hackathonParticipants.userId,
  userDisplayName: users.displayName,
  userEmail: users.email,
  registeredAt: hackathonParticipants.registeredAt,
};

export function listParticipants(
  db: Executor,
  hackathonId: string,
  limit: number,
): Promise<ParticipantRecord[]> {
  return db
    .select(participantColumns)
    .from(hackathonParticipants)
    .innerJoin(users, eq(users.id, hackathonParticipants.userId))
    .where(eq(hackathonParticipants.hackathonId, hackathonId))
    .orderBy(asc(hackathonParticipants.registeredAt), asc(hackathonParticipants.userId))
    .limit(limit);
}

export async function findParticipant(
  db: Executor,
  hackathonId: string,
  userId: string,
): Promise<ParticipantRecord | undefined> {
  const [row] = await db
    .select(participantColumns)
    .from(hackathonParticipants)
    .innerJoin(users, eq(users.id, hackathonParticipants.userId))
    .where(and(eq(hackathonParticipants.hackathonId, hackathonId), eq(hackathonParticipants.userId, userId)))
    .limit(1);
  return row;
}

/** Adds the registration and bumps the counter; null when the user was already registered (PK). */
export async function addParticipant(
  tx: Executor,
  hackathonId: string,
  userId: string,
  now: Date,
): Promise<number | null> {
  const inserted = await tx
    .insert(hackathonParticipants)
    .values({ hackathonId, userId, registeredAt: now })
    .onConflictDoNothing()
    .returning({ userId: hackathonParticipants.userId });
  if (inserted.length === 0) return null;
  const [row] = await tx
    .update(hackathons)
    .set({ participantCount: sql`${hackathons.participantCount} + 1` })
    .where(eq(hackathons.id, hackathonId))
    .returning({ n: hackathons.participantCount });
  return row!.n;
}

/** Removes the registration and lowers the counter; null when the user was not registered. */
export async function removeParticipant(
  tx: Executor,
  hackathonId: string,
  userId: string,
): Promise<number | null> {
  const deleted = await tx
    .delete(hackathonParticipants)
    .where(and(eq(hackathonParticipants.hackathonId, hackathonId), eq(hackathonParticipants.userId, userId)))
    .returning({ userId: hackathonParticipants.userId });
  if (deleted.length === 0) return null;
  const [row] = await tx
    .update(hackathons)
    .set({ participantCount: sql`greatest(${hackathons.participantCount} - 1, 0)` })
    .where(eq(hackathons.id, hackathonId))
    .returning({ n: hackathons.participantCount });
  return row!.n;
}

// ---------- submissions ----------

export function listSubmissions(db: Executor, hackathonId: string, limit: number): Promise<SubmissionRow[]> {
  return db
    .select()
    .from(hackathonSubmissions)
    .where(eq(hackathonSubmissions.hackathonId, hackathonId))
    .orderBy(desc(hackathonSubmissions.submittedAt), desc(hackathonSubmissions.id))
    .limit(limit);
}

/** The newest `perHackathon` submissions of each of several hackathons, in one query. */
export async function listSubmissionsFor(
  db: Executor,
  hackathonIds: string[],
  perHackathon: number,
): Promise<SubmissionRow[]> {
  if (hackathonIds.length === 0) return [];
  const ranked = db
    .select({
      ...getTableColumns(hackathonSubmissions),
      rn: sql<number>`row_number() over (partition by ${hackathonSubmissions.hackathonId} order by ${hackathonSubmissions.submittedAt} desc, ${hackathonSubmissions.id} desc)`.as(
        'rn',
      ),
    })
    .from(hackathonSubmissions)
    .where(inArray(hackathonSubmissions.hackathonId, hackathonIds))
    .as('ranked');
  const rows = await db
    .select()
    .from(ranked)
    .where(lte(ranked.rn, perHackathon))
    .orderBy(desc(ranked.submittedAt), desc(ranked.id));
  return rows.map(({ rn: _rn, ...s }) => s as SubmissionRow);
}

export async function findSubmission(db: Executor, hackathonId: string, userId: string) {
  const [row] = await db
    .select()
    .from(hackathonSubmissions)
    .where(and(eq(hackathonSubmissions.hackathonId, hackathonId), eq(hackathonSubmissions.userId, userId)))
    .limit(1);
  return row;
}

export async function findSubmissionById(db: Executor, hackathonId: string, submissionId: string) {
  const [row] = await db
    .select()
    .from(hackathonSubmissions)
    .where(and(eq(hackathonSubmissions.hackathonId, hackathonId), eq(hackathonSubmissions.id, submissionId)))
    .limit(1);
  return row;
}

/** Locks the caller's registration row: one submission write per (hackathon, user) at a time. */
export async function lockParticipant(tx: Executor, hackathonId: string, userId: string): Promise<void> {
  await tx
    .select({ userId: hackathonParticipants.userId })
    .from(hackathonParticipants)
    .where(and(eq(hackathonParticipants.hackathonId, hackathonId), eq(hackathonParticipants.userId, userId)))
    .for('update');
}

/** One submission per (hackathon, user): a second one replaces the first's content (and file, if given). */
export async function upsertSubmission(
  db: Executor,
  values: typeof hackathonSubmissions.$inferInsert & { submittedAt: Date; updatedAt: Date },
): Promise<SubmissionRow> {
  const [row] = await db
    .insert(hackathonSubmissions)
    .values(values)
    .onConflictDoUpdate({
      target: [hackathonSubmissions.hackathonId, hackathonSubmissions.userId],
      set: {
        teamName: sql`excluded.team_name`,
        projectTitle: sql`excluded.project_title`,
        projectDescription: sql`excluded.project_description`,
        projectUrl: sql`excluded.project_url`,
        githubUrl: sql`excluded.github_url`,
        demoUrl: sql`excluded.demo_url`,
        teamMembers: sql`excluded.team_members`,
        fileKey: sql`coalesce(excluded.file_key, ${hackathonSubmissions.fileKey})`,
        fileName: sql`case when excluded.file_key is null then ${hackathonSubmissions.fileName} else excluded.file_name end`,
        updatedAt: sql`excluded.updated_at`,
      },
    })
    .returning();
  return row!;
}

export async function setSubmissionStatus(
  db: Executor,
  submissionId: string,
  status: string,
  now: Date,
): Promise<SubmissionRow> {
  const [row] = await db
    .update(hackathonSubmissions)
    .set({ status, updatedAt: now })
    .where(eq(hackathonSubmissions.id, submissionId))
    .returning();
  return row!;
}

/** The winner and runner-up projects of a hackathon, winners first. */
export function listPlaced(db: Executor, hackathonId: string): Promise<SubmissionRow[]> {
  return db
    .select()
    .from(hackathonSubmissions)
    .where(
      and(
        eq(hackathonSubmissions.hackathonId, hackathonId),
        inArray(hackathonSubmissions.status, ['winner', 'runner_up']),
      ),
    )
    .orderBy(
      // Published results carry places (1 = winner); results set by hand before them do not.
      sql`${hackathonSubmissions.place} asc nulls last`,
      sql`case ${hackathonSubmissions.status} when 'winner' then 0 else 1 end`,
      asc(hackathonSubmissions.submittedAt),
    )
    .limit(20);
}

// ---------- review ----------

/**
 * Moves a pending hackathon to its reviewed state; undefined when it is not pending (any more) or,
 * with `seen`, no longer the version the reviewer read.
 */
export async function reviewPending(
  tx: Executor,
  id: string,
  patch: {
    status: 'published' | 'rejected';
    reviewedBy: string;
    reviewedAt: Date;
    rejectionReason: string | null;
  },
  seen?: Date,
): Promise<HackathonRow | undefined> {
  const [row] = await tx
    .update(hackathons)
    .set({ ...patch, updatedAt: patch.reviewedAt })
    .where(
      and(
        eq(hackathons.id, id),
        eq(hackathons.status, 'pending'),
        seen ? atVersion(hackathons.updatedAt, seen) : undefined,
      ),
    )
    .returning();
  return row;
}

// ---------- reminders ----------

/** Published hackathons starting within the window whose reminder has not gone out. */
export function dueReminders(db: Executor, now: Date, until: Date, limit: number) {
  return db
    .select({ id: hackathons.id, title: hackathons.title, startDate: hackathons.startDate })
    .from(hackathons)
    .where(
      and(
        eq(hackathons.status, 'published'),
        isNull(hackathons.reminderSentAt),
        gt(hackathons.startDate, now),
        lte(hackathons.startDate, until),
      ),
    )
    .orderBy(asc(hackathons.startDate))
    .limit(limit);
}

/** Claims the reminder (once, even with several server instances); false when already claimed. */
export async function claimReminder(tx: Executor, id: string, now: Date): Promise<boolean> {
  const rows = await tx
    .update(hackathons)
    .set({ reminderSentAt: now })
    .where(and(eq(hackathons.id, id), isNull(hackathons.reminderSentAt)))
    .returning({ id: hackathons.id });
  return rows.length > 0;
}

/** Every participant of a hackathon with their e-mail address (for the "starting soon" notice). */
export function participantEmails(
  tx: Executor,
  hackathonId: string,
): Promise<Array<{ userId: string; email: string }>> {
  return tx
    .select({ userId: hackathonParticipants.userId, email: users.email })
    .from(hackathonParticipants)
    .innerJoin(users, eq(users.id, hackathonParticipants.userId))
    .where(eq(hackathonParticipants.hackathonId, hackathonId));
}

// ---------- admin ----------

/** The admin's review queue: pending ones oldest first (first come, first reviewed); other views newest first. */
export async function listForAdmin(db: Executor, f: { status: string; q?: string } & ListOpts) {
  const dir = f.status === 'pending' ? 'asc' : 'desc';
  return db
    .select({
      h: hackathons,
      author: personCols,
      id: hackathons.id,
      cursorTs: cursorTs(hackathons.createdAt),
    })
    .from(hackathons)
    .innerJoin(users, eq(users.id, hackathons.authorId))
    .where(
      and(
        f.status !== 'all' ? eq(hackathons.status, f.status) : undefined,
        f.q
          ? or(ilike(hackathons.title, likePattern(f.q)), ilike(hackathons.organizerName, likePattern(f.q)))
          : undefined,
        keysetAfter(hackathons.createdAt, hackathons.id, f, dir),
      ),
    )
    .orderBy(...keysetOrder(hackathons.createdAt, hackathons.id, dir))
    .limit(f.limit + 1);
}

/** The hackathon with its author; `lock` locks the hackathon row for the rest of the transaction. */
export async function findForAdmin(db: Executor, id: string, lock = false) {
  const q = db
    .select({ h: hackathons, author: personCols })
    .from(hackathons)
    .innerJoin(users, eq(users.id, hackathons.authorId))
    .where(eq(hackathons.id, id));
  const [row] = lock ? await q.for('update', { of: hackathons }) : await q;
  return row;
}

/** Hackathons proposed from an idea: published ones, plus the viewer's own under review; newest first. */
const ideaHackathonsStatement = prepared((db, viewer: boolean) =>
  db
    .select({ id: hackathons.id, title: hackathons.title, status: hackathons.status })
    .from(hackathons)
    .where(
      and(
        eq(hackathons.ideaId, slot<string>('ideaId')),
        viewer
          ? sql`(${hackathons.status} = 'published' or ${hackathons.authorId} = ${slot<string>('viewerId')})`
          : eq(hackathons.status, 'published'),
      ),
    )
    .orderBy(desc(hackathons.createdAt))
    .limit(rowCount(50)),
);

export function hackathonsOfIdea(exec: Executor, ideaId: string, viewerId: string | null) {
  return ideaHackathonsStatement(exec, viewerId !== null, { ideaId, viewerId });
}
