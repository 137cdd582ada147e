import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, ts, tsvector, updatedAt } from './common.js';
import { files, users } from './users.js';

// IDEA_STATUSES and IDEA_CATEGORIES (shared constants), spelled out as the migration wrote them.
const STATUSES = sql.raw(`'new','under-review','prototyping','launched','declined','merged'`);

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
    /** People following this idea (its author and commenters join on their own; all can stop). */
    followerCount: integer('follower_count').notNull().default(0),
    /** One of IDEA_STATUSES; 'merged' only through a merge, which sets merged_into. */
    status: text('status').notNull().default('new'),
    mergedInto: uuid('merged_into').references((): AnyPgColumn => ideas.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    // English stems (ranked by weight) plus unstemmed 'simple' words, so a half-typed word still
    // prefix-matches: 'innovati:*' misses the stem 'innov' but finds the plain word 'innovation'.
    search: tsvector('search').generatedAlwaysAs(
      sql`setweight(to_tsvector('english', coalesce(title, '')), 'A') || setweight(to_tsvector('english', coalesce(category, '')), 'B') || setweight(to_tsvector('english', agora_immutable_join(tags)), 'B') || setweight(to_tsvector('english', coalesce(description, '')), 'C') || setweight(to_tsvector('simple', coalesce(title, '') || ' ' || coalesce(category, '') || ' ' || agora_immutable_join(tags) || ' ' || coalesce(description, '')), 'D')`,
    ),
  },
  (t) => [
    check(
      'ideas_counts_check',
      sql`${t.likeCount} >= 0 and ${t.commentCount} >= 0 and ${t.views} >= 0 and ${t.followerCount} >= 0`,
    ),
    check('ideas_status_check', sql`${t.status} in (${STATUSES})`),
    check('ideas_merged_check', sql`(${t.status} = 'merged') = (${t.mergedInto} is not null)`),
    // One list for both share forms and the sidebar (migration 0035 mapped the old values).
    check(
      'ideas_category_check',
      sql`${t.category} in ('Technology','Business','Education','Healthcare','Environment','Social Impact','Entertainment','Sports','Travel','Food','Fashion','Art','Science','Other')`,
    ),
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
    index('ideas_status_feed_idx')
      .on(t.status, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
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
 * Visible (not hidden) ideas per category and status: the total the ideas list shows on every page
 * (in a category, with a status, or all), kept by triggers on `ideas` in the same transaction as
 * each change (migrations 0006 and 0036), so a page sums a handful of rows instead of counting
 * 100,000.
 */
export const ideaCounts = pgTable(
  'idea_counts',
  {
    category: text('category').notNull(),
    status: text('status').notNull().default('new'),
    visible: integer('visible').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.category, t.status] }),
    check('idea_counts_visible_check', sql`${t.visible} >= 0`),
  ],
);

/** Images and documents on an idea (≤ 5), each a stored file counted toward its uploader's quota. */
export const ideaAttachments = pgTable(
  'idea_attachments',
  {
    id: id(),
    ideaId: uuid('idea_id')
      .notNull()
      .references(() => ideas.id, { onDelete: 'cascade' }),
    fileKey: text('file_key')
      .notNull()
      .references(() => files.key, { onDelete: 'restrict' }),
    kind: text('kind').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('idea_attachments_kind_check', sql`${t.kind} in ('image','document')`),
    index('idea_attachments_idea_idx').on(t.ideaId, t.createdAt),
    uniqueIndex('idea_attachments_file_idx').on(t.fileKey),
  ],
);

/** The idea's timeline: each status change with who made it and why. */
export const ideaStatusEvents = pgTable(
  'idea_status_events',
  {
    id: id(),
    ideaId: uuid('idea_id')
      .notNull()
      .references(() => ideas.id, { onDelete: 'cascade' }),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    status: text('status').notNull(),
    note: text('note'),
    createdAt: createdAt(),
  },
  (t) => [
    check('idea_status_events_status_check', sql`${t.status} in (${STATUSES})`),
    index('idea_status_events_idea_idx').on(t.ideaId, t.createdAt),
  ],
);

export const ideaFollows = pgTable(
  'idea_follows',
  {
    ideaId: uuid('idea_id')
      .notNull()
      .references(() => ideas.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.ideaId, t.userId] }), index('idea_follows_user_idx').on(t.userId)],
);

/** Companies, governments and NGOs an idea can tag; verified once a member proves an address at the domain. */
export const organizations = pgTable(
  'organizations',
  {
    id: id(),
    name: text('name').notNull(),
    kind: text('kind').notNull(),
    /** Lower-case host name, e.g. "example.gov.in": a claim e-mails an address at it (or a subdomain). */
    domain: text('domain').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    /** Set when the first member verifies. */
    verifiedAt: ts('verified_at'),
    createdAt: createdAt(),
  },
  (t) => [
    check('organizations_kind_check', sql`${t.kind} in ('company','government','ngo')`),
    check(
      'organizations_fields_check',
      sql`char_length(${t.name}) between 2 and 120 and ${t.domain} = lower(${t.domain}) and char_length(${t.domain}) between 3 and 253`,
    ),
    uniqueIndex('organizations_name_key').on(sql`lower(${t.name})`),
    index('organizations_domain_idx').on(t.domain),
  ],
);

export const organizationMembers = pgTable(
  'organization_members',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The address at the domain that proved membership. */
    email: text('email').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.userId] }),
    index('organization_members_user_idx').on(t.userId),
  ],
);

/** Verification links: only a hash of the token is stored; single use, 24 hours. */
export const organizationClaims = pgTable(
  'organization_claims',
  {
    id: id(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    /** SHA-256 of the link's token. */
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: createdAt(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
  },
  (t) => [index('organization_claims_user_idx').on(t.userId, t.createdAt)],
);

/** Organisations an idea tags (≤ 3): their members' inbox, the organisation's page. */
export const ideaOrganizations = pgTable(
  'idea_organizations',
  {
    ideaId: uuid('idea_id')
      .notNull()
      .references(() => ideas.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.ideaId, t.organizationId] }),
    index('idea_organizations_org_idx').on(
      t.organizationId,
      t.createdAt.desc().nullsFirst(),
      t.ideaId.desc().nullsFirst(),
    ),
  ],
);

/** An organisation's official answer on an idea, by a verified member. */
export const ideaResponses = pgTable(
  'idea_responses',
  {
    id: id(),
    ideaId: uuid('idea_id')
      .notNull()
      .references(() => ideas.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    responderId: uuid('responder_id').references(() => users.id, { onDelete: 'set null' }),
    status: text('status').notNull(),
    message: text('message').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check(
      'idea_responses_status_check',
      sql`${t.status} in ('acknowledged','under-review','adopted','declined')`,
    ),
    index('idea_responses_idea_idx').on(t.ideaId, t.createdAt),
  ],
);

export const ideaCollaborationRequests = pgTable(
  'idea_collaboration_requests',
  {
    id: id(),
    ideaId: uuid('idea_id')
      .notNull()
      .references(() => ideas.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').notNull(),
    message: text('message').notNull().default(''),
    /** pending → accepted | declined. */
    status: text('status').notNull().default('pending'),
    createdAt: createdAt(),
    decidedAt: ts('decided_at'),
  },
  (t) => [
    check('idea_collab_role_check', sql`${t.role} in ('collaborator','mentor','expert')`),
    check('idea_collab_status_check', sql`${t.status} in ('pending','accepted','declined')`),
    // Once per idea while pending.
    uniqueIndex('idea_collab_one_pending').on(t.ideaId, t.userId).where(sql`status = 'pending'`),
    index('idea_collab_idea_idx').on(t.ideaId, t.createdAt),
  ],
);

/** The idea's team: people whose collaboration request the author accepted. */
export const ideaTeamMembers = pgTable(
  'idea_team_members',
  {
    ideaId: uuid('idea_id')
      .notNull()
      .references(() => ideas.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.ideaId, t.userId] }),
    check('idea_team_role_check', sql`${t.role} in ('collaborator','mentor','expert')`),
    index('idea_team_members_user_idx').on(t.userId),
  ],
);
