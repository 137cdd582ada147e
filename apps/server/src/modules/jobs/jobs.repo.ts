import { LEVEL_RUNGS, MATCH_POINTS } from '@agora/shared';
import { and, asc, desc, eq, getTableColumns, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import {
  indexed,
  initPlanValue,
  type PlaceholderValues,
  pageOffset,
  prepared,
  rowCount,
  slot,
  slots,
} from '../../db/prepared.js';
import { files, jobOpenAsof, jobOpenCounts, jobs, users } from '../../db/schema/index.js';
import { keysetAfter, keysetOrder, likePattern, type ListOpts, personCols } from '../../lib/admin-list.js';
import { cursorTs } from '../../lib/cursor.js';
import { tsQueryOnce } from '../../db/text-search.js';
import { atVersion, nextVersion } from '../../db/versions.js';

// Every column but the search vector and the location key, only ever used inside queries.
const { search: _search, locationKey: _locationKey, ...jobColumns } = getTableColumns(jobs);

export type JobRow = Omit<typeof jobs.$inferSelect, 'search' | 'locationKey'>;
export type NewJobRow = typeof jobs.$inferInsert;
export type JobWithAuthor = { job: JobRow; authorName: string; authorEmail: string };
export type JobSort = 'newest' | 'oldest' | 'title' | 'company' | 'relevance' | 'match';

/** What `sort=match` scores jobs against (jobs.match.ts matchValues): the viewer's profile. */
export interface MatchValues {
  /** The profile's skill keys (its own and inferred skills, folded). */
  keys: string[];
  /** The profile level's rung (LEVEL_RUNGS), or null without one. */
  rung: number | null;
  /** The profile location's first place and its other names, lower-case (placeTerms). */
  places: string[];
}

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
  /** With sort 'match': the profile the jobs are scored against. */
  match?: MatchValues;
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

/** A job by id with its poster: built once per handle (db/prepared.ts). */
const jobById = prepared((db) =>
  db
    .select(selectWithAuthor)
    .from(jobs)
    .innerJoin(users, eq(users.id, jobs.posterId))
    .where(eq(jobs.id, slot<string>('id')))
    .limit(rowCount(1)),
);

export async function findJobWithAuthor(db: Executor, id: string): Promise<JobWithAuthor | undefined> {
  const [row] = await jobById(db, undefined, { id });
  return row;
}

/** The poster of a job, or null when there is no such job. */
export async function posterOf(db: Executor, id: string): Promise<string | null> {
  const [row] = await db.select({ posterId: jobs.posterId }).from(jobs).where(eq(jobs.id, id));
  return row?.posterId ?? null;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * What changes the text of a list statement (db/prepared.ts): how many values each filter has,
 * whether there is a text search or "remote", and the sort. Each request fills in the values.
 */
interface JobShape {
  categories: number;
  levels: number;
  types: number;
  /** Whether a location was asked for (its alternatives are one array value). */
  location: boolean;
  remote: boolean;
  text: boolean;
  sort: JobSort;
  /** The page size, in the statement's text (rowCount). */
  limit: number;
  /** Whether the page starts past the first row: only then is the offset a value (pageOffset). */
  offset: boolean;
}

function jobShape(f: ListFilter): JobShape {
  return {
    categories: f.categories?.length ?? 0,
    levels: f.levels?.length ?? 0,
    types: f.employmentTypes?.length ?? 0,
    location: f.locations.length > 0,
    remote: f.remote,
    text: f.tsquery !== null,
    sort: f.sort,
    limit: f.limit,
    offset: f.offset > 0,
  };
}

/**
 * The filter of a shape with placeholders for its values (jobValues): the where and order
 * builders below read only this. The locations are one placeholder, the array of their LIKE
 * patterns (locationPatterns), or none.
 */
function slotted(s: JobShape): ListFilter {
  return {
    openOn: slot<string>('openOn'),
    categories: slots('cat', s.categories),
    levels: slots('level', s.levels),
    employmentTypes: slots('type', s.types),
    tsquery: s.text ? slot<string>('tsquery') : null,
    locations: s.location ? [slot<string>('locations')] : [],
    remote: s.remote,
    sort: s.sort,
    ...(s.sort === 'match'
      ? {
          match: {
            keys: slot<string[]>('matchKeys'),
            rung: slot<number | null>('matchRung'),
            places: slot<string[]>('matchPlaces'),
          },
        }
      : {}),
    // The first page's offset is a literal 0, a later page's an InitPlan's value: with `offset $n`
    // (as with `limit $n`) PostgreSQL plans every execution anew (rowCount, pageOffset).
    limit: rowCount(s.limit),
    offset: s.offset ? pageOffset('offset') : rowCount(0),
  };
}

function jobValues(f: ListFilter): PlaceholderValues {
  return {
    openOn: f.openOn,
    tsquery: f.tsquery,
    offset: f.offset,
    ...indexed('cat', f.categories),
    ...indexed('level', f.levels),
    ...indexed('type', f.employmentTypes),
    locations: locationPatterns(f.locations),
    ...(f.match ? { matchKeys: f.match.keys, matchRung: f.match.rung, matchPlaces: f.match.places } : {}),
  };
}

/**
 * The LIKE patterns of `jobs.location_key` (city, state and country lower-cased, one per line:
 * migration 0021) for location terms matched as a prefix of any of the three: `term%` is the
 * city's, `%\nterm%` the state's or the country's. A term never holds a newline (locationTerms
 * collapses whitespace); one that did would still match only where the old three LIKEs matched a
 * field's prefix or spanned two fields.
 */
export function locationPatterns(locations: readonly string[]): string[] {
  return locations.flatMap((loc) => {
    const term = escapeLike(loc);
    return [`${term}%`, `%\n${term}%`];
  });
}

/**
 * Approved and open on `openOn`. Written so that a prepared statement's generic plan is costed as
 * its custom plans are, and PostgreSQL keeps it (db/prepared.ts rowCount): the status a literal
 * (as `status = $1` the generic plan assumes an average status), the deadline one expression
 * without statistics (a custom plan read `deadline >= '2026-11-26'` off the column's histogram,
 * the generic plan guessed a third, and the search window's pass was planned at every request).
 */
function listedWhere(f: Pick<ListFilter, 'openOn'>): SQL {
  return sql`(${jobs.status} = 'approved' and coalesce(${jobs.applicationDeadline}, 'infinity'::date) >= ${f.openOn})`;
}

/** Listed jobs in the chosen categories: what the counters know and the indexes are ordered by. */
function baseWhere(f: ListFilter): SQL {
  const conds: SQL[] = [listedWhere(f)];
  if (f.categories?.length) conds.push(inArray(jobs.category, f.categories));
  return and(...conds)!;
}

function filterWhere(f: ListFilter): SQL {
  const rest = restWhere(f);
  return rest ? and(baseWhere(f), rest)! : baseWhere(f);
}

/** The other filters (level, type, search, location), checked row by row; undefined when none. */
function restWhere(f: ListFilter): SQL | undefined {
  const conds = [boundedWhere(f), textWhere(f, jobs.search)].filter((c): c is SQL => c !== undefined);
  return conds.length ? and(...conds) : undefined;
}

/** The filter's search words as a tsquery, computed once per statement (db/text-search.ts). */
const tsQueryOf = (f: ListFilter): SQL => tsQueryOnce(sql`to_tsquery('english', ${f.tsquery})`);

/**
 * The text search on a search column (`jobs.search`, or an alias's); undefined without one. Written
 * as `search @@ query`, which the full-text index serves and PostgreSQL estimates as rare.
 */
function textWhere(f: ListFilter, search: SQL | typeof jobs.search): SQL | undefined {
  if (!f.tsquery) return undefined;
  // A query made only of stop words has no lexemes: it then filters nothing instead of everything.
  const query = tsQueryOf(f);
  return sql`(numnode(${query}) = 0 or ${search} @@ ${query})`;
}

/**
 * The same test for the search window (windowSource), as a CASE that PostgreSQL cannot see into
 * and estimates as true for half the rows. As `search @@ query` it estimated 0.5 % (no statistics
 * for a query it learns at run time), so it expected the window's 2,000 jobs to hold about 10
 * matches, planned to read all of them before the LIMIT of 101, and read them in the cheapest
 * way for that: every listed job in the category through a bitmap, then a sort (scale 1000,
 * `search=developer&category=Engineering`: 6,192 jobs, 6.9 ms; pgbench), or every job in a
 * sequential scan at scale 100 (`search=developer`: 1.8 ms). At half the rows, 101 matches are
 * 10 % of the window and the walk in date order that stops at them is the cheap plan: 0.45 and
 * 0.35 ms. The full pass keeps textWhere: it runs for rare words, through the full-text index.
 */
function windowTextWhere(f: ListFilter, search: SQL | typeof jobs.search): SQL | undefined {
  if (!f.tsquery) return undefined;
  const query = tsQueryOf(f);
  return sql`(case when numnode(${query}) = 0 then true else ${search} @@ ${query} end)`;
}

/**
 * Level, type and location: columns the two jobs indexes carry (migrations 0019, 0021); undefined
 * when none. In a slotted filter `locations` holds one placeholder: the array of jobValues'
 * patterns (locationPatterns).
 */
function boundedWhere(f: ListFilter): SQL | undefined {
  const conds: SQL[] = [];
  if (f.levels?.length) conds.push(inArray(jobs.level, f.levels));
  if (f.employmentTypes?.length) conds.push(inArray(jobs.employmentType, f.employmentTypes));
  if (f.locations.length || f.remote) {
    const alts: SQL[] = [];
    // One LIKE ANY over the lower-cased key: per row, no lower() and one comparison per pattern.
    const [patterns] = f.locations;
    if (patterns !== undefined) alts.push(sql`${jobs.locationKey} like any(${patterns}::text[])`);
    if (f.remote) alts.push(eq(jobs.isRemote, true));
    conds.push(or(...alts)!);
  }
  return conds.length ? and(...conds) : undefined;
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
        return [desc(sql`ts_rank(${jobs.search}, ${tsQueryOf(f)})`), desc(jobs.createdAt), desc(jobs.id)];
      }
      return [desc(jobs.createdAt), desc(jobs.id)];
    default:
      return [desc(jobs.createdAt), desc(jobs.id)];
  }
}

/**
 * A filtered list counts its matches up to this many, then says "100+": counting or
 * ranking every match of a broad search ("developer" is one job in ten) grows with the table.
 */
export const JOB_TOTAL_CAP = 100;

/** How many of the newest listed jobs (in the chosen categories) a filtered list reads first. */
export const JOB_WINDOW = 2000;

/**
 * How many of the newest listed jobs (matching the filters) sort=match scores. Scoring reads each
 * one's skills from its row (not in the walked index), so the window is smaller than a search's:
 * the best matches among the newest 500 jobs that fit the filters, as fast at any table size.
 */
export const MATCH_WINDOW = 500;

/** The window a filtered list of this sort walks. */
const windowOf = (f: Pick<ListFilter, 'sort'>) => (f.sort === 'match' ? MATCH_WINDOW : JOB_WINDOW);

/**
 * How many of the window's jobs a text search reads first: with no match among them the word is
 * rare (a word in one job of twenty is missing from 250 jobs about once in 370,000 searches), and
 * the rest of the window is skipped for the full-text index (fullSource).
 */
export const JOB_PROBE = 250;

/** Whether the window of this filter starts with a probe (windowSource). */
const probed = (f: ListFilter) => Boolean(f.tsquery) && boundedWhere(f) === undefined;

/**
 * The window's source: the newest JOB_WINDOW listed jobs in date order (an index range, read only
 * until the cap is reached), filtered. With a text search and no level, type or location (probed),
 * in two stages in one statement: the newest JOB_PROBE jobs, then the rest of the window after the
 * probe's last job under a LIMIT of the matches still missing, which is 0 (not one row read) when
 * the probe found none, or more than the cap. A word no job holds read all 2,000 jobs before the
 * full-text index said so (scale 1000: 712 req/s against 1,740 at scale 10, where 500 jobs are
 * listed); it now reads 250.
 */
function windowSource(f: ListFilter): SQL {
  const bounded = boundedWhere(f);
  const text = windowTextWhere(f, jobs.search);
  // The walk reads only columns the indexes carry (migration 0019): an index-only scan. The
  // tsvector cannot be one of them (a b-tree row holds 2,704 bytes; a description 10,000 chars).
  const walk = (withSearch: boolean, limit: number, after?: SQL) => sql`select ${sql.join(
    [
      jobs.id,
      jobs.createdAt,
      ...(withSearch ? [jobs.search] : []),
      jobs.level,
      jobs.employmentType,
      jobs.locationKey,
      jobs.isRemote,
    ].map((c) => sql.identifier(c.name)),
    sql`, `,
  )} from ${jobs} where ${baseWhere(f)}${after ? sql` and ${after}` : sql``}
       order by ${byDate(f, jobs.createdAt, jobs.id)} limit ${rowCount(limit)}`;
  // Bounded filters alone never leave the index.
  if (!text) return sql`(${walk(false, windowOf(f))}) as ${jobs} where ${bounded ?? sql`true`}`;
  if (bounded) {
    // Text and other filters: the text is checked on the heap row (joined by id) only for the rows
    // the bounded filters kept (developer + Engineering + Bengaluru: 169 of 921 walked jobs).
    return sql`(
      select ${jobs.id}, ${jobs.createdAt}, j.search from (${walk(false, windowOf(f))}) as ${jobs}
        join ${jobs} as j on j.id = ${jobs.id}
       where ${bounded} and ${windowTextWhere(f, sql`j.search`)}
    ) as ${jobs}`;
  }
  // The text alone reads each walked row's heap tuple once in the walk (a join by id would add a
  // primary-key descent per row): in two stages, the rest after the probe's last job (found by an
  // index-only walk). With other filters the probe would save less (their test leaves the heap
  // alone for most rows) and cost the combined search a tenth more (pgbench: 0.80 → 0.89 ms).
  const matches = (walked: SQL) =>
    sql`select ${jobs.id}, ${jobs.createdAt}, ${jobs.search} from ${walked} where ${text}`;
  const last = sql`(select ${jobs.createdAt}, ${jobs.id} from ${jobs} where ${baseWhere(f)}
     order by ${byDate(f, jobs.createdAt, jobs.id)} offset ${rowCount(JOB_PROBE - 1)} limit 1)`;
  const after = sql`(${jobs.createdAt}, ${jobs.id}) ${sql.raw(f.sort === 'oldest' ? '>' : '<')} ${last}`;
  const missing = sql`(select case when count(*) between 1 and ${rowCount(JOB_TOTAL_CAP)}
                                   then ${rowCount(JOB_TOTAL_CAP + 1)} - count(*) else 0 end from found)`;
  return sql`(
    with found as materialized (${matches(sql`(${walk(true, JOB_PROBE)}) as ${jobs}`)})
    select * from found
    union all
    (${matches(sql`(${walk(true, windowOf(f) - JOB_PROBE, after)}) as ${jobs}`)} limit ${missing})
  ) as ${jobs}`;
}

/**
 * The page of a filtered list (search, level, type, location) in any order but the oldest first:
 * one pass over the newest JOB_TOTAL_CAP + 1 matches gives both the capped total and the page
 * (relevance ranks those newest matches, the title and company orders sort them), so a broad
 * search reads a bounded number of rows. Sorting every match by title read all of them: 47 req/s
 * for `search=developer&sort=title` at scale 1000.
 *
 * The pass first walks the newest JOB_WINDOW listed jobs (windowSource) and filters them; the
 * planner cannot misjudge that (it estimated 119 matches for "developer" in Engineering in
 * Bengaluru where 605 exist, and read all 4,156 jobs matching the first two through a bitmap).
 * Only when the window holds at most JOB_TOTAL_CAP matches and more listed jobs exist than it read
 * (a rare word; a text search with no match in its probe read JOB_PROBE jobs, not the window) is
 * the search repeated over every listed job, where the planner's bitmap over the few matches is
 * the right plan.
 */
async function cappedPage(
  db: Executor,
  f: ListFilter,
  shape: JobShape,
  values: PlaceholderValues,
): Promise<{ total: number; capped: boolean; rows: JobWithAuthor[] }> {
  const window = await windowPage(db, shape, values);
  const n = Number(window[0]?.n ?? 0);
  // More than the cap in the window, or it read every listed job: the answer is complete.
  if (n > JOB_TOTAL_CAP) return pageOf(window);
  const read = probed(f) && n === 0 ? JOB_PROBE : windowOf(f);
  const listed = carriedListed(window[0], f.openOn) ?? (await countListed(db, f.openOn, f.categories));
  if (listed <= read) return pageOf(window);
  return pageOf(await fullPage(db, shape, values));
}

type PageRow = { n: number; job: JobRow | null; authorName: string | null; authorEmail: string | null };

function pageOf(rows: PageRow[]) {
  const n = Number(rows[0]?.n ?? 0);
  const page: JobWithAuthor[] = [];
  for (const { job, authorName, authorEmail } of rows) {
    // A job always has its poster (poster_id is not null, on delete cascade).
    if (job) page.push({ job, authorName: authorName!, authorEmail: authorEmail! });
  }
  return { total: Math.min(n, JOB_TOTAL_CAP), capped: n > JOB_TOTAL_CAP, rows: page };
}

/**
 * A pass over `source` and its page's rows with their posters, in one statement: the pass gives
 * the capped count and the page's ids in the page's order (ranked or sorted there), then each id's
 * row is read by key. With no page (no match, or past the last one) the one row has no job.
 */
function pageOfPass(db: Executor, f: ListFilter, source: SQL, counters = false) {
  return db
    .select({ n: sql<number>`pass.n`, ...selectWithAuthor, ...openCounters(f, counters) })
    .from(sql`(${pass(f, source)}) as pass`)
    .leftJoin(jobs, sql`${jobs.id} = any(pass.ids)`)
    .leftJoin(users, eq(users.id, jobs.posterId))
    .orderBy(sql`array_position(pass.ids, ${jobs.id})`);
}

/**
 * The date order a filtered list's pass reads its matches in: the newest first, or the oldest first
 * for that order (the window is then the oldest JOB_WINDOW listed jobs, an index walked backwards).
 */
function byDate(f: ListFilter, createdAt: SQL | typeof jobs.createdAt, id: SQL | typeof jobs.id): SQL {
  return f.sort === 'oldest' ? sql`${createdAt} asc, ${id} asc` : sql`${createdAt} desc, ${id} desc`;
}

/**
 * One statement: the first JOB_TOTAL_CAP + 1 matches from `source` in date order (byDate), their
 * count and the page.
 */
function pass(f: ListFilter, source: SQL): SQL {
  if (f.sort === 'match') return matchPass(f, source);
  const ranked = f.sort === 'relevance' && f.tsquery;
  // The page's order among the newest JOB_TOTAL_CAP matches: relevance ranks them, the name orders
  // sort them by title or company (read by key for those hundred jobs; orderBy's order).
  const named = f.sort === 'title' || f.sort === 'company';
  const order = ranked
    ? sql`ts_rank(p.search, ${tsQueryOf(f)}) desc, p.created_at desc, p.id desc`
    : f.sort === 'title'
      ? sql`lower(t.title) asc, p.created_at desc, p.id desc`
      : f.sort === 'company'
        ? sql`lower(t.company_name) asc, lower(t.title) asc, p.id desc`
        : byDate(f, sql`p.created_at`, sql`p.id`);
  // Without a text search the source has no search column (the walk is index-only).
  return sql`
    with m as materialized (
      select ${jobs.id} as id, ${ranked ? sql`${jobs.search} as search, ` : sql``}${jobs.createdAt} as created_at
        from ${source}
       order by ${byDate(f, jobs.createdAt, jobs.id)} limit ${rowCount(JOB_TOTAL_CAP + 1)}
    )
    select (select count(*)::int from m) as n,
           array(
             select p.id from (
               select * from m order by ${byDate(f, sql`created_at`, sql`id`)} limit ${rowCount(JOB_TOTAL_CAP)}
             ) p${named ? sql` join ${jobs} as t on t.id = p.id` : sql``}
              order by ${order} limit ${f.limit} offset ${f.offset}
           ) as ids`;
}

/** A job's level as its rung (LEVEL_RUNGS), null for a level on no rung; `level` is the column. */
function rungSql(level: SQL): SQL {
  const whens = Object.entries(LEVEL_RUNGS).map(
    ([name, rung]) => sql`when ${sql.raw(`'${name.replace(/'/g, "''")}'`)} then ${sql.raw(String(rung))}`,
  );
  return sql`(case ${level} ${sql.join(whens, sql` `)} end)`;
}

/**
 * The match score of the job row aliased `j` for the profile in `m`, in SQL: the same integers as
 * the shared computeMatch (domain/job-match.ts), so the order is the score the page shows. Level
 * and location in half points (0, 15, 30); the skill share over the job's skill keys; rounded half
 * up by integer division. The profile's keys are one array value: `k = any(keys)` per job skill.
 */
function matchScoreSql(values: MatchValues): SQL {
  // The profile's values as InitPlans (initPlanValue): a custom plan cannot peek at them and is
  // costed as the generic one, which PostgreSQL then keeps instead of planning every request.
  const m = {
    keys: initPlanValue(sql`${values.keys}::text[]`),
    rung: initPlanValue(sql`${values.rung}::int`),
    places: initPlanValue(sql`${values.places}::text[]`),
  };
  const full = (p: number) => sql.raw(String(2 * p));
  const half = (p: number) => sql.raw(String(p));
  const rung = rungSql(sql`j.level`);
  const level = sql`(case when ${rung} is null then ${full(MATCH_POINTS.level)}
                          when ${m.rung} is null then ${half(MATCH_POINTS.level)}
                          when abs(${rung} - ${m.rung}) = 0 then ${full(MATCH_POINTS.level)}
                          when abs(${rung} - ${m.rung}) = 1 then ${half(MATCH_POINTS.level)}
                          else 0 end)`;
  const place = sql`(case when j.is_remote then ${full(MATCH_POINTS.location)}
                          when cardinality(${m.places}) = 0 then ${half(MATCH_POINTS.location)}
                          when string_to_array(j.location_key, E'\\n') && ${m.places} then ${full(MATCH_POINTS.location)}
                          else 0 end)`;
  const n = sql`cardinality(j.skill_keys)`;
  const have = sql`(case when j.skill_keys && ${m.keys}
                         then (select count(*)::int from unnest(j.skill_keys) k where k = any(${m.keys}::text[]))
                         else 0 end)`;
  return sql`(case when coalesce(${n}, 0) = 0 then (100 * (${level} + ${place}) + 30) / 60
                   else (${sql.raw(String(2 * MATCH_POINTS.skills))} * ${have} + ${n} * (${level} + ${place}) + ${n}) / (2 * ${n}) end)`;
}

/**
 * sort=match: the filtered list's source (the newest MATCH_WINDOW listed jobs, or every match of a
 * rare filter: cappedPage) scored against the viewer's profile, the best JOB_TOTAL_CAP + 1 kept
 * (score, then newest), their count and the page. Bounded like the other filtered sorts: the
 * score is computed for at most the window's jobs, whatever the table's size.
 */
function matchPass(f: ListFilter, source: SQL): SQL {
  const order = sql`score desc, created_at desc, id desc`;
  // Each walked job's score from its row by key (a subquery per job): joined, the planner read
  // every job in key order to merge them with the window.
  return sql`
    with w as (select ${jobs.id} as id, ${jobs.createdAt} as created_at from ${source}),
    m as materialized (
      select w.id, w.created_at,
             (select ${matchScoreSql(f.match!)} from ${jobs} as j where j.id = w.id) as score
        from w
       order by ${order} limit ${rowCount(JOB_TOTAL_CAP + 1)}
    )
    select (select count(*)::int from m) as n,
           array(
             select p.id from (select * from m order by ${order} limit ${rowCount(JOB_TOTAL_CAP)}) p
              order by ${sql`p.score desc, p.created_at desc, p.id desc`} limit ${f.limit} offset ${f.offset}
           ) as ids`;
}

/** The window's pass (windowSource), with the listed total that decides whether it is the answer. */
const windowPage = prepared((db, s: JobShape) => {
  const f = slotted(s);
  return pageOfPass(db, f, windowSource(f), true);
});

/**
 * Every listed job matching the filter, as a source the full-text index can serve: with a text
 * search, `search @@ query` alone (indexable) and, for a query without lexemes (stop words only:
 * it filters nothing), the other filters alone under a one-time test of the query. As one OR
 * (textWhere) no index could answer the text, and a word no job holds read all 50,000 jobs at
 * scale 1000 (38 ms, a sequential scan) to find none.
 */
function fullSource(f: ListFilter): SQL {
  if (!f.tsquery) return sql`${jobs} where ${filterWhere(f)}`;
  const rest = and(baseWhere(f), boundedWhere(f))!;
  const query = tsQueryOf(f);
  return sql`(
    select * from ${jobs} where ${rest} and ${jobs.search} @@ ${query}
    union all
    select * from ${jobs} where ${rest} and numnode(${query}) = 0
  ) as ${jobs}`;
}

const fullPage = prepared((db, s: JobShape) => {
  const f = slotted(s);
  return pageOfPass(db, f, fullSource(f));
});

/**
 * One statement: the page's ids in a subquery (its own LIMIT), then their rows and posters. With
 * `counters`, each row also carries the day job_open_counts is for and the listed jobs it counts
 * in the chosen categories (uncorrelated subqueries: computed once per statement), so a list
 * filtered by category alone is one statement, not a count and a page.
 */
const sortedPage = prepared((db, s: JobShape & { counters: boolean }) => {
  const f = slotted(s);
  const page = db
    .select({ id: jobs.id })
    .from(jobs)
    .where(filterWhere(f))
    .orderBy(...orderBy(f))
    .limit(f.limit)
    .offset(f.offset);
  return db
    .select({ ...selectWithAuthor, ...openCounters(f, s.counters) })
    .from(jobs)
    .innerJoin(users, eq(users.id, jobs.posterId))
    .where(inArray(jobs.id, page))
    .orderBy(...orderBy(f));
});

/**
 * The day job_open_counts is for and the listed jobs it counts in the filter's categories, as two
 * columns of a page's statement (uncorrelated subqueries: computed once per execution), or nulls.
 * A page and its total are then one round trip, not two (countListed reads the same rows).
 */
function openCounters(f: ListFilter, counters: boolean) {
  if (!counters) return { countsDay: sql<string | null>`null`, listed: sql<number | null>`null` };
  const counted = f.categories?.length ? sql` where ${inArray(jobOpenCounts.category, f.categories)}` : sql``;
  return {
    countsDay: sql<string | null>`(select ${jobOpenAsof.day}::text from ${jobOpenAsof})`,
    listed: sql<
      number | null
    >`(select coalesce(sum(${jobOpenCounts.approved}), 0)::int from ${jobOpenCounts}${counted})`,
  };
}

/** The listed total the counters carried on a page's first row, when they are for `openOn`. */
const carriedListed = (
  row: { countsDay: unknown; listed: unknown } | undefined,
  openOn: string,
): number | null => (row && row.countsDay === openOn && row.listed != null ? Number(row.listed) : null);

const withoutCounts = (
  rows: Array<JobWithAuthor & { countsDay: unknown; listed: unknown }>,
): JobWithAuthor[] => rows.map(({ job, authorName, authorEmail }) => ({ job, authorName, authorEmail }));

/**
 * The total and the page's rows. The total never reads every match: listed jobs by
 * category come from job_open_counts (kept by triggers, migration 0017); any other filter counts
 * at most JOB_TOTAL_CAP + 1 matches and reports `capped` past it. The page is chosen on jobs alone,
 * then joined to its posters (joining before the LIMIT looked up a poster for every match).
 */
export async function listJobs(
  db: Executor,
  f: ListFilter,
): Promise<{ total: number; capped: boolean; rows: JobWithAuthor[] }> {
  const shape = jobShape(f);
  const values = jobValues(f);
  const byCountersOnly =
    f.sort !== 'match' &&
    !f.tsquery &&
    !f.levels?.length &&
    !f.employmentTypes?.length &&
    !f.locations.length &&
    !f.remote;
  // A filtered list is a page of its newest matches (its oldest, oldest first): cappedPage.
  if (!byCountersOnly) return cappedPage(db, f, shape, values);
  // The page and the counters in one statement; the counters alone when the page is empty
  // (past the end) or they are for another day (refreshed by countListed).
  const rows = await sortedPage(db, { ...shape, counters: true }, values);
  const first = rows[0];
  const carried = carriedListed(first, f.openOn);
  if (carried !== null) return { total: carried, capped: false, rows: withoutCounts(rows) };
  const total = await countListed(db, f.openOn, f.categories);
  if (f.offset >= total) return { total, capped: false, rows: [] };
  if (first) return { total, capped: false, rows: withoutCounts(rows) };
  const again = await sortedPage(db, { ...shape, counters: false }, values);
  return { total, capped: false, rows: withoutCounts(again) };
}

/** Listed jobs (approved, open on `openOn`) in the given categories or all: one row per category. */
async function countListed(db: Executor, openOn: string, categories?: string[]): Promise<number> {
  const rows = await openCounts(db, openOn);
  return rows
    .filter((r) => !categories?.length || categories.includes(r.category))
    .reduce((sum, r) => sum + r.n, 0);
}

/** Listed jobs per category: job_open_counts rows (no scan of jobs, nor of every deadline). */
export async function countByCategory(
  db: Executor,
  openOn: string,
): Promise<Array<{ category: string; n: number }>> {
  return (await openCounts(db, openOn)).filter((r) => r.n > 0);
}

const readOpenCounts = prepared((db) =>
  db
    .select({ day: jobOpenAsof.day, category: jobOpenCounts.category, n: jobOpenCounts.approved })
    .from(jobOpenAsof)
    .leftJoin(jobOpenCounts, sql`true`),
);

/**
 * The per-category counts as of `openOn`: one small read; when the rows are for another day (the
 * first request after midnight, or after a restore), they are recomputed once from job_counts.
 */
async function openCounts(db: Executor, openOn: string): Promise<Array<{ category: string; n: number }>> {
  const read = () => readOpenCounts(db, undefined, {});
  let rows = await read();
  if (rows[0]?.day !== openOn) {
    await db.execute(sql`select agora_job_open_refresh(${openOn}::date)`);
    rows = await read();
  }
  return rows.flatMap((r) => (r.category === null ? [] : [{ category: r.category, n: Number(r.n ?? 0) }]));
}

/**
 * Moves a job out of `from` (compare-and-set, so two reviewers cannot both decide it); with `seen`,
 * only while it is still the version the reviewer read, so an edit landing meanwhile is not decided
 * unseen.
 */
export async function reviewJob(
  db: Executor,
  id: string,
  from: string,
  set: Pick<
    NewJobRow,
    | 'status'
    | 'reviewedBy'
    | 'reviewedAt'
    | 'rejectionReason'
    | 'updatedAt'
    | 'expiresAt'
    | 'expiryWarnedAt'
    | 'filledAt'
  >,
  seen?: Date,
): Promise<JobRow | undefined> {
  const [row] = await db
    .update(jobs)
    .set(set)
    .where(and(eq(jobs.id, id), eq(jobs.status, from), seen ? atVersion(jobs.updatedAt, seen) : undefined))
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

/**
 * Replaces a posting's fields, only for its poster (the condition is in the statement). It is a new
 * version for review: `updated_at` moves past the old one even within the same millisecond.
 */
export async function updateJob(
  db: Executor,
  id: string,
  posterId: string,
  set: Partial<NewJobRow> & { updatedAt: Date },
): Promise<JobRow | undefined> {
  const [row] = await db
    .update(jobs)
    .set({ ...set, updatedAt: nextVersion(jobs.updatedAt, set.updatedAt) })
    .where(and(eq(jobs.id, id), eq(jobs.posterId, posterId)))
    .returning(jobColumns);
  return row;
}

// ---------- a listing's life ----------

/**
 * Renews a listing: its expiry moves to the later of now and the old expiry, plus `days`; an
 * expired job is listed again and its poster may be warned again before the new date. Only a
 * reviewed and approved job whose application deadline has not passed (`openOn`), decided by the
 * statement itself; undefined otherwise.
 */
export async function renewJob(
  db: Executor,
  id: string,
  at: { now: Date; days: number; openOn: string },
): Promise<JobRow | undefined> {
  const now = sql`${at.now.toISOString()}::timestamptz`;
  const [row] = await db
    .update(jobs)
    .set({
      status: 'approved',
      expiresAt: sql`greatest(coalesce(${jobs.expiresAt}, ${now}), ${now}) + make_interval(days => ${at.days}::int)`,
      expiryWarnedAt: null,
      updatedAt: nextVersion(jobs.updatedAt, at.now),
    })
    .where(
      and(
        eq(jobs.id, id),
        inArray(jobs.status, ['approved', 'expired']),
        sql`coalesce(${jobs.applicationDeadline}, 'infinity'::date) >= ${at.openOn}::date`,
      ),
    )
    .returning(jobColumns);
  return row;
}

/** Marks a listed (or expired) job filled; undefined when it is in another status. */
export async function fillJob(db: Executor, id: string, now: Date): Promise<JobRow | undefined> {
  const [row] = await db
    .update(jobs)
    .set({ status: 'filled', filledAt: now, updatedAt: nextVersion(jobs.updatedAt, now) })
    .where(and(eq(jobs.id, id), inArray(jobs.status, ['approved', 'expired'])))
    .returning(jobColumns);
  return row;
}

type Returned<T> = { rows: T[] };

/**
 * Moves up to `limit` listed jobs whose expiry has passed to 'expired', soonest first (the walk is
 * jobs_expiry_idx). The rows are chosen once, in a MATERIALIZED CTE, and locked with SKIP LOCKED:
 * two instances never expire the same job, and a renewal in flight is left to finish (its row is
 * then checked again by the update's own condition). Returns how many it moved.
 */
export async function expireDue(db: Executor, now: Date, limit: number): Promise<number> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const { rows } = (await db.execute(sql`
    with due as materialized (
      select id from ${jobs}
       where status = 'approved' and expires_at <= ${at}
       order by expires_at
       limit ${limit}
         for update skip locked
    )
    update ${jobs} j set status = 'expired'
      from due
     where j.id = due.id and j.status = 'approved' and j.expires_at <= ${at}
    returning j.id`)) as unknown as Returned<{ id: string }>;
  return rows.length;
}

export interface ExpiryWarning {
  id: string;
  title: string;
  companyName: string;
  expiresAt: Date;
  posterId: string;
  email: string;
  displayName: string;
}

/**
 * Claims up to `limit` listed jobs expiring in (now, until] whose poster was not warned yet:
 * `expiry_warned_at` is set by the same statement (locked rows skipped), so a retried or
 * concurrent run warns nobody twice. Returns each with its poster's address, for the caller's
 * transaction to notify and mail.
 */
export async function claimExpiryWarnings(
  db: Executor,
  now: Date,
  until: Date,
  limit: number,
): Promise<ExpiryWarning[]> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const { rows } = (await db.execute(sql`
    with due as materialized (
      select id from ${jobs}
       where status = 'approved' and expires_at > ${at}
         and expires_at <= ${until.toISOString()}::timestamptz and expiry_warned_at is null
       order by expires_at
       limit ${limit}
         for update skip locked
    )
    update ${jobs} j set expiry_warned_at = ${at}
      from due, ${users} u
     where j.id = due.id and u.id = j.poster_id and j.status = 'approved' and j.expiry_warned_at is null
    returning j.id, j.title, j.company_name, j.expires_at, j.poster_id, u.email, u.display_name`)) as unknown as Returned<{
    id: string;
    title: string;
    company_name: string;
    expires_at: Date | string;
    poster_id: string;
    email: string;
    display_name: string;
  }>;
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    companyName: r.company_name,
    expiresAt: new Date(r.expires_at),
    posterId: r.poster_id,
    email: r.email,
    displayName: r.display_name,
  }));
}

// ---------- admin ----------

/**
 * The statuses an admin's filter finds: "approved" is the review outcome, so it also finds the
 * approved jobs that have since expired or been filled (each row shows which).
 */
const ADMIN_STATUS_FILTER: Record<string, string[]> = {
  approved: ['approved', 'expired', 'filled'],
};

/** The admin's review queue: pending ones oldest first; other views newest first. */
export async function listForAdmin(db: Executor, f: { status: string; q?: string } & ListOpts) {
  const dir = f.status === 'pending' ? 'asc' : 'desc';
  const statuses = ADMIN_STATUS_FILTER[f.status] ?? [f.status];
  return db
    .select({ j: jobColumns, poster: personCols, id: jobs.id, cursorTs: cursorTs(jobs.createdAt) })
    .from(jobs)
    .innerJoin(users, eq(users.id, jobs.posterId))
    .where(
      and(
        f.status !== 'all' ? inArray(jobs.status, statuses) : undefined,
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
