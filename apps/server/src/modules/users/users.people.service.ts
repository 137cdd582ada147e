import type { Executor } from '../../db/client.js';
import type { AccountContact } from './users.accounts.repo.js';
import * as repo from './users.repo.js';

/**
 * The people these ids name, as other areas show and mail them beside their own rows (team
 * members, judges, referrers): id, display name and e-mail of each account that still exists,
 * whatever its status, by id. Each id is asked once; an id with no account is not in the map.
 * One statement, in the caller's transaction when it passes one.
 */
export async function peopleById(
  exec: Executor,
  ids: readonly string[],
): Promise<Map<string, AccountContact>> {
  const unique = [...new Set(ids)];
  const rows = await repo.peopleByIds(exec, unique);
  return new Map(rows.map((r) => [r.id, r]));
}
