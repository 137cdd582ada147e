import { and, asc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { hackathonSubmissions, hackathons } from '../../db/schema/index.js';

/** The prize-pool columns of hackathons (see hackathons.prizes.service.ts for their rules). */

export type PrizeSplit = Array<{ place: number; percent: number }>;

/** What the checkout reads of a hackathon (`lock`: its row, until the transaction ends). */
export async function findPrizeTarget(exec: Executor, id: string, lock = false) {
  const q = exec
    .select({
      id: hackathons.id,
      title: hackathons.title,
      authorId: hackathons.authorId,
      status: hackathons.status,
      endDate: hackathons.endDate,
      resultsPublishedAt: hackathons.resultsPublishedAt,
      prizeState: hackathons.prizeState,
      prizeAmount: hackathons.prizeAmount,
    })
    .from(hackathons)
    .where(eq(hackathons.id, id))
    .limit(1);
  const [row] = lock ? await q.for('update') : await q;
  return row;
}
export type PrizeTarget = NonNullable<Awaited<ReturnType<typeof findPrizeTarget>>>;

/** No pool yet → held. */
export async function markPrizeHeld(tx: Executor, id: string, amountPaise: number, at: Date) {
  const [row] = await tx
    .update(hackathons)
    .set({
      prizeState: 'held',
      prizeAmount: amountPaise,
      prizeHeldAt: at,
      prizeSettledAt: null,
      updatedAt: at,
    })
    .where(and(eq(hackathons.id, id), isNull(hackathons.prizeState)))
    .returning({ id: hackathons.id });
  return row;
}

/** held → paid with its split; undefined when no pool is held (the claim of the payout). */
export async function claimPrizePayout(tx: Executor, id: string, split: PrizeSplit, at: Date) {
  const [row] = await tx
    .update(hackathons)
    .set({ prizeState: 'paid', prizeSettledAt: at, prizeSplit: split, updatedAt: at })
    .where(and(eq(hackathons.id, id), eq(hackathons.prizeState, 'held')))
    .returning({ amount: hackathons.prizeAmount, title: hackathons.title });
  return row;
}

/** held → refunded while the results are unpublished; undefined otherwise (the claim of the refund). */
export async function claimPrizeRefund(tx: Executor, id: string, at: Date) {
  const [row] = await tx
    .update(hackathons)
    .set({ prizeState: 'refunded', prizeSettledAt: at, updatedAt: at })
    .where(
      and(eq(hackathons.id, id), eq(hackathons.prizeState, 'held'), isNull(hackathons.resultsPublishedAt)),
    )
    .returning({ amount: hackathons.prizeAmount, title: hackathons.title, authorId: hackathons.authorId });
  return row;
}

/** These submissions of the hackathon: who submitted each, and for which team. */
export function placedSubmissions(exec: Executor, hackathonId: string, ids: string[]) {
  return exec
    .select({
      id: hackathonSubmissions.id,
      userId: hackathonSubmissions.userId,
      teamId: hackathonSubmissions.teamId,
    })
    .from(hackathonSubmissions)
    .where(and(eq(hackathonSubmissions.hackathonId, hackathonId), inArray(hackathonSubmissions.id, ids)));
}

/** Held pools of hackathons that ended by `endedBy` without results, oldest end first. */
export async function heldUnpublished(exec: Executor, endedBy: Date, limit: number) {
  return (
    exec
      .select({ id: hackathons.id })
      .from(hackathons)
      // 'held' as a literal: hackathons_prize_held_idx is partial on it.
      .where(
        and(
          sql`${hackathons.prizeState} = 'held'`,
          lte(hackathons.endDate, endedBy),
          isNull(hackathons.resultsPublishedAt),
        ),
      )
      .orderBy(asc(hackathons.endDate), asc(hackathons.id))
      .limit(limit)
  );
}
