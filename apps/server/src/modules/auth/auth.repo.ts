import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { prepared, slot } from '../../db/prepared.js';
import { passwordResets, sessions, users } from '../../db/schema/index.js';

export async function createSession(
  db: Executor,
  userId: string,
  meta: { ip?: string; userAgent?: string },
  at: Date,
) {
  // Times from the app's clock (not the database's): the idle check compares them with that clock.
  const [row] = await db
    .insert(sessions)
    .values({
      userId,
      ip: meta.ip ?? null,
      userAgent: meta.userAgent?.slice(0, 300) ?? null,
      createdAt: at,
      lastSeenAt: at,
    })
    .returning();
  return row!;
}

/** The session with its user, in one query. */
export async function findSessionWithUser(db: Executor, sessionId: string) {
  const [row] = await sessionWithUser(db, undefined, { sessionId });
  return row;
}

/** Read on every signed-in request: built once (db/prepared.ts). */
const sessionWithUser = prepared((db) =>
  db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.id, slot<string>('sessionId')))
    .limit(1),
);

/** Whether this account ever signed in from this address (a session was issued to it). */
export async function hasSignedInFrom(db: Executor, userId: string, ip: string): Promise<boolean> {
  const [row] = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), eq(sessions.ip, ip)))
    .limit(1);
  return Boolean(row);
}

export async function touchSession(db: Executor, sessionId: string, now: Date) {
  await db
    .update(sessions)
    .set({ lastSeenAt: now })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

export async function revokeSession(db: Executor, sessionId: string, now: Date) {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

export async function revokeUserSessions(db: Executor, userId: string, now: Date) {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}

/**
 * A new reset link for the user; the older unused ones stop working. Its token is minted when the
 * e-mail carrying it is sent (mintPasswordReset): until then no link exists.
 */
export async function createPasswordReset(
  db: Executor,
  userId: string,
  now: Date,
  expiresAt: Date,
): Promise<{ id: string }> {
  await db
    .update(passwordResets)
    .set({ usedAt: now })
    .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
  const [row] = await db
    .insert(passwordResets)
    .values({ userId, expiresAt, createdAt: now })
    .returning({ id: passwordResets.id });
  return row!;
}

/**
 * Gives a reset its token (the hash of the one in the e-mail being sent), replacing any earlier
 * one; false when the reset was used, replaced or has expired.
 */
export async function mintPasswordReset(
  db: Executor,
  id: string,
  tokenHash: string,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(passwordResets)
    .set({ tokenHash })
    .where(
      and(
        eq(passwordResets.id, id),
        isNull(passwordResets.usedAt),
        sql`${passwordResets.expiresAt} > ${now.toISOString()}::timestamptz`,
      ),
    )
    .returning({ id: passwordResets.id });
  return rows.length === 1;
}

/**
 * Uses a reset link once: marks it used and returns its user, or nothing when it is unknown,
 * used or expired. One conditional UPDATE, so two requests with the same link cannot both win.
 */
export async function consumePasswordReset(db: Executor, tokenHash: string, now: Date) {
  const [row] = await db
    .update(passwordResets)
    .set({ usedAt: now })
    .where(
      and(
        eq(passwordResets.tokenHash, tokenHash),
        isNull(passwordResets.usedAt),
        sql`${passwordResets.expiresAt} > ${now.toISOString()}::timestamptz`,
      ),
    )
    .returning({ userId: passwordResets.userId });
  return row;
}
