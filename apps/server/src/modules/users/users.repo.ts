import { and, eq, ilike, inArray, or } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { users } from '../../db/schema/index.js';
import { keysetAfter, keysetOrder, likePattern, type ListOpts, type Person } from '../../lib/admin-list.js';
import { cursorTs } from '../../lib/cursor.js';

export type UserRow = typeof users.$inferSelect;

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
