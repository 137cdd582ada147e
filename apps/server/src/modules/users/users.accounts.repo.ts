import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { users } from '../../db/schema/index.js';

/** An account as other areas name and mail it. */
export type AccountContact = { id: string; displayName: string; email: string };

/** The account holding this e-mail address (case-insensitive), if any. */
export async function accountByEmail(exec: Executor, email: string): Promise<AccountContact | undefined> {
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

/** Id, display name, e-mail and status of this account, if it exists. */
export async function contactWithStatus(
  exec: Executor,
  id: string,
): Promise<(AccountContact & { status: string }) | undefined> {
  const [row] = await exec
    .select({ id: users.id, displayName: users.displayName, email: users.email, status: users.status })
    .from(users)
    .where(eq(users.id, id))
    .limit(1);
  return row;
}
