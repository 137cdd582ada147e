import { describe, expect, it } from 'vitest';
import { pickSimilar, SIMILAR_MIN_SCORE, similarityScore } from './questions.similar.js';

describe('similar questions: which matches are shown', () => {
  it('scores by the share of typed topic words in the title (filler words and typing prefixes aside)', () => {
    // debounce, search, react of debounce, search, input, react: 'Debouncing' is the same word.
    expect(similarityScore('How do I debounce a search input in React?', 'Debouncing search in React')).toBe(
      0.75,
    );
    expect(similarityScore('my pod is restar', 'Kubernetes pod keeps restarting')).toBe(1);
    expect(
      similarityScore('Kubernetes pricing for a tiny home server cluster', 'Pricing a small bakery'),
    ).toBeLessThan(SIMILAR_MIN_SCORE);
    expect(similarityScore('how do I', 'How do I cook rice')).toBe(0);
  });

  it('shows each question once, by id and by title, best first, up to the limit', () => {
    const rows = [
      { id: 'a', title: 'React search debounce' },
      { id: 'a', title: 'React search debounce' },
      { id: 'b', title: 'React  search debounce ' },
      { id: 'c', title: 'Baking bread at home' },
      { id: 'd', title: 'Debounce a React search box' },
      { id: 'e', title: 'Search debounce in React apps' },
    ];
    expect(pickSimilar('react search debounce', rows, 5).map((r) => r.id)).toEqual(['a', 'd', 'e']);
    expect(pickSimilar('react search debounce', rows, 2).map((r) => r.id)).toEqual(['a', 'd']);
  });
});
