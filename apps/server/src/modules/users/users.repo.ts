import { and, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { ideas, userResumes, users } from '../../db/schema/index.js';
import { keysetAfter, keysetOrder, likePattern, type ListOpts, type Person } from '../../lib/admin-list.js';
import { cursorTs } from '../../lib/cursor.js';
import { prepared, rowCount, slot } from '../../db/prepared.js';

export type UserRow = typeof users.$inferSelect;
export type ResumeRow = typeof userResumes.$inferSelect;
export type ProfilePatch = Partial<
  Pick<
    typeof users.$inferInsert,
    | 'name'
    | 'displayName'
    | 'categoryDigest'
    | 'emailNotifications'
    | 'emailReminders'
    | 'ideaCommentNotifications'
    | 'headline'
    | 'company'
    | 'location'
    | 'level'
    | 'skills'
  >
> & {
  updatedAt: Date;
};

/** A user by id: built once per handle (db/prepared.ts); `/api/auth/me` asks at every page load. */
const userById = prepared((exec) =>
  exec
    .select()
    .from(users)
    .where(eq(users.id, slot<string>('id')))
    .limit(rowCount(1)),
);

export async function findUserById(exec: Executor, id: string): Promise<UserRow | undefined> {
  const [row] = await userById(exec, undefined, { id });
  return row;
}

/** Writes the profile fields of one user; the updated row, or undefined when there is no such user. */
export async function updateProfile(
  exec: Executor,
  userId: string,
  patch: ProfilePatch,
): Promise<UserRow | undefined> {
  const [row] = await exec.update(users).set(patch).where(eq(users.id, userId)).returning();
  return row;
}

/** Turns the user's daily digest off; true when it was on. */
export async function turnOffCategoryDigest(exec: Executor, userId: string, now: Date): Promise<boolean> {
  const rows = await exec
    .update(users)
    .set({ categoryDigest: false, updatedAt: now })
    .where(and(eq(users.id, userId), eq(users.categoryDigest, true)))
    .returning({ id: users.id });
  return rows.length > 0;
}

/** The user's e-mail preferences that a one-click link can turn off. */
export type MailPreferenceColumn = 'emailNotifications' | 'emailReminders';

/** Turns one e-mail preference of the user off; true when it was on. */
export async function turnOffMailPreference(
  exec: Executor,
  userId: string,
  column: MailPreferenceColumn,
  now: Date,
): Promise<boolean> {
  const rows = await exec
    .update(users)
    .set({ [column]: false, updatedAt: now })
    .where(and(eq(users.id, userId), eq(users[column], true)))
    .returning({ id: users.id });
  return rows.length > 0;
}

/** Those of these users who turned this e-mail preference off. */
export async function mailPreferenceOff(
  exec: Executor,
  ids: readonly string[],
  column: MailPreferenceColumn,
): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await exec
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, [...ids]), eq(users[column], false)));
  return rows.map((r) => r.id);
}

/**
 * CONTRACT §4/§5: exact counts — ideas authored, likes received, comments received — computed
 * from the ideas' counters in one query.
 */
export async function activityCounts(
  exec: Executor,
  userId: string,
): Promise<{ ideas: number; liked: number; comments: number }> {
  const [row] = await exec
    .select({
      ideas: sql<number>`count(*)::int`,
      // The ideas module changes these counters in the same transaction as the likes/comments
      // rows (tested in ideas.test.ts), so they are exact. (The former correlated subqueries
      // compared c.idea_id with an unqualified "id" — drizzle drops the table name in a
      // single-table select — which resolved to the comment's own id: comments were always 0.)
      liked: sql<number>`coalesce(sum(${ideas.likeCount}), 0)::int`,
      comments: sql<number>`coalesce(sum(${ideas.commentCount}), 0)::int`,
    })
    .from(ideas)
    .where(eq(ideas.authorId, userId));
  return { ideas: row?.ideas ?? 0, liked: row?.liked ?? 0, comments: row?.comments ?? 0 };
}

/** The admin's user list: newest first, searched by name, display name or e-mail. */
export async function listForAdmin(
  db: Executor,
  f: { q?: string; role?: string; status?: string } & ListOpts,
) {
  const like = f.q ? likePattern(f.q) : null;
  return db
    .select({ user: users, id: users.id, cursorTs: cursorTs(users.createdAt) })
    .from(users)
    .where(
      and(
        like
          ? or(ilike(users.name, like), ilike(users.displayName, like), ilike(users.email, like))
          : undefined,
        f.role ? eq(users.role, f.role) : undefined,
        f.status ? eq(users.status, f.status) : undefined,
        keysetAfter(users.createdAt, users.id, f, 'desc'),
      ),
    )
    .orderBy(...keysetOrder(users.createdAt, users.id, 'desc'))
    .limit(f.limit + 1);
}

/** Locks the user row for the rest of the transaction (an admin's change must not race another). */
export async function lockUser(db: Executor, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).for('update');
  return row;
}

export async function setRoleStatus(
  db: Executor,
  id: string,
  set: { role?: string; status?: string; updatedAt: Date },
): Promise<UserRow> {
  const [row] = await db.update(users).set(set).where(eq(users.id, id)).returning();
  return row!;
}

/** Id, display name and e-mail of each of these users (those that still exist). */
export async function peopleByIds(db: Executor, ids: string[]): Promise<Person[]> {
  if (ids.length === 0) return [];
  return db
    .select({ id: users.id, displayName: users.displayName, email: users.email })
    .from(users)
    .where(inArray(users.id, ids));
}

/** What Smart Matching reads of each of these users: profile fields and the skills their résumé gave. */
export async function matchProfiles(exec: Executor, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return exec
    .select({
      id: users.id,
      skills: users.skills,
      inferredSkills: sql<string[]>`coalesce(${userResumes.inferredSkills}, '{}'::text[])`,
      level: users.level,
      location: users.location,
      company: users.company,
      headline: users.headline,
    })
    .from(users)
    .leftJoin(userResumes, eq(userResumes.userId, users.id))
    .where(inArray(users.id, [...ids]));
}

const resumeByUser = prepared((exec) =>
  exec
    .select()
    .from(userResumes)
    .where(eq(userResumes.userId, slot<string>('id')))
    .limit(rowCount(1)),
);

/** The résumé kept on a user's profile, if any (read with every own-profile read: built once). */
export async function findResume(exec: Executor, userId: string): Promise<ResumeRow | undefined> {
  const [row] = await resumeByUser(exec, undefined, { id: userId });
  return row;
}

/**
 * Keeps this résumé on the user's profile in place of any earlier one; returns the earlier file's
 * key (its files.ref_count drops through the trigger, so it can be released) or null.
 */
export async function replaceResume(
  exec: Executor,
  row: Omit<ResumeRow, 'createdAt'>,
): Promise<string | null> {
  const [before] = await exec
    .select({ fileKey: userResumes.fileKey })
    .from(userResumes)
    .where(eq(userResumes.userId, row.userId))
    .for('update');
  await exec
    .insert(userResumes)
    .values({ ...row, createdAt: row.updatedAt })
    .onConflictDoUpdate({
      target: userResumes.userId,
      set: {
        fileKey: row.fileKey,
        originalName: row.originalName,
        size: row.size,
        mimetype: row.mimetype,
        inferredSkills: row.inferredSkills,
        createdAt: row.updatedAt,
        updatedAt: row.updatedAt,
      },
    });
  return before && before.fileKey !== row.fileKey ? before.fileKey : null;
}

/** Removes the user's résumé; returns its file key, or null when they kept none. */
export async function deleteResume(exec: Executor, userId: string): Promise<string | null> {
  const [row] = await exec
    .delete(userResumes)
    .where(eq(userResumes.userId, userId))
    .returning({ fileKey: userResumes.fileKey });
  return row?.fileKey ?? null;
}

/**
 * Drops one skill (compared by key: "JS" removes "JavaScript") from those found in the user's
 * résumé, in one statement so two removals at once both hold; undefined when there is no résumé.
 */
export async function removeInferredSkill(
  exec: Executor,
  userId: string,
  skill: string,
  now: Date,
): Promise<ResumeRow | undefined> {
  const [row] = await exec
    .update(userResumes)
    .set({
      inferredSkills: sql`array(select s from unnest(${userResumes.inferredSkills}) with ordinality as u(s, i) where agora_skill_key(s) <> agora_skill_key(${skill}) order by i)`,
      updatedAt: now,
    })
    .where(eq(userResumes.userId, userId))
    .returning();
  return row;
}
