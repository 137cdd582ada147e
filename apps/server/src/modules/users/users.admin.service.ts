import type { AdminUser } from '@agora/shared';
import type { Executor } from '../../db/client.js';
import type { ListOpts } from '../../lib/admin-list.js';
import { page } from '../../lib/cursor.js';
import { toPublicUser } from './users.public.js';
import * as repo from './users.repo.js';

/*
 * What the admin area reads and changes of users. This area owns the rows; the admin area
 * authorises, audits and calls these (inside its transaction when it passes one).
 */

/** The admin's view of a user is the public wire shape (auth.service's one mapper). */
export const toAdminUser: (u: repo.UserRow) => AdminUser = toPublicUser;

export async function listUsersForAdmin(
  db: Executor,
  f: { q?: string; role?: string; status?: string } & ListOpts,
): Promise<{ items: AdminUser[]; nextCursor: string | null }> {
  const p = page(await repo.listForAdmin(db, f), f.limit);
  return { items: p.items.map((r) => toAdminUser(r.user)), nextCursor: p.nextCursor };
}

export const lockUserForAdmin = repo.lockUser;
export const peopleByIds = repo.peopleByIds;

/** Sets an account's role and/or status; returns the changed row. */
export function setUserRoleStatus(
  tx: Executor,
  id: string,
  set: { role?: string; status?: string; updatedAt: Date },
): Promise<repo.UserRow> {
  return repo.setRoleStatus(tx, id, set);
}
