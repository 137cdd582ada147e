import type {
  AdminContactMessage,
  AdminHackathon,
  AdminIdea,
  AdminJob,
  AdminQuestion,
  AdminUser,
  AdminWithdrawal,
  AuditEntry,
  OverviewPoint,
  OverviewValues,
} from '@agora/shared';
import { salaryLine } from '@agora/shared';
import { type AnyColumn, and, asc, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.js';
import {
  auditLog,
  contactMessages,
  hackathons,
  ideas,
  jobs,
  mailOutbox,
  overviewDaily,
  payments,
  questions,
  rewardDistributions,
  users,
  wallets,
  withdrawals,
} from '../../db/schema/index.js';
import { afterCursor, cursorTs, type Keyset } from '../../lib/cursor.js';

interface ListOpts {
  cursor: Keyset | null;
  limit: number;
}

/** `%term%` for ILIKE with the pattern characters of the term escaped (a search for "50%" is literal). */
export function likePattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

const person = (u: { id: string; displayName: string; email: string }) => ({
  id: u.id,
  displayName: u.displayName,
  email: u.email,
});
const personCols = { id: users.id, displayName: users.displayName, email: users.email };
const iso = (d: Date | null) => (d ? d.toISOString() : null);
const ageMinutes = (createdAt: Date, now: Date) =>
  Math.max(0, Math.floor((now.getTime() - createdAt.getTime()) / 60_000));

function keyset(col: AnyColumn, idCol: AnyColumn, opts: ListOpts, dir: 'asc' | 'desc'): SQL | undefined {
  return opts.cursor ? afterCursor(col, idCol, opts.cursor, dir) : undefined;
}
function order(col: AnyColumn, idCol: AnyColumn, dir: 'asc' | 'desc') {
  return dir === 'asc' ? [asc(col), asc(idCol)] : [desc(col), desc(idCol)];
}

// ---------- users ----------

export type UserRow = typeof users.$inferSelect;

export function toAdminUser(u: UserRow): AdminUser {
  return {
    id: u.id,
    _id: u.id,
    name: u.name,
    displayName: u.displayName,
    email: u.email,
    role: u.role as AdminUser['role'],
    status: u.status as AdminUser['status'],
    createdAt: u.createdAt.toISOString(),
  };
}

export async function listUsers(db: Executor, f: { q?: string; role?: string; status?: string } & ListOpts) {
  const like = f.q ? likePattern(f.q) : null;
  const rows = await db
    .select({ user: users, id: users.id, cursorTs: cursorTs(users.createdAt) })
    .from(users)
    .where(
      and(
        like
          ? or(ilike(users.name, like), ilike(users.displayName, like), ilike(users.email, like))
          : undefined,
        f.role ? eq(users.role, f.role) : undefined,
        f.status ? eq(users.status, f.status) : undefined,
        keyset(users.createdAt, users.id, f, 'desc'),
      ),
    )
    .orderBy(...order(users.createdAt, users.id, 'desc'))
    .limit(f.limit + 1);
  return rows;
}

export async function lockUser(db: Executor, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).for('update');
  return row;
}

export async function updateUser(db: Executor, id: string, set: Partial<UserRow>): Promise<UserRow> {
  const [row] = await db.update(users).set(set).where(eq(users.id, id)).returning();
  return row!;
}

// ---------- questions ----------

const questionCols = {
  id: questions.id,
  title: questions.title,
  category: questions.category,
  status: questions.status,
  hidden: questions.hidden,
  isPaid: questions.isPaid,
  paymentAmount: questions.paymentAmount,
  answerCount: questions.answerCount,
  createdAt: questions.createdAt,
  rewardsDistributed: sql<boolean>`exists (select 1 from ${rewardDistributions} rd where rd.question_id = ${questions.id})`,
  author: personCols,
};

type QuestionListRow = {
  id: string;
  title: string;
  category: string;
  status: string;
  hidden: boolean;
  isPaid: boolean;
  paymentAmount: number | null;
  answerCount: number;
  createdAt: Date;
  rewardsDistributed: boolean;
  author: { id: string; displayName: string; email: string };
};

export function toAdminQuestion(r: QuestionListRow): AdminQuestion {
  return {
    _id: r.id,
    title: r.title,
    category: r.category,
    status: r.status as AdminQuestion['status'],
    hidden: r.hidden,
    isPaid: r.isPaid,
    paymentAmount: r.paymentAmount,
    rewardsDistributed: Boolean(r.rewardsDistributed),
    answerCount: r.answerCount,
    author: person(r.author),
    createdAt: r.createdAt.toISOString(),
  };
}

export async function listQuestions(
  db: Executor,
  f: { q?: string; status?: string; hidden?: boolean; paid?: boolean } & ListOpts,
) {
  return db
    .select({ ...questionCols, cursorTs: cursorTs(questions.createdAt) })
    .from(questions)
    .innerJoin(users, eq(users.id, questions.authorId))
    .where(
      and(
        f.q ? ilike(questions.title, likePattern(f.q)) : undefined,
        f.status ? eq(questions.status, f.status) : undefined,
        f.hidden !== undefined ? eq(questions.hidden, f.hidden) : undefined,
        f.paid !== undefined ? eq(questions.isPaid, f.paid) : undefined,
        keyset(questions.createdAt, questions.id, f, 'desc'),
      ),
    )
    .orderBy(...order(questions.createdAt, questions.id, 'desc'))
    .limit(f.limit + 1);
}

export async function findQuestion(db: Executor, id: string): Promise<QuestionListRow | undefined> {
  const [row] = await db
    .select(questionCols)
    .from(questions)
    .innerJoin(users, eq(users.id, questions.authorId))
    .where(eq(questions.id, id));
  return row;
}

export async function lockQuestion(db: Executor, id: string) {
  const [row] = await db.select().from(questions).where(eq(questions.id, id)).for('update');
  return row;
}

/** Whether money moved for this question: a paid order, and whether its reward was distributed. */
/** `openSince`: an order created after it may still be paid at the provider (checkout open). */
export async function questionMoney(db: Executor, id: string, openSince: Date) {
  const [row] = await db
    .select({
      paid: sql<boolean>`exists (select 1 from ${payments} p where p.question_id = ${id} and p.status = 'paid')`,
      distributed: sql<boolean>`exists (select 1 from ${rewardDistributions} rd where rd.question_id = ${id})`,
      checkoutOpen: sql<boolean>`exists (select 1 from ${payments} p where p.question_id = ${id} and p.status = 'created' and p.created_at > ${openSince.toISOString()}::timestamptz)`,
    })
    .from(sql`(select 1) as one`);
  return {
    paid: Boolean(row?.paid),
    distributed: Boolean(row?.distributed),
    checkoutOpen: Boolean(row?.checkoutOpen),
  };
}

export async function updateQuestion(db: Executor, id: string, set: Partial<typeof questions.$inferInsert>) {
  await db.update(questions).set(set).where(eq(questions.id, id));
}

/**
 * Deletes an unpaid question, answers by cascade. Its orders are kept, cancelled and detached (with
 * the title): a capture arriving later is refunded to the payer's wallet, never lost (issue 17).
 */
export async function deleteUnpaidQuestion(db: Executor, id: string, title: string) {
  await db
    .update(payments)
    .set({
      status: sql`case when ${payments.status} = 'created' then 'cancelled' else ${payments.status} end`,
      questionId: null,
      questionTitle: title,
    })
    .where(eq(payments.questionId, id));
  await db.delete(questions).where(eq(questions.id, id));
}

// ---------- ideas ----------

const ideaCols = {
  id: ideas.id,
  title: ideas.title,
  category: ideas.category,
  hidden: ideas.hidden,
  hiddenByAdmin: ideas.hiddenByAdmin,
  likeCount: ideas.likeCount,
  commentCount: ideas.commentCount,
  createdAt: ideas.createdAt,
  author: personCols,
};

export function toAdminIdea(r: {
  id: string;
  title: string;
  category: string;
  hidden: boolean;
  hiddenByAdmin: boolean;
  likeCount: number;
  commentCount: number;
  createdAt: Date;
  author: { id: string; displayName: string; email: string };
}): AdminIdea {
  return {
    _id: r.id,
    title: r.title,
    category: r.category,
    hidden: r.hidden,
    hiddenByAdmin: r.hiddenByAdmin,
    likeCount: r.likeCount,
    commentCount: r.commentCount,
    author: person(r.author),
    createdAt: r.createdAt.toISOString(),
  };
}

export async function listIdeas(db: Executor, f: { q?: string; hidden?: boolean } & ListOpts) {
  return db
    .select({ ...ideaCols, cursorTs: cursorTs(ideas.createdAt) })
    .from(ideas)
    .innerJoin(users, eq(users.id, ideas.authorId))
    .where(
      and(
        f.q ? ilike(ideas.title, likePattern(f.q)) : undefined,
        f.hidden !== undefined ? eq(ideas.hidden, f.hidden) : undefined,
        keyset(ideas.createdAt, ideas.id, f, 'desc'),
      ),
    )
    .orderBy(...order(ideas.createdAt, ideas.id, 'desc'))
    .limit(f.limit + 1);
}

export async function findIdea(db: Executor, id: string) {
  const [row] = await db
    .select(ideaCols)
    .from(ideas)
    .innerJoin(users, eq(users.id, ideas.authorId))
    .where(eq(ideas.id, id));
  return row;
}

/** An admin's hide (which its author cannot undo), or lifting it: then the author's choice stands. */
export async function setIdeaHidden(db: Executor, id: string, hidden: boolean, now: Date) {
  await db
    .update(ideas)
    .set({ hiddenByAdmin: hidden, hidden: hidden ? true : sql`${ideas.hiddenByAuthor}`, updatedAt: now })
    .where(eq(ideas.id, id));
}

export async function lockIdea(db: Executor, id: string) {
  const [row] = await db.select().from(ideas).where(eq(ideas.id, id)).for('update');
  return row;
}

export async function deleteIdea(db: Executor, id: string) {
  await db.delete(ideas).where(eq(ideas.id, id));
}

// ---------- hackathons ----------

type HackathonRow = typeof hackathons.$inferSelect;

export function toAdminHackathon(
  h: HackathonRow,
  author: { id: string; displayName: string; email: string },
  now: Date,
): AdminHackathon {
  return {
    _id: h.id,
    title: h.title,
    description: h.description,
    category: h.category,
    status: h.status,
    organizer: { name: h.organizerName, email: h.organizerEmail, phone: h.organizerPhone },
    author: person(author),
    startDate: h.startDate.toISOString(),
    endDate: h.endDate.toISOString(),
    locationType: h.locationType,
    location: h.location,
    prizePool: h.prizePool,
    rejectionReason: h.rejectionReason,
    reviewedAt: iso(h.reviewedAt),
    createdAt: h.createdAt.toISOString(),
    ageMinutes: ageMinutes(h.createdAt, now),
  };
}

/** The review queue: pending ones oldest first (first come, first reviewed); other views newest first. */
export async function listHackathons(db: Executor, f: { status: string; q?: string } & ListOpts) {
  const dir = f.status === 'pending' ? 'asc' : 'desc';
  return db
    .select({
      h: hackathons,
      author: personCols,
      id: hackathons.id,
      cursorTs: cursorTs(hackathons.createdAt),
    })
    .from(hackathons)
    .innerJoin(users, eq(users.id, hackathons.authorId))
    .where(
      and(
        f.status !== 'all' ? eq(hackathons.status, f.status) : undefined,
        f.q
          ? or(ilike(hackathons.title, likePattern(f.q)), ilike(hackathons.organizerName, likePattern(f.q)))
          : undefined,
        keyset(hackathons.createdAt, hackathons.id, f, dir),
      ),
    )
    .orderBy(...order(hackathons.createdAt, hackathons.id, dir))
    .limit(f.limit + 1);
}

export async function findHackathon(db: Executor, id: string, lock = false) {
  const q = db
    .select({ h: hackathons, author: personCols })
    .from(hackathons)
    .innerJoin(users, eq(users.id, hackathons.authorId))
    .where(eq(hackathons.id, id));
  const [row] = lock ? await q.for('update', { of: hackathons }) : await q;
  return row;
}

// ---------- jobs ----------

type JobRow = typeof jobs.$inferSelect;

export function toAdminJob(
  j: JobRow,
  poster: { id: string; displayName: string; email: string },
  now: Date,
): AdminJob {
  return {
    _id: j.id,
    title: j.title,
    description: j.description,
    companyName: j.companyName,
    companyWebsite: j.companyWebsite,
    category: j.category,
    level: j.level,
    employmentType: j.employmentType,
    city: j.city,
    country: j.country,
    isRemote: j.isRemote,
    // The reviewer reads the pay as the listing will show it (figures in their currency, or the text).
    salaryText: salaryLine(
      { min: j.salaryMin, max: j.salaryMax, currency: j.salaryCurrency, text: j.salaryText },
      j.country,
    ),
    contactEmail: j.contactEmail,
    status: j.status,
    poster: person(poster),
    rejectionReason: j.rejectionReason,
    reviewedAt: iso(j.reviewedAt),
    createdAt: j.createdAt.toISOString(),
    ageMinutes: ageMinutes(j.createdAt, now),
  };
}

// Explicit columns: the generated tsvector column is never needed here.
const jobCols = {
  id: jobs.id,
  posterId: jobs.posterId,
  title: jobs.title,
  description: jobs.description,
  companyName: jobs.companyName,
  companyWebsite: jobs.companyWebsite,
  companyLogo: jobs.companyLogo,
  city: jobs.city,
  state: jobs.state,
  country: jobs.country,
  isRemote: jobs.isRemote,
  category: jobs.category,
  employmentType: jobs.employmentType,
  level: jobs.level,
  salaryText: jobs.salaryText,
  salaryMin: jobs.salaryMin,
  salaryMax: jobs.salaryMax,
  salaryCurrency: jobs.salaryCurrency,
  requirements: jobs.requirements,
  benefits: jobs.benefits,
  skills: jobs.skills,
  experience: jobs.experience,
  education: jobs.education,
  applicationDeadline: jobs.applicationDeadline,
  contactEmail: jobs.contactEmail,
  status: jobs.status,
  rejectionReason: jobs.rejectionReason,
  reviewedBy: jobs.reviewedBy,
  reviewedAt: jobs.reviewedAt,
  createdAt: jobs.createdAt,
  updatedAt: jobs.updatedAt,
};

export async function listJobs(db: Executor, f: { status: string; q?: string } & ListOpts) {
  const dir = f.status === 'pending' ? 'asc' : 'desc';
  return db
    .select({ j: jobCols, poster: personCols, id: jobs.id, cursorTs: cursorTs(jobs.createdAt) })
    .from(jobs)
    .innerJoin(users, eq(users.id, jobs.posterId))
    .where(
      and(
        f.status !== 'all' ? eq(jobs.status, f.status) : undefined,
        f.q ? or(ilike(jobs.title, likePattern(f.q)), ilike(jobs.companyName, likePattern(f.q))) : undefined,
        keyset(jobs.createdAt, jobs.id, f, dir),
      ),
    )
    .orderBy(...order(jobs.createdAt, jobs.id, dir))
    .limit(f.limit + 1);
}

export async function findJob(db: Executor, id: string, lock = false) {
  const q = db
    .select({ j: jobCols, poster: personCols })
    .from(jobs)
    .innerJoin(users, eq(users.id, jobs.posterId))
    .where(eq(jobs.id, id));
  const [row] = lock ? await q.for('update', { of: jobs }) : await q;
  return row as { j: JobRow; poster: { id: string; displayName: string; email: string } } | undefined;
}

// ---------- withdrawals ----------

// The destination recorded with the request (not the wallet's current one, which the user may
// have edited since): only the fields of the withdrawal's own method are filled.
const withdrawalCols = {
  w: withdrawals,
  user: personCols,
  payout: {
    upiId: withdrawals.payoutUpiId,
    bankAccountLast4: withdrawals.payoutBankAccountLast4,
    ifsc: withdrawals.payoutIfsc,
    accountHolderName: withdrawals.payoutAccountHolderName,
    bankName: withdrawals.payoutBankName,
  },
};

type WithdrawalRow = {
  w: typeof withdrawals.$inferSelect;
  user: { id: string; displayName: string; email: string };
  payout: AdminWithdrawal['payout'];
};

export function toAdminWithdrawal(r: WithdrawalRow, now: Date, slaMs: number): AdminWithdrawal {
  return {
    _id: r.w.id,
    user: person(r.user),
    amount: r.w.amount,
    status: r.w.status as AdminWithdrawal['status'],
    payoutMethod: r.w.payoutMethod,
    payout: r.payout,
    payoutReference: r.w.payoutReference,
    failureReason: r.w.failureReason,
    processedAt: iso(r.w.processedAt),
    createdAt: r.w.createdAt.toISOString(),
    ageMinutes: ageMinutes(r.w.createdAt, now),
    // PAYOUT_SLA: a request still pending after this long is flagged (issue 17).
    pastSla: r.w.status === 'pending' && now.getTime() - r.w.createdAt.getTime() > slaMs,
    testMode: r.w.testMode,
  };
}

export async function listWithdrawals(db: Executor, f: { status: string; q?: string } & ListOpts) {
  const dir = f.status === 'pending' ? 'asc' : 'desc';
  const like = f.q ? likePattern(f.q) : null;
  return db
    .select({ ...withdrawalCols, id: withdrawals.id, cursorTs: cursorTs(withdrawals.createdAt) })
    .from(withdrawals)
    .innerJoin(users, eq(users.id, withdrawals.userId))
    .where(
      and(
        f.status !== 'all' ? eq(withdrawals.status, f.status) : undefined,
        like ? or(ilike(users.displayName, like), ilike(users.email, like)) : undefined,
        keyset(withdrawals.createdAt, withdrawals.id, f, dir),
      ),
    )
    .orderBy(...order(withdrawals.createdAt, withdrawals.id, dir))
    .limit(f.limit + 1);
}

export async function findWithdrawal(
  db: Executor,
  id: string,
  lock = false,
): Promise<WithdrawalRow | undefined> {
  const q = db
    .select(withdrawalCols)
    .from(withdrawals)
    .innerJoin(users, eq(users.id, withdrawals.userId))
    .where(eq(withdrawals.id, id));
  const [row] = lock ? await q.for('update', { of: withdrawals }) : await q;
  return row;
}

export async function walletBalance(db: Executor, userId: string): Promise<number | null> {
  const [row] = await db.select({ balance: wallets.balance }).from(wallets).where(eq(wallets.userId, userId));
  return row?.balance ?? null;
}

// ---------- contact messages ----------

export function toAdminContact(c: typeof contactMessages.$inferSelect): AdminContactMessage {
  return {
    _id: c.id,
    name: c.name,
    email: c.email,
    subject: c.subject,
    category: c.category,
    message: c.message,
    userId: c.userId,
    createdAt: c.createdAt.toISOString(),
  };
}

export async function listContactMessages(db: Executor, f: { q?: string } & ListOpts) {
  const like = f.q ? likePattern(f.q) : null;
  return db
    .select({ c: contactMessages, id: contactMessages.id, cursorTs: cursorTs(contactMessages.createdAt) })
    .from(contactMessages)
    .where(
      and(
        like
          ? or(
              ilike(contactMessages.name, like),
              ilike(contactMessages.email, like),
              ilike(contactMessages.subject, like),
              ilike(contactMessages.message, like),
            )
          : undefined,
        keyset(contactMessages.createdAt, contactMessages.id, f, 'desc'),
      ),
    )
    .orderBy(...order(contactMessages.createdAt, contactMessages.id, 'desc'))
    .limit(f.limit + 1);
}

// ---------- audit log ----------

const actor = alias(users, 'actor');

export async function listAudit(
  db: Executor,
  f: { entityType?: string; entityId?: string; action?: string; actorId?: string } & ListOpts,
) {
  return db
    .select({
      a: auditLog,
      actor: { id: actor.id, displayName: actor.displayName, email: actor.email },
      id: auditLog.id,
      cursorTs: cursorTs(auditLog.createdAt),
    })
    .from(auditLog)
    .leftJoin(actor, eq(actor.id, auditLog.actorId))
    .where(
      and(
        f.entityType ? eq(auditLog.entityType, f.entityType) : undefined,
        f.entityId ? eq(auditLog.entityId, f.entityId) : undefined,
        f.action ? eq(auditLog.action, f.action) : undefined,
        f.actorId ? eq(auditLog.actorId, f.actorId) : undefined,
        keyset(auditLog.createdAt, auditLog.id, f, 'desc'),
      ),
    )
    .orderBy(...order(auditLog.createdAt, auditLog.id, 'desc'))
    .limit(f.limit + 1);
}

export function toAuditEntry(r: {
  a: typeof auditLog.$inferSelect;
  actor: { id: string; displayName: string; email: string } | null;
}): AuditEntry {
  return {
    _id: r.a.id,
    actor: r.actor?.id ? person(r.actor) : null,
    action: r.a.action,
    entityType: r.a.entityType,
    entityId: r.a.entityId,
    before: r.a.before,
    after: r.a.after,
    createdAt: r.a.createdAt.toISOString(),
  };
}

// ---------- overview ----------

function rowsOf(res: unknown): Record<string, unknown>[] {
  return ((res as { rows?: Record<string, unknown>[] }).rows ?? (res as Record<string, unknown>[])) as Record<
    string,
    unknown
  >[];
}

const num = (v: unknown) => Number(v ?? 0);

function values(r: Record<string, unknown>): OverviewValues {
  return {
    signups: num(r.signups),
    questions: num(r.questions),
    answers: num(r.answers),
    paidAmount: num(r.paid_amount),
    rewardsDistributed: num(r.rewards_distributed),
    withdrawals: num(r.withdrawals),
    ideas: num(r.ideas),
    hackathonRegistrations: num(r.hackathon_registrations),
    jobsPosted: num(r.jobs_posted),
  };
}

const METRICS = [
  'signups',
  'questions',
  'answers',
  'paid_amount',
  'rewards_distributed',
  'withdrawals',
  'ideas',
  'hackathon_registrations',
  'jobs_posted',
] as const;

/**
 * Every daily series in ONE query over overview_daily (per UTC day and metric, kept by triggers on
 * each table, migration 0015): at most 366 days × 9 metrics, whatever the size of the tables
 * (issue 18: the nine-table version spent a second in JIT compilation and scanned the range).
 * Empty days come out as zeros.
 */
export async function overviewSeries(db: Executor, from: string, to: string): Promise<OverviewPoint[]> {
  const cols = sql.join(
    METRICS.map(
      (m) => sql`coalesce(sum(o.v) filter (where o.metric = ${m}), 0)::bigint as ${sql.identifier(m)}`,
    ),
    sql`, `,
  );
  const res = await db.execute(sql`
    select to_char(d.day, 'YYYY-MM-DD') as date, ${cols}
      from generate_series(${from}::date, ${to}::date, interval '1 day') as d(day)
      left join ${overviewDaily} o
        on o.day = d.day::date and o.day between ${from}::date and ${to}::date
     group by d.day
     order by d.day`);
  return rowsOf(res).map((r) => ({ date: String(r.date), ...values(r) }));
}

/**
 * All-time totals (sums of overview_daily: one row per day and metric, not a count of each table)
 * and the review backlog (pending rows, each through its status index).
 */
export async function overviewTotals(db: Executor) {
  const res = await db.execute(sql`
    select
      ${sql.join(
        METRICS.map(
          (m) =>
            sql`(select coalesce(sum(v), 0) from ${overviewDaily} where metric = ${m}) as ${sql.identifier(m)}`,
        ),
        sql`, `,
      )},
      (select count(*) from ${hackathons} where status = 'pending') as pending_hackathons,
      (select count(*) from ${jobs} where status = 'pending') as pending_jobs,
      (select count(*) from ${withdrawals} where status = 'pending') as pending_withdrawals,
      (select count(*) from ${mailOutbox} where status = 'pending') as mail_pending,
      (select count(*) from ${mailOutbox} where status = 'failed') as mail_failed`);
  const r = rowsOf(res)[0] ?? {};
  return {
    ...values(r),
    users: num(r.signups),
    pendingHackathons: num(r.pending_hackathons),
    pendingJobs: num(r.pending_jobs),
    pendingWithdrawals: num(r.pending_withdrawals),
    mailPending: num(r.mail_pending),
    mailFailed: num(r.mail_failed),
  };
}

// ---------- mail outbox ----------

/** Puts given-up mail back in the queue (after SMTP was fixed); returns how many rows. */
export async function requeueFailedMail(db: Executor, now: Date): Promise<number> {
  const rows = await db
    .update(mailOutbox)
    .set({ status: 'pending', attempts: 0, nextAttemptAt: now, lastError: null })
    .where(eq(mailOutbox.status, 'failed'))
    .returning({ id: mailOutbox.id });
  return rows.length;
}
