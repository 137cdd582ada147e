import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
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
import { hackathonTeams } from './hackathon-teams.js';
import { ideas } from './ideas.js';
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
    /** Teams of up to this many people (1–10). */
    maxTeamSize: integer('max_team_size').notNull().default(4),
    /** [{ name, weight }]: what judges score (1–6), shown to participants. */
    criteria: jsonb('criteria').$type<Array<{ name: string; weight: number }>>().notNull().default([]),
    /** When the organiser published the results (winners public, comments released). */
    resultsPublishedAt: ts('results_published_at'),
    /** Prize pool paid in through the payment provider and held until publication (paise). */
    prizeState: text('prize_state'),
    prizeAmount: bigint('prize_amount', { mode: 'number' }),
    prizeHeldAt: ts('prize_held_at'),
    prizeSettledAt: ts('prize_settled_at'),
    /** [{ place, percent }] given at publication (whole percents summing to 100). */
    prizeSplit: jsonb('prize_split').$type<Array<{ place: number; percent: number }>>(),
    /** The idea this hackathon was proposed from ("Propose as a hackathon challenge"). */
    ideaId: uuid('idea_id').references(() => ideas.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('hackathons_status_check', sql`${t.status} in ('pending','published','rejected')`),
    check('hackathons_dates_check', sql`${t.endDate} > ${t.startDate}`),
    check('hackathons_location_type_check', sql`${t.locationType} in ('online','offline','hybrid')`),
    check('hackathons_max_team_size_check', sql`${t.maxTeamSize} between 1 and 10`),
    check(
      'hackathons_prize_check',
      sql`(${t.prizeState} is null and ${t.prizeAmount} is null) or (${t.prizeState} in ('held','paid','refunded') and ${t.prizeAmount} > 0 and ${t.prizeHeldAt} is not null)`,
    ),
    index('hackathons_idea_idx').on(t.ideaId).where(sql`${t.ideaId} is not null`),
    index('hackathons_prize_held_idx').on(t.endDate).where(sql`${t.prizeState} = 'held'`),
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
    /** The team that submitted (one submission per team); null for a participant without a team. */
    teamId: uuid('team_id').references((): AnyPgColumn => hackathonTeams.id, { onDelete: 'set null' }),
    status: text('status').notNull().default('participant'),
    /** 1 = winner, set when the results are published. */
    place: integer('place'),
    submittedAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('hackathon_submissions_status_check', sql`${t.status} in ('winner','runner_up','participant')`),
    uniqueIndex('hackathon_submissions_one_per_user').on(t.hackathonId, t.userId),
    uniqueIndex('hackathon_submissions_one_per_team').on(t.teamId).where(sql`${t.teamId} is not null`),
  ],
);
