import { describe, expect, it } from 'vitest';
import { OVERVIEW_SERIES, Overview, OverviewSeries, overviewPoints } from './admin.js';

const columns = (days: number, at: Partial<Record<(typeof OVERVIEW_SERIES)[number], number[]>> = {}) =>
  Object.fromEntries(
    OVERVIEW_SERIES.map((k) => [k, at[k] ?? new Array<number>(days).fill(0)]),
  ) as OverviewSeries;

describe('the overview series', () => {
  it('is a column of whole numbers per metric on the wire', () => {
    expect(OverviewSeries.safeParse(columns(2)).success).toBe(true);
    expect(OverviewSeries.safeParse({ ...columns(2), ideas: [1.5, 0] }).success).toBe(false);
    const { jobsPosted: _, ...missing } = columns(2);
    expect(OverviewSeries.safeParse(missing).success).toBe(false);
    expect(Overview.shape.series).toBe(OverviewSeries);
  });

  it('becomes a point per day from `from`, across a month and a leap day', () => {
    const points = overviewPoints({
      from: '2024-02-28',
      series: columns(3, { signups: [2, 0, 1], paidAmount: [0, 5000, 0] }),
    });
    expect(points.map((p) => p.date)).toEqual(['2024-02-28', '2024-02-29', '2024-03-01']);
    expect(points.map((p) => p.signups)).toEqual([2, 0, 1]);
    expect(points[1]).toEqual({
      ...Object.fromEntries(OVERVIEW_SERIES.map((k) => [k, 0])),
      date: '2024-02-29',
      paidAmount: 5000,
    });
  });

  it('has no points for an empty range, and fills a short column with zeros', () => {
    expect(overviewPoints({ from: '2026-01-01', series: columns(0) })).toEqual([]);
    const points = overviewPoints({ from: '2026-01-01', series: { ...columns(2), ideas: [4] } });
    expect(points.map((p) => p.ideas)).toEqual([4, 0]);
  });
});
