import type { ReferralStatus } from '@agora/shared';
import { and, asc, desc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { referralRequests } from '../../db/schema/index.js';
import { afterCursor, cursorTs, type Keyset } from '../../lib/cursor.js';

export type ReferralRow = typeof referralRequests.$inferSelect;

/**
 * Records the request unless this person was asked for this application already: the unique index
 * (application, referrer) decides, also between two requests at the same moment. Undefined then.
 */
export async function insertRequest(
  exec: Executor,
  values: { applicationId: string; referrerId: string; message: string | null; createdAt: Date },
): Promise<ReferralRow | undefined> {
  const [row] = await exec.insert(referralRequests).values(values).onConflictDoNothing().returning();
  return row;
}

export async function findById(exec: Executor, id: string): Promise<ReferralRow | undefined> {
  const [row] = await exec.select().from(referralRequests).where(eq(referralRequests.id, id)).limit(1);
  return row;
}

/** Answers a pending request of this referrer's; undefined when it is not pending (any more). */
export async function answerPending(
  exec: Executor,
  id: string,
  referrerId: string,
  status: Exclude<ReferralStatus, 'pending'>,
  at: Date,
): Promise<ReferralRow | undefined> {
  const [row] = await exec
    .update(referralRequests)
    .set({ status, answeredAt: at })
    .where(
      and(
        eq(referralRequests.id, id),
        eq(referralRequests.referrerId, referrerId),
        eq(referralRequests.status, 'pending'),
      ),
    )
    .returning();
  return row;
}

/** The requests sent to a person, newest first, limit + 1 rows (index referral_requests_referrer_idx). */
export function pageForReferrer(
  exec: Executor,
  referrerId: string,
  cursor: Keyset | null,
  limit: number,
): Promise<Array<ReferralRow & { cursorTs: string }>> {
  return exec
    .select({ ...getTableColumns(referralRequests), cursorTs: cursorTs(referralRequests.createdAt) })
    .from(referralRequests)
    .where(
      and(
        eq(referralRequests.referrerId, referrerId),
        cursor ? afterCursor(referralRequests.createdAt, referralRequests.id, cursor, 'desc') : undefined,
      ),
    )
    .orderBy(desc(referralRequests.createdAt), desc(referralRequests.id))
    .limit(limit + 1);
}

/** The requests made for these applications, oldest first (one statement for a page of them). */
export function forApplications(exec: Executor, applicationIds: readonly string[]): Promise<ReferralRow[]> {
  if (applicationIds.length === 0) return Promise.resolve([]);
  return exec
    .select()
    .from(referralRequests)
    .where(inArray(referralRequests.applicationId, [...applicationIds]))
    .orderBy(asc(referralRequests.createdAt), asc(referralRequests.id));
}

/** Per application, the referrer who accepted first (none: absent). */
export function firstAccepted(
  exec: Executor,
  applicationIds: readonly string[],
): Promise<Array<{ applicationId: string; referrerId: string }>> {
  if (applicationIds.length === 0) return Promise.resolve([]);
  return exec
    .selectDistinctOn([referralRequests.applicationId], {
      applicationId: referralRequests.applicationId,
      referrerId: referralRequests.referrerId,
    })
    .from(referralRequests)
    .where(
      and(
        inArray(referralRequests.applicationId, [...applicationIds]),
        eq(referralRequests.status, 'accepted'),
      ),
    )
    .orderBy(
      referralRequests.applicationId,
      asc(referralRequests.answeredAt),
      asc(sql`${referralRequests.id}`),
    );
}
