import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { users } from '../../db/schema/index.js';

// The account rows sign-up, sign-in, password resets and Google sign-in read and write; auth
// reaches them through users.credentials.service.ts.

export type UserRow = typeof users.$inferSelect;

export function findUserByEmail(db: Executor, email: string) {
  return db.query.users.findFirst({ where: eq(users.email, email.toLowerCase()) });
}

export function findUserById(db: Executor, id: string) {
  return db.query.users.findFirst({ where: eq(users.id, id) });
}

export function findUserByGoogleSub(db: Executor, sub: string) {
  return db.query.users.findFirst({ where: eq(users.googleSub, sub) });
}

export async function insertUser(db: Executor, values: typeof users.$inferInsert): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning();
  return row!;
}

export async function setPassword(db: Executor, userId: string, passwordHash: string): Promise<void> {
  await db.update(users).set({ passwordHash }).where(eq(users.id, userId));
}

export async function countUsers(db: Executor) {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(users);
  return row?.n ?? 0;
}

/**
 * Links a verified Google identity to the account with its e-mail. Sign-up never proved that
 * e-mail, so a password set before the link may be a squatter's: it is dropped.
 */
export async function linkGoogleSub(db: Executor, userId: string, sub: string): Promise<UserRow> {
  const [row] = await db
    .update(users)
    .set({ googleSub: sub, passwordHash: null })
    .where(eq(users.id, userId))
    .returning();
  return row!;
}

/** ADMIN_EMAIL promoted: the configured password replaces whatever the account had. */
export async function makeActiveAdmin(
  db: Executor,
  userId: string,
  passwordHash: string | null,
): Promise<void> {
  await db
    .update(users)
    .set({ role: 'admin', status: 'active', ...(passwordHash ? { passwordHash } : {}) })
    .where(eq(users.id, userId));
}
