import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { users } from '../../db/schema/index.js';

/**
 * Id, display name and e-mail of those of these users who are active: what a sender of e-mails
 * they asked for (job alerts) reads. A suspended account gets none, as with the category digest.
 */
export async function activeContactsByIds(
  exec: Executor,
  ids: readonly string[],
): Promise<Array<{ id: string; displayName: string; email: string }>> {
  if (ids.length === 0) return [];
  return exec
    .select({ id: users.id, displayName: users.displayName, email: users.email })
    .from(users)
    .where(and(inArray(users.id, [...ids]), eq(users.status, 'active')));
}
