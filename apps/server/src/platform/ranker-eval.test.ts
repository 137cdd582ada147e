import { describe, expect, it } from 'vitest';
import { BuiltinRanker } from './ranker-builtin.js';
import { baselines, evaluate, loadRankingSet, ndcgAt } from './ranker-eval.js';

// Measured on the labelled set when the ranker was written; the floors leave a small margin so a
// change that makes ranking clearly worse fails the suite.
const MEASURED = { ndcg3: 0.908, top1: 0.853 };
const FLOOR = { ndcg3: MEASURED.ndcg3 - 0.02, top1: MEASURED.top1 - 0.05 };

describe('ranking evaluation', () => {
  it('computes NDCG@3 with exponential gains', () => {
    expect(ndcgAt(3, [3, 2, 1, 0])).toBe(1);
    expect(ndcgAt(3, [0, 1, 2, 3])).toBeCloseTo(0.2269, 3);
    expect(ndcgAt(3, [0, 0])).toBe(1);
  });

  it('has a labelled set of at least 30 questions across the eight categories', () => {
    const set = loadRankingSet();
    expect(set.length).toBeGreaterThanOrEqual(30);
    expect(new Set(set.map((q) => q.category)).size).toBe(8);
    for (const q of set) {
      expect(q.answers.length).toBeGreaterThanOrEqual(3);
      expect(q.answers.length).toBeLessThanOrEqual(5);
    }
  });

  it('keeps the built-in ranker above its measured floor', async () => {
    const set = loadRankingSet();
    const builtin = await evaluate((input) => new BuiltinRanker().rank(input), set);
    const original = await evaluate(baselines.original, set);
    const longest = await evaluate(baselines.longest, set);
    const pct = (x: number) => x.toFixed(3);
    console.log(
      `ranking eval (${builtin.questions} questions): builtin NDCG@3 ${pct(builtin.ndcg3)} top-1 ${pct(builtin.top1)}` +
        ` | posted order NDCG@3 ${pct(original.ndcg3)} top-1 ${pct(original.top1)}` +
        ` | longest first NDCG@3 ${pct(longest.ndcg3)} top-1 ${pct(longest.top1)}`,
    );
    for (const p of builtin.perQuestion.filter((q) => !q.top1))
      console.log(`  miss ${p.id}: ${p.order.join(' ')}`);
    expect(builtin.ndcg3).toBeGreaterThanOrEqual(FLOOR.ndcg3);
    expect(builtin.top1).toBeGreaterThanOrEqual(FLOOR.top1);
    expect(builtin.ndcg3).toBeGreaterThan(original.ndcg3);
  });
});
