import type { NetworkPerson } from '@agora/shared';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { follows } from '../../db/schema/index.js';
import { isUuid } from '../../lib/ids.js';
import { activePeopleAtCompany } from '../users/users.network.js';

/** How many people a job page lists as the viewer's network at its company. */
export const NETWORK_MAX = 20;

/**
 * The people `viewerId` follows or who follow them (both directions of users.follows, by the
 * primary key and follows_followee_idx), as a subquery the users area narrows by company.
 */
const followsEitherWay = (viewerId: string) =>
  sql`select ${follows.followeeId} from ${follows} where ${follows.followerId} = ${viewerId}
      union all
      select ${follows.followerId} from ${follows} where ${follows.followeeId} = ${viewerId}`;

/**
 * The viewer's network at a company (a job's): people they follow or who follow them whose
 * profile company is that company, case- and space-insensitively; active accounts only, never the
 * viewer; ordered by name, at most NETWORK_MAX. One statement.
 */
export function networkAt(exec: Executor, viewerId: string, company: string): Promise<NetworkPerson[]> {
  return activePeopleAtCompany(exec, company, {
    among: followsEitherWay(viewerId),
    exclude: viewerId,
    limit: NETWORK_MAX,
  });
}

/** Whether `personId` is in the viewer's network at this company (whatever NETWORK_MAX cuts off). */
export async function isInNetwork(
  exec: Executor,
  viewerId: string,
  personId: string,
  company: string,
): Promise<boolean> {
  if (!isUuid(personId)) return false;
  const found = await activePeopleAtCompany(exec, company, {
    among: followsEitherWay(viewerId),
    exclude: viewerId,
    limit: 1,
    only: personId,
  });
  return found.length > 0;
}
