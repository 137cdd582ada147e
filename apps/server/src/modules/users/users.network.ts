import type { NetworkPerson } from '@agora/shared';
import { and, asc, eq, ne, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { users } from '../../db/schema/index.js';
import * as repo from './users.repo.js';

/**
 * A company name as the referral network compares it: trimmed, inner runs of white space made one
 * space, lower-cased. Written exactly as the expression of users_company_key_idx, so the lookup of
 * the people at a company is an index range, whatever the number of users.
 */
const companyKey = (v: SQL | typeof users.company): SQL<string> =>
  sql`lower(regexp_replace(btrim(${v}), '[[:space:]]+', ' ', 'g'))`;

/**
 * Active people whose profile company is `company` (case- and space-insensitively), among the ids
 * `among` selects (a subquery of the caller's area), never `exclude`; ordered by name, at most
 * `limit`. `only` narrows it to one person (is this person in the network?).
 */
export async function activePeopleAtCompany(
  exec: Executor,
  company: string,
  opts: { among: SQL; exclude: string; limit: number; only?: string },
): Promise<NetworkPerson[]> {
  if (company.trim() === '') return [];
  return exec
    .select({ id: users.id, displayName: users.displayName, headline: users.headline })
    .from(users)
    .where(
      and(
        sql`${users.company} is not null`,
        eq(companyKey(users.company), companyKey(sql`${company}::text`)),
        eq(users.status, 'active'),
        ne(users.id, opts.exclude),
        opts.only ? eq(users.id, opts.only) : undefined,
        sql`${users.id} in (${opts.among})`,
      ),
    )
    .orderBy(asc(sql`lower(${users.displayName})`), asc(users.id))
    .limit(opts.limit);
}

/** Id, display name and e-mail of each of these users that still exists, by id. */
export async function peopleById(
  exec: Executor,
  ids: readonly string[],
): Promise<Map<string, { id: string; displayName: string; email: string }>> {
  const unique = [...new Set(ids)];
  const rows = await repo.peopleByIds(exec, unique);
  return new Map(rows.map((r) => [r.id, r]));
}
