import { sql } from 'drizzle-orm';
import {
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
import { createdAt, id, ts, tsvector, updatedAt } from './common.js';
import { users } from './users.js';

export const jobs = pgTable(
  'jobs',
  {
    id: id(),
    posterId: uuid('poster_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull(),
    companyName: text('company_name').notNull(),
    companyWebsite: text('company_website'),
    companyLogo: text('company_logo'),
    city: text('city').notNull(),
    state: text('state'),
    country: text('country').notNull().default('India'),
    isRemote: boolean('is_remote').notNull().default(false),
    category: text('category').notNull(),
    employmentType: text('employment_type').notNull().default('Full-time'),
    level: text('level').notNull().default('Mid-level'),
    salaryText: text('salary_text'),
    salaryMin: integer('salary_min'),
    salaryMax: integer('salary_max'),
    salaryCurrency: text('salary_currency').notNull().default('USD'),
    requirements: text('requirements'),
    benefits: text('benefits'),
    skills: text('skills').array().notNull().default(sql`'{}'::text[]`),
    experience: text('experience'),
    education: text('education'),
    applicationDeadline: date('application_deadline', { mode: 'string' }),
    contactEmail: text('contact_email').notNull(),
    // Up to 3 yes/no questions asked of every applicant: [{ _id, text, requiredAnswer }].
    screeningQuestions: jsonb('screening_questions')
      .$type<{ _id: string; text: string; requiredAnswer: 'yes' | 'no' | null }[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    // pending → approved (listed) → expired | filled; renewing puts an expired job back to approved.
    // Expired and filled jobs were reviewed and stay public: their page loads, the listing skips them.
    status: text('status').notNull().default('pending'),
    // Set on approval to approval time + JOB_LISTING_DAYS; moved on by a renewal.
    expiresAt: ts('expires_at'),
    // When the poster was told the listing expires soon (once per expiry date).
    expiryWarnedAt: ts('expiry_warned_at'),
    filledAt: ts('filled_at'),
    rejectionReason: text('rejection_reason'),
    reviewedBy: uuid('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: ts('reviewed_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    search: tsvector('search').generatedAlwaysAs(
      sql`setweight(to_tsvector('english', coalesce(title, '')), 'A') || setweight(to_tsvector('english', coalesce(company_name, '')), 'A') || setweight(to_tsvector('english', agora_immutable_join(skills)), 'B') || setweight(to_tsvector('english', coalesce(description, '')), 'C')`,
    ),
    // City, state and country lower-cased, one per line (migration 0021): a location filter's
    // LIKE ANY reads it from the indexes the searches walk (jobs.repo.ts boundedWhere).
    locationKey: text('location_key').generatedAlwaysAs(
      sql`lower(city) || E'\n' || lower(coalesce(state, '')) || E'\n' || lower(country)`,
    ),
    // The skills by the key they are compared with (lower case, synonyms folded: the shared
    // domain/skill-keys.ts and the SQL function agora_skill_keys, migration 0032).
    skillKeys: text('skill_keys').array().generatedAlwaysAs(sql`agora_skill_keys(skills)`),
  },
  (t) => [
    check('jobs_status_check', sql`${t.status} in ('pending','approved','rejected','expired','filled')`),
    // The one job category list (JOB_LISTING_CATEGORIES, migration 0029).
    check(
      'jobs_category_check',
      sql`${t.category} in ('Engineering','Product','Design','Marketing','Sales','Operations','Data Science','DevOps','Security','Business Development','Customer Success','Finance','HR','Legal','Other')`,
    ),
    check(
      'jobs_salary_currency_check',
      sql`${t.salaryCurrency} in ('INR','USD','EUR','GBP','AED','SGD','CAD','AUD')`,
    ),
    check(
      'jobs_salary_check',
      sql`${t.salaryMin} is null or ${t.salaryMax} is null or ${t.salaryMin} <= ${t.salaryMax}`,
    ),
    // DESC NULLS FIRST is what `order by x desc` means: drizzle's bare .desc() emits DESC NULLS LAST,
    // an order no query asks for, so PostgreSQL could not use these indexes to sort.
    // Both redefined by migrations 0018/0019/0021 with INCLUDE columns (the searches' window walk is an
    // index-only scan) and the id in jobs_category_idx's key; drizzle-orm cannot declare INCLUDE,
    // so a generated migration that drops or recreates these two must be edited to keep 0021's shape.
    // Only bounded columns may be included: a b-tree row holds 2,704 bytes (never `search`).
    index('jobs_feed_idx').on(t.status, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('jobs_category_idx').on(t.status, t.category, t.createdAt.desc().nullsFirst()),
    // The title and company orders of the listing (migration 0022, with INCLUDE columns).
    index('jobs_title_idx').on(
      t.status,
      sql`lower(${t.title})`,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('jobs_company_idx').on(
      t.status,
      sql`lower(${t.companyName})`,
      sql`lower(${t.title})`,
      t.id.desc().nullsFirst(),
    ),
    index('jobs_city_idx').on(sql`lower(${t.city})`),
    index('jobs_poster_idx').on(t.posterId),
    // The expiry task's and the reminder's walk over listed jobs by expiry.
    index('jobs_expiry_idx').on(t.expiresAt).where(sql`${t.status} = 'approved'`),
    index('jobs_search_idx').using('gin', t.search),
    // Smart Matching's candidates: listed jobs sharing a skill with a profile (&& on the keys).
    index('jobs_skill_keys_idx').using('gin', t.skillKeys).where(sql`${t.status} = 'approved'`),
  ],
);

/**
 * Approved jobs per category and application deadline ('infinity' when none), kept by triggers on
 * `jobs` (migration 0015): the listing's counts sum the rows still open today.
 */
export const jobCounts = pgTable(
  'job_counts',
  {
    category: text('category').notNull(),
    deadline: date('deadline', { mode: 'string' }).notNull(),
    approved: integer('approved').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.category, t.deadline] })],
);

/**
 * Approved jobs per category still open on `job_open_asof.day` (migration 0017): kept
 * from job_counts by a trigger, recomputed by agora_job_open_refresh when a reader asks for
 * another day. The category counts read these rows, not every future deadline.
 */
export const jobOpenCounts = pgTable('job_open_counts', {
  category: text('category').primaryKey(),
  approved: integer('approved').notNull().default(0),
});

/** The one row saying which day job_open_counts counts for. */
export const jobOpenAsof = pgTable('job_open_asof', {
  one: boolean('one').primaryKey().default(true),
  day: date('day', { mode: 'string' }).notNull(),
});

/** A seeker's application to a job, with its pipeline history. */
export const jobApplications = pgTable(
  'job_applications',
  {
    id: id(),
    jobId: uuid('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    applicantId: uuid('applicant_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status').notNull().default('submitted'),
    coverNote: text('cover_note'),
    // The résumé, stored privately (never under the public /uploads/ path).
    resumeKey: text('resume_key'),
    resumeOriginalName: text('resume_original_name'),
    resumeSize: integer('resume_size'),
    resumeMimetype: text('resume_mimetype'),
    answers: jsonb('answers')
      .$type<{ questionId: string; answer: 'yes' | 'no' }[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    screenedOut: boolean('screened_out').notNull().default(false),
    history: jsonb('history')
      .$type<{ status: string; at: string; note?: string }[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check(
      'job_applications_status_check',
      sql`${t.status} in ('submitted','reviewed','shortlisted','interview','offer','hired','rejected','withdrawn')`,
    ),
    check('job_applications_cover_note_check', sql`char_length(${t.coverNote}) <= 2000`),
    uniqueIndex('job_applications_job_applicant_idx').on(t.jobId, t.applicantId),
    // The seeker's list, newest first (keyset on created_at, id).
    index('job_applications_applicant_idx').on(
      t.applicantId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    // The poster's pipeline: screened-out last, newest first.
    index('job_applications_job_idx').on(
      t.jobId,
      t.screenedOut,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
  ],
);

/**
 * A request from an applicant to someone in their network (a follower or followee who works at the
 * job's company) to refer their application. One per application and person.
 */
export const referralRequests = pgTable(
  'referral_requests',
  {
    id: id(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => jobApplications.id, { onDelete: 'cascade' }),
    referrerId: uuid('referrer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    message: text('message'),
    status: text('status').notNull().default('pending'),
    answeredAt: ts('answered_at'),
    createdAt: createdAt(),
  },
  (t) => [
    check('referral_requests_status_check', sql`${t.status} in ('pending','accepted','declined')`),
    check('referral_requests_message_check', sql`char_length(${t.message}) <= 500`),
    uniqueIndex('referral_requests_application_referrer_idx').on(t.applicationId, t.referrerId),
    // The asked person's list, newest first.
    index('referral_requests_referrer_idx').on(
      t.referrerId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
  ],
);

/** A saved job search that notifies its owner of new matching jobs: at once, daily or weekly. */
export const jobAlerts = pgTable(
  'job_alerts',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    q: text('q'),
    location: text('location'),
    categories: text('categories').array().notNull().default(sql`'{}'::text[]`),
    level: text('level'),
    employmentType: text('employment_type'),
    remote: boolean('remote'),
    frequency: text('frequency').notNull(),
    /** Digests: jobs approved after this are new to the next one (creation time at first). */
    digestFrom: ts('digest_from').notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [
    check('job_alerts_frequency_check', sql`${t.frequency} in ('instant','daily','weekly')`),
    check(
      'job_alerts_text_check',
      sql`char_length(${t.q}) <= 200 and char_length(${t.location}) <= 100 and cardinality(${t.categories}) <= 20`,
    ),
    index('job_alerts_user_idx').on(t.userId, t.createdAt),
    // The instant matcher and the digest walks read one frequency at a time.
    index('job_alerts_frequency_idx').on(t.frequency, t.digestFrom),
  ],
);

/** Which jobs an alert has told its owner about: each job at most once per alert. */
export const jobAlertDeliveries = pgTable(
  'job_alert_deliveries',
  {
    alertId: uuid('alert_id')
      .notNull()
      .references(() => jobAlerts.id, { onDelete: 'cascade' }),
    jobId: uuid('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.alertId, t.jobId] }), index('job_alert_deliveries_job_idx').on(t.jobId)],
);
