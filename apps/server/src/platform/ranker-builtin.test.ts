import { describe, expect, it } from 'vitest';
import type { RankInput } from './ranker.js';
import { toRanking } from './ranker.js';
import { answerFeatures, BuiltinRanker } from './ranker-builtin.js';
import { stem, terms } from './ranker-text.js';

const question = {
  title: 'How do I keep my sourdough starter alive while travelling?',
  description:
    'I will be away for three weeks. Can I freeze the starter or should I ask a neighbour to feed it?',
  category: 'Lifestyle',
};
const good =
  'Feed it, let it rise for an hour, then put the sourdough starter in the fridge: a well-fed starter survives three weeks cold. For longer trips, dry a thin layer on baking paper, crumble it and store it in a jar. When you are back, feed it twice a day for two or three days before baking.';
const offTopic =
  '## Great bread recipes\n\n- Focaccia with rosemary\n- Banana bread\n- Naan on a skillet\n\nAll of these are easy, use simple ingredients and take under two hours. For example, focaccia needs 500 g flour, 10 g salt and 7 g yeast.';

const input = (answers: string[]): RankInput => ({
  question,
  answers: answers.map((content, i) => ({ id: `a${i}`, content, attachments: 0 })),
});

describe('text helpers', () => {
  it('stems plural and inflected forms to the same term and drops stop words', () => {
    expect(stem('starters')).toBe(stem('starter'));
    expect(stem('travelling')).toBe(stem('travelled'));
    expect(stem('running')).toBe(stem('runs'));
    expect(terms('How do I keep THE starters alive?')).toEqual(['keep', stem('starter'), 'aliv']);
  });
});

describe('BuiltinRanker', () => {
  it('puts an on-topic answer above a polished off-topic one, and low effort and spam last', async () => {
    const ranker = new BuiltinRanker();
    const i = input([
      offTopic,
      'google it',
      good,
      'DM me on WhatsApp for my bread course, guaranteed results!!!',
    ]);
    const ranking = toRanking(i, await ranker.rank(i));
    expect(ranking.map((r) => r.answerId).slice(0, 2)).toEqual(['a2', 'a0']);
    expect(ranking.slice(2).every((r) => r.score < 10)).toBe(true);
    for (const r of ranking) {
      expect(r.score).toBeGreaterThanOrEqual(0);
      expect(r.score).toBeLessThanOrEqual(100);
      expect(r.reason).toMatch(/\.$/);
    }
    expect(ranking[0]!.reason).toMatch(/^Directly addresses the question/);
    expect(ranking.find((r) => r.answerId === 'a3')!.reason).toMatch(/self-promotion/);
    expect(ranking.find((r) => r.answerId === 'a1')!.reason).toMatch(/Low-effort/);
  });

  it('is deterministic and scores every answer once', async () => {
    const i = input([good, offTopic, 'Freeze it.']);
    const a = await new BuiltinRanker().rank(i);
    const b = await new BuiltinRanker().rank(i);
    expect(a).toEqual(b);
    expect(a.map((s) => s.answerId).sort()).toEqual(['a0', 'a1', 'a2']);
  });

  it('rewards code for technical questions and a strong track record a little', async () => {
    const tech: RankInput = {
      question: {
        title: 'How do I reverse a string in JavaScript?',
        description: 'Simple way please',
        category: 'Technology',
      },
      answers: [
        {
          id: 'plain',
          content:
            'Reverse a string in JavaScript by splitting it into characters, reversing the array and joining it again.',
          attachments: 0,
        },
        {
          id: 'code',
          content:
            'Reverse a string in JavaScript by splitting, reversing and joining:\n\n```js\nconst reversed = [...str].reverse().join("");\n```',
          attachments: 0,
        },
      ],
    };
    const [plain, code] = answerFeatures(tech);
    expect(code!.code).toBe(1);
    expect(plain!.code).toBe(0);
    const withRecord = {
      ...tech,
      answers: tech.answers.map((a) => ({ ...a, author: { answers: 20, best: 15 } })),
    };
    expect(answerFeatures(withRecord)[0]!.track).toBeGreaterThan(plain!.track);
  });
});
