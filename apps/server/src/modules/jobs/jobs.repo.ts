import {
  and,
  asc,
  desc,
  eq,
  getTableColumns,
  gte,
  ilike,
  inArray,
  isNull,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { files, jobCounts, jobs, users } from '../../db/schema/index.js';
import { keysetAfter, keysetOrder, likePattern, type ListOpts, personCols } from '../../lib/admin-list.js';
import { cursorTs } from '../../lib/cursor.js';

// Every column but the search vector, which is large and only ever used inside queries.
const { search: _search, ...jobColumns } = getTableColumns(jobs);

export type JobRow = Omit<typeof jobs.$inferSelect, 'search'>;
export type NewJobRow = typeof jobs.$inferInsert;
export type JobWithAuthor = { job: JobRow; authorName: string; authorEmail: string };
export type JobSort = 'newest' | 'oldest' | 'title' | 'company' | 'relevance';

export interface ListFilter {
  /** Only jobs whose application deadline is on or after this date (YYYY-MM-DD), or without one. */
  openOn: string;
  categories?: string[];
  levels?: string[];
  employmentTypes?: string[];
  /** A to_tsquery expression (already sanitised), or null. */
  tsquery: string | null;
  /** Lower-case alternatives matched as a prefix of city, state or country. */
  locations: string[];
  /** The location text asked for remote work. */
  remote: boolean;
  sort: JobSort;
  limit: number;
  offset: number;
}

const selectWithAuthor = {
  job: jobColumns,
  authorName: users.displayName,
  authorEmail: users.email,
};

export async function ownsUpload(
  db: Executor,
  ownerId: string,
  key: string,
  purpose: string,
): Promise<boolean> {
  const [row] = await db
    .select({ key: files.key })
    .from(files)
    .where(and(eq(files.key, key), eq(files.ownerId, ownerId), eq(files.purpose, purpose)));
  return row !== undefined;
}

export async function insertJob(db: Executor, values: NewJobRow): Promise<JobRow> {
  const [row] = await db.insert(jobs).values(values).returning(jobColumns);
  return row!;
}

export async function findJobWithAuthor(db: Executor, id: string): Promise<JobWithAuthor | undefined> {
  const [row] = await db
    .select(selectWithAuthor)
    .from(jobs)
    .innerJoin(users, eq(users.id, jobs.posterId))
    .where(eq(jobs.id, id))
    .limit(1);
  return row;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

function listedWhere(f: Pick<ListFilter, 'openOn'>): SQL {
  return and(
    eq(jobs.status, 'approved'),
    or(isNull(jobs.applicationDeadline), gte(jobs.applicationDeadline, f.openOn)),
  )!;
}

function filterWhere(f: ListFilter): SQL {
  const conds: SQL[] = [listedWhere(f)];
  if (f.categories?.length) conds.push(inArray(jobs.category, f.categories));
  if (f.levels?.length) conds.push(inArray(jobs.level, f.levels));
  if (f.employmentTypes?.length) conds.push(inArray(jobs.employmentType, f.employmentTypes));
  if (f.tsquery) {
    // A query made only of stop words has no lexemes: it then filters nothing instead of everything.
    conds.push(
      sql`(numnode(to_tsquery('english', ${f.tsquery})) = 0 or ${jobs.search} @@ to_tsquery('english', ${f.tsquery}))`,
    );
  }
  if (f.locations.length || f.remote) {
    const alts: SQL[] = [];
    for (const loc of f.locations) {
      const pattern = `${escapeLike(loc)}%`;
      alts.push(
        sql`lower(${jobs.city}) like ${pattern}`,
        sql`lower(coalesce(${jobs.state}, '')) like ${pattern}`,
        sql`lower(${jobs.country}) like ${pattern}`,
      );
    }
    if (f.remote) alts.push(eq(jobs.isRemote, true));
    conds.push(or(...alts)!);
  }
  return and(...conds)!;
}

function orderBy(f: ListFilter): SQL[] {
  switch (f.sort) {
    case 'oldest':
      return [asc(jobs.createdAt), asc(jobs.id)];
    case 'title':
      return [asc(sql`lower(${jobs.title})`), desc(jobs.createdAt), desc(jobs.id)];
    case 'company':
      return [asc(sql`lower(${jobs.companyName})`), asc(sql`lower(${jobs.title})`), desc(jobs.id)];
    case 'relevance':
      if (f.tsquery) {
        return [
          desc(sql`ts_rank(${jobs.search}, to_tsquery('english', ${f.tsquery}))`),
          desc(jobs.createdAt),
          desc(jobs.id),
        ];
      }
      return [desc(jobs.createdAt), desc(jobs.id)];
    default:
      return [desc(jobs.createdAt), desc(jobs.id)];
  }
}

/** A filtered list counts its matches up to this many, then says "1,000+" (issue 18). */
export const JOB_TOTAL_CAP = 1000;

/** node-postgres and PGlite both return `rows`. */
function rowsOf<T>(res: unknown): T[] {
  return ((res as { rows?: T[] }).rows ?? (res as T[])) as T[];
}

/**
 * One count and (only when the page exists) one bounded page query. The count never reads every
 * match (issue 18): listed jobs by category come from job_counts (kept by triggers, migration
 * 0015); any other filter counts at most JOB_TOTAL_CAP + 1 matches and reports `capped` past it.
 */
export async function listJobs(
  db: Executor,
  f: ListFilter,
): Promise<{ total: number; capped: boolean; rows: JobWithAuthor[] }> {
  const where = filterWhere(f);
  const byCountersOnly =
    !f.tsquery && !f.levels?.length && !f.employmentTypes?.length && !f.locations.length && !f.remote;
  let total: number;
  let capped = false;
  if (byCountersOnly) {
    total = await countListed(db, f.openOn, f.categories);
  } else {
    const res = await db.execute(
      sql`select count(*)::int as n from (select 1 from ${jobs} where ${where} limit ${JOB_TOTAL_CAP + 1}) c`,
    );
    const n = Number(rowsOf<{ n: number }>(res)[0]?.n ?? 0);
    capped = n > JOB_TOTAL_CAP;
    total = Math.min(n, JOB_TOTAL_CAP);
  }
  if (f.offset >= total) return { total, capped, rows: [] };
  // The page is chosen on jobs alone, then joined to its posters: a relevance order ranks every
  // match, and joining before the LIMIT looked up a poster for each of them (issue 10). Relevance
  // ranks the newest JOB_TOTAL_CAP matches, not all of them (issue 18): the same bound as the total.
  let pageIds: string[];
  if (f.sort === 'relevance' && f.tsquery) {
    const q = sql`to_tsquery('english', ${f.tsquery})`;
    const res = await db.execute(sql`
      select p.id from (
        select ${jobs.id} as id, ${jobs.search} as search, ${jobs.createdAt} as created_at
          from ${jobs} where ${where}
         order by ${jobs.createdAt} desc, ${jobs.id} desc limit ${JOB_TOTAL_CAP}
      ) p order by ts_rank(p.search, ${q}) desc, p.created_at desc, p.id desc
      limit ${f.limit} offset ${f.offset}`);
    pageIds = rowsOf<{ id: string }>(res).map((r) => r.id);
  } else {
    const page = await db
      .select({ id: jobs.id })
      .from(jobs)
      .where(where)
      .orderBy(...orderBy(f))
      .limit(f.limit)
      .offset(f.offset);
    pageIds = page.map((r) => r.id);
  }
  if (pageIds.length === 0) return { total, capped, rows: [] };
  const rows = await db
    .select(selectWithAuthor)
    .from(jobs)
    .innerJoin(users, eq(users.id, jobs.posterId))
    .where(inArray(jobs.id, pageIds))
    .orderBy(...orderBy(f));
  return { total, capped, rows };
}

/** Listed jobs (approved, open on `openOn`) in the given categories or all: a sum over job_counts. */
async function countListed(db: Executor, openOn: string, categories?: string[]): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${jobCounts.approved}), 0)::int` })
    .from(jobCounts)
    .where(
      and(
        gte(jobCounts.deadline, openOn),
        categories?.length ? inArray(jobCounts.category, categories) : undefined,
      ),
    );
  return Number(row?.n ?? 0);
}

/** Listed jobs per category: job_counts rows still open on `openOn` (no scan of jobs). */
export async function countByCategory(
  db: Executor,
  openOn: string,
): Promise<Array<{ category: string; n: number }>> {
  return db
    .select({ category: jobCounts.category, n: sql<number>`sum(${jobCounts.approved})::int` })
    .from(jobCounts)
    .where(gte(jobCounts.deadline, openOn))
    .groupBy(jobCounts.category)
    .having(sql`sum(${jobCounts.approved}) > 0`);
}

/** Moves a job out of `from` (compare-and-set, so two reviewers cannot both decide it). */
export async function reviewJob(
  db: Executor,
  id: string,
  from: string,
  set: Pick<NewJobRow, 'status' | 'reviewedBy' | 'reviewedAt' | 'rejectionReason' | 'updatedAt'>,
): Promise<JobRow | undefined> {
  const [row] = await db
    .update(jobs)
    .set(set)
    .where(and(eq(jobs.id, id), eq(jobs.status, from)))
    .returning(jobColumns);
  return row;
}

/** The poster's own postings, every status, newest first. */
export async function listByPoster(db: Executor, posterId: string, limit: number): Promise<JobRow[]> {
  return db
    .select(jobColumns)
    .from(jobs)
    .where(eq(jobs.posterId, posterId))
    .orderBy(desc(jobs.createdAt), desc(jobs.id))
    .limit(limit);
}

/** Replaces a posting's fields, only for its poster (the condition is in the statement). */
export async function updateJob(
  db: Executor,
  id: string,
  posterId: string,
  set: Partial<NewJobRow>,
): Promise<JobRow | undefined> {
  const [row] = await db
    .update(jobs)
    .set(set)
    .where(and(eq(jobs.id, id), eq(jobs.posterId, posterId)))
    .returning(jobColumns);
  return row;
}

// ---------- admin ----------

/** The admin's review queue: pending ones oldest first; other views newest first. */
export async function listForAdmin(db: Executor, f: { status: string; q?: string } & ListOpts) {
  const dir = f.status === 'pending' ? 'asc' : 'desc';
  return db
    .select({ j: jobColumns, poster: personCols, id: jobs.id, cursorTs: cursorTs(jobs.createdAt) })
    .from(jobs)
    .innerJoin(users, eq(users.id, jobs.posterId))
    .where(
      and(
        f.status !== 'all' ? eq(jobs.status, f.status) : undefined,
        f.q ? or(ilike(jobs.title, likePattern(f.q)), ilike(jobs.companyName, likePattern(f.q))) : undefined,
        keysetAfter(jobs.createdAt, jobs.id, f, dir),
      ),
    )
    .orderBy(...keysetOrder(jobs.createdAt, jobs.id, dir))
    .limit(f.limit + 1);
}

/** The job with its poster; `lock` locks the job row for the rest of the transaction. */
export async function findForAdmin(
  db: Executor,
  id: string,
  lock = false,
): Promise<{ j: JobRow; poster: { id: string; displayName: string; email: string } } | undefined> {
  const q = db
    .select({ j: jobColumns, poster: personCols })
    .from(jobs)
    .innerJoin(users, eq(users.id, jobs.posterId))
    .where(eq(jobs.id, id));
  const [row] = lock ? await q.for('update', { of: jobs }) : await q;
  return row;
}
