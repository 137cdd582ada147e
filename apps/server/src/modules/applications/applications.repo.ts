import { and, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { prepared, rowCount, slot } from '../../db/prepared.js';
import { jobApplications, jobs, users } from '../../db/schema/index.js';
import { cursorTs, type Keyset } from '../../lib/cursor.js';

export type ApplicationRow = typeof jobApplications.$inferSelect;
export type ApplicationInsert = typeof jobApplications.$inferInsert;
export type HistoryEntry = ApplicationRow['history'][number];

/** An application with what its JSON names: the job's title and company, the applicant's name. */
export interface ApplicationRecord {
  a: ApplicationRow;
  jobTitle: string;
  jobCompany: string;
  posterId: string;
  applicantName: string;
  applicantEmail: string;
  cursorTs: string;
}

function selectRecords(exec: Executor) {
  return exec
    .select({
      a: jobApplications,
      jobTitle: jobs.title,
      jobCompany: jobs.companyName,
      posterId: jobs.posterId,
      applicantName: users.displayName,
      applicantEmail: users.email,
      cursorTs: cursorTs(jobApplications.createdAt),
    })
    .from(jobApplications)
    .innerJoin(jobs, eq(jobs.id, jobApplications.jobId))
    .innerJoin(users, eq(users.id, jobApplications.applicantId));
}

const recordById = prepared((exec) =>
  selectRecords(exec)
    .where(eq(jobApplications.id, slot<string>('id')))
    .limit(rowCount(1)),
);

export async function findRecord(exec: Executor, id: string): Promise<ApplicationRecord | undefined> {
  const [row] = await recordById(exec, undefined, { id });
  return row;
}

/** The row alone, locked until the transaction ends: status changes and withdrawals queue on it. */
export async function lockRow(exec: Executor, id: string): Promise<ApplicationRow | undefined> {
  const [row] = await exec.select().from(jobApplications).where(eq(jobApplications.id, id)).for('update');
  return row;
}

export async function existsFor(exec: Executor, jobId: string, applicantId: string): Promise<boolean> {
  const [row] = await exec
    .select({ id: jobApplications.id })
    .from(jobApplications)
    .where(and(eq(jobApplications.jobId, jobId), eq(jobApplications.applicantId, applicantId)))
    .limit(1);
  return row !== undefined;
}

export async function insertApplication(exec: Executor, values: ApplicationInsert): Promise<ApplicationRow> {
  const [row] = await exec.insert(jobApplications).values(values).returning();
  return row!;
}

/** Sets the status and appends its history entry in one statement (the row is locked by the caller). */
export async function setStatus(
  exec: Executor,
  id: string,
  entry: HistoryEntry,
  now: Date,
): Promise<ApplicationRow | undefined> {
  const [row] = await exec
    .update(jobApplications)
    .set({
      status: entry.status,
      history: sql`${jobApplications.history} || ${JSON.stringify([entry])}::jsonb`,
      updatedAt: now,
    })
    .where(eq(jobApplications.id, id))
    .returning();
  return row;
}

/** `(created_at, id) < cursor`, newest first, as the indexes order them. */
const before = (k: boolean): SQL | undefined =>
  k
    ? sql`(${jobApplications.createdAt}, ${jobApplications.id}) < (${slot('ts')}::timestamptz, ${slot('cid')}::uuid)`
    : undefined;

const newestFirst = [desc(jobApplications.createdAt), desc(jobApplications.id)];

/** The seeker's applications, newest first (index job_applications_applicant_idx). */
const mineStatement = prepared((exec, shape: { cursor: boolean; limit: number }) =>
  selectRecords(exec)
    .where(and(eq(jobApplications.applicantId, slot<string>('userId')), before(shape.cursor)))
    .orderBy(...newestFirst)
    .limit(rowCount(shape.limit + 1)),
);

export function pageOfMine(
  exec: Executor,
  userId: string,
  cursor: Keyset | null,
  limit: number,
): Promise<ApplicationRecord[]> {
  return mineStatement(
    exec,
    { cursor: cursor !== null, limit },
    { userId, ...(cursor ? { ts: cursor.ts, cid: cursor.id } : {}) },
  );
}

/** One application as the ranked pipeline orders it (applications.pipeline.service.ts). */
export interface PipelineKey {
  id: string;
  applicantId: string;
  screened: boolean;
  cursorTs: string;
}

/**
 * Every application to a job, just what ranking them by match needs (index job_applications_job_idx,
 * no row of another table): the pipeline is ordered by the applicants' match, which is computed
 * from their profiles as they are now, so the order is decided after this read.
 */
export function pipelineKeys(exec: Executor, jobId: string): Promise<PipelineKey[]> {
  return exec
    .select({
      id: jobApplications.id,
      applicantId: jobApplications.applicantId,
      screened: jobApplications.screenedOut,
      cursorTs: cursorTs(jobApplications.createdAt),
    })
    .from(jobApplications)
    .where(eq(jobApplications.jobId, jobId));
}

// ---------- reads other areas show (applications.read.ts)

/** The viewer's own application to one job: what the job page shows instead of the Apply button. */
const mineByJob = prepared((exec) =>
  exec
    .select({ id: jobApplications.id, status: jobApplications.status, createdAt: jobApplications.createdAt })
    .from(jobApplications)
    .where(
      and(
        eq(jobApplications.jobId, slot<string>('jobId')),
        eq(jobApplications.applicantId, slot<string>('userId')),
      ),
    )
    .limit(rowCount(1)),
);

export async function findMineForJob(exec: Executor, jobId: string, userId: string) {
  const [row] = await mineByJob(exec, undefined, { jobId, userId });
  return row;
}

/** Applications per job and status for a page of the poster's jobs, in one statement. */
const countsByJobs = prepared((exec) =>
  exec
    .select({
      jobId: jobApplications.jobId,
      status: jobApplications.status,
      n: sql<number>`count(*)::int`,
    })
    .from(jobApplications)
    .where(sql`${jobApplications.jobId} = any(${slot('ids')}::uuid[])`)
    .groupBy(jobApplications.jobId, jobApplications.status),
);

export function countByJobAndStatus(
  exec: Executor,
  jobIds: string[],
): Promise<Array<{ jobId: string; status: string; n: number }>> {
  return countsByJobs(exec, undefined, { ids: jobIds });
}

/** Applications by id with their job's title and company and the applicant's name (the referrals' lists). */
export function recordsByIds(exec: Executor, ids: readonly string[]): Promise<ApplicationRecord[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return selectRecords(exec).where(inArray(jobApplications.id, [...new Set(ids)]));
}
