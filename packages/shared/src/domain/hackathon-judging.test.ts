import { describe, expect, it } from 'vitest';
import { judgeResults, type ScoreSheet, splitPrize, weightedTotal } from './hackathon-judging.js';

const criteria = [
  { name: 'Innovation', weight: 2 },
  { name: 'Execution', weight: 1 },
];
const sheet = (
  judgeId: string,
  submissionId: string,
  innovation: number,
  execution = innovation,
): ScoreSheet => ({
  judgeId,
  submissionId,
  scores: { Innovation: innovation, Execution: execution },
});

describe('weightedTotal', () => {
  it('is the weighted mean of the criteria on the sheet', () => {
    expect(weightedTotal(criteria, { Innovation: 4, Execution: 1 })).toBe(3); // (2×4 + 1×1) / 3
    expect(weightedTotal(criteria, { Innovation: 5 })).toBe(5);
    expect(weightedTotal(criteria, {})).toBeNull();
  });
});

describe('judgeResults', () => {
  /*
   * Worked example. H is a harsh judge, L a lenient one; each scored three of four submissions.
   *   H: A = 3 (Innovation 4, Execution 1: (8 + 1) / 3), B = 1, C = 2   → mean 2, sd √(2/3) ≈ 0.8165
   *   L: B = 5, C = 3, D = 4                                            → mean 4, sd ≈ 0.8165
   * z-scores: H: A +1.2247, B −1.2247, C 0;  L: B +1.2247, C −1.2247, D 0.
   * Raw weighted totals (mean per criterion, then weighted): A 3, B 3, C 2.5, D 4 → D would win.
   * Normalized (mean z): A +1.2247, B 0, C −0.6124, D 0 → A, the harsh judge's best, wins;
   * D and B tie at 0 and D's higher raw total puts it second.
   */
  const sheets = [
    sheet('H', 'A', 4, 1),
    sheet('H', 'B', 1),
    sheet('H', 'C', 2),
    sheet('L', 'B', 5),
    sheet('L', 'C', 3),
    sheet('L', 'D', 4),
  ];

  it('ranks by the mean of each judge’s standardised totals, so a harsh judge cannot sink a team', () => {
    const rows = judgeResults(criteria, ['A', 'B', 'C', 'D', 'E'], sheets);
    expect(rows.map((r) => r.submissionId)).toEqual(['A', 'D', 'B', 'C', 'E']);
    const by = Object.fromEntries(rows.map((r) => [r.submissionId, r]));
    expect(by.A).toEqual({
      submissionId: 'A',
      criteria: { Innovation: 4, Execution: 1 },
      weighted: 3,
      normalized: 1.2247,
      judges: 1,
    });
    expect(by.B).toMatchObject({
      criteria: { Innovation: 3, Execution: 3 },
      weighted: 3,
      normalized: 0,
      judges: 2,
    });
    expect(by.C).toMatchObject({ weighted: 2.5, normalized: -0.6124, judges: 2 });
    expect(by.D).toMatchObject({ weighted: 4, normalized: 0, judges: 1 });
    // Nobody scored E: no figures, last.
    expect(by.E).toEqual({
      submissionId: 'E',
      criteria: { Innovation: null, Execution: null },
      weighted: null,
      normalized: null,
      judges: 0,
    });
    // The raw ranking would have been different: that is the point.
    const raw = [...rows].sort((a, b) => (b.weighted ?? -1) - (a.weighted ?? -1)).map((r) => r.submissionId);
    expect(raw[0]).toBe('D');
  });

  it('gives z = 0 for a judge who scored one submission or gave everyone the same total', () => {
    const rows = judgeResults(
      criteria,
      ['A', 'B'],
      [sheet('X', 'A', 5), sheet('Y', 'A', 2), sheet('Y', 'B', 2)],
    );
    expect(rows.map((r) => [r.submissionId, r.normalized])).toEqual([
      ['A', 0],
      ['B', 0],
    ]);
    // Equal normalized: the raw total decides (A: mean of 5 and 2).
    expect(rows[0]!.weighted).toBe(3.5);
  });

  it('keeps the given order when everything ties', () => {
    const rows = judgeResults(criteria, ['late', 'early'], []);
    expect(rows.map((r) => r.submissionId)).toEqual(['late', 'early']);
  });
});

describe('splitPrize', () => {
  it('splits each place’s share equally among its members, exact to the paisa, leftovers to the first place and the captain', () => {
    const shares = splitPrize(
      100_001,
      [
        { place: 1, percent: 50 },
        { place: 2, percent: 30 },
        { place: 3, percent: 20 },
      ],
      [
        { place: 1, memberIds: ['cap1', 'm1', 'm2', 'm3'] },
        { place: 2, memberIds: ['cap2', 'm4'] },
        { place: 3, memberIds: ['solo'] },
      ],
    );
    // Places: floor(50,000.5) = 50,000 + 1 leftover → 50,001; 30,000; 20,000.
    // Place 1: 50,001 / 4 = 12,500 each, the captain 12,501.
    expect(shares).toEqual([
      { place: 1, userId: 'cap1', paise: 12_501 },
      { place: 1, userId: 'm1', paise: 12_500 },
      { place: 1, userId: 'm2', paise: 12_500 },
      { place: 1, userId: 'm3', paise: 12_500 },
      { place: 2, userId: 'cap2', paise: 15_000 },
      { place: 2, userId: 'm4', paise: 15_000 },
      { place: 3, userId: 'solo', paise: 20_000 },
    ]);
    expect(shares.reduce((s, x) => s + x.paise, 0)).toBe(100_001);
  });

  it('adds up to the pool for any pool, split and team sizes', () => {
    for (let pool = 0; pool < 2_000; pool += 37) {
      for (const sizes of [[1], [3, 2], [4, 4, 1], [10, 7, 3]]) {
        const n = sizes.length;
        const percents = Array.from({ length: n }, (_, i) =>
          i === 0 ? 100 - Math.floor(100 / n) * (n - 1) : Math.floor(100 / n),
        );
        const shares = splitPrize(
          pool,
          percents.map((percent, i) => ({ place: i + 1, percent })),
          sizes.map((size, i) => ({
            place: i + 1,
            memberIds: Array.from({ length: size }, (_, j) => `${i}-${j}`),
          })),
        );
        expect(shares.reduce((s, x) => s + x.paise, 0)).toBe(pool);
        expect(shares.every((s) => Number.isInteger(s.paise) && s.paise >= 0)).toBe(true);
      }
    }
  });

  it('refuses percentages that do not add up to 100, or a place without a team', () => {
    expect(() => splitPrize(100, [{ place: 1, percent: 90 }], [{ place: 1, memberIds: ['a'] }])).toThrow();
    expect(() => splitPrize(100, [{ place: 1, percent: 100 }], [])).toThrow();
  });
});
