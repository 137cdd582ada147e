/**
 * spec 01 §5: 100 percent divided equally among the selected answers by whole-number division;
 * the remainder goes to the first selected answer.
 */
export function equalPercentages(count: number): number[] {
  if (count <= 0) return [];
  const base = Math.floor(100 / count);
  const out = Array.from({ length: count }, () => base);
  out[0]! += 100 - base * count;
  return out;
}

/**
 * CONTRACT §5: each share is floor(total × pct / 100) paise; the leftover paise go to the first
 * selected answer, so the shares add up to the total exactly.
 */
export function splitPaise(totalPaise: number, percentages: number[]): number[] {
  if (!Number.isInteger(totalPaise) || totalPaise < 0) throw new RangeError('total must be whole paise');
  const shares = percentages.map((pct) => Math.floor((totalPaise * pct) / 100));
  const leftover = totalPaise - shares.reduce((a, b) => a + b, 0);
  if (shares.length > 0) shares[0]! += leftover;
  return shares;
}

/** How a ranking becomes a suggested split of the reward (see `suggestSplit`). */
export const SUGGESTED_SPLIT = {
  /** At most this many answers share the reward. */
  maxAnswers: 3,
  /** Points (on the ranker's 0–100 scale) an answer may trail the best one by and still be paid. */
  margin: 15,
} as const;

export interface RankedScore {
  answerId: string;
  /** 1 = best. */
  rank: number;
  /** 0–100. */
  score: number;
}

export interface SplitShare {
  answerId: string;
  /** Whole percent, at least 1. */
  percent: number;
}

/**
 * Rewards by merit: the split a ranking suggests.
 *
 * - The answers worth paying are the best-ranked ones whose score is within `margin` points of the
 *   best score, at most `maxAnswers` of them (best rank first; the best answer always qualifies).
 * - Each gets a share proportional to its score (scores below 0 or above 100 count as 0 or 100;
 *   when every qualifying score is 0 they share equally).
 * - Shares are whole percents by the largest remainder: each gets the floor of its exact share,
 *   and the points still missing to 100 go one each to the largest fractional parts (the better
 *   rank first on a tie), so the percents add up to exactly 100.
 * - An answer whose share would round to 0% is left out and the rest are shared again, so every
 *   named answer gets at least 1% (what `POST /api/rewards/distribute` accepts).
 *
 * No ranking → []. The result lists answers best rank first.
 */
export function suggestSplit(ranking: readonly RankedScore[]): SplitShare[] {
  const clamp = (s: number) => (Number.isFinite(s) ? Math.min(100, Math.max(0, s)) : 0);
  const ordered = [...ranking]
    .map((r) => ({ answerId: r.answerId, rank: r.rank, score: clamp(r.score) }))
    .sort((a, b) => a.rank - b.rank || b.score - a.score || a.answerId.localeCompare(b.answerId));
  if (ordered.length === 0) return [];
  const best = Math.max(...ordered.map((r) => r.score));
  let chosen = ordered
    .filter((r) => r.score >= best - SUGGESTED_SPLIT.margin)
    .slice(0, SUGGESTED_SPLIT.maxAnswers);
  for (;;) {
    const percents = largestRemainder(chosen.map((r) => r.score));
    const zero = percents.lastIndexOf(0);
    if (zero < 0) return chosen.map((r, i) => ({ answerId: r.answerId, percent: percents[i]! }));
    chosen = chosen.filter((_, i) => i !== zero);
  }
}

/** Whole percents proportional to `weights` (equal when they add up to 0), summing to exactly 100. */
function largestRemainder(weights: number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  const exact = weights.map((w) => (sum > 0 ? (w * 100) / sum : 100 / weights.length));
  const out = exact.map(Math.floor);
  let missing = 100 - out.reduce((a, b) => a + b, 0);
  const byRemainder = exact
    .map((e, i) => ({ i, rest: e - Math.floor(e) }))
    .sort((a, b) => b.rest - a.rest || a.i - b.i);
  for (const { i } of byRemainder) {
    if (missing <= 0) break;
    out[i]! += 1;
    missing -= 1;
  }
  return out;
}
