import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { QUESTION_CATEGORIES } from '@agora/shared';
import { answers, questions } from '../../src/db/schema/index.js';
import { insertBatched, insertUnnest, PER_SCALE, type SeedStep, scaled } from './types.js';

interface Labelled {
  category: string;
  title: string;
  description: string;
  answers: Array<{ content: string }>;
}

// The labelled ranking set doubles as realistic demo content (real questions with real answers).
const here = path.dirname(fileURLToPath(import.meta.url));
const curated = (
  JSON.parse(readFileSync(path.join(here, '../../eval/ranking-set.json'), 'utf8')) as {
    questions: Labelled[];
  }
).questions;

const TOPICS: Record<string, string[]> = {
  Technology: [
    'a slow Postgres query',
    'a React form that re-renders',
    'Wi-Fi dropping at night',
    'a flaky CI job',
    'an Android app crash',
  ],
  Business: [
    'pricing a service',
    'a first hire',
    'GST invoices',
    'a late-paying client',
    'a cafe business plan',
  ],
  Education: [
    'board exam revision',
    'learning to code after school',
    'a study timetable',
    'choosing a college major',
    'reading with a toddler',
  ],
  'Health & Wellness': [
    'knee pain after running',
    'a vegetarian protein plan',
    'screen-time headaches',
    'a morning routine',
    'desk posture',
  ],
  'Creative Arts': [
    'mixing skin tones',
    'a short film script',
    'learning guitar chords',
    'pricing commissions',
    'a pottery glaze',
  ],
  Science: [
    'why metals conduct heat',
    'how solar panels work',
    'what black holes are made of',
    'tides and the Moon',
    'how vaccines are tested',
  ],
  Lifestyle: [
    'a balcony garden',
    'a tiny kitchen layout',
    'a weekend in Goa',
    'a monthly budget',
    'a capsule wardrobe',
  ],
  Other: [
    'a neighbour dispute',
    'a pet adoption',
    'planning a surprise party',
    'a lost parcel',
    'learning to drive',
  ],
};
const OPENERS = [
  'How should I approach',
  'Any advice on',
  'What is the best way to handle',
  'Need help with',
  'Beginner question about',
];
const REPLIES = [
  'Start small and measure: change one thing at a time and note what happens. That usually shows the real cause quickly.',
  'I had the same situation last year. What worked for me was writing down the constraints first, then comparing two options side by side for a week.',
  'Check the basics before anything else — most of the time the simplest explanation is the right one.',
  'There is a good guide on this in the official documentation; the key step is the second one, which most people skip.',
  'Ask someone who has done it locally; the rules differ a lot between cities.',
];

/** Questions (curated ones with their answers, plus generated ones), answers and counts kept in step. */
export const step: SeedStep & { order: number } = {
  name: 'questions',
  order: 20,
  async run(ctx) {
    const { rng, db } = ctx;
    const people = ctx.userIds;
    if (people.length < 3) return ctx.log('questions: skipped (not enough users)');
    const qRows: Array<typeof questions.$inferInsert> = [];
    const aRows: Array<typeof answers.$inferInsert> = [];
    const minute = 60_000;

    const addQuestion = (q: { category: string; title: string; description: string }, replies: string[]) => {
      const id = randomUUID();
      const authorId = rng.pick(people);
      const createdAt = new Date(ctx.now.getTime() - rng.int(60, 200 * 24 * 60) * minute);
      const answerers = [...new Set(Array.from({ length: replies.length * 2 }, () => rng.pick(people)))]
        .filter((u) => u !== authorId)
        .slice(0, replies.length);
      answerers.forEach((authorId, i) => {
        aRows.push({
          questionId: id,
          authorId,
          content: replies[i]!,
          createdAt: new Date(createdAt.getTime() + (i + 1) * rng.int(5, 600) * minute),
        });
      });
      const status = answerers.length > 0 && rng.chance(0.3) ? 'answered' : 'open';
      qRows.push({
        id,
        authorId,
        title: q.title,
        description: q.description,
        category: q.category,
        status,
        views: rng.int(answerers.length * 3, 400),
        answerCount: answerers.length,
        rewardAmount: rng.pick([10, 20, 25, 50, 100, 200]) * 100,
        createdAt,
        updatedAt: createdAt,
      });
    };

    for (const q of curated)
      addQuestion(
        q,
        q.answers.map((a) => a.content),
      );
    const generated = scaled(ctx, PER_SCALE.questions, 120);
    for (let i = 0; i < generated; i++) {
      const category = rng.pick(QUESTION_CATEGORIES);
      const topic = rng.pick(TOPICS[category]!);
      addQuestion(
        {
          category,
          title: `${rng.pick(OPENERS)} ${topic}?`,
          description: `I'm dealing with ${topic} and I'm not sure where to start. I've read a few articles but they contradict each other. What would you do in my place, step by step?`,
        },
        Array.from({ length: rng.int(0, 2 * PER_SCALE.answersPerQuestion) }, () => rng.pick(REPLIES)),
      );
    }
    await insertBatched(qRows, 1000, (batch) => db.insert(questions).values(batch).onConflictDoNothing());
    // 300k answers at the benchmark scale: unnest batches (seed/types.ts).
    await insertUnnest(
      db,
      answers,
      [
        ['question_id', 'uuid'],
        ['author_id', 'uuid'],
        ['content', 'text'],
        ['created_at', 'timestamptz'],
      ],
      aRows.map((a) => [a.questionId, a.authorId, a.content, a.createdAt]),
      { onConflictDoNothing: true },
    );
    ctx.log(`questions: ${qRows.length} questions, ${aRows.length} answers`);
  },
};
