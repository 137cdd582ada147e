import type { NetworkPerson } from '@agora/shared';
import type { Executor } from '../../db/client.js';
import { isUuid } from '../../lib/ids.js';
import * as repo from './follows.repo.js';

/*
 * The viewer's network at a company: the people they follow or who follow them, working there.
 * Both halves are large in the worst case (everyone at a big company; everyone a popular person
 * follows), so neither is loaded as a list of ids to hand to the other area: this area's repo asks
 * it in one statement, an index range of users_company_key_idx checked against the follows primary
 * key and follows_followee_idx, cut at the limit in the database. The users table is read in that
 * join as ARCHITECTURE.md's table of owners allows the follows area to.
 */

/** How many people a job page lists as the viewer's network at its company. */
export const NETWORK_MAX = 20;

/**
 * The viewer's network at a company (a job's): people they follow or who follow them whose
 * profile company is that company, case- and space-insensitively; active accounts only, never the
 * viewer; ordered by name, at most NETWORK_MAX. A blank company has no network.
 */
export async function networkAt(exec: Executor, viewerId: string, company: string): Promise<NetworkPerson[]> {
  if (company.trim() === '') return [];
  return repo.networkPeopleAtCompany(exec, viewerId, company, { exclude: viewerId, limit: NETWORK_MAX });
}

/**
 * Whether `personId` is in the viewer's network at this company, by the same rule as networkAt,
 * whatever NETWORK_MAX cuts off there (asking someone for a referral).
 */
export async function isInNetwork(
  exec: Executor,
  viewerId: string,
  personId: string,
  company: string,
): Promise<boolean> {
  if (!isUuid(personId) || company.trim() === '') return false;
  const found = await repo.networkPeopleAtCompany(exec, viewerId, company, {
    exclude: viewerId,
    limit: 1,
    only: personId,
  });
  return found.length > 0;
}
