import type { QuestionSort } from '@agora/shared';
import { type AnyColumn, and, asc, desc, eq, ilike, inArray, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { keysetAfter, keysetOrder, likePattern, type ListOpts, personCols } from '../../lib/admin-list.js';
import {
  indexed,
  initPlanValue,
  type PlaceholderValues,
  prepared,
  rowCount,
  rowsOf,
  slot,
  slots,
} from '../../db/prepared.js';
import { afterCursor, cursorTs } from '../../lib/cursor.js';
import {
  answers,
  files,
  questionCounts,
  questions,
  rewardDistributions,
  type StoredAttachment,
  users,
} from '../../db/schema/index.js';
import { tsQueryOnce } from '../../db/text-search.js';

export type QuestionRow = typeof questions.$inferSelect;
export type { StoredAttachment };

/** created_at as UTC text with microseconds: the keyset cursor must not lose precision. */
const createdAtText = cursorTs(questions.createdAt);

const questionColumns = {
  id: questions.id,
  authorId: questions.authorId,
  authorName: users.displayName,
  title: questions.title,
  description: questions.description,
  category: questions.category,
  status: questions.status,
  views: questions.views,
  answerCount: questions.answerCount,
  isPaid: questions.isPaid,
  paymentAmount: questions.paymentAmount,
  rewardAmount: questions.rewardAmount,
  imageKey: questions.imageKey,
  aiRanked: questions.aiRanked,
  aiRankedAt: questions.aiRankedAt,
  aiRanker: questions.aiRanker,
  hidden: questions.hidden,
  rewardsDistributedAt: questions.rewardsDistributedAt,
  escrowState: questions.escrowState,
  escrowHeldAt: questions.escrowHeldAt,
  escrowDeadline: questions.escrowDeadline,
  escrowSettledAt: questions.escrowSettledAt,
  acceptanceCriteria: questions.acceptanceCriteria,
  ideaId: questions.ideaId,
  createdAt: questions.createdAt,
  updatedAt: questions.updatedAt,
  cursorTs: createdAtText,
};

export type QuestionRecord = {
  id: string;
  authorId: string;
  authorName: string;
  title: string;
  description: string;
  category: string;
  status: string;
  views: number;
  answerCount: number;
  isPaid: boolean;
  paymentAmount: number | null;
  rewardAmount: number;
  imageKey: string | null;
  aiRanked: boolean;
  aiRankedAt: Date | null;
  aiRanker: string | null;
  hidden: boolean;
  rewardsDistributedAt: Date | null;
  escrowState: string | null;
  escrowHeldAt: Date | null;
  escrowDeadline: Date | null;
  escrowSettledAt: Date | null;
  acceptanceCriteria: string | null;
  /** The idea the bounty was offered from. */
  ideaId?: string | null;
  createdAt: Date;
  updatedAt: Date;
  /** Keyset position of the row (see cursor.ts). */
  cursorTs: string;
  /** Only for the random sort. */
  randomKey?: string;
  /** Only for sort=ending-soon: the escrow deadline as cursor text (see cursor.ts). */
  deadlineTs?: string;
};

export async function insertQuestion(
  exec: Executor,
  values: typeof questions.$inferInsert,
): Promise<QuestionRow> {
  const [row] = await exec.insert(questions).values(values).returning();
  return row!;
}

/**
 * A question by id with its author: built once per handle (db/prepared.ts) — building this select
 * with Drizzle on every request costs a quarter of a question page's server CPU.
 */
const questionById = prepared((exec) =>
  exec
    .select(questionColumns)
    .from(questions)
    .innerJoin(users, eq(users.id, questions.authorId))
    .where(eq(questions.id, slot<string>('id')))
    .limit(rowCount(1)),
);

export async function findQuestion(exec: Executor, id: string): Promise<QuestionRecord | undefined> {
  const [row] = await questionById(exec, undefined, { id });
  return row;
}

/**
 * Locks the question row for the rest of the transaction (state checks that must not race: every
 * change to a question's payment, escrow or moderation state is serialised on it). The one lookup
 * with lock of a question: the payments, wallet and admin areas use it too.
 */
export async function lockQuestion(
  exec: Executor,
  id: string,
): Promise<(QuestionRow & { authorEmail: string }) | undefined> {
  const [row] = await exec
    .select({ q: questions, authorEmail: users.email })
    .from(questions)
    .innerJoin(users, eq(users.id, questions.authorId))
    .where(eq(questions.id, id))
    .limit(1)
    .for('update', { of: questions });
  return row ? { ...row.q, authorEmail: row.authorEmail } : undefined;
}

export async function incrementViews(exec: Executor, id: string): Promise<void> {
  await exec
    .update(questions)
    .set({ views: sql`${questions.views} + 1` })
    .where(eq(questions.id, id));
}

export async function setStatus(
  exec: Executor,
  id: string,
  status: 'open' | 'answered',
  now: Date,
): Promise<void> {
  await exec.update(questions).set({ status, updatedAt: now }).where(eq(questions.id, id));
}

export type ListCursor =
  | { kind: 'date'; dir: 'desc' | 'asc'; ts: string; id: string }
  /** sort=ending-soon: the escrow deadline (microseconds) and the id. */
  | { kind: 'deadline'; ts: string; id: string }
  /** sort=reward-high: the reward (paise), created_at (microseconds) and the id. */
  | { kind: 'reward'; reward: number; ts: string; id: string }
  | { kind: 'random'; seed: string; key: string; id: string };

export interface ListFilter {
  categories?: string[];
  sort: QuestionSort;
  /** A to_tsquery expression built by search.ts (already safe). */
  tsQuery?: string | null;
  /** Questions by this author (own list); hidden ones included. */
  authorId?: string;
  /** Questions this user answered. */
  answeredBy?: string;
  /** Seed of the random order (from the cursor, or fresh on the first page). */
  seed?: string;
  cursor?: ListCursor | null;
  /** Only questions in this status (the Open Questions tab). */
  status?: 'open';
  /** Reward bounds in paise, inclusive. */
  minReward?: number;
  maxReward?: number;
  /** The clock's now: sort=ending-soon lists only deadlines still ahead. */
  now?: Date;
  limit: number;
}

/**
 * The public questions (questions.policy isPublic): not hidden, reward paid (or none asked). The
 * constants are literals, not parameters: a generic plan would estimate `hidden = $1` at half the
 * rows, cost a page of a filtered random order above its custom plans and never be kept.
 */
export const isPublicSql = (): SQL =>
  sql`(${questions.hidden} = false and (${questions.isPaid} = true or ${questions.rewardAmount} = 0))`;

/**
 * sort=ending-soon's questions: still open, reward held in escrow. Literals, the predicate of
 * questions_ending_soon_idx (migration 0028), which a generic plan can prove only from literals.
 */
const heldOpenSql = (): SQL => sql`${questions.status} = 'open' and ${questions.escrowState} = 'held'`;

/**
 * What changes the text of a list statement (db/prepared.ts): the statement is built once per
 * shape, and each request only fills in its values (author, categories, cursor, limit…).
 */
interface ListShape {
  scope: 'public' | 'answered' | 'own';
  categories: number;
  status: boolean;
  sort: QuestionSort;
  search: boolean;
  minReward: boolean;
  maxReward: boolean;
  /** Rows the statement reads (the page and one more), in its text: rowCount. */
  limit: number;
}

function listShape(f: ListFilter): ListShape {
  return {
    scope: f.authorId ? 'own' : f.answeredBy ? 'answered' : 'public',
    categories: f.categories?.length ?? 0,
    status: f.status !== undefined,
    sort: f.sort,
    search: Boolean(f.tsQuery),
    minReward: f.minReward !== undefined,
    maxReward: f.maxReward !== undefined,
    limit: f.limit + 1,
  };
}

/** The values a list statement's placeholders take. */
function listValues(f: ListFilter): PlaceholderValues {
  return {
    authorId: f.authorId,
    answeredBy: f.answeredBy,
    status: f.status,
    tsQuery: f.tsQuery,
    minReward: f.minReward,
    maxReward: f.maxReward,
    now: f.now?.toISOString(),
    ...indexed('cat', f.categories),
  };
}

const hasRewardRange = (s: ListShape) => s.minReward || s.maxReward;

/**
 * The reward range, both ends always written (0 and the largest safe integer for an absent one), the
 * bounds as InitPlan values (initPlanValue): every plan, custom or generic, estimates the range at
 * 0.5 % of the rows (a bound alone would be a third), so the generic plan is kept and a range few
 * rows match is read through questions_reward_idx.
 */
function rewardRangeSql(s: ListShape, col: AnyColumn | SQL): SQL {
  const lo = s.minReward ? initPlanValue(sql`${slot('minReward')}::bigint`) : sql.raw('0');
  const hi = s.maxReward
    ? initPlanValue(sql`${slot('maxReward')}::bigint`)
    : sql.raw(String(Number.MAX_SAFE_INTEGER));
  return sql`${col} between ${lo} and ${hi}`;
}

/** The conditions of a list's shape, with placeholders for the values (listValues). */
function listWhere(s: ListShape, opts: { range: boolean } = { range: true }): SQL[] {
  const where: SQL[] = [];
  if (s.scope === 'public') where.push(isPublicSql());
  else if (s.scope === 'answered') {
    where.push(
      eq(questions.hidden, false),
      sql`exists (select 1 from ${answers} where ${answers.questionId} = ${questions.id} and ${answers.authorId} = ${slot('answeredBy')})`,
    );
  } else where.push(eq(questions.authorId, slot<string>('authorId')));
  if (s.categories > 0) where.push(inArray(questions.category, slots('cat', s.categories)));
  if (s.status) where.push(eq(questions.status, slot<string>('status')));
  if (s.sort === 'solved') where.push(eq(questions.status, 'answered'));
  if (s.sort === 'date-unsolved') where.push(eq(questions.status, 'open'));
  if (s.sort === 'ending-soon') {
    // The clock's now as an InitPlan value: custom plans cost it as the generic one, which is kept.
    const now = initPlanValue(sql`${slot('now')}::timestamptz`);
    where.push(heldOpenSql(), sql`${questions.escrowDeadline} > ${now}`);
  }
  if (opts.range && hasRewardRange(s)) where.push(rewardRangeSql(s, questions.rewardAmount));
  return where;
}

const tsQuerySql = tsQueryOnce(sql`to_tsquery('english', ${slot('tsQuery')})`);

/** A list page with or without a keyset cursor (the sort's key placeholders) in its direction. */
interface DateShape extends ListShape {
  cursor: boolean;
}

/** One column of a sort's key: its cursor placeholder and type, and its name in a window's rows. */
interface SortKey {
  col: AnyColumn;
  slot: string;
  cast: 'timestamptz' | 'uuid' | 'bigint';
  alias: string;
}

const ID_KEY: SortKey = { col: questions.id, slot: 'cursorId', cast: 'uuid', alias: 'id' };
const CREATED_KEY: SortKey = {
  col: questions.createdAt,
  slot: 'cursorTs',
  cast: 'timestamptz',
  alias: 'created_at',
};

/**
 * A sort's key, every column in one direction (so that the cursor is one row comparison an index
 * range starts at): date orders by created_at (questions_feed_idx), ending-soon by the escrow
 * deadline (questions_ending_soon_idx), reward-high by reward, then newest (questions_reward_idx).
 */
function sortKeys(sort: QuestionSort): { dir: 'asc' | 'desc'; keys: SortKey[] } {
  if (sort === 'ending-soon') {
    const deadline: SortKey = {
      col: questions.escrowDeadline,
      slot: 'cursorTs',
      cast: 'timestamptz',
      alias: 'escrow_deadline',
    };
    return { dir: 'asc', keys: [deadline, ID_KEY] };
  }
  if (sort === 'reward-high') {
    const reward: SortKey = {
      col: questions.rewardAmount,
      slot: 'cursorReward',
      cast: 'bigint',
      alias: 'reward_amount',
    };
    return { dir: 'desc', keys: [reward, CREATED_KEY, ID_KEY] };
  }
  return { dir: sort === 'date-old' ? 'asc' : 'desc', keys: [CREATED_KEY, ID_KEY] };
}

/** Orders that walk created_at: an index that knows nothing of the reward. */
const isDateSort = (sort: QuestionSort) =>
  sort !== 'ending-soon' && sort !== 'reward-high' && sort !== 'random';

/**
 * A date order with a reward range is read like a text search (searchPage): the range is tested on
 * a bounded window of the date index, then, when the window holds too few, on the range's rows
 * through questions_reward_idx — never a walk of the whole date index for a range few rows match.
 */
const rangeOutsideWalk = (s: ListShape) => isDateSort(s.sort) && hasRewardRange(s);

/** `(k1, k2, …) > (cursor)` (ascending) or `<` (descending), as one row comparison. */
function afterKeys(keys: SortKey[], dir: 'asc' | 'desc'): SQL {
  const cols = sql.join(
    keys.map((k) => sql`${k.col}`),
    sql`, `,
  );
  const vals = sql.join(
    keys.map((k) => sql`${slot(k.slot)}::${sql.raw(k.cast)}`),
    sql`, `,
  );
  return dir === 'desc' ? sql`(${cols}) < (${vals})` : sql`(${cols}) > (${vals})`;
}

/** The list's conditions and, with a cursor, the rows after it. */
function dateWhere(s: DateShape, opts: { range: boolean } = { range: true }): SQL {
  const where = listWhere(s, opts);
  if (s.cursor) {
    const { dir, keys } = sortKeys(s.sort);
    where.push(afterKeys(keys, dir));
  }
  return and(...where)!;
}

/** The selected columns: sort=ending-soon's rows carry their deadline as cursor text too. */
const columnsFor = (sort: QuestionSort) =>
  sort === 'ending-soon'
    ? { ...questionColumns, deadlineTs: cursorTs(questions.escrowDeadline) }
    : questionColumns;

const orderByKeys = (sort: QuestionSort) => {
  const { dir, keys } = sortKeys(sort);
  const order = dir === 'desc' ? desc : asc;
  return keys.map((k) => order(k.col));
};

/** A page in the sort's order: one statement per shape (db/prepared.ts). */
const datePage = prepared((exec, s: DateShape) =>
  exec
    .select(columnsFor(s.sort))
    .from(questions)
    .innerJoin(users, eq(users.id, questions.authorId))
    .where(dateWhere(s))
    .orderBy(...orderByKeys(s.sort))
    .limit(rowCount(s.limit)),
);

/** The rows of the questions whose ids `ids` (an array expression) holds, in the sort's order. */
function questionsByIds(exec: Executor, sort: QuestionSort, ids: SQL) {
  return exec
    .select(columnsFor(sort))
    .from(questions)
    .innerJoin(users, eq(users.id, questions.authorId))
    .where(sql`${questions.id} = any(${ids})`)
    .orderBy(...orderByKeys(sort));
}

/** One bounded page of questions in keyset order; fetches limit + 1 to know if there is more. */
export async function listQuestions(exec: Executor, f: ListFilter): Promise<QuestionRecord[]> {
  const shape = listShape(f);
  const values = listValues(f);
  if (f.sort === 'random') return randomPage(exec, shape, values, f);

  const c = f.cursor;
  if (c?.kind === 'date' || c?.kind === 'deadline' || c?.kind === 'reward') {
    values.cursorTs = c.ts;
    values.cursorId = c.id;
    if (c.kind === 'reward') values.cursorReward = c.reward;
  }
  const s = { ...shape, cursor: c != null && c.kind !== 'random' };
  if (f.tsQuery || rangeOutsideWalk(s)) return searchPage(exec, s, values);
  return datePage(exec, s, values);
}

/** How many of the first rows in the sort's order a search reads through its index before it asks the full-text index. */
export const SEARCH_WINDOW = 1000;

/** The columns a window carries for its outer test and order: the id, the words, the reward, the sort's key. */
function windowColumns(s: DateShape): SQL {
  const cols = new Map<string, AnyColumn>([
    ['id', questions.id],
    ['search', questions.search],
    ['reward_amount', questions.rewardAmount],
  ]);
  for (const k of sortKeys(s.sort).keys) cols.set(k.alias, k.col);
  return sql.join(
    [...cols].map(([alias, col]) => sql`${col} as ${sql.raw(alias)}`),
    sql`, `,
  );
}

/** `w.k1 dir, w.k2 dir…`: the sort's order on a window's (or match list's) aliased columns. */
function aliasOrder(s: ListShape, prefix: string): SQL {
  const { dir, keys } = sortKeys(s.sort);
  return sql.raw(keys.map((k) => `${prefix}.${k.alias} ${dir}`).join(', '));
}

/** What a window's rows must also pass: the words, and a date order's reward range. */
function windowTest(s: DateShape): SQL {
  const tests: SQL[] = [];
  if (s.search) tests.push(sql`w.search @@ ${tsQuerySql}`);
  if (rangeOutsideWalk(s)) tests.push(rewardRangeSql(s, sql.raw('w.reward_amount')));
  return and(...tests)!;
}

/** The first SEARCH_WINDOW rows of the list in the sort's order through its index, then tested (windowTest). */
function searchWindowIds(s: DateShape): SQL {
  const { dir, keys } = sortKeys(s.sort);
  const o = sql.raw(dir);
  const inner = sql.join(
    keys.map((k) => sql`${k.col} ${o}`),
    sql`, `,
  );
  return sql`
    select w.id from (
      select ${windowColumns(s)}
        from ${questions} where ${dateWhere(s, { range: !rangeOutsideWalk(s) })}
       order by ${inner} limit ${rowCount(SEARCH_WINDOW)}
    ) w where ${windowTest(s)} order by ${aliasOrder(s, 'w')} limit ${rowCount(s.limit)}`;
}

/** The rows of the window's matches (searchWindowIds), in the sort's order: the page of a common word. */
const searchWindowRows = prepared((exec, s: DateShape) =>
  questionsByIds(exec, s.sort, sql`array(${searchWindowIds(s)})`),
);

/**
 * Every match of the words (through the full-text index) or of a date order's reward range
 * (through questions_reward_idx), sorted: for what is too rare for the window.
 */
const searchAll = prepared((_exec, s: DateShape) => searchAllIds(s));

function searchAllIds(s: DateShape): SQL {
  const cols = sql.join(
    sortKeys(s.sort).keys.map((k) => sql`${k.col} as ${sql.raw(k.alias)}`),
    sql`, `,
  );
  const words = s.search ? sql` and ${questions.search} @@ ${tsQuerySql}` : sql``;
  return sql`
    select m.id from (
      select ${cols}
        from ${questions} where ${dateWhere(s)}${words} offset 0
    ) m order by ${aliasOrder(s, 'm')} limit ${rowCount(s.limit)}`;
}

/**
 * Up to `limit` questions matching the list's conditions and the full-text query (or a date
 * order's reward range), in the sort's order, with bounded reads per page. Two bounded plans instead of one the planner guesses: first the `SEARCH_WINDOW`
 * newest rows (oldest for `asc`) through the date index, filtered — a common word fills the page
 * within a few hundred rows, and the page's rows come back in the same statement; only when that
 * does not fill it (a rare or absent word), its matches through the GIN index (`offset 0` keeps
 * the planner from walking the date index with a filter, which read the whole table for an absent
 * word), sorted, then their rows. The first costs at most the window, the second the matches of a
 * word rarer than limit per window. A common word's page is one statement, not two (the window's
 * ids, then their rows): each statement costs the server a socket write and a backend's wake-up.
 */
async function searchPage(
  exec: Executor,
  s: DateShape,
  values: PlaceholderValues,
): Promise<QuestionRecord[]> {
  const fromWindow = await searchWindowRows(exec, s, values);
  if (fromWindow.length >= s.limit) return fromWindow;
  // The matches' rows in the same statement: no second round trip, and no `= any($ids)` whose
  // custom plans (costed for the array's length) would keep PostgreSQL from keeping a generic one.
  return searchAllRows(exec, s, values);
}

/** The rows of searchAll's matches, in the sort's order. */
const searchAllRows = prepared((exec, s: DateShape) =>
  questionsByIds(exec, s.sort, sql`array(${searchAllIds(s)})`),
);

/** The stored pseudo-random key of sort=random: questions_random_idx (migration 0015). */
const randomKeySql = sql<number>`hashtext(${questions.id}::text)`;

/** Where a seed starts the random order on the key circle (a signed 32-bit integer). */
export function randomStart(seed: string): number {
  return Number.parseInt(seed.slice(0, 8).padEnd(8, '0'), 16) | 0;
}

/** One arc of the random order: [start, max] (first) or [min, start) (second), after a cursor or not. */
const randomArc = prepared((exec, s: ListShape & { second: boolean; cursor: boolean }) => {
  const conds = listWhere(s);
  if (s.search) conds.push(sql`${questions.search} @@ ${tsQuerySql}`);
  // The start and the cursor are InitPlan values (`(select $n)`), unknown to the planner in a
  // custom plan as in the generic one: with them in sight, a custom plan's cost follows where the
  // start falls on the circle, and PostgreSQL kept planning the page at every request instead of
  // keeping the generic plan (rowCount). The index takes them as runtime keys.
  const start = initPlanValue(sql`${slot('start')}::int`);
  conds.push(s.second ? sql`${randomKeySql} < ${start}` : sql`${randomKeySql} >= ${start}`);
  if (s.cursor) {
    conds.push(
      sql`(${randomKeySql}, ${questions.id}) > (${initPlanValue(sql`${slot('cursorKey')}::int`)}, ${initPlanValue(sql`${slot('cursorId')}::uuid`)})`,
    );
  }
  return exec
    .select({ ...questionColumns, randomKey: sql<string>`${randomKeySql}::text` })
    .from(questions)
    .innerJoin(users, eq(users.id, questions.authorId))
    .where(and(...conds))
    .orderBy(asc(randomKeySql), asc(questions.id))
    .limit(rowCount(s.limit));
});

/**
 * sort=random, at a cost that does not grow with the table: every question has a fixed pseudo-random key (hashtext of its id); a
 * visitor's order is the key circle read from the point their seed names, wrapping once at the end.
 * A page is one or two ranges of questions_random_idx, limit + 1 rows with a filter (several
 * categories), or of questions_random_category_idx for one category (public questions by category,
 * then key: migration 0020) — the cost does not depend on the table, where md5(id‖seed) sorted
 * every public question.
 */
async function randomPage(
  exec: Executor,
  shape: ListShape,
  values: PlaceholderValues,
  f: ListFilter,
): Promise<QuestionRecord[]> {
  const start = randomStart(f.seed ?? '0');
  const c = f.cursor?.kind === 'random' ? { key: Number(f.cursor.key), id: f.cursor.id } : null;
  // The first arc is [start, max], the second [min, start): a cursor in the second arc skips the first.
  const inSecondArc = c !== null && c.key < start;
  const arc = (second: boolean) => {
    const cursor = c !== null && second === inSecondArc;
    return randomArc(
      exec,
      { ...shape, second, cursor },
      { ...values, start, cursorKey: c?.key, cursorId: c?.id },
    );
  };
  // Both arcs read the shape's limit (one statement text per arc, see rowCount); the second's
  // surplus is dropped.
  const rows = inSecondArc ? [] : await arc(false);
  if (rows.length < shape.limit) rows.push(...(await arc(true)).slice(0, shape.limit - rows.length));
  return rows;
}

export async function countAnsweredBy(exec: Executor, userId: string): Promise<number> {
  const [row] = await exec
    .select({ n: sql<number>`count(*)::int` })
    .from(answers)
    .innerJoin(questions, eq(questions.id, answers.questionId))
    .where(and(eq(answers.authorId, userId), eq(questions.hidden, false)));
  return row?.n ?? 0;
}

export async function countOwn(exec: Executor, userId: string): Promise<number> {
  const [row] = await exec
    .select({ n: sql<number>`count(*)::int` })
    .from(questions)
    .where(eq(questions.authorId, userId));
  return row?.n ?? 0;
}

/**
 * Public questions per category, or only the open ones (the "Open Questions" tab):
 * question_counts, kept by triggers (migration 0015), no scan.
 */
export async function categoryCounts(
  exec: Executor,
  status?: 'open',
): Promise<Array<{ category: string; n: number }>> {
  return categoryCountsOf(exec, status === 'open', {});
}

const categoryCountsOf = prepared((exec, open: boolean) => {
  const n = open ? questionCounts.open : questionCounts.public;
  return exec.select({ category: questionCounts.category, n }).from(questionCounts).where(sql`${n} > 0`);
});

/** How many of the newest matches "similar questions" ranks. */
const SIMILAR_POOL = 50;

/** The pool of similar questions: the newest public matches of the words. */
const SIMILAR_SHAPE: DateShape = {
  scope: 'public',
  categories: 0,
  status: false,
  sort: 'date-new',
  search: true,
  minReward: false,
  maxReward: false,
  cursor: false,
  limit: SIMILAR_POOL,
};

/** The pool's questions, best match first. */
const similarRows = prepared((exec, limit: number) =>
  exec
    .select({
      id: questions.id,
      title: questions.title,
      category: questions.category,
      status: questions.status,
      answerCount: questions.answerCount,
    })
    .from(questions)
    .where(sql`${questions.id} = any(${slot('ids')}::uuid[])`)
    .orderBy(sql`ts_rank(${questions.search}, ${tsQuerySql}) desc`, desc(questions.createdAt))
    .limit(rowCount(limit)),
);

/**
 * The pool from the window (searchWindowIds' walk) ranked in the same statement, on the columns the
 * walk read from the heap anyway: no lookup by key per pooled question. `pooled` is the pool's
 * size; under SIMILAR_POOL the window did not fill it.
 */
const similarInWindow = prepared((_exec, limit: number) => {
  const s = SIMILAR_SHAPE;
  return sql`
    select p.id, p.title, p.category, p.status, p.answer_count as "answerCount", (count(*) over ())::int as pooled from (
      select w.* from (
        select ${questions.id} as id, ${questions.createdAt} as created_at, ${questions.search} as search,
               ${questions.title} as title, ${questions.category} as category, ${questions.status} as status,
               ${questions.answerCount} as answer_count
          from ${questions} where ${dateWhere(s)}
         order by ${questions.createdAt} desc, ${questions.id} desc limit ${rowCount(SEARCH_WINDOW)}
      ) w where w.search @@ ${tsQuerySql} order by w.created_at desc, w.id desc limit ${rowCount(s.limit)}
    ) p order by ts_rank(p.search, ${tsQuerySql}) desc, p.created_at desc limit ${rowCount(limit)}`;
});

/** A row of similarInWindow: what similarRows returns, and the pool's size. */
type SimilarRow = {
  id: string;
  title: string;
  category: string;
  status: string;
  answerCount: number;
  pooled: number;
};

/** Questions whose text shares any of the words (OR query), best match first. */
export async function similarQuestions(exec: Executor, tsQuery: string, limit: number) {
  // Ranked among a bounded pool of matches, the newest SIMILAR_POOL, not among every match: an OR
  // of prefixes while typing matches most of the table. When the window's matches fill the pool
  // (one statement), they are it; otherwise the pool comes through the full-text index.
  const first = rowsOf<SimilarRow>(await similarInWindow(exec, limit, { tsQuery }));
  if (first.length > 0 && first[0]!.pooled >= SIMILAR_POOL) return first;
  const pool = rowsOf<{ id: string }>(await searchAll(exec, SIMILAR_SHAPE, { tsQuery })).map((r) => r.id);
  if (pool.length === 0) return [];
  return similarRows(exec, limit, { ids: pool, tsQuery });
}

export interface AnswerRecord {
  id: string;
  questionId: string;
  authorId: string;
  authorName: string;
  content: string;
  attachments: StoredAttachment[];
  isAccepted: boolean;
  likes: number;
  aiScore: number | null;
  aiReason: string | null;
  aiRank: number | null;
  createdAt: Date;
}

/**
 * Answers of several questions in one query, at most `perQuestion` each, in display order (the
 * last AI ranking first, then oldest first). `authorId` restricts to one answerer's answers.
 */
export async function answersFor(
  exec: Executor,
  questionIds: string[],
  opts: { authorId?: string; perQuestion: number },
): Promise<AnswerRecord[]> {
  if (questionIds.length === 0) return [];
  const where = [inArray(answers.questionId, questionIds)];
  if (opts.authorId) where.push(eq(answers.authorId, opts.authorId));
  const ranked = exec
    .select({
      id: answers.id,
      questionId: answers.questionId,
      authorId: answers.authorId,
      authorName: sql<string>`${users.displayName}`.as('author_name'),
      content: answers.content,
      attachments: answers.attachments,
      isAccepted: answers.isAccepted,
      likes: answers.likes,
      aiScore: answers.aiScore,
      aiReason: answers.aiReason,
      aiRank: answers.aiRank,
      createdAt: answers.createdAt,
      rn: sql<number>`row_number() over (partition by ${answers.questionId} order by ${answers.aiRank} asc nulls last, ${answers.createdAt} asc, ${answers.id} asc)`.as(
        'rn',
      ),
    })
    .from(answers)
    .innerJoin(users, eq(users.id, answers.authorId))
    .where(and(...where))
    .as('ranked');
  const rows = await exec
    .select()
    .from(ranked)
    .where(sql`${ranked.rn} <= ${opts.perQuestion}`)
    .orderBy(asc(ranked.questionId), asc(ranked.rn));
  return rows.map(({ rn: _rn, ...a }) => a as AnswerRecord);
}

export async function insertAnswer(
  exec: Executor,
  values: typeof answers.$inferInsert,
): Promise<typeof answers.$inferSelect> {
  const [row] = await exec.insert(answers).values(values).returning();
  return row!;
}

/** answer_count follows the answers table; call in the answer's transaction. */
export async function bumpAnswerCount(exec: Executor, questionId: string, now: Date): Promise<void> {
  await exec
    .update(questions)
    .set({ answerCount: sql`${questions.answerCount} + 1`, updatedAt: now })
    .where(eq(questions.id, questionId));
}

/** The caller's own uploaded files among `keys` (attachments must be the answerer's uploads). */
export async function ownedFiles(exec: Executor, ownerId: string, keys: string[], purpose: string) {
  if (keys.length === 0) return [];
  return exec
    .select()
    .from(files)
    .where(and(eq(files.ownerId, ownerId), eq(files.purpose, purpose), inArray(files.key, keys)));
}

/** Track record per answerer: answers written and answers accepted or ranked best. */
export async function answererStats(
  exec: Executor,
  authorIds: string[],
): Promise<Array<{ authorId: string; answers: number; best: number }>> {
  if (authorIds.length === 0) return [];
  return exec
    .select({
      authorId: answers.authorId,
      answers: sql<number>`count(*)::int`,
      best: sql<number>`(count(*) filter (where ${answers.isAccepted} or ${answers.aiRank} = 1))::int`,
    })
    .from(answers)
    .where(inArray(answers.authorId, authorIds))
    .groupBy(answers.authorId);
}

/** Stores one ranking: clears the question's previous ranks, writes the new ones in one statement. */
export async function saveRanking(
  exec: Executor,
  questionId: string,
  scores: Array<{ answerId: string; rank: number; score: number; reason: string }>,
  ranker: string,
  now: Date,
): Promise<void> {
  await exec
    .update(answers)
    .set({ aiRank: null, aiScore: null, aiReason: null })
    .where(eq(answers.questionId, questionId));
  if (scores.length > 0) {
    const values = sql.join(
      scores.map((s) => sql`(${s.answerId}::uuid, ${s.rank}::int, ${s.score}::real, ${s.reason}::text)`),
      sql`, `,
    );
    await exec.execute(sql`
      update ${answers} set ai_rank = v.rank, ai_score = v.score, ai_reason = v.reason
      from (values ${values}) as v(id, rank, score, reason)
      where ${answers.id} = v.id and ${answers.questionId} = ${questionId}`);
  }
  await exec
    .update(questions)
    .set({ aiRanked: true, aiRankedAt: now, aiRanker: ranker, updatedAt: now })
    .where(eq(questions.id, questionId));
}

// ---------- admin ----------

const adminQuestionCols = {
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

export type AdminQuestionRow = {
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

/** The admin's question list: newest first, searched by title. */
export async function listForAdmin(
  db: Executor,
  f: { q?: string; status?: string; hidden?: boolean; paid?: boolean } & ListOpts,
) {
  return db
    .select({ ...adminQuestionCols, cursorTs: cursorTs(questions.createdAt) })
    .from(questions)
    .innerJoin(users, eq(users.id, questions.authorId))
    .where(
      and(
        f.q ? ilike(questions.title, likePattern(f.q)) : undefined,
        f.status ? eq(questions.status, f.status) : undefined,
        f.hidden !== undefined ? eq(questions.hidden, f.hidden) : undefined,
        f.paid !== undefined ? eq(questions.isPaid, f.paid) : undefined,
        keysetAfter(questions.createdAt, questions.id, f, 'desc'),
      ),
    )
    .orderBy(...keysetOrder(questions.createdAt, questions.id, 'desc'))
    .limit(f.limit + 1);
}

export async function findForAdmin(db: Executor, id: string): Promise<AdminQuestionRow | undefined> {
  const [row] = await db
    .select(adminQuestionCols)
    .from(questions)
    .innerJoin(users, eq(users.id, questions.authorId))
    .where(eq(questions.id, id));
  return row;
}

/** An admin's moderation: the question's status and/or hidden flag. */
export async function setStatusHidden(
  db: Executor,
  id: string,
  set: { status?: string; hidden?: boolean; updatedAt: Date },
): Promise<void> {
  await db.update(questions).set(set).where(eq(questions.id, id));
}

/** Deletes the question row; its answers go by cascade. */
export async function deleteQuestion(db: Executor, id: string): Promise<void> {
  await db.delete(questions).where(eq(questions.id, id));
}

/**
 * Unpaid questions (drafts): a reward asked and not paid. A literal condition, the one of the
 * partial indexes questions_drafts_author_idx and questions_drafts_created_idx (migration 0026).
 */
const isDraftSql = (): SQL => sql`${questions.isPaid} = false and ${questions.rewardAmount} > 0`;

/**
 * Serialises one author's question creations for the rest of the transaction (an advisory lock: no
 * row of another area is locked), so that the draft count read next cannot be passed by a parallel
 * request.
 */
export async function lockAuthorDrafts(exec: Executor, authorId: string): Promise<void> {
  await exec.execute(sql`select pg_advisory_xact_lock(hashtext(${`question-drafts:${authorId}`}))`);
}

/** How many unpaid questions the author holds (read through questions_drafts_author_idx). */
export async function countDrafts(exec: Executor, authorId: string): Promise<number> {
  const [row] = await exec
    .select({ n: sql<number>`count(*)::int` })
    .from(questions)
    .where(and(eq(questions.authorId, authorId), isDraftSql()));
  return row?.n ?? 0;
}

/**
 * Unpaid questions created before `cutoff`, oldest first, after the keyset `after` (microsecond
 * exact): the expiry task's page, read through questions_drafts_created_idx.
 */
export async function dueDrafts(
  exec: Executor,
  cutoff: Date,
  limit: number,
  after?: { ts: string; id: string },
): Promise<Array<{ id: string; cursorTs: string }>> {
  return exec
    .select({ id: questions.id, cursorTs: createdAtText })
    .from(questions)
    .where(
      and(
        isDraftSql(),
        sql`${questions.createdAt} < ${cutoff.toISOString()}::timestamptz`,
        after ? afterCursor(questions.createdAt, questions.id, after, 'asc') : undefined,
      ),
    )
    .orderBy(asc(questions.createdAt), asc(questions.id))
    .limit(limit);
}

/**
 * Bounties offered from an idea: the public ones, plus the viewer's own while unpaid; newest first.
 * The reward is what was paid, else what was asked (paise).
 */
const bountiesStatement = prepared((db, viewer: boolean) =>
  db
    .select({
      id: questions.id,
      title: questions.title,
      status: questions.status,
      reward: sql<number>`coalesce(${questions.paymentAmount}, ${questions.rewardAmount})::int`,
    })
    .from(questions)
    .where(
      and(
        eq(questions.ideaId, slot<string>('ideaId')),
        eq(questions.hidden, false),
        viewer
          ? sql`(${questions.isPaid} or ${questions.rewardAmount} = 0 or ${questions.authorId} = ${slot<string>('viewerId')})`
          : sql`(${questions.isPaid} or ${questions.rewardAmount} = 0)`,
      ),
    )
    .orderBy(desc(questions.createdAt))
    .limit(rowCount(50)),
);

export function bountiesOfIdea(exec: Executor, ideaId: string, viewerId: string | null) {
  return bountiesStatement(exec, viewerId !== null, { ideaId, viewerId });
}
