import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
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
import { users } from './users.js';

export interface TeamMember {
  userId: string;
  userDisplayName: string;
  userEmail: string;
}

export const hackathons = pgTable(
  'hackathons',
  {
    id: id(),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull(),
    imageKey: text('image_key'),
    category: text('category').notNull(),
    status: text('status').notNull().default('pending'),
    featured: boolean('featured').notNull().default(false),
    organizerName: text('organizer_name').notNull(),
    organizerEmail: text('organizer_email').notNull(),
    organizerPhone: text('organizer_phone'),
    startDate: ts('start_date').notNull(),
    endDate: ts('end_date').notNull(),
    duration: text('duration'),
    location: text('location'),
    locationType: text('location_type').notNull().default('online'),
    prizePool: text('prize_pool').notNull(),
    judgingCriteria: text('judging_criteria'),
    requirements: text('requirements'),
    additionalInfo: text('additional_info'),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    participantCount: integer('participant_count').notNull().default(0),
    rejectionReason: text('rejection_reason'),
    reviewedBy: uuid('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: ts('reviewed_at'),
    reminderSentAt: ts('reminder_sent_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('hackathons_status_check', sql`${t.status} in ('pending','published','rejected')`),
    check('hackathons_dates_check', sql`${t.endDate} > ${t.startDate}`),
    check('hackathons_location_type_check', sql`${t.locationType} in ('online','offline','hybrid')`),
    index('hackathons_status_start_idx').on(t.status, t.startDate),
    index('hackathons_status_end_idx').on(t.status, t.endDate),
    // DESC NULLS FIRST is what `order by x desc` means: drizzle's bare .desc() emits DESC NULLS LAST,
    // an order no query asks for, so PostgreSQL could not use these indexes to sort.
    index('hackathons_author_idx').on(t.authorId, t.createdAt.desc().nullsFirst()),
  ],
);

export const hackathonParticipants = pgTable(
  'hackathon_participants',
  {
    hackathonId: uuid('hackathon_id')
      .notNull()
      .references(() => hackathons.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    registeredAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.hackathonId, t.userId] }),
    index('hackathon_participants_user_idx').on(t.userId),
  ],
);

export const hackathonSubmissions = pgTable(
  'hackathon_submissions',
  {
    id: id(),
    hackathonId: uuid('hackathon_id')
      .notNull()
      .references(() => hackathons.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    teamName: text('team_name').notNull(),
    projectTitle: text('project_title').notNull(),
    projectDescription: text('project_description').notNull(),
    projectUrl: text('project_url'),
    githubUrl: text('github_url'),
    demoUrl: text('demo_url'),
    fileKey: text('file_key'),
    fileName: text('file_name'),
    teamMembers: jsonb('team_members').$type<TeamMember[]>().notNull().default([]),
    status: text('status').notNull().default('participant'),
    submittedAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('hackathon_submissions_status_check', sql`${t.status} in ('winner','runner_up','participant')`),
    uniqueIndex('hackathon_submissions_one_per_user').on(t.hackathonId, t.userId),
  ],
);
