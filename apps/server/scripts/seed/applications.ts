import { APPLICATION_STATUSES, type ApplicationStatus } from '@agora/shared';
import { inArray } from 'drizzle-orm';
import { jobApplications, jobs, users as usersTable } from '../../src/db/schema/index.js';
import { insertUnnest, type Rng, type SeedContext, type SeedStep } from './types.js';

type Question = { _id: string; text: string; requiredAnswer: 'yes' | 'no' | null };
interface SeedJob {
  id: string;
  posterId: string;
  reviewedAt: Date | null;
  expiresAt: Date | null;
  filledAt: Date | null;
  screeningQuestions: Question[];
}

/** Where an application stands, weighted as a busy board looks: most wait, a few get far. */
const STATUS_WEIGHTS: Record<ApplicationStatus, number> = {
  submitted: 38,
  reviewed: 15,
  shortlisted: 11,
  interview: 8,
  offer: 4,
  hired: 3,
  rejected: 15,
  withdrawn: 6,
};
/** The steps of the pipeline each status is reached through (after `submitted`). */
const PATH: Record<ApplicationStatus, ApplicationStatus[]> = {
  submitted: [],
  reviewed: ['reviewed'],
  shortlisted: ['reviewed', 'shortlisted'],
  interview: ['reviewed', 'shortlisted', 'interview'],
  offer: ['reviewed', 'shortlisted', 'interview', 'offer'],
  hired: ['reviewed', 'shortlisted', 'interview', 'offer', 'hired'],
  rejected: ['reviewed', 'rejected'],
  withdrawn: ['withdrawn'],
};
const NOTES: Partial<Record<ApplicationStatus, string[]>> = {
  shortlisted: ['Strong portfolio', 'Good fit for the team', 'Relevant experience'],
  interview: ['Phone screen went well', 'Schedule with the hiring manager'],
  offer: ['Offer sent'],
  rejected: ['Not enough experience for this level', 'Position needs on-site presence'],
};
const COVER_NOTES = [
  'I have followed your product for a while and would love to help build it.',
  'My last role was very close to this one; happy to walk you through what I shipped.',
  'I am looking for a team where I can grow, and this role fits what I do best.',
  null,
  null,
];

function pickStatus(rng: Rng): ApplicationStatus {
  const total = Object.values(STATUS_WEIGHTS).reduce((a, b) => a + b, 0);
  let roll = rng.next() * total;
  for (const s of APPLICATION_STATUSES) {
    roll -= STATUS_WEIGHTS[s];
    if (roll < 0) return s;
  }
  return 'submitted';
}

/** How many applications a listing drew: most a few, some none, a few popular ones many. */
function applicantCount(rng: Rng): number {
  const roll = rng.next();
  if (roll < 0.35) return 0;
  if (roll < 0.85) return rng.int(1, 4);
  if (roll < 0.98) return rng.int(5, 12);
  return rng.int(20, 40);
}

/** One application row (values in insertUnnest's column order). */
function applicationRow(
  rng: Rng,
  job: SeedJob,
  applicantId: string,
  now: Date,
  forced?: { status?: ApplicationStatus; screenedOut?: boolean },
): unknown[] {
  const opened = (job.reviewedAt ?? now).getTime();
  const closed = Math.min(now.getTime(), (job.filledAt ?? job.expiresAt ?? now).getTime());
  const span = Math.max(60_000, closed - opened);
  const created = opened + Math.floor(rng.next() * span * 0.8);
  const status = forced?.status ?? pickStatus(rng);
  // Each later step at a later time, all before now.
  const steps = PATH[status];
  const room = Math.max(steps.length * 60_000, now.getTime() - created);
  const history: Array<{ status: string; at: string; note?: string }> = [
    { status: 'submitted', at: new Date(created).toISOString() },
  ];
  let at = created;
  for (const s of steps) {
    at += Math.max(60_000, Math.floor((room / (steps.length + 1)) * (0.5 + rng.next())));
    at = Math.min(at, now.getTime());
    const notes = NOTES[s];
    history.push({
      status: s,
      at: new Date(at).toISOString(),
      ...(notes && rng.chance(0.6) ? { note: rng.pick(notes) } : {}),
    });
  }
  // Answers: most applicants meet the requirements; some answer one required question the other way.
  const questions = job.screeningQuestions;
  const misses = forced?.screenedOut ?? (questions.some((q) => q.requiredAnswer) && rng.chance(0.12));
  const missed = misses ? questions.find((q) => q.requiredAnswer) : undefined;
  const answers = questions.map((q) => ({
    questionId: q._id,
    answer:
      q === missed
        ? q.requiredAnswer === 'yes'
          ? 'no'
          : 'yes'
        : (q.requiredAnswer ?? (rng.chance(0.5) ? 'yes' : 'no')),
  }));
  const cover = rng.pick(COVER_NOTES);
  return [
    job.id,
    applicantId,
    status,
    cover,
    JSON.stringify(answers),
    missed !== undefined,
    JSON.stringify(history),
    new Date(created),
    new Date(at),
  ];
}

const COLUMNS: Array<[string, string]> = [
  ['job_id', 'uuid'],
  ['applicant_id', 'uuid'],
  ['status', 'text'],
  ['cover_note', 'text'],
  ['answers', 'jsonb'],
  ['screened_out', 'boolean'],
  ['history', 'jsonb'],
  ['created_at', 'timestamptz'],
  ['updated_at', 'timestamptz'],
];

/** Members the benchmark signs in as (seed/users.ts: member1… exist at every scale). */
const BUSY_EMAILS = Array.from({ length: 10 }, (_, i) => `member${i + 1}@agora.demo`);
/** Applications each busy member sent, and applicants on each one's first listing: more than a page. */
const BUSY_COUNT = 30;

/**
 * Applications to the reviewed jobs (listed, expired, filled): a few per listing, a few listings with
 * many, in every status with a history that got there step by step, some screened out. The demo
 * member (user@agora.demo) has one in every status; the demo questioner's listing gets applicants in
 * every status; the first members send and receive more than a page of them (the benchmark's lists).
 * Seeded applications carry no résumé file: the seed writes no uploads.
 */
export const step: SeedStep & { order: number } = {
  name: 'applications',
  order: 65,
  async run(ctx: SeedContext) {
    const { rng, now } = ctx;
    const rows: unknown[][] = [];
    const jobRows: SeedJob[] = await ctx.db
      .select({
        id: jobs.id,
        posterId: jobs.posterId,
        reviewedAt: jobs.reviewedAt,
        expiresAt: jobs.expiresAt,
        filledAt: jobs.filledAt,
        screeningQuestions: jobs.screeningQuestions,
      })
      .from(jobs)
      .where(inArray(jobs.status, ['approved', 'expired', 'filled']))
      .orderBy(jobs.createdAt, jobs.id);
    const users = ctx.userIds;
    if (jobRows.length === 0 || users.length < 3) return;
    const applicantsFor = (job: SeedJob, n: number) => {
      const chosen = new Set<string>();
      for (let tries = 0; chosen.size < n && tries < n * 4; tries++) {
        const u = rng.pick(users);
        if (u !== job.posterId) chosen.add(u);
      }
      return [...chosen];
    };
    for (const job of jobRows) {
      for (const u of applicantsFor(job, applicantCount(rng))) rows.push(applicationRow(rng, job, u, now));
    }

    const byEmail = new Map(
      (
        await ctx.db
          .select({ id: usersTable.id, email: usersTable.email })
          .from(usersTable)
          .where(inArray(usersTable.email, ['user@agora.demo', 'questioner@agora.demo', ...BUSY_EMAILS]))
      ).map((u) => [u.email, u.id]),
    );
    const demoMember = byEmail.get('user@agora.demo');
    const demoPoster = byEmail.get('questioner@agora.demo');
    const open = jobRows.filter((j) => j.expiresAt && j.expiresAt > now && !j.filledAt);
    if (demoMember) {
      const targets = open.filter((j) => j.posterId !== demoMember).slice(0, APPLICATION_STATUSES.length + 2);
      targets.forEach((job, i) => {
        const status = APPLICATION_STATUSES[i % APPLICATION_STATUSES.length];
        rows.push(
          applicationRow(rng, job, demoMember, now, { status, screenedOut: i === 1 ? true : undefined }),
        );
      });
    }
    const demoListing = jobRows.find((j) => j.posterId === demoPoster);
    if (demoListing) {
      const people = users.filter((u) => u !== demoPoster && u !== demoMember).slice(4, 4 + 12);
      people.forEach((u, i) => {
        rows.push(
          applicationRow(rng, demoListing, u, now, {
            status: APPLICATION_STATUSES[i % APPLICATION_STATUSES.length],
            screenedOut: i % 5 === 4 ? true : undefined,
          }),
        );
      });
    }
    const members = BUSY_EMAILS.flatMap((e) => byEmail.get(e) ?? []);
    for (const m of members) {
      for (let k = 0; k < BUSY_COUNT; k++) {
        const job = rng.pick(jobRows);
        if (job.posterId !== m) rows.push(applicationRow(rng, job, m, now));
      }
      const listing = jobRows.find((j) => j.posterId === m);
      if (listing)
        for (const u of applicantsFor(listing, BUSY_COUNT)) rows.push(applicationRow(rng, listing, u, now));
    }

    // A person applies to a job once: later duplicates of a pair are dropped by the unique index.
    await insertUnnest(ctx.db, jobApplications, COLUMNS, rows, { onConflictDoNothing: true });
    ctx.log(`applications: ${rows.length} to ${jobRows.length} reviewed jobs`);
  },
};
