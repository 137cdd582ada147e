import { DAY_MS, type PublishResultsBody, rupees, splitPrize } from '@agora/shared';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { conflict } from '../../lib/errors.js';
import { notify, notifyMany } from '../notifications/notifications.service.js';
import * as ledger from '../wallet/ledger.js';
import * as repo from './hackathons.prizes.repo.js';
import * as teams from './hackathons.teams.repo.js';

/**
 * The prize pool of a hackathon: paid in through the payments area's checkout and held here
 * (prize_state 'held') until the organiser publishes the results with a split, when every member
 * of the placed teams is credited ('paid'); or it goes back to the organiser's wallet ('refunded')
 * when the hackathon is rejected or its results are not published within PRIZE_PUBLISH_DAYS of
 * its end. Each change of state is one conditional update (prize_state = 'held'), so whatever runs
 * at the same time, a pool leaves escrow once.
 */

/** Days after its end within which a funded hackathon must publish its results. */
export const PRIZE_PUBLISH_DAYS = 30;

export type PrizeTarget = repo.PrizeTarget;

/** The hackathon as the checkout reads it (`lock`: its row, for the rest of the transaction). */
export const findPrizeTarget = (exec: Executor, id: string, lock = false) =>
  repo.findPrizeTarget(exec, id, lock);

/**
 * Whether a captured payment may fund this hackathon's pool now: approved, results not out, and
 * no pool paid in before (held, paid or refunded: a pool is funded once).
 */
export const canHoldPrize = (h: PrizeTarget): boolean =>
  h.status === 'published' && h.resultsPublishedAt === null && h.prizeState === null;

/** The captured payment is now the pool, held (inside the payment's transaction, under the row lock). */
export const holdPrize = (tx: Executor, id: string, amountPaise: number, at: Date) =>
  repo.markPrizeHeld(tx, id, amountPaise, at);

const ordinal = (n: number) => {
  const s = ['th', 'st', 'nd', 'rd'];
  const v = n % 100;
  return `${n}${s[(v - 20) % 10] ?? s[v] ?? s[0]}`;
};

/**
 * Pays a held pool at publication, inside its transaction: each place's share (splitPrize: whole
 * percents, leftover paise of the places to the first place of the split) is divided equally among
 * the members of the team behind that place's submission (a solo submitter alone), leftover paise
 * to its captain; every share goes to a wallet through the ledger as a 'hackathon-prize' entry whose
 * reference names the hackathon, place and member, so the credits add up to the pool exactly and
 * happen once. A share of 0 paise (a tiny pool over many members) is no entry.
 */
export async function payPrizes(
  tx: Executor,
  hackathonId: string,
  places: string[],
  split: NonNullable<PublishResultsBody['prizeSplit']>,
  at: Date,
): Promise<void> {
  const pool = await repo.claimPrizePayout(tx, hackathonId, split, at);
  if (!pool) return conflict('NO_PRIZE_HELD', 'This hackathon holds no prize money to split.');
  const placed = split.map((p) => places[p.place - 1]!);
  const subs = await repo.placedSubmissions(tx, hackathonId, placed);
  const teamIds = subs.flatMap((s) => (s.teamId ? [s.teamId] : []));
  const members = await teams.membersOf(tx, teamIds);
  const shares = splitPrize(
    pool.amount!,
    split,
    split.map((p) => {
      const sub = subs.find((s) => s.id === places[p.place - 1])!;
      // Captain first (membersOf's order); a solo submission, or a team emptied since, is its submitter.
      const team = sub.teamId ? members.filter((m) => m.teamId === sub.teamId).map((m) => m.userId) : [];
      return { place: p.place, memberIds: team.length > 0 ? team : [sub.userId] };
    }),
  );
  for (const s of shares) {
    if (s.paise <= 0) continue;
    await ledger.credit(tx, {
      userId: s.userId,
      type: 'hackathon-prize',
      amount: s.paise,
      description: `Prize: ${ordinal(s.place)} place in "${pool.title}"`,
      hackathonId,
      reference: `hackathon-prize:${hackathonId}:${s.place}:${s.userId}`,
      at,
    });
  }
  await notifyMany(
    tx,
    shares
      .filter((s) => s.paise > 0)
      .map((s) => ({
        userId: s.userId,
        type: 'reward' as const,
        title: `You won ${rupees(s.paise)} in ${pool.title}`,
        body: `Your share of the ${ordinal(s.place)} place prize is in your wallet. You can withdraw it from My Wallet.`,
        link: '/wallet',
      })),
  );
}

/**
 * Gives a held pool back to the organiser's wallet (a 'refund' entry naming the hackathon), once:
 * the conditional update is the claim, and it also requires the results to be unpublished, so a
 * publication and a refund never both take the pool. True when this call refunded it.
 */
export async function refundPrize(
  tx: Executor,
  hackathonId: string,
  at: Date,
  why: 'rejected' | 'unpublished',
): Promise<boolean> {
  const pool = await repo.claimPrizeRefund(tx, hackathonId, at);
  if (!pool) return false;
  const reason =
    why === 'rejected'
      ? 'the hackathon was rejected'
      : `its results were not published within ${PRIZE_PUBLISH_DAYS} days of its end`;
  await ledger.credit(tx, {
    userId: pool.authorId,
    type: 'refund',
    amount: pool.amount!,
    description: `Refund: the prize pool of "${pool.title}" (${reason})`,
    hackathonId,
    reference: `hackathon-prize-refund:${hackathonId}`,
    at,
  });
  await notify(tx, pool.authorId, {
    type: 'reward',
    title: `The prize pool of ${pool.title} is back in your wallet`,
    body: `${rupees(pool.amount!)} was returned to your wallet because ${reason}.`,
    link: '/wallet',
  });
  return true;
}

/**
 * Refunds every held pool whose hackathon ended more than PRIZE_PUBLISH_DAYS ago without results
 * (by the injected clock). Safe on several instances at once: refundPrize's conditional update is
 * the claim, so each pool is refunded by one of them.
 */
export async function refundUnpublishedPrizes(ctx: AppContext, limit = 50): Promise<number> {
  const now = ctx.clock.now();
  const cutoff = new Date(now.getTime() - PRIZE_PUBLISH_DAYS * DAY_MS);
  const due = await repo.heldUnpublished(ctx.db, cutoff, limit);
  let refunded = 0;
  for (const { id } of due) {
    if (await ctx.db.transaction((tx) => refundPrize(tx, id, now, 'unpublished'))) refunded++;
  }
  return refunded;
}
