import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { users } from '../../db/schema/index.js';

/** The account holding this e-mail address (case-insensitive), if any: invitations by e-mail. */
export async function accountByEmail(
  exec: Executor,
  email: string,
): Promise<{ id: string; displayName: string; email: string } | undefined> {
  const [row] = await exec
    .select({ id: users.id, displayName: users.displayName, email: users.email })
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`)
    .limit(1);
  return row;
}

/** When this account was created (null when it no longer exists). */
export async function accountCreatedAt(exec: Executor, id: string): Promise<Date | null> {
  const [row] = await exec.select({ at: users.createdAt }).from(users).where(eq(users.id, id)).limit(1);
  return row?.at ?? null;
}
