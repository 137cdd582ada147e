import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, tsvector, updatedAt } from './common.js';
import { users } from './users.js';

export const ideas = pgTable(
  'ideas',
  {
    id: id(),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull(),
    category: text('category').notNull(),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    contactInfo: text('contact_info'),
    hidden: boolean('hidden').notNull().default(false),
    /** Hidden by an admin (moderation): its author cannot show it again; only an admin can. */
    hiddenByAdmin: boolean('hidden_by_admin').notNull().default(false),
    /** Hidden by its author: lifting an admin's hide leaves it hidden (`hidden` = either flag). */
    hiddenByAuthor: boolean('hidden_by_author').notNull().default(false),
    views: integer('views').notNull().default(0),
    /** Denormalised counters, changed in the same transaction as the rows they count. */
    likeCount: integer('like_count').notNull().default(0),
    commentCount: integer('comment_count').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    // English stems (ranked by weight) plus unstemmed 'simple' words, so a half-typed word still
    // prefix-matches: 'innovati:*' misses the stem 'innov' but finds the plain word 'innovation'.
    search: tsvector('search').generatedAlwaysAs(
      sql`setweight(to_tsvector('english', coalesce(title, '')), 'A') || setweight(to_tsvector('english', coalesce(category, '')), 'B') || setweight(to_tsvector('english', agora_immutable_join(tags)), 'B') || setweight(to_tsvector('english', coalesce(description, '')), 'C') || setweight(to_tsvector('simple', coalesce(title, '') || ' ' || coalesce(category, '') || ' ' || agora_immutable_join(tags) || ' ' || coalesce(description, '')), 'D')`,
    ),
  },
  (t) => [
    check('ideas_counts_check', sql`${t.likeCount} >= 0 and ${t.commentCount} >= 0 and ${t.views} >= 0`),
    // DESC NULLS FIRST is what `order by x desc` means: drizzle's bare .desc() emits DESC NULLS LAST,
    // an order no query asks for, so PostgreSQL could not use these indexes to sort.
    index('ideas_feed_idx')
      .on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`hidden = false`),
    index('ideas_popular_idx')
      .on(t.likeCount.desc().nullsFirst(), t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`hidden = false`),
    index('ideas_category_feed_idx')
      .on(t.category, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`hidden = false`),
    index('ideas_author_idx').on(t.authorId, t.hidden, t.createdAt.desc().nullsFirst()),
    index('ideas_search_idx').using('gin', t.search),
    index('ideas_tags_idx').using('gin', t.tags),
  ],
);

export const ideaLikes = pgTable(
  'idea_likes',
  {
    ideaId: uuid('idea_id')
      .notNull()
      .references(() => ideas.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.ideaId, t.userId] }), index('idea_likes_user_idx').on(t.userId)],
);

export const ideaComments = pgTable(
  'idea_comments',
  {
    id: id(),
    ideaId: uuid('idea_id')
      .notNull()
      .references(() => ideas.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('idea_comments_idea_idx').on(t.ideaId, t.createdAt)],
);

/**
 * Visible (not hidden) ideas per category: the total the ideas list shows on every page, kept by
 * triggers on `ideas` in the same transaction as each change (migration 0006), so a page costs a
 * primary-key read instead of counting 100,000 rows.
 */
export const ideaCounts = pgTable(
  'idea_counts',
  {
    category: text('category').primaryKey(),
    visible: integer('visible').notNull().default(0),
  },
  (t) => [check('idea_counts_visible_check', sql`${t.visible} >= 0`)],
);
