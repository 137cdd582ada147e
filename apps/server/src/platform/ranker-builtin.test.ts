import { describe, expect, it } from 'vitest';
import type { RankInput } from './ranker.js';
import { toRanking } from './ranker.js';
import { answerFeatures, BuiltinRanker, tokensOf } from './ranker-builtin.js';
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
    // The reason names what the answer shares with the question.
    expect(ranking[0]!.reason).toMatch(/^Directly addresses .*starter/);
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

describe('BuiltinRanker reads the question, not just its words', () => {
  const debounce: RankInput['question'] = {
    title: 'How do I debounce a search input in React?',
    description:
      "My search box calls the API on every keystroke and the results flicker. How can I wait until the user stops typing before sending the request? I'm using function components and hooks.",
    category: 'Technology',
  };
  const shortCorrect = 'Use setTimeout in a useEffect and clear it.';
  const generic =
    'React is a library for building user interfaces. It uses a virtual DOM and components. Hooks were added in version 16.8 and let you use state in function components. There are many hooks like useState, useEffect and useContext. You should read the official documentation to learn more.';
  const offTopicAnswer =
    'Sourdough needs a well-fed starter, flour, water and salt. Bake it in a preheated Dutch oven for a crisp crust.';

  it('splits identifiers and keeps them whole, so code meets the question in words', () => {
    const toks = tokensOf('Use `setTimeout` and clearTimeout in a useEffect; JavaScript is not split.');
    const terms = toks.map((t) => t.term);
    expect(terms).toEqual(
      expect.arrayContaining(['settimeout', 'timeout', 'cleartimeout', 'clear', 'useeffect', 'effect']),
    );
    expect(terms).not.toContain('java');
    expect(toks.find((t) => t.term === 'effect')).toMatchObject({ surface: 'useEffect', part: true });
    expect(tokensOf('costs $1,000 at 5%').map((t) => t.term)).toEqual(['cost', '1000', '5', 'percent']);
  });

  it('does not call a short correct answer off-topic, and says what it matched', async () => {
    const i: RankInput = {
      question: debounce,
      answers: [generic, shortCorrect, offTopicAnswer].map((content, n) => ({
        id: `a${n}`,
        content,
        attachments: 0,
      })),
    };
    const scores = await new BuiltinRanker().rank(i);
    const [gen, short, off] = scores;
    expect(short!.reason).not.toMatch(/off-topic/i);
    expect(short!.reason).toMatch(/^Directly addresses debounce with setTimeout/);
    expect(short!.reason).toMatch(/useEffect/);
    expect(short!.reason).toMatch(/brief but specific/);
    expect(short!.reason).not.toMatch(/very brief/);
    // Above an answer about React in general, and far above one about something else.
    expect(short!.score).toBeGreaterThan(gen!.score);
    expect(off!.reason).toMatch(/^Mostly off-topic/);
    expect(short!.score - off!.score).toBeGreaterThan(30);
    for (const s of scores) {
      expect(s.score).toBeGreaterThanOrEqual(0);
      expect(s.score).toBeLessThanOrEqual(100);
    }
  });

  it('relates answers to the question through concepts (slow query ↔ index) and keeps brief exact answers', async () => {
    const i: RankInput = {
      question: {
        title: 'Postgres query on tags is slow',
        description: "SELECT * FROM posts WHERE tags @> ARRAY['sql'] takes seconds on two million posts.",
        category: 'Technology',
      },
      answers: [
        { id: 'ram', content: 'Buy a bigger server with more RAM.', attachments: 0 },
        { id: 'gin', content: '`CREATE INDEX ON posts USING GIN (tags);`', attachments: 0 },
      ],
    };
    const [ram, gin] = answerFeatures(i);
    expect(gin!.keyConcept).toBe(true);
    expect(gin!.matches.find((m) => m.topic === 'slow')?.via).toEqual(expect.arrayContaining(['INDEX']));
    expect(gin!.lowEffort).toBe(0);
    expect(gin!.relevance).toBeGreaterThan(ram!.relevance);
    const [r0, r1] = await new BuiltinRanker().rank(i);
    expect(r1!.score).toBeGreaterThan(r0!.score);
    expect(r1!.reason).toMatch(/slow with INDEX\/GIN|slow with GIN\/INDEX/);
  });
});

describe('BuiltinRanker cost', () => {
  it('ranks a hundred answers of the largest allowed size (2 MB of text) within a bounded CPU time', async () => {
    // Ranking runs on the server's event loop: it must stay linear in the text, whatever one author posts.
    const vocab =
      'debounce setTimeout useEffect index slow query React search input because 12 kg margin water freeze'.split(
        ' ',
      );
    const text = (seed: number) => {
      let s = '';
      for (let i = 0; s.length < 20_000 - 20; i++) s += `${vocab[(i * 7 + seed) % vocab.length]} `;
      return s;
    };
    const i: RankInput = {
      question: {
        title: 'How do I debounce a search input in React?',
        description: text(1),
        category: 'Technology',
      },
      answers: Array.from({ length: 100 }, (_, n) => ({ id: `a${n}`, content: text(n), attachments: 0 })),
    };
    const before = process.cpuUsage();
    const scores = await new BuiltinRanker().rank(i);
    const used = process.cpuUsage(before);
    expect(scores).toHaveLength(100);
    // Under a second cold on the development machine (about 0.3 s warm); the bound catches anything quadratic.
    expect((used.user + used.system) / 1e6).toBeLessThan(5);
  });
});
