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

export function formatRupees(paise: number): string {
  return (paise / 100).toFixed(2);
}
