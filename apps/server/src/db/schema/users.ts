import { type SQL, sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, ts, updatedAt } from './common.js';

/**
 * A company name as the referral network compares it: trimmed, inner runs of white space made one
 * space, lower-cased. users_company_key_idx is built on this expression of `company`, so a query
 * that compares `companyKey(users.company)` with the key of a name reads an index range, whatever
 * the number of users.
 */
export const companyKey = (v: SQL | AnyPgColumn): SQL<string> =>
  sql`lower(regexp_replace(btrim(${v}), '[[:space:]]+', ' ', 'g'))`;

/** Characters no stored name may carry (migration 0025), as a PostgreSQL regular expression. */
const HIDDEN_NAME_CHARS =
  "'[\\u0001-\\u001f\\u007f\\u061c\\u200b\\u200c\\u200e\\u200f\\u202a-\\u202e\\u2060\\u2066-\\u2069\\ufeff]'";

export const users = pgTable(
  'users',
  {
    id: id(),
    email: text('email').notNull().unique(),
    name: text('name').notNull(),
    displayName: text('display_name').notNull(),
    passwordHash: text('password_hash'),
    googleSub: text('google_sub').unique(),
    role: text('role').notNull().default('user'),
    status: text('status').notNull().default('active'),
    followerCount: integer('follower_count').notNull().default(0),
    followingCount: integer('following_count').notNull().default(0),
    /** "E-mail me a daily digest of new questions in categories I follow" (off by default). */
    categoryDigest: boolean('category_digest').notNull().default(false),
    /** "E-mail me my notifications" (on by default; off: they stay in the app only). */
    emailNotifications: boolean('email_notifications').notNull().default(true),
    /** "E-mail me reminders": hackathons starting, reward deadlines, listings expiring (on by default). */
    emailReminders: boolean('email_reminders').notNull().default(true),
    /** "Tell me about new comments on ideas I follow" (off by default: status changes, responses and merges always tell). */
    ideaCommentNotifications: boolean('idea_comment_notifications').notNull().default(false),
    // The professional profile Smart Matching reads (jobs' match, referrals' network).
    headline: text('headline'),
    /** Current employer; a job at this company makes the user part of its viewers' network. */
    company: text('company'),
    location: text('location'),
    /** One of JOB_LISTING_LEVELS, or null. */
    level: text('level'),
    skills: text('skills').array().notNull().default(sql`'{}'::text[]`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('users_role_check', sql`${t.role} in ('admin','questioner','answerer','user')`),
    check('users_status_check', sql`${t.status} in ('active','suspended')`),
    check('users_follow_counts_check', sql`${t.followerCount} >= 0 and ${t.followingCount} >= 0`),
    check(
      'users_profile_check',
      sql`char_length(${t.headline}) <= 120 and char_length(${t.company}) <= 100 and char_length(${t.location}) <= 100 and cardinality(${t.skills}) <= 50`,
    ),
    // The referral network: followers and followees working at a job's company.
    index('users_company_key_idx').on(companyKey(t.company)).where(sql`${t.company} is not null`),
    // No text-direction controls, zero-width spaces or control characters in names (migration 0025;
    // the shared name rule refuses more, e.g. reserved words, which SQL cannot see).
    check(
      'users_names_visible_check',
      sql`${t.name} !~ ${sql.raw(HIDDEN_NAME_CHARS)} and ${t.displayName} !~ ${sql.raw(HIDDEN_NAME_CHARS)}`,
    ),
    index('users_created_idx').on(t.createdAt),
    index('users_name_lower_idx').on(sql`lower(${t.name})`),
    // The daily digest walks the users who opted in (migration 0028).
    index('users_category_digest_idx').on(t.id).where(sql`category_digest`),
  ],
);

/**
 * The résumé a user keeps on their profile (one each), stored privately, with the skills found in
 * its text. Quick Apply attaches it when the applicant sends none; the user may remove found
 * skills one by one (inferred_skills is what is left).
 */
export const userResumes = pgTable('user_resumes', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  fileKey: text('file_key').notNull(),
  originalName: text('original_name').notNull(),
  size: integer('size').notNull(),
  mimetype: text('mimetype').notNull(),
  inferredSkills: text('inferred_skills').array().notNull().default(sql`'{}'::text[]`),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastSeenAt: ts('last_seen_at').notNull().defaultNow(),
    revokedAt: ts('revoked_at'),
    userAgent: text('user_agent'),
    ip: text('ip'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

export const follows = pgTable(
  'follows',
  {
    followerId: uuid('follower_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    followeeId: uuid('followee_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.followerId, t.followeeId] }),
    check('follows_not_self', sql`${t.followerId} <> ${t.followeeId}`),
    index('follows_followee_idx').on(t.followeeId, t.createdAt),
  ],
);

export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: updatedAt(),
});

export const auditLog = pgTable(
  'audit_log',
  {
    id: id(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_log_created_idx').on(t.createdAt),
    index('audit_log_entity_idx').on(t.entityType, t.entityId),
  ],
);

export const notifications = pgTable(
  'notifications',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull().default(''),
    link: text('link'),
    readAt: ts('read_at'),
    createdAt: createdAt(),
    /** Events with the same key update the recipient's unread notification instead of adding one. */
    groupKey: text('group_key'),
    /** How many events the notification stands for (1 unless grouped). */
    count: integer('count').notNull().default(1),
  },
  (t) => [
    index('notifications_user_idx').on(t.userId, t.createdAt),
    // The bell's unread count reads only unread rows (migration 0015).
    index('notifications_unread_idx').on(t.userId).where(sql`read_at is null`),
    check('notifications_count_check', sql`${t.count} >= 1`),
    // One unread notification per recipient and group (migration 0025): racing events meet here.
    uniqueIndex('notifications_open_group_idx')
      .on(t.userId, t.groupKey)
      .where(sql`read_at is null and group_key is not null`),
  ],
);

/** Once-keys already used by grouped notifications (their rows are shared, so ids cannot tell). */
export const notificationOnce = pgTable(
  'notification_once',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.id] })],
);

/**
 * The admin overview's figures per UTC day and metric (count or amount), kept by statement
 * triggers on each counted table (migration 0015): the overview never scans them.
 */
export const overviewDaily = pgTable(
  'overview_daily',
  {
    day: date('day', { mode: 'string' }).notNull(),
    metric: text('metric').notNull(),
    v: bigint('v', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.metric, t.day] })],
);

/**
 * The review backlog per table (`jobs`, `hackathons`, `withdrawals`: rows with status 'pending') as
 * appended changes, summed by the reader and folded by a task (migration 0017).
 */
export const pendingCounts = pgTable(
  'pending_counts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tbl: text('tbl').notNull(),
    n: bigint('n', { mode: 'number' }).notNull(),
  },
  (t) => [index('pending_counts_tbl_idx').on(t.tbl)],
);

export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: id(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: ts('next_attempt_at').notNull().defaultNow(),
    lastError: text('last_error'),
    createdAt: createdAt(),
    sentAt: ts('sent_at'),
    /** The claim of the worker sending this row now (renewed before each send); null when unclaimed. */
    leaseToken: uuid('lease_token'),
    /**
     * "<kind>:<id>": the message carries a link that lets its holder in (a password reset). The link
     * is minted when the message is sent and is only in the e-mail; the stored body holds a
     * placeholder (platform/mail.ts MAIL_LINK_SLOT). Cleared once sent.
     */
    linkRef: text('link_ref'),
    /** Extra headers sent with the message as they are (the digest's List-Unsubscribe). */
    headers: jsonb('headers').$type<Record<string, string>>(),
  },
  (t) => [
    check('mail_outbox_status_check', sql`${t.status} in ('pending','sent','failed')`),
    check('mail_outbox_link_ref_check', sql`${t.linkRef} ~ '^[a-z][a-z-]*:[0-9a-f-]{36}$'`),
    index('mail_outbox_due_idx').on(t.status, t.nextAttemptAt),
  ],
);

export const contactMessages = pgTable(
  'contact_messages',
  {
    id: id(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    subject: text('subject').notNull().default(''),
    category: text('category').notNull().default(''),
    message: text('message').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('contact_messages_created_idx').on(t.createdAt)],
);

export const files = pgTable(
  'files',
  {
    key: text('key').primaryKey(),
    ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'set null' }),
    mimetype: text('mimetype').notNull(),
    size: integer('size').notNull(),
    originalName: text('original_name').notNull(),
    purpose: text('purpose').notNull(),
    /** Rows that name this file (answers, jobs, questions, hackathons, submissions), kept by triggers (0011). */
    refCount: integer('ref_count').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    index('files_owner_idx').on(t.ownerId),
    index('files_unreferenced_idx').on(t.createdAt).where(sql`${t.refCount} = 0`),
    // One uploader's held uploads, checked on each upload (lib/uploads.ts; migration 0026).
    index('files_unreferenced_owner_idx').on(t.ownerId).where(sql`ref_count = 0`),
    index('files_purpose_created_idx').on(t.purpose, t.createdAt),
  ],
);

/** Password-reset links: only a hash of the token is stored; single use, 1 hour. */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** SHA-256 of the link's token, set when the e-mail carrying it is sent (null until then). */
    tokenHash: text('token_hash').unique(),
    createdAt: createdAt(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
  },
  (t) => [index('password_resets_user_idx').on(t.userId)],
);
