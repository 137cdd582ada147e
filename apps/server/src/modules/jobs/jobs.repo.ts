import { and, asc, desc, eq, getTableColumns, gte, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { files, jobs, users } from '../../db/schema/index.js';

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

/** One count and (only when the page exists) one bounded page query. */
export async function listJobs(
  db: Executor,
  f: ListFilter,
): Promise<{ total: number; rows: JobWithAuthor[] }> {
  const where = filterWhere(f);
  const [counted] = await db.select({ n: sql<number>`count(*)::int` }).from(jobs).where(where);
  const total = Number(counted?.n ?? 0);
  if (f.offset >= total) return { total, rows: [] };
  // The page is chosen on jobs alone, then joined to its posters: a relevance order ranks every
  // match, and joining before the LIMIT looked up a poster for each of them (issue 10).
  const page = db
    .select({ id: jobs.id })
    .from(jobs)
    .where(where)
    .orderBy(...orderBy(f))
    .limit(f.limit)
    .offset(f.offset);
  const rows = await db
    .select(selectWithAuthor)
    .from(jobs)
    .innerJoin(users, eq(users.id, jobs.posterId))
    .where(inArray(jobs.id, page))
    .orderBy(...orderBy(f));
  return { total, rows };
}

/** Listed jobs per category, in one grouped query. */
export async function countByCategory(
  db: Executor,
  openOn: string,
): Promise<Array<{ category: string; n: number }>> {
  return db
    .select({ category: jobs.category, n: sql<number>`count(*)::int` })
    .from(jobs)
    .where(listedWhere({ openOn }))
    .groupBy(jobs.category);
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
