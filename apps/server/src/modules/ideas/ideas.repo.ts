import { and, asc, desc, eq, ilike, inArray, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import {
  indexed,
  type PlaceholderValues,
  pageOffset,
  prepared,
  rowCount,
  rowsOf,
  slot,
  slots,
} from '../../db/prepared.js';
import {
  files,
  follows,
  ideaAttachments,
  ideaComments,
  ideaCounts,
  ideaFollows,
  ideaLikes,
  ideaStatusEvents,
  ideas,
  users,
} from '../../db/schema/index.js';
import { keysetAfter, keysetOrder, likePattern, type ListOpts, personCols } from '../../lib/admin-list.js';
import {
  afterCursor,
  cursorTs,
  decodeCursor,
  encodeCursor,
  isCursorId,
  isCursorInt,
  isCursorTs,
  type Keyset,
  page,
} from '../../lib/cursor.js';
import { tsQueryOnce } from '../../db/text-search.js';

export type IdeaSort = 'newest' | 'oldest' | 'popular';

/** Which ideas a list shows: visible or hidden ones, optionally of one category and/or one author. */
export interface IdeaFilter {
  hidden: boolean;
  category?: string | null;
  authorId?: string | null;
  /** One lifecycle status (ideas_status_feed_idx). */
  status?: string | null;
}

/** The columns of an idea as the wire shows it, with its author and the viewer's like state. */
function ideaColumns(viewerId: string | null) {
  return {
    id: ideas.id,
    title: ideas.title,
    description: ideas.description,
    category: ideas.category,
    tags: ideas.tags,
    contactInfo: ideas.contactInfo,
    hidden: ideas.hidden,
    hiddenByAdmin: ideas.hiddenByAdmin,
    views: ideas.views,
    likeCount: ideas.likeCount,
    commentCount: ideas.commentCount,
    createdAt: ideas.createdAt,
    updatedAt: ideas.updatedAt,
    authorId: ideas.authorId,
    authorName: users.displayName,
    liked: viewerId
      ? sql<boolean>`exists(select 1 from ${ideaLikes} where ${ideaLikes.ideaId} = ${ideas.id} and ${ideaLikes.userId} = ${viewerId})`
      : sql<boolean>`false`,
    // One primary-key probe per row, like `liked`: the Follow control needs no follow list.
    authorFollowed: viewerId
      ? sql<boolean>`exists(select 1 from ${follows} where ${follows.followerId} = ${viewerId} and ${follows.followeeId} = ${ideas.authorId})`
      : sql<boolean>`false`,
    status: ideas.status,
    mergedInto: ideas.mergedInto,
    followerCount: ideas.followerCount,
    following: viewerId
      ? sql<boolean>`exists(select 1 from ${ideaFollows} where ${ideaFollows.ideaId} = ${ideas.id} and ${ideaFollows.userId} = ${viewerId})`
      : sql<boolean>`false`,
    // The first image (idea_attachments_idea_idx: one index probe per row).
    coverId: sql<
      string | null
    >`(select ${ideaAttachments.id} from ${ideaAttachments} where ${ideaAttachments.ideaId} = ${ideas.id} and ${ideaAttachments.kind} = 'image' order by ${ideaAttachments.createdAt}, ${ideaAttachments.id} limit 1)`,
  };
}

/** An idea's row as ideaColumns reads it (ideas.presenter.ts shapes it). */
export type IdeaRow = {
  id: string;
  title: string;
  description: string;
  category: string;
  tags: string[];
  contactInfo: string | null;
  hidden: boolean;
  hiddenByAdmin: boolean;
  views: number;
  likeCount: number;
  commentCount: number;
  createdAt: Date;
  updatedAt: Date;
  authorId: string;
  authorName: string;
  liked: boolean;
  authorFollowed: boolean;
  status: string;
  mergedInto: string | null;
  followerCount: number;
  following: boolean;
  coverId: string | null;
};

const ORDER: Record<IdeaSort, SQL[]> = {
  newest: [desc(ideas.createdAt), desc(ideas.id)],
  oldest: [asc(ideas.createdAt), asc(ideas.id)],
  popular: [desc(ideas.likeCount), desc(ideas.createdAt), desc(ideas.id)],
};

/** Where the next page of a sorted idea list starts: the last idea's sort key and id. */
export interface IdeaCursor {
  sort: IdeaSort;
  ts: string;
  likes: number;
  id: string;
}

export function encodeIdeaCursor(c: IdeaCursor): string {
  return encodeCursor([c.sort, c.ts, c.likes, c.id]);
}

/** The cursor (null when absent); 400 "Invalid cursor" when it is not one of ours for this sort. */
export function decodeIdeaCursor(raw: string | undefined, sort: IdeaSort): IdeaCursor | null {
  return decodeCursor(raw, ([s, ts, likes, id, ...rest]) =>
    s === sort && isCursorTs(ts) && isCursorInt(likes) && isCursorId(id) && rest.length === 0
      ? { sort, ts, likes, id }
      : null,
  );
}

/** Which filters of an IdeaFilter are set: what changes the text of its condition (db/prepared.ts). */
interface FilterShape {
  hidden: boolean;
  category: boolean;
  author: boolean;
  status: boolean;
}

/** A feed statement's shape: the filter's, the viewer's presence and the sort. */
interface FeedShape extends FilterShape {
  viewer: boolean;
  sort: IdeaSort;
}

function filterShape(filter: IdeaFilter): FilterShape {
  return {
    hidden: filter.hidden,
    category: Boolean(filter.category),
    author: Boolean(filter.authorId),
    status: Boolean(filter.status),
  };
}

function feedShape(filter: IdeaFilter, viewerId: string | null, sort: IdeaSort): FeedShape {
  return { ...filterShape(filter), viewer: viewerId !== null, sort };
}

function feedValues(filter: IdeaFilter, viewerId: string | null): PlaceholderValues {
  return { category: filter.category, authorId: filter.authorId, status: filter.status, viewerId };
}

/** The filter's condition, with placeholders (category, authorId) for its values. */
function feedWhere(s: FilterShape): SQL {
  return and(
    // A literal, not a parameter: the feed indexes are partial (`where hidden = false`), and a
    // prepared statement's generic plan could not use them for `hidden = $1` (db/named-statements.ts).
    s.hidden ? sql`${ideas.hidden} = true` : sql`${ideas.hidden} = false`,
    s.category ? eq(ideas.category, slot<string>('category')) : undefined,
    s.author ? eq(ideas.authorId, slot<string>('authorId')) : undefined,
    s.status ? eq(ideas.status, slot<string>('status')) : undefined,
  )!;
}

/** ideaColumns with the viewer as a placeholder (viewerId). */
const feedColumns = (s: FeedShape) => ideaColumns(s.viewer ? slot<string>('viewerId') : null);

/** Rows after the cursor in the list's own order (one row comparison, served by its index). */
function afterSlot(sort: IdeaSort): SQL {
  const ts = sql`${slot('cursorTs')}::timestamptz`;
  const id = sql`${slot('cursorId')}::uuid`;
  if (sort === 'oldest') return sql`(${ideas.createdAt}, ${ideas.id}) > (${ts}, ${id})`;
  if (sort === 'newest') return sql`(${ideas.createdAt}, ${ideas.id}) < (${ts}, ${id})`;
  return sql`(${ideas.likeCount}, ${ideas.createdAt}, ${ideas.id}) < (${slot('cursorLikes')}::int, ${ts}, ${id})`;
}

/**
 * Visible ideas in the filter's category or all, from idea_counts, as a column of a page's
 * statement: an uncorrelated subquery, computed once per execution (an InitPlan). The page and its
 * total are then one round trip, not two (on a two-core machine each statement costs the
 * server a socket write and a wake-up of its PostgreSQL backend, ~0.2 ms of CPU).
 */
function visibleTotal(s: PageShape): SQL<number> {
  if (!s.counted) return sql<number>`null`;
  const where = countersWhere(s);
  return sql<number>`(select coalesce(sum(${ideaCounts.visible}), 0)::int from ${ideaCounts}${where ? sql` where ${where}` : sql``})`;
}

/** The idea_counts rows of a filter: its category and its status, each when it has one. */
function countersWhere(s: { category: boolean; status: boolean }): SQL | undefined {
  return and(
    s.category ? eq(ideaCounts.category, slot<string>('category')) : undefined,
    s.status ? eq(ideaCounts.status, slot<string>('status')) : undefined,
  );
}

/** A page statement's shape: the feed's, and whether its rows carry visibleTotal. */
interface PageShape extends FeedShape {
  counted: boolean;
  limit: number;
}

const keysetPage = prepared((db, s: PageShape & { after: boolean }) =>
  db
    .select({ ...feedColumns(s), cursorTs: cursorTs(ideas.createdAt), total: visibleTotal(s) })
    .from(ideas)
    .innerJoin(users, eq(users.id, ideas.authorId))
    .where(s.after ? and(feedWhere(s), afterSlot(s.sort)) : feedWhere(s))
    .orderBy(...ORDER[s.sort])
    .limit(rowCount(s.limit)),
);

/**
 * A page of a sorted idea list by keyset: `limit` ideas after `after` (or from the start), and the
 * cursor of the next page (null on the last). Reads limit + 1 rows; no offset to walk past.
 */
export async function keysetPageOfIdeas(
  db: Executor,
  opts: {
    filter: IdeaFilter;
    viewerId: string | null;
    sort: IdeaSort;
    after: IdeaCursor | null;
    limit: number;
  },
): Promise<{ rows: IdeaRow[]; next: string | null; totalItems: number }> {
  const shape = {
    ...feedShape(opts.filter, opts.viewerId, opts.sort),
    counted: countedByCounters(opts.filter),
    after: opts.after !== null,
    limit: opts.limit + 1,
  };
  const [rows, counted] = await Promise.all([
    keysetPage(db, shape, {
      ...feedValues(opts.filter, opts.viewerId),
      cursorTs: opts.after?.ts,
      cursorLikes: opts.after?.likes,
      cursorId: opts.after?.id,
    }),
    shape.counted ? null : countIdeas(db, opts.filter),
  ]);
  const more = rows.length > opts.limit;
  const pageRows = more ? rows.slice(0, opts.limit) : rows;
  const last = pageRows[pageRows.length - 1];
  const next =
    more && last
      ? encodeIdeaCursor({ sort: opts.sort, ts: last.cursorTs, likes: last.likeCount, id: last.id })
      : null;
  return { rows: pageRows, next, totalItems: await totalOf(db, opts.filter, rows, counted) };
}

/** Whether idea_counts holds a filter's total: visible ideas, in a category, with a status, or all. */
const countedByCounters = (filter: IdeaFilter) => !filter.hidden && !filter.authorId;

/**
 * A page's total: counted apart (`counted`), or carried by the page's rows (visibleTotal), or,
 * for an empty page (past the last one) of a counted filter, read from idea_counts alone.
 */
async function totalOf(
  db: Executor,
  filter: IdeaFilter,
  rows: ReadonlyArray<{ total: number | null }>,
  counted: number | null,
): Promise<number> {
  if (counted !== null) return counted;
  const carried = rows[0]?.total;
  return carried == null ? countFiltered(db, filter) : Number(carried);
}

/** A filter's total on its own: from idea_counts where they hold it, else counted. */
export function countFiltered(db: Executor, filter: IdeaFilter): Promise<number> {
  return countedByCounters(filter) ? visibleCount(db, filter) : countIdeas(db, filter);
}

/**
 * A numbered page. Past the first page the offset is walked on the sort index alone (its key
 * holds the id: an index-only scan), and only the page's ideas are read whole and joined to their
 * authors — not every idea skipped (page 90: 890 rows and author lookups → 10).
 */
const numberedPage = prepared((db, s: PageShape & { first: boolean }) => {
  const where = feedWhere(s);
  const pageWhere = s.first
    ? where
    : inArray(
        ideas.id,
        db
          .select({ id: ideas.id })
          .from(ideas)
          .where(where)
          .orderBy(...ORDER[s.sort])
          .limit(rowCount(s.limit))
          .offset(pageOffset('offset')),
      );
  return db
    .select({ ...feedColumns(s), total: visibleTotal(s) })
    .from(ideas)
    .innerJoin(users, eq(users.id, ideas.authorId))
    .where(pageWhere)
    .orderBy(...ORDER[s.sort])
    .limit(rowCount(s.limit));
});

const countFeed = prepared((db, s: FilterShape) =>
  db.select({ n: sql<number>`count(*)::int` }).from(ideas).where(feedWhere(s)),
);

/**
 * One page of ideas matching the filter by page number, and the total: carried by the page's rows
 * where idea_counts has it (one statement), counted alongside otherwise (no per-row lookups).
 */
export async function pageOfIdeas(
  db: Executor,
  opts: {
    filter: IdeaFilter;
    viewerId: string | null;
    sort: IdeaSort;
    page: number;
    limit: number;
  },
): Promise<{ rows: IdeaRow[]; totalItems: number }> {
  const offset = (opts.page - 1) * opts.limit;
  // The limit is in the text (rowCount); the offset stays a value (a text per page would crowd
  // out the hot statements), hidden from the planner (pageOffset) so the plan is kept.
  const shape = {
    ...feedShape(opts.filter, opts.viewerId, opts.sort),
    counted: countedByCounters(opts.filter),
    first: offset === 0,
    limit: opts.limit,
  };
  const values = { ...feedValues(opts.filter, opts.viewerId), offset };
  const [rows, counted] = await Promise.all([
    numberedPage(db, shape, values),
    shape.counted ? null : countIdeas(db, opts.filter),
  ]);
  return { rows, totalItems: await totalOf(db, opts.filter, rows, counted) };
}

/** Ideas matching a filter, counted (for filters the idea_counts counters do not cover). */
export async function countIdeas(db: Executor, filter: IdeaFilter): Promise<number> {
  const [row] = await countFeed(db, filterShape(filter), feedValues(filter, null));
  return Number(row?.n ?? 0);
}

/** Visible ideas, in a category, with a status, or all: read from idea_counts (kept by triggers). */
async function visibleCount(db: Executor, filter: IdeaFilter): Promise<number> {
  const shape = { category: Boolean(filter.category), status: Boolean(filter.status) };
  const [row] = await visibleCountOf(db, shape, { category: filter.category, status: filter.status });
  return Number(row?.n ?? 0);
}

const visibleCountOf = prepared((db, s: { category: boolean; status: boolean }) =>
  db
    .select({ n: sql<number>`coalesce(sum(${ideaCounts.visible}), 0)::int` })
    .from(ideaCounts)
    .where(countersWhere(s)),
);

/** An idea by id for a viewer (or none): built once per shape and handle (db/prepared.ts). */
const ideaById = prepared((db, viewer: boolean) =>
  db
    .select(ideaColumns(viewer ? slot<string>('viewerId') : null))
    .from(ideas)
    .innerJoin(users, eq(users.id, ideas.authorId))
    .where(eq(ideas.id, slot<string>('id')))
    .limit(rowCount(1)),
);

export async function findIdea(db: Executor, id: string, viewerId: string | null): Promise<IdeaRow | null> {
  const [row] = await ideaById(db, viewerId !== null, { id, viewerId });
  return row ?? null;
}

/** The idea's bare visibility facts, for authorization decisions. */
export async function findIdeaOwner(db: Executor, id: string) {
  const [row] = await db
    .select({
      id: ideas.id,
      authorId: ideas.authorId,
      hidden: ideas.hidden,
      hiddenByAdmin: ideas.hiddenByAdmin,
      title: ideas.title,
      status: ideas.status,
      mergedInto: ideas.mergedInto,
    })
    .from(ideas)
    .where(eq(ideas.id, id))
    .limit(1);
  return row ?? null;
}

export async function insertIdea(
  exec: Executor,
  values: Pick<
    typeof ideas.$inferInsert,
    'authorId' | 'title' | 'description' | 'category' | 'tags' | 'contactInfo' | 'createdAt' | 'updatedAt'
  >,
): Promise<string> {
  const [row] = await exec.insert(ideas).values(values).returning({ id: ideas.id });
  return row!.id;
}

/** Deletes an idea of this author (nothing when it is not theirs). */
export async function deleteOwnIdea(exec: Executor, id: string, authorId: string): Promise<void> {
  await exec.delete(ideas).where(and(eq(ideas.id, id), eq(ideas.authorId, authorId)));
}

// ---------- likes and comments: visible ideas only, counters in the same transaction ----------

/** Locks a visible idea's row (likes on one idea run one after another); null when absent or hidden. */
export async function lockVisibleIdea(tx: Executor, id: string) {
  const [row] = await tx
    .select({ id: ideas.id, authorId: ideas.authorId, title: ideas.title })
    .from(ideas)
    .where(and(eq(ideas.id, id), eq(ideas.hidden, false)))
    .for('update');
  return row ?? null;
}

/** Removes the user's like; false when there was none. */
export async function deleteLike(exec: Executor, ideaId: string, userId: string): Promise<boolean> {
  const rows = await exec
    .delete(ideaLikes)
    .where(and(eq(ideaLikes.ideaId, ideaId), eq(ideaLikes.userId, userId)))
    .returning({ userId: ideaLikes.userId });
  return rows.length > 0;
}

/** Adds the user's like; false when it existed already. */
export async function insertLike(
  exec: Executor,
  ideaId: string,
  userId: string,
  now: Date,
): Promise<boolean> {
  const rows = await exec
    .insert(ideaLikes)
    .values({ ideaId, userId, createdAt: now })
    .onConflictDoNothing()
    .returning({ userId: ideaLikes.userId });
  return rows.length > 0;
}

/** Moves like_count by `delta`; returns the new count. */
export async function shiftLikeCount(exec: Executor, id: string, delta: number): Promise<number> {
  const [after] = await exec
    .update(ideas)
    .set({ likeCount: sql`${ideas.likeCount} + ${delta}` })
    .where(eq(ideas.id, id))
    .returning({ likeCount: ideas.likeCount });
  return after!.likeCount;
}

/**
 * Counts one more comment on a visible idea (the row stays locked until the transaction ends);
 * the idea's author and title, or null when it is absent or hidden.
 */
export async function countNewComment(tx: Executor, id: string) {
  const [idea] = await tx
    .update(ideas)
    .set({ commentCount: sql`${ideas.commentCount} + 1` })
    .where(and(eq(ideas.id, id), eq(ideas.hidden, false)))
    .returning({ authorId: ideas.authorId, title: ideas.title });
  return idea ?? null;
}

export async function insertComment(
  exec: Executor,
  values: { ideaId: string; authorId: string; content: string; createdAt: Date },
) {
  const [row] = await exec.insert(ideaComments).values(values).returning();
  return row!;
}

/** Deletes a comment; how many rows went (0 or 1). */
export async function deleteComment(exec: Executor, commentId: string): Promise<number> {
  const removed = await exec
    .delete(ideaComments)
    .where(eq(ideaComments.id, commentId))
    .returning({ id: ideaComments.id });
  return removed.length;
}

/** Lowers comment_count by `removed`; returns the new count. */
export async function uncountComments(exec: Executor, id: string, removed: number): Promise<number> {
  const [after] = await exec
    .update(ideas)
    .set({ commentCount: sql`${ideas.commentCount} - ${removed}` })
    .where(eq(ideas.id, id))
    .returning({ commentCount: ideas.commentCount });
  return after!.commentCount;
}

const commentColumns = {
  id: ideaComments.id,
  ideaId: ideaComments.ideaId,
  content: ideaComments.content,
  createdAt: ideaComments.createdAt,
  authorId: ideaComments.authorId,
  authorName: users.displayName,
};

/** A comment with its author's name (commentColumns). */
export type CommentRow = {
  id: string;
  ideaId: string;
  content: string;
  createdAt: Date;
  authorId: string;
  authorName: string;
};

/** An idea's comments, newest first, before a keyset or from the latest: built once per shape. */
const commentsPage = prepared((db, s: { before: boolean; limit: number }) => {
  const where = eq(ideaComments.ideaId, slot<string>('ideaId'));
  const before = { ts: slot<string>('beforeTs'), id: slot<string>('beforeId') };
  return db
    .select({ ...commentColumns, cursorTs: cursorTs(ideaComments.createdAt) })
    .from(ideaComments)
    .innerJoin(users, eq(users.id, ideaComments.authorId))
    .where(
      s.before ? and(where, afterCursor(ideaComments.createdAt, ideaComments.id, before, 'desc')) : where,
    )
    .orderBy(desc(ideaComments.createdAt), desc(ideaComments.id))
    .limit(rowCount(s.limit));
});

/**
 * The latest `limit` comments of an idea (or the latest before the `before` keyset), returned
 * oldest first, with the cursor of the page before them (null when there are no earlier ones).
 */
export async function latestComments(
  db: Executor,
  ideaId: string,
  limit: number,
  before: Keyset | null = null,
): Promise<{ rows: CommentRow[]; before: string | null }> {
  const rows = await commentsPage(
    db,
    { before: before !== null, limit: limit + 1 },
    { ideaId, beforeTs: before?.ts, beforeId: before?.id },
  );
  const { items, nextCursor } = page(rows, limit);
  return { rows: items.reverse(), before: nextCursor };
}

export async function findComment(
  db: Executor,
  ideaId: string,
  commentId: string,
): Promise<CommentRow | null> {
  const [row] = await db
    .select(commentColumns)
    .from(ideaComments)
    .innerJoin(users, eq(users.id, ideaComments.authorId))
    .where(and(eq(ideaComments.id, commentId), eq(ideaComments.ideaId, ideaId)))
    .limit(1);
  return row ?? null;
}

/** Visible categories with their idea counts (idea_counts, kept by triggers: no scan of ideas). */
export function categoryCounts(db: Executor): Promise<Array<{ category: string; n: number }>> {
  return visibleCategories(db, undefined, {});
}

const visibleCategories = prepared((db) =>
  db
    .select({ category: ideaCounts.category, n: sql<number>`sum(${ideaCounts.visible})::int` })
    .from(ideaCounts)
    .groupBy(ideaCounts.category)
    .having(sql`sum(${ideaCounts.visible}) > 0`),
);

/** How many of the newest visible ideas a search reads through the feed index first. */
const SEARCH_WINDOW = 1000;
/** How many matches a search ranks. */
const SEARCH_POOL = 200;

interface SearchShape {
  words: number;
  match: 'all' | 'any';
  /** Results wanted, in the statement's text (rowCount). */
  limit: number;
}

/**
 * Each word (placeholders w0, w1…) matches as a prefix of an English stem or of a plain word (see
 * the column); all words must match, or any of them (ts_rank then favours ideas matching more).
 */
function searchQuery(s: SearchShape): SQL {
  const parts = slots('w', s.words).map(
    (w) => sql`(to_tsquery('english', ${w}) || to_tsquery('simple', ${w}))`,
  );
  return tsQueryOnce(sql.join(parts, s.match === 'all' ? sql` && ` : sql` || `));
}

/**
 * The `limit` best of `pool` — a subquery of candidate ideas with the columns the order needs (id,
 * search, like_count, created_at) — ranked there, then only those rows read in full and joined to
 * their authors. Ranking first matters for a short prefix (`s` matches nearly every idea): the pool
 * is SEARCH_POOL rows, and looking each one up by key with its author before ranking read about
 * 1,400 more buffers per search than the 20 results need (2.2 against 0.7 ms in PostgreSQL).
 */
function rankedSearch(db: Executor, s: SearchShape, pool: SQL) {
  const best = sql`(
    select c.id, ts_rank(c.search, ${searchQuery(s)}) as rank, c.like_count, c.created_at from (${pool}) c
     order by 2 desc, c.like_count desc, c.created_at desc limit ${rowCount(s.limit)}
  ) as best`;
  return db
    .select({
      id: ideas.id,
      title: ideas.title,
      description: sql<string>`left(${ideas.description}, 300)`,
      category: ideas.category,
      tags: ideas.tags,
      likeCount: ideas.likeCount,
      createdAt: ideas.createdAt,
      authorId: ideas.authorId,
      authorName: users.displayName,
    })
    .from(best)
    .innerJoin(ideas, sql`${ideas.id} = best.id`)
    .innerJoin(users, eq(users.id, ideas.authorId))
    .orderBy(sql`best.rank desc`, sql`best.like_count desc`, sql`best.created_at desc`);
}

/** A search hit's row (rankedSearch): the description already cut to 300 characters. */
export type SearchHitRow = {
  id: string;
  title: string;
  description: string;
  category: string;
  tags: string[];
  likeCount: number;
  createdAt: Date;
  authorId: string;
  authorName: string;
};

/** The columns a candidate of the ranking carries (rankedSearch). */
const candidateColumns = sql`${ideas.id} as id, ${ideas.search} as search, ${ideas.likeCount} as like_count, ${ideas.createdAt} as created_at`;

/**
 * Ranked among a bounded pool of matches, so the cost does not grow with the table: in one statement, the newest SEARCH_POOL
 * matches among the newest SEARCH_WINDOW visible ideas (through ideas_feed_idx), ranked, with
 * their authors.
 */
const rankedWindow = prepared((db, s: SearchShape) =>
  rankedSearch(
    db,
    s,
    sql`select w.* from (
        select ${candidateColumns} from ${ideas} where ${ideas.hidden} = false
         order by ${ideas.createdAt} desc, ${ideas.id} desc limit ${rowCount(SEARCH_WINDOW)}
      ) w where w.search @@ ${searchQuery(s)} limit ${rowCount(SEARCH_POOL)}`,
  ),
);

/** The ideas `ids` (every match of a rare word), ranked. */
const rankedIds = prepared((db, s: SearchShape) =>
  rankedSearch(
    db,
    s,
    sql`select ${candidateColumns} from ${ideas} where ${ideas.id} = any(${slot('ids')}::uuid[])`,
  ),
);

/** The newest SEARCH_POOL matches among every visible idea, through the GIN index. */
const everyMatch = prepared(
  (_db, s: SearchShape) => sql`
    select m.id from (
      select ${ideas.id} as id, ${ideas.createdAt} as created_at from ${ideas}
       where ${ideas.hidden} = false and ${ideas.search} @@ ${searchQuery(s)} offset 0
    ) m order by m.created_at desc, m.id desc limit ${rowCount(SEARCH_POOL)}`,
);

/**
 * Full-text search over title (A), category and tags (B) and description (C) using the generated
 * `search` tsvector and its GIN index. Every word is matched as a prefix ("innov" finds
 * "innovation"); visible ideas only; ranked, then by likes and age.
 */
export async function searchIdeas(
  db: Executor,
  words: string[],
  limit: number,
  match: 'all' | 'any' = 'all',
): Promise<SearchHitRow[]> {
  const shape = { words: words.length, match, limit };
  // Words are letters and digits only (see the service), so the tsquery text cannot be malformed.
  const values = {
    ...indexed(
      'w',
      words.map((w) => `${w}:*`),
    ),
  };
  // When the window's matches fill the list (`limit` results: the dropdown is full), they are the
  // answer, and a common word or prefix (`s`, `solar`) costs the same at any table size. Only a
  // word rarer than that among the newest SEARCH_WINDOW reads its matches through the GIN index.
  let rows = await rankedWindow(db, shape, values);
  if (rows.length < limit) {
    // Through the GIN bitmap: the tsquery is an InitPlan's value (db/text-search.ts), so the
    // planner takes the default share of matches (0.5 %) rather than its estimate for the word —
    // for `solar:*` at scale 1000 it estimated 18,640 (3,400 real) and chose a sequential scan of
    // all 100,000 wide rows (100–240 ms) until sequential scans were turned off for it.
    const pool = rowsOf<{ id: string }>(await everyMatch(db, shape, values)).map((r) => r.id);
    rows = pool.length === 0 ? [] : await rankedIds(db, shape, { ...values, ids: pool });
  }
  return rows;
}

// ---------- hiding (the one rule) ----------

/**
 * The one hide rule: an idea is hidden while its author OR an admin hides it. The author's hide is
 * theirs to lift; an admin's hide only an admin lifts (then the author's own choice stands).
 * `authorId`, when given, restricts the change to that author's idea.
 */
export async function setHiddenBy(
  db: Executor,
  id: string,
  by: 'author' | 'admin',
  hidden: boolean,
  now: Date,
  authorId?: string,
): Promise<void> {
  // A merged idea stays out of the lists whatever either hide says (mergeIdeas).
  const set =
    by === 'author'
      ? {
          hiddenByAuthor: hidden,
          hidden: hidden ? sql`true` : sql`(${ideas.hiddenByAdmin} or ${ideas.status} = 'merged')`,
        }
      : {
          hiddenByAdmin: hidden,
          hidden: hidden ? sql`true` : sql`(${ideas.hiddenByAuthor} or ${ideas.status} = 'merged')`,
        };
  await db
    .update(ideas)
    .set({ ...set, updatedAt: now })
    .where(and(eq(ideas.id, id), authorId ? eq(ideas.authorId, authorId) : undefined));
}

// ---------- admin ----------

const adminIdeaCols = {
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

export type AdminIdeaRow = {
  id: string;
  title: string;
  category: string;
  hidden: boolean;
  hiddenByAdmin: boolean;
  likeCount: number;
  commentCount: number;
  createdAt: Date;
  author: { id: string; displayName: string; email: string };
};

/** The admin's idea list: newest first, searched by title. */
export async function listForAdmin(db: Executor, f: { q?: string; hidden?: boolean } & ListOpts) {
  return db
    .select({ ...adminIdeaCols, cursorTs: cursorTs(ideas.createdAt) })
    .from(ideas)
    .innerJoin(users, eq(users.id, ideas.authorId))
    .where(
      and(
        f.q ? ilike(ideas.title, likePattern(f.q)) : undefined,
        f.hidden !== undefined ? eq(ideas.hidden, f.hidden) : undefined,
        keysetAfter(ideas.createdAt, ideas.id, f, 'desc'),
      ),
    )
    .orderBy(...keysetOrder(ideas.createdAt, ideas.id, 'desc'))
    .limit(f.limit + 1);
}

export async function findForAdmin(db: Executor, id: string): Promise<AdminIdeaRow | undefined> {
  const [row] = await db
    .select(adminIdeaCols)
    .from(ideas)
    .innerJoin(users, eq(users.id, ideas.authorId))
    .where(eq(ideas.id, id));
  return row;
}

/** Locks the idea row for the rest of the transaction. */
export async function lockIdea(db: Executor, id: string) {
  const [row] = await db.select().from(ideas).where(eq(ideas.id, id)).for('update');
  return row;
}

/** Deletes the idea; its likes and comments go by cascade. */
export async function deleteIdeaRow(db: Executor, id: string): Promise<void> {
  await db.delete(ideas).where(eq(ideas.id, id));
}

// ---------- following an idea ----------

/** Starts following; the counter moves only when the row is new. The new count (null: no idea). */
export async function followIdea(tx: Executor, ideaId: string, userId: string, now: Date) {
  const added = await tx
    .insert(ideaFollows)
    .values({ ideaId, userId, createdAt: now })
    .onConflictDoNothing()
    .returning({ userId: ideaFollows.userId });
  return shiftFollowerCount(tx, ideaId, added.length);
}

/** Stops following; the counter moves only when a row went. */
export async function unfollowIdea(tx: Executor, ideaId: string, userId: string) {
  const gone = await tx
    .delete(ideaFollows)
    .where(and(eq(ideaFollows.ideaId, ideaId), eq(ideaFollows.userId, userId)))
    .returning({ userId: ideaFollows.userId });
  return shiftFollowerCount(tx, ideaId, -gone.length);
}

async function shiftFollowerCount(tx: Executor, ideaId: string, delta: number): Promise<number> {
  const [row] = await tx
    .update(ideas)
    .set({ followerCount: sql`${ideas.followerCount} + ${delta}` })
    .where(eq(ideas.id, ideaId))
    .returning({ n: ideas.followerCount });
  return row?.n ?? 0;
}

export async function isFollowing(db: Executor, ideaId: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: ideaFollows.userId })
    .from(ideaFollows)
    .where(and(eq(ideaFollows.ideaId, ideaId), eq(ideaFollows.userId, userId)))
    .limit(1);
  return Boolean(row);
}

/**
 * An idea's followers with their addresses, but for `except`; with `commentsOnly`, only those who
 * asked to hear of every comment (users.idea_comment_notifications).
 */
export async function followersOf(
  db: Executor,
  ideaId: string,
  opts: { except: string[]; commentsOnly: boolean },
): Promise<Array<{ id: string; email: string }>> {
  const rows = await db
    .select({ id: users.id, email: users.email })
    .from(ideaFollows)
    .innerJoin(users, eq(users.id, ideaFollows.userId))
    .where(
      and(
        eq(ideaFollows.ideaId, ideaId),
        opts.commentsOnly ? eq(users.ideaCommentNotifications, true) : undefined,
        eq(users.status, 'active'),
      ),
    );
  const except = new Set(opts.except);
  return rows.filter((r) => !except.has(r.id));
}

// ---------- lifecycle ----------

/** Sets the status of an idea not merged (a merge is final); false when there was none to change. */
export async function setStatus(tx: Executor, id: string, status: string, now: Date): Promise<boolean> {
  const rows = await tx
    .update(ideas)
    .set({ status, updatedAt: now })
    .where(and(eq(ideas.id, id), sql`${ideas.status} <> 'merged'`))
    .returning({ id: ideas.id });
  return rows.length > 0;
}

export async function insertStatusEvent(
  tx: Executor,
  values: { ideaId: string; actorId: string | null; status: string; note: string | null; createdAt: Date },
): Promise<void> {
  await tx.insert(ideaStatusEvents).values(values);
}

/** The idea's timeline, oldest first. */
const timelineStatement = prepared((db) =>
  db
    .select({
      id: ideaStatusEvents.id,
      status: ideaStatusEvents.status,
      note: ideaStatusEvents.note,
      createdAt: ideaStatusEvents.createdAt,
      actorId: ideaStatusEvents.actorId,
      actorName: users.displayName,
    })
    .from(ideaStatusEvents)
    .leftJoin(users, eq(users.id, ideaStatusEvents.actorId))
    .where(eq(ideaStatusEvents.ideaId, slot<string>('ideaId')))
    .orderBy(asc(ideaStatusEvents.createdAt), asc(ideaStatusEvents.id)),
);

/** A timeline entry with its actor's name (null: the actor's account is gone). */
export type StatusEventRow = {
  id: string;
  status: string;
  note: string | null;
  createdAt: Date;
  actorId: string | null;
  actorName: string | null;
};

export function timelineOf(db: Executor, ideaId: string): Promise<StatusEventRow[]> {
  return timelineStatement(db, undefined, { ideaId });
}

// ---------- attachments ----------

const attachmentCols = {
  id: ideaAttachments.id,
  ideaId: ideaAttachments.ideaId,
  kind: ideaAttachments.kind,
  fileKey: ideaAttachments.fileKey,
  mimetype: files.mimetype,
  size: files.size,
  originalName: files.originalName,
};
export type AttachmentRow = {
  id: string;
  ideaId: string;
  kind: string;
  fileKey: string;
  mimetype: string;
  size: number;
  originalName: string;
};

/** An idea's attachments in the order they were added. */
const attachmentsStatement = prepared((db) =>
  db
    .select(attachmentCols)
    .from(ideaAttachments)
    .innerJoin(files, eq(files.key, ideaAttachments.fileKey))
    .where(eq(ideaAttachments.ideaId, slot<string>('ideaId')))
    .orderBy(asc(ideaAttachments.createdAt), asc(ideaAttachments.id)),
);

export async function attachmentsOf(db: Executor, ideaId: string): Promise<AttachmentRow[]> {
  return attachmentsStatement(db, undefined, { ideaId });
}

export async function findAttachment(
  db: Executor,
  ideaId: string,
  attachmentId: string,
): Promise<AttachmentRow | null> {
  const [row] = await db
    .select(attachmentCols)
    .from(ideaAttachments)
    .innerJoin(files, eq(files.key, ideaAttachments.fileKey))
    .where(and(eq(ideaAttachments.id, attachmentId), eq(ideaAttachments.ideaId, ideaId)))
    .limit(1);
  return row ?? null;
}

export async function countAttachments(db: Executor, ideaId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(ideaAttachments)
    .where(eq(ideaAttachments.ideaId, ideaId));
  return Number(row?.n ?? 0);
}

export async function insertAttachment(
  tx: Executor,
  values: { ideaId: string; fileKey: string; kind: 'image' | 'document'; createdAt: Date },
): Promise<string> {
  const [row] = await tx.insert(ideaAttachments).values(values).returning({ id: ideaAttachments.id });
  // The idea's row changes too: its cover may have, and cached lists follow the ideas table.
  await tx.update(ideas).set({ updatedAt: values.createdAt }).where(eq(ideas.id, values.ideaId));
  return row!.id;
}

/** Removes the attachment row; its file key, or null when there was none. */
export async function deleteAttachment(tx: Executor, ideaId: string, attachmentId: string) {
  const [row] = await tx
    .delete(ideaAttachments)
    .where(and(eq(ideaAttachments.id, attachmentId), eq(ideaAttachments.ideaId, ideaId)))
    .returning({ fileKey: ideaAttachments.fileKey });
  if (row) await tx.update(ideas).set({ updatedAt: sql`now()` }).where(eq(ideas.id, ideaId));
  return row?.fileKey ?? null;
}

/** The stored files of an idea (to free them once it is deleted). */
export async function attachmentKeysOf(db: Executor, ideaId: string): Promise<string[]> {
  const rows = await db
    .select({ key: ideaAttachments.fileKey })
    .from(ideaAttachments)
    .where(eq(ideaAttachments.ideaId, ideaId));
  return rows.map((r) => r.key);
}

// ---------- merging ----------

/**
 * Moves everything of `fromId` onto `intoId` and closes `fromId`, in the caller's transaction (both
 * rows locked first): likes move one per person (someone who liked both keeps one), comments move,
 * followers move one per person; both counters are then recounted from the rows, so they are exact.
 * The old idea becomes 'merged' with merged_into and leaves the lists (hidden, so the idea_counts
 * triggers drop it from its category's count). Returns the new idea's counts.
 */
export async function mergeIdeas(tx: Executor, fromId: string, intoId: string, now: Date) {
  await tx.execute(sql`
    insert into ${ideaLikes} (idea_id, user_id, created_at)
    select ${intoId}::uuid, l.user_id, l.created_at from ${ideaLikes} l where l.idea_id = ${fromId}::uuid
    on conflict do nothing`);
  await tx.delete(ideaLikes).where(eq(ideaLikes.ideaId, fromId));
  await tx.update(ideaComments).set({ ideaId: intoId }).where(eq(ideaComments.ideaId, fromId));
  await tx.execute(sql`
    insert into ${ideaFollows} (idea_id, user_id, created_at)
    select ${intoId}::uuid, f.user_id, f.created_at from ${ideaFollows} f where f.idea_id = ${fromId}::uuid
    on conflict do nothing`);
  await tx.delete(ideaFollows).where(eq(ideaFollows.ideaId, fromId));
  await tx
    .update(ideas)
    .set({
      status: 'merged',
      mergedInto: intoId,
      hidden: true,
      likeCount: 0,
      commentCount: 0,
      followerCount: 0,
      updatedAt: now,
    })
    .where(eq(ideas.id, fromId));
  const [into] = await tx
    .update(ideas)
    .set({
      likeCount: sql`(select count(*)::int from ${ideaLikes} where ${ideaLikes.ideaId} = ${intoId}::uuid)`,
      commentCount: sql`(select count(*)::int from ${ideaComments} where ${ideaComments.ideaId} = ${intoId}::uuid)`,
      followerCount: sql`(select count(*)::int from ${ideaFollows} where ${ideaFollows.ideaId} = ${intoId}::uuid)`,
      updatedAt: now,
    })
    .where(eq(ideas.id, intoId))
    .returning({
      likeCount: ideas.likeCount,
      commentCount: ideas.commentCount,
      followerCount: ideas.followerCount,
    });
  return into!;
}

/** Locks both ideas' rows in one statement, in id order (two merges cannot wait on each other). */
export async function lockIdeasForMerge(tx: Executor, a: string, b: string) {
  return tx
    .select({
      id: ideas.id,
      authorId: ideas.authorId,
      hidden: ideas.hidden,
      status: ideas.status,
      title: ideas.title,
    })
    .from(ideas)
    .where(inArray(ideas.id, [a, b]))
    .orderBy(asc(ideas.id))
    .for('update');
}

// ---------- the listing's search ----------

interface SearchListShape extends FeedShape {
  words: number;
  limit: number;
}

function searchListWhere(s: SearchListShape): SQL {
  return and(
    feedWhere(s),
    sql`${ideas.search} @@ ${searchQuery({ words: s.words, match: 'all', limit: s.limit })}`,
  )!;
}

const searchListPage = prepared((db, s: SearchListShape) =>
  db
    .select(feedColumns(s))
    .from(ideas)
    .innerJoin(users, eq(users.id, ideas.authorId))
    .where(searchListWhere(s))
    .orderBy(...ORDER[s.sort])
    .limit(rowCount(s.limit))
    .offset(pageOffset('offset')),
);

const searchListCount = prepared((db, s: SearchListShape) =>
  db.select({ n: sql<number>`count(*)::int` }).from(ideas).where(searchListWhere(s)),
);

/**
 * A page of the listing's search: every visible idea matching every word (each a prefix, through
 * the GIN index), in the listing's filters and sort, with the number of matches.
 */
export async function searchPage(
  db: Executor,
  opts: {
    filter: IdeaFilter;
    words: string[];
    viewerId: string | null;
    sort: IdeaSort;
    page: number;
    limit: number;
  },
): Promise<{ rows: IdeaRow[]; totalItems: number }> {
  const shape = {
    ...feedShape(opts.filter, opts.viewerId, opts.sort),
    words: opts.words.length,
    limit: opts.limit,
  };
  const values = {
    ...feedValues(opts.filter, opts.viewerId),
    ...indexed(
      'w',
      opts.words.map((w) => `${w}:*`),
    ),
    offset: (opts.page - 1) * opts.limit,
  };
  const [rows, count] = await Promise.all([
    searchListPage(db, shape, values),
    searchListCount(db, shape, values),
  ]);
  return { rows, totalItems: Number(count[0]?.n ?? 0) };
}
