import { IDEA_LISTING_CATEGORIES, IDEA_SHARE_PAGE_CATEGORIES } from '@agora/shared';
import { sql } from 'drizzle-orm';
import { follows, ideaComments, ideaLikes, ideas } from '../../src/db/schema/index.js';
import { insertBatched, insertUnnest, PER_SCALE, type SeedStep, scaled } from './types.js';

const SUBJECTS = [
  'Solar-powered cold storage',
  'Peer tutoring marketplace',
  'AI triage for rural clinics',
  'Reusable packaging deposit',
  'Neighbourhood tool library',
  'Micro-insurance for gig workers',
  'Voice-first banking app',
  'Drone seed planting',
  'Open-source school timetable',
  'Carbon tracker for small shops',
  'Crowd-mapped accessible routes',
  'Community kitchen scheduler',
  'Water leak sensor network',
  'Local language coding course',
  'Second-hand textbook exchange',
  'E-waste pickup on demand',
  'Mental health check-in bot',
  'Farm-to-canteen ordering',
  'Shared EV charging at home',
  'Street food hygiene ratings',
];
const ANGLES = [
  'for tier-2 cities',
  'for students',
  'for farmers',
  'for senior citizens',
  'for small businesses',
  'on WhatsApp',
  'with offline mode',
  'as a co-operative',
];
const TAGS = [
  'ai',
  'mobile',
  'sustainability',
  'fintech',
  'edtech',
  'health',
  'community',
  'iot',
  'open-source',
  'marketplace',
  'social',
  'climate',
  'accessibility',
  'rural',
  'saas',
];
const COMMENTS = [
  'Love this. Have you talked to potential users yet?',
  'This could pair well with UPI payments.',
  'How would you handle areas with poor connectivity?',
  'I would pilot this in my college. Happy to help!',
  'Similar things failed before because of logistics — what is different here?',
  'Great idea, the pricing will be the hard part.',
  'Count me in as a mentor for the go-to-market side.',
  'Could governments partner on this?',
];
const CATEGORIES = [...new Set<string>([...IDEA_LISTING_CATEGORIES, ...IDEA_SHARE_PAGE_CATEGORIES])];

/** Ideas with likes, comments and follows; counters are recomputed from the rows at the end. */
export const step: SeedStep & { order: number } = {
  name: 'ideas',
  order: 40,
  async run(ctx) {
    const { rng, db } = ctx;
    const people = ctx.userIds;
    if (people.length < 3) return ctx.log('ideas: skipped (not enough users)');
    const count = scaled(ctx, PER_SCALE.ideas, 150);
    const ideaRows = Array.from({ length: count }, () => {
      const subject = rng.pick(SUBJECTS);
      const createdAt = new Date(ctx.now.getTime() - rng.int(0, 180 * 24 * 60) * 60_000);
      const tags = [...new Set(Array.from({ length: rng.int(0, 5) }, () => rng.pick(TAGS)))];
      return {
        authorId: rng.pick(people),
        title: `${subject} ${rng.pick(ANGLES)}`,
        description: `${subject} ${rng.pick(ANGLES)}. The problem: people lose time and money today. The idea: a simple service that ${rng.pick(['connects', 'schedules', 'tracks', 'pools', 'rewards'])} them, starting with a pilot of ${rng.int(20, 500)} users and growing through local partners.`,
        category: rng.chance(0.85) ? rng.pick(IDEA_LISTING_CATEGORIES) : rng.pick(CATEGORIES),
        tags,
        contactInfo: rng.chance(0.3) ? `Reach me at idea${rng.int(1, 999)}@agora.demo` : null,
        ...(rng.chance(0.05) ? { hidden: true, hiddenByAuthor: true } : {}),
        views: rng.int(0, 800),
        createdAt,
        updatedAt: createdAt,
      };
    });
    const ideaIds: Array<{ id: string; createdAt: Date }> = [];
    await insertBatched(ideaRows, 500, async (batch) => {
      const rows = await db
        .insert(ideas)
        .values(batch)
        .returning({ id: ideas.id, createdAt: ideas.createdAt });
      ideaIds.push(...rows);
    });

    const likes: Array<typeof ideaLikes.$inferInsert> = [];
    const comments: Array<typeof ideaComments.$inferInsert> = [];
    for (const idea of ideaIds) {
      // A skewed popularity: most ideas get a few likes, some get many (mean ≈ PER_SCALE.likesPerIdea).
      const likers = new Set<string>();
      const n = Math.min(people.length, Math.floor(rng.next() ** 3 * (4 * PER_SCALE.likesPerIdea + 2)));
      while (likers.size < n) likers.add(rng.pick(people));
      for (const userId of likers) likes.push({ ideaId: idea.id, userId, createdAt: idea.createdAt });
      for (let c = rng.int(0, 4); c > 0; c--) {
        comments.push({
          ideaId: idea.id,
          authorId: rng.pick(people),
          content: rng.pick(COMMENTS),
          // After the idea, never after "now" (a fresh idea's comments would be in the future).
          createdAt: new Date(
            Math.max(
              idea.createdAt.getTime(),
              Math.min(idea.createdAt.getTime() + rng.int(1, 5000) * 60_000, ctx.now.getTime() - c * 60_000),
            ),
          ),
        });
      }
    }
    // The two biggest tables of the benchmark scale (1M likes, 200k comments): unnest batches.
    await insertUnnest(
      db,
      ideaLikes,
      [
        ['idea_id', 'uuid'],
        ['user_id', 'uuid'],
        ['created_at', 'timestamptz'],
      ],
      likes.map((l) => [l.ideaId, l.userId, l.createdAt]),
      { onConflictDoNothing: true },
    );
    await insertUnnest(
      db,
      ideaComments,
      [
        ['idea_id', 'uuid'],
        ['author_id', 'uuid'],
        ['content', 'text'],
        ['created_at', 'timestamptz'],
      ],
      comments.map((c) => [c.ideaId, c.authorId, c.content, c.createdAt]),
    );

    const pairs = new Map<string, typeof follows.$inferInsert>();
    for (let i = 0; i < people.length * PER_SCALE.followsPerUser; i++) {
      const a = rng.pick(people);
      const b = rng.pick(people);
      if (a !== b) pairs.set(`${a}:${b}`, { followerId: a, followeeId: b });
    }
    await insertUnnest(
      db,
      follows,
      [
        ['follower_id', 'uuid'],
        ['followee_id', 'uuid'],
      ],
      [...pairs.values()].map((f) => [f.followerId, f.followeeId]),
      { onConflictDoNothing: true },
    );

    // Denormalised counters from the rows themselves, so they are exact even on a re-run.
    await db.execute(sql`
      update ideas i set
        like_count = (select count(*) from idea_likes l where l.idea_id = i.id),
        comment_count = (select count(*) from idea_comments c where c.idea_id = i.id)`);
    await db.execute(sql`
      update users u set
        follower_count = (select count(*) from follows f where f.followee_id = u.id),
        following_count = (select count(*) from follows f where f.follower_id = u.id)`);
    ctx.log(
      `ideas: ${count} ideas, ${likes.length} likes, ${comments.length} comments, ${pairs.size} follows`,
    );
  },
};
