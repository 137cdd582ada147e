import { IDEA_CATEGORIES } from '@agora/shared';
import { sql } from 'drizzle-orm';
import { follows, ideaComments, ideaLikes, ideas } from '../../src/db/schema/index.js';
import { insertBatched, insertUnnest, PER_SCALE, type SeedStep, scaled } from './types.js';

/** Each subject with its category and the tags that fit it, so a card never contradicts itself. */
const SUBJECTS: ReadonlyArray<readonly [subject: string, category: string, tags: readonly string[]]> = [
  ['Solar-powered cold storage', 'Environment', ['climate', 'sustainability', 'rural', 'iot']],
  ['Peer tutoring marketplace', 'Education', ['edtech', 'marketplace', 'community']],
  ['AI triage for rural clinics', 'Healthcare', ['ai', 'health', 'rural', 'mobile']],
  ['Reusable packaging deposit', 'Environment', ['sustainability', 'climate', 'community']],
  ['Neighbourhood tool library', 'Social Impact', ['community', 'social', 'sustainability']],
  ['Micro-insurance for gig workers', 'Business', ['fintech', 'mobile', 'saas']],
  ['Voice-first banking app', 'Technology', ['fintech', 'ai', 'accessibility', 'mobile']],
  ['Drone seed planting', 'Environment', ['climate', 'sustainability', 'rural']],
  ['Open-source school timetable', 'Education', ['edtech', 'open-source', 'saas']],
  ['Carbon tracker for small shops', 'Environment', ['climate', 'saas', 'sustainability']],
  ['Crowd-mapped accessible routes', 'Social Impact', ['accessibility', 'community', 'mobile']],
  ['Community kitchen scheduler', 'Food', ['community', 'social', 'mobile']],
  ['Water leak sensor network', 'Technology', ['iot', 'sustainability', 'climate']],
  ['Local language coding course', 'Education', ['edtech', 'open-source', 'accessibility']],
  ['Second-hand textbook exchange', 'Education', ['edtech', 'marketplace', 'sustainability']],
  ['E-waste pickup on demand', 'Environment', ['sustainability', 'marketplace', 'climate']],
  ['Mental health check-in bot', 'Healthcare', ['health', 'ai', 'social']],
  ['Farm-to-canteen ordering', 'Food', ['marketplace', 'rural', 'saas']],
  ['Shared EV charging at home', 'Technology', ['climate', 'marketplace', 'iot']],
  ['Street food hygiene ratings', 'Food', ['health', 'community', 'mobile']],
  ['Pick-up cricket match finder', 'Sports', ['community', 'mobile', 'social']],
  ['Homestays for pilgrim towns', 'Travel', ['marketplace', 'rural', 'mobile']],
  ['Handloom designer marketplace', 'Fashion', ['marketplace', 'rural', 'social']],
  ['Street mural commissions', 'Art', ['community', 'marketplace', 'social']],
  ['Citizen air-quality kits', 'Science', ['iot', 'climate', 'open-source', 'health']],
  ['Indie film screening circuit', 'Entertainment', ['community', 'social', 'marketplace']],
  ['Microloans for street vendors', 'Business', ['fintech', 'mobile', 'social']],
  ['Lost-and-found for train stations', 'Other', ['community', 'mobile', 'ai']],
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
const CATEGORIES = new Set<string>(IDEA_CATEGORIES);
for (const [subject, category] of SUBJECTS) {
  if (!CATEGORIES.has(category)) throw new Error(`seed: ${subject} has an unknown category ${category}`);
}

/** Ideas with likes, comments and follows; counters are recomputed from the rows at the end. */
export const step: SeedStep & { order: number } = {
  name: 'ideas',
  order: 40,
  async run(ctx) {
    const { rng, db } = ctx;
    const people = ctx.userIds;
    if (people.length < 3) return ctx.log('ideas: skipped (not enough users)');
    const count = scaled(ctx, PER_SCALE.ideas, 150);
    // The demo "user" account (fourth demo user) shares some, so My Ideas has content.
    const demoUser = people[3] ?? people[0]!;
    const ideaRows = Array.from({ length: count }, (_, i) => {
      const [subject, category, subjectTags] = rng.pick(SUBJECTS);
      const angle = rng.pick(ANGLES);
      const createdAt = new Date(ctx.now.getTime() - rng.int(0, 180 * 24 * 60) * 60_000);
      const tags = [
        ...new Set(Array.from({ length: rng.int(0, subjectTags.length) }, () => rng.pick(subjectTags))),
      ];
      return {
        authorId: i % 25 === 0 ? demoUser : rng.pick(people),
        title: `${subject} ${angle}`,
        description: `${subject} ${angle}. The problem: people lose time and money today. The idea: a simple service that ${rng.pick(['connects', 'schedules', 'tracks', 'pools', 'rewards'])} them, starting with a pilot of ${rng.int(20, 500)} users and growing through local partners.`,
        category,
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
