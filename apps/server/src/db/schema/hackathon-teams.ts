import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, ts, updatedAt } from './common.js';
import { hackathonSubmissions, hackathons } from './hackathons.js';
import { users } from './users.js';

/** A team in one hackathon. Its captain is the member with role 'captain' (exactly one while it has members). */
export const hackathonTeams = pgTable(
  'hackathon_teams',
  {
    id: id(),
    hackathonId: uuid('hackathon_id')
      .notNull()
      .references(() => hackathons.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    lookingForMembers: boolean('looking_for_members').notNull().default(true),
    skillsWanted: text('skills_wanted').array().notNull().default(sql`'{}'::text[]`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('hackathon_teams_name_key').on(t.hackathonId, sql`lower(${t.name})`),
    index('hackathon_teams_hackathon_idx').on(t.hackathonId, t.createdAt),
  ],
);

/**
 * Who is in which team. The unique (hackathon, user) index is the rule "one team per person per
 * hackathon", held by the database whatever the order of concurrent joins.
 */
export const hackathonTeamMembers = pgTable(
  'hackathon_team_members',
  {
    teamId: uuid('team_id')
      .notNull()
      .references(() => hackathonTeams.id, { onDelete: 'cascade' }),
    hackathonId: uuid('hackathon_id')
      .notNull()
      .references(() => hackathons.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').notNull().default('member'),
    joinedAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.teamId, t.userId] }),
    uniqueIndex('hackathon_team_members_one_team').on(t.hackathonId, t.userId),
    uniqueIndex('hackathon_team_members_one_captain').on(t.teamId).where(sql`${t.role} = 'captain'`),
    check('hackathon_team_members_role_check', sql`${t.role} in ('captain','member')`),
    index('hackathon_team_members_user_idx').on(t.userId),
  ],
);

/**
 * A join request (kind 'join': a participant asks, the captain answers) or an invitation (kind
 * 'invite': the captain asks an e-mail address, its account answers; user_id is filled when the
 * address has an account, or once one signs up with it). One pending of each per team and person.
 */
export const hackathonTeamRequests = pgTable(
  'hackathon_team_requests',
  {
    id: id(),
    teamId: uuid('team_id')
      .notNull()
      .references(() => hackathonTeams.id, { onDelete: 'cascade' }),
    hackathonId: uuid('hackathon_id')
      .notNull()
      .references(() => hackathons.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    email: text('email'),
    message: text('message'),
    status: text('status').notNull().default('pending'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    decidedAt: ts('decided_at'),
  },
  (t) => [
    check('hackathon_team_requests_kind_check', sql`${t.kind} in ('join','invite')`),
    check(
      'hackathon_team_requests_status_check',
      sql`${t.status} in ('pending','accepted','declined','cancelled')`,
    ),
    check(
      'hackathon_team_requests_target_check',
      sql`(${t.kind} = 'join' and ${t.userId} is not null) or (${t.kind} = 'invite' and ${t.email} is not null)`,
    ),
    uniqueIndex('hackathon_team_requests_one_pending_join')
      .on(t.teamId, t.userId)
      .where(sql`${t.status} = 'pending' and ${t.kind} = 'join'`),
    uniqueIndex('hackathon_team_requests_one_pending_invite')
      .on(t.teamId, sql`lower(${t.email})`)
      .where(sql`${t.status} = 'pending' and ${t.kind} = 'invite'`),
    index('hackathon_team_requests_user_idx').on(t.userId, t.hackathonId).where(sql`${t.status} = 'pending'`),
    index('hackathon_team_requests_email_idx')
      .on(sql`lower(${t.email})`)
      .where(sql`${t.status} = 'pending' and ${t.kind} = 'invite'`),
  ],
);

/** A judge of one hackathon, invited by e-mail; user_id once an account holds that address. */
export const hackathonJudges = pgTable(
  'hackathon_judges',
  {
    id: id(),
    hackathonId: uuid('hackathon_id')
      .notNull()
      .references(() => hackathons.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('hackathon_judges_email_key').on(t.hackathonId, sql`lower(${t.email})`),
    index('hackathon_judges_user_idx').on(t.userId),
  ],
);

/** One judge's sheet for one submission (re-scoring replaces it). */
export const hackathonScores = pgTable(
  'hackathon_scores',
  {
    submissionId: uuid('submission_id')
      .notNull()
      .references(() => hackathonSubmissions.id, { onDelete: 'cascade' }),
    judgeId: uuid('judge_id')
      .notNull()
      .references(() => hackathonJudges.id, { onDelete: 'cascade' }),
    hackathonId: uuid('hackathon_id')
      .notNull()
      .references(() => hackathons.id, { onDelete: 'cascade' }),
    scores: jsonb('scores').$type<Record<string, number>>().notNull(),
    comment: text('comment'),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.submissionId, t.judgeId] }),
    index('hackathon_scores_hackathon_idx').on(t.hackathonId),
  ],
);

/** People's choice: one vote per person per hackathon (a second vote moves it). */
export const hackathonVotes = pgTable(
  'hackathon_votes',
  {
    hackathonId: uuid('hackathon_id')
      .notNull()
      .references(() => hackathons.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    submissionId: uuid('submission_id')
      .notNull()
      .references(() => hackathonSubmissions.id, { onDelete: 'cascade' }),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.hackathonId, t.userId] }),
    index('hackathon_votes_submission_idx').on(t.submissionId),
  ],
);
