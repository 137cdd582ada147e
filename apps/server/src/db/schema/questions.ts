import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, ts, tsvector, updatedAt } from './common.js';
import { ideas } from './ideas.js';
import { users } from './users.js';

export interface StoredAttachment {
  filename: string;
  url: string;
  originalName: string;
  mimetype: string;
  size: number;
}

export const questions = pgTable(
  'questions',
  {
    id: id(),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull(),
    category: text('category').notNull(),
    status: text('status').notNull().default('open'),
    views: integer('views').notNull().default(0),
    answerCount: integer('answer_count').notNull().default(0),
    isPaid: boolean('is_paid').notNull().default(false),
    /** Paise actually paid (CONTRACT §3). */
    paymentAmount: bigint('payment_amount', { mode: 'number' }),
    /** Reward the author asked for, in paise, before payment. */
    rewardAmount: bigint('reward_amount', { mode: 'number' }).notNull().default(0),
    imageKey: text('image_key'),
    aiRanked: boolean('ai_ranked').notNull().default(false),
    aiRankedAt: ts('ai_ranked_at'),
    aiRanker: text('ai_ranker'),
    hidden: boolean('hidden').notNull().default(false),
    rewardsDistributedAt: ts('rewards_distributed_at'),
    /** held | distributed | auto-distributed | refunded; null until the reward is paid. */
    escrowState: text('escrow_state'),
    escrowHeldAt: ts('escrow_held_at'),
    escrowDeadline: ts('escrow_deadline'),
    escrowSettledAt: ts('escrow_settled_at'),
    /** The smallest reminder window (hours before the deadline) already sent to the author. */
    escrowRemindedHours: integer('escrow_reminded_hours'),
    /** What a rewarded answer must do, in the asker's words; null when not stated (migration 0027). */
    acceptanceCriteria: text('acceptance_criteria'),
    /** The idea this bounty was offered from ("Offer a bounty" on an idea page). */
    ideaId: uuid('idea_id').references(() => ideas.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    search: tsvector('search').generatedAlwaysAs(
      sql`setweight(to_tsvector('english', coalesce(title, '')), 'A') || setweight(to_tsvector('english', coalesce(description, '')), 'B')`,
    ),
  },
  (t) => [
    check('questions_status_check', sql`${t.status} in ('open','answered','closed')`),
    check(
      'questions_escrow_state_check',
      sql`${t.escrowState} in ('held','distributed','auto-distributed','refunded')`,
    ),
    // A refunded reward was never distributed, and a distributed one is not held.
    check(
      'questions_escrow_settled_check',
      sql`(${t.escrowState} is distinct from 'refunded' or ${t.rewardsDistributedAt} is null) and (${t.escrowState} is distinct from 'held' or ${t.rewardsDistributedAt} is null)`,
    ),
    index('questions_escrow_due_idx').on(t.escrowDeadline).where(sql`${t.escrowState} = 'held'`),
    check(
      'questions_acceptance_criteria_check',
      sql`${t.acceptanceCriteria} is null or char_length(${t.acceptanceCriteria}) between 1 and 500`,
    ),
    check('questions_counts_check', sql`${t.views} >= 0 and ${t.answerCount} >= 0`),
    check('questions_amounts_check', sql`coalesce(${t.paymentAmount}, 0) >= 0 and ${t.rewardAmount} >= 0`),
    // DESC NULLS FIRST is what `order by x desc` means: drizzle's bare .desc() emits DESC NULLS LAST,
    // an order no query asks for, so PostgreSQL could not use these indexes to sort.
    index('questions_idea_idx').on(t.ideaId).where(sql`${t.ideaId} is not null`),
    index('questions_feed_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('questions_category_feed_idx').on(
      t.category,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('questions_status_feed_idx').on(
      t.status,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('questions_author_idx').on(t.authorId, t.createdAt.desc().nullsFirst()),
    index('questions_search_idx').using('gin', t.search),
    // sort=random: a stable pseudo-random key per question (migration 0015).
    index('questions_random_idx').on(sql`hashtext(${t.id}::text)`, t.id),
    // sort=random in one category: public questions only (migration 0020).
    index('questions_random_category_idx')
      .on(t.category, sql`hashtext(${t.id}::text)`, t.id)
      .where(sql`hidden = false and (is_paid = true or reward_amount = 0)`),
    // Unpaid questions (drafts), per author and oldest first (migration 0026): the draft limit's
    // count and the expiry task read only these.
    index('questions_drafts_author_idx').on(t.authorId).where(sql`is_paid = false and reward_amount > 0`),
    index('questions_drafts_created_idx')
      .on(t.createdAt, t.id)
      .where(sql`is_paid = false and reward_amount > 0`),
    // The list's sort=ending-soon: open questions whose reward is held, nearest deadline first
    // (migration 0028, bounty board indexes).
    index('questions_ending_soon_idx')
      .on(t.escrowDeadline, t.id)
      .where(sql`status = 'open' and escrow_state = 'held' and hidden = false`),
    // sort=reward-high and reward ranges: public questions by reward, then newest (migration 0028).
    index('questions_reward_idx')
      .on(t.rewardAmount.desc().nullsFirst(), t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`hidden = false and (is_paid = true or reward_amount = 0)`),
    // A category's questions by when they were paid (migration 0028): the daily digest's read.
    index('questions_category_paid_idx').on(t.category, t.escrowHeldAt).where(sql`is_paid`),
  ],
);

/**
 * Public questions (questions.policy isPublic) per category: the category counts, kept by triggers
 * on `questions` in the same transaction as each change (migration 0015).
 */
export const questionCounts = pgTable('question_counts', {
  category: text('category').primaryKey(),
  public: integer('public').notNull().default(0),
  /** Public questions still open (status `open`): the "Open Questions" tab's counts. */
  open: integer('open').notNull().default(0),
});

export const answers = pgTable(
  'answers',
  {
    id: id(),
    questionId: uuid('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    attachments: jsonb('attachments').$type<StoredAttachment[]>().notNull().default([]),
    isAccepted: boolean('is_accepted').notNull().default(false),
    likes: integer('likes').notNull().default(0),
    aiScore: real('ai_score'),
    aiReason: text('ai_reason'),
    aiRank: integer('ai_rank'),
    createdAt: createdAt(),
  },
  (t) => [
    // One answer per user per question: the database decides, so racing requests cannot both win.
    uniqueIndex('answers_one_per_user').on(t.questionId, t.authorId),
    index('answers_question_idx').on(t.questionId, t.createdAt),
    index('answers_author_idx').on(t.authorId, t.createdAt.desc().nullsFirst()),
  ],
);

/** Question categories a user follows (migration 0028): alerts in the app and the daily digest. */
export const categoryFollows = pgTable(
  'category_follows',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    category: text('category').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.category] }),
    check(
      'category_follows_category_check',
      sql`${t.category} in ('Technology', 'Business', 'Education', 'Health & Wellness', 'Creative Arts', 'Science', 'Lifestyle', 'Other')`,
    ),
    index('category_follows_category_idx').on(t.category, t.userId),
  ],
);

/**
 * A paid question still alerting its category's followers (one row per question), walked in
 * batches by the questions.category-alerts task; `afterUserId` is how far the walk got.
 */
export const categoryAlerts = pgTable(
  'category_alerts',
  {
    questionId: uuid('question_id')
      .primaryKey()
      .references(() => questions.id, { onDelete: 'cascade' }),
    category: text('category').notNull(),
    authorId: uuid('author_id').notNull(),
    title: text('title').notNull(),
    afterUserId: uuid('after_user_id'),
    createdAt: createdAt(),
  },
  (t) => [index('category_alerts_created_idx').on(t.createdAt)],
);

/** One daily digest per user and UTC day (the key refuses a second); pruned after a week. */
export const categoryDigestDays = pgTable(
  'category_digest_days',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    questions: integer('questions').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.day] }),
    check('category_digest_days_questions_check', sql`${t.questions} >= 0`),
    index('category_digest_days_day_idx').on(t.day),
  ],
);

/** Questions already in a user's digest: each at most once per user (the key); pruned after a week. */
export const categoryDigestItems = pgTable(
  'category_digest_items',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    questionId: uuid('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.questionId] }),
    index('category_digest_items_day_idx').on(t.day),
  ],
);
