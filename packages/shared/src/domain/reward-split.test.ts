import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SUGGESTED_SPLIT, splitPaise, suggestSplit } from './reward-split.js';

const r = (answerId: string, rank: number, score: number) => ({ answerId, rank, score });

describe('suggestSplit (rewards by merit)', () => {
  it('weights the answers within the margin of the best by score, largest remainder to 100', () => {
    // 90 / 80 / 80 → 36.0 / 32.0 / 32.0 exactly.
    expect(suggestSplit([r('a', 1, 90), r('b', 2, 80), r('c', 3, 80)])).toEqual([
      { answerId: 'a', percent: 36 },
      { answerId: 'b', percent: 32 },
      { answerId: 'c', percent: 32 },
    ]);
    // 70 / 60 → 53.85 / 46.15: the missing point goes to the larger remainder (a).
    expect(suggestSplit([r('a', 1, 70), r('b', 2, 60)])).toEqual([
      { answerId: 'a', percent: 54 },
      { answerId: 'b', percent: 46 },
    ]);
  });

  it('leaves out answers further than the margin behind the best', () => {
    expect(suggestSplit([r('a', 1, 95), r('b', 2, 95 - SUGGESTED_SPLIT.margin - 1), r('c', 3, 10)])).toEqual([
      { answerId: 'a', percent: 100 },
    ]);
  });

  it('pays at most three answers, best rank first, whatever order the ranking comes in', () => {
    const split = suggestSplit([r('d', 4, 88), r('b', 2, 90), r('a', 1, 90), r('c', 3, 89)]);
    expect(split.map((s) => s.answerId)).toEqual(['a', 'b', 'c']);
    expect(split.reduce((s, x) => s + x.percent, 0)).toBe(100);
  });

  it('shares equally when every score is 0, and gives nothing for no ranking', () => {
    expect(suggestSplit([r('a', 1, 0), r('b', 2, 0), r('c', 3, 0)]).map((s) => s.percent)).toEqual([
      34, 33, 33,
    ]);
    expect(suggestSplit([])).toEqual([]);
  });

  it('always names distinct ranked answers with whole percents ≥ 1 that add up to exactly 100', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: -20, max: 120, noNaN: true }), { minLength: 1, maxLength: 12 }),
        (scores) => {
          const ranking = scores.map((s, i) => r(`id${i}`, i + 1, s));
          const split = suggestSplit(ranking);
          const ids = new Set(ranking.map((x) => x.answerId));
          return (
            split.length >= 1 &&
            split.length <= SUGGESTED_SPLIT.maxAnswers &&
            split.reduce((a, b) => a + b.percent, 0) === 100 &&
            split.every((s) => Number.isInteger(s.percent) && s.percent >= 1 && ids.has(s.answerId)) &&
            new Set(split.map((s) => s.answerId)).size === split.length
          );
        },
      ),
    );
  });

  it('70/30 of ₹33.33 is ₹23.34 and ₹9.99 to the paisa: the leftover paisa goes to the first (the preview and the server share this)', () => {
    expect(splitPaise(3333, [70, 30])).toEqual([2334, 999]);
  });
});
