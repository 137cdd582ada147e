import { is, type Placeholder, SQL, sql } from 'drizzle-orm';
import type { Executor } from './client.js';
import { compileRowMapper, type SelectedField } from './row-mapper.js';

/**
 * Statements built once per shape instead of once per request.
 *
 * Building a statement with Drizzle — the query builder's objects, then `sqlToQuery` walking every
 * chunk with `is()` checks — cost a quarter of the server's busy time on an uncached jobs list, as
 * much as PostgreSQL's answer. A hot read is built here once per database handle and per *shape*
 * (which filters are present, the sort, how many categories: whatever changes the statement's
 * text), with `sql.placeholder(...)` for every value, and each request only fills the values in.
 *
 * The builder gets the shape, never the request's values: a value inlined by mistake would be
 * served to the next request of that shape. Under test (`VITEST`) every call builds the statement
 * again and compares text and parameters with the stored one, so a builder that reads something
 * outside its shape (a value, a setting) fails the test that exercises it.
 *
 * On PostgreSQL the statement stays unnamed in Drizzle: db/named-statements.ts names it once seen
 * twice (text searches stay unnamed there, by design).
 */
export type PlaceholderValues = Record<string, unknown>;

interface Runner<R> {
  execute(values?: PlaceholderValues): Promise<R>;
}

/** A query builder Drizzle can prepare (select, insert…), or a raw statement. */
type Buildable<R> = { prepare(name: string): Runner<R>; toSQL(): { sql: string; params: unknown[] } } | SQL;

interface Internals {
  session: {
    prepareQuery(
      query: { sql: string; params: unknown[] },
      fields: undefined,
      name: undefined,
      arrayMode: boolean,
    ): Runner<unknown>;
  };
  dialect: { sqlToQuery(q: SQL): { sql: string; params: unknown[] } };
}

/** At most this many shapes per handle and statement; past it the oldest is dropped (built again when next used). */
const MAX_SHAPES = 128;

let verifying = process.env.VITEST !== undefined;

/** Turns the rebuild-and-compare check on or off (tests of this module); returns the old setting. */
export function verifyShapes(on: boolean): boolean {
  const was = verifying;
  verifying = on;
  return was;
}

/** The rows of a raw statement's result: node-postgres and PGlite both answer with `rows`. */
export function rowsOf<T = Record<string, unknown>>(res: unknown): T[] {
  return (res as { rows?: T[] }).rows ?? (res as T[]);
}

/** `sql.placeholder(name)`, typed for use where a value of type T goes. */
export const slot = <T = unknown>(name: string) => sql.placeholder(name) as unknown as T & Placeholder;

/**
 * A row count (a LIMIT, a window's size) written into the statement's text, not sent as a
 * parameter; the count is then part of the statement's shape.
 *
 * PostgreSQL costs a generic plan with `limit $n` or `offset $n` as if a tenth of all rows were
 * wanted (it cannot know n), so under `plan_cache_mode = auto` the generic plan never looks as
 * cheap as the custom ones and a named statement is planned again at every execution: a page of
 * questions at scale 1000 spent 0.5 ms of PostgreSQL's CPU in Bind (planning) and 0.3 ms running.
 * With the count in the text the generic plan is costed as the custom one and kept after five runs.
 * Only counts from a small set belong here (a page size from a validated query, a constant): each
 * distinct count is another statement text.
 */
export function rowCount(n: number): number {
  if (!Number.isSafeInteger(n) || n < 0) throw new Error(`a row count must be a whole number ≥ 0, not ${n}`);
  return sql.raw(String(n)) as unknown as number;
}

/**
 * `(select expr)`: a scalar subquery without FROM, which PostgreSQL evaluates once per execution
 * as an InitPlan and cannot see when it plans. A custom plan then costs it as the generic plan
 * does, so the generic plan is kept, and an index scan still takes the value as a runtime key.
 * Used for later pages' offsets (pageOffset), the random order's start and cursor, and tsqueries
 * (db/text-search.ts tsQueryOnce, where it also spares parsing the query again for every row).
 */
export function initPlanValue(expr: SQL): SQL {
  return sql`(select ${expr})`;
}

/**
 * A numbered page's offset (`offset (select $n)`, initPlanValue): a custom plan is costed as the
 * generic one (a tenth of the rows, the plan a page walk takes anyway) and the generic plan is
 * kept, where `offset $n` let each custom plan see the offset and undercut the generic one, so the
 * page was planned at every request.
 */
export function pageOffset(name: string): number {
  return initPlanValue(sql`${slot(name)}::int`) as unknown as number;
}

/** Placeholders `${prefix}0` … `${prefix}${n - 1}`, for a list of n values (see `indexed`). */
export const slots = (prefix: string, n: number) =>
  Array.from({ length: n }, (_, i) => slot<string>(`${prefix}${i}`));

/** The values of the placeholders `slots(prefix, list.length)`. */
export function indexed(prefix: string, list: readonly unknown[] | undefined): PlaceholderValues {
  const values: PlaceholderValues = {};
  list?.forEach((v, i) => {
    values[`${prefix}${i}`] = v;
  });
  return values;
}

/**
 * A statement built by `build` once per handle and shape. The shape must be plain data (booleans,
 * counts, names): its JSON is the key under which the statement is kept.
 */
export function prepared<S, R>(
  build: (exec: Executor, shape: S) => Buildable<R>,
): (exec: Executor, shape: S, values: PlaceholderValues) => Promise<R> {
  const byHandle = new WeakMap<Executor, Map<string, { run: Runner<R>; text: string }>>();
  return (exec, shape, values) => {
    const key = shape === undefined ? '' : JSON.stringify(shape);
    let shapes = byHandle.get(exec);
    if (!shapes) {
      shapes = new Map();
      byHandle.set(exec, shapes);
    }
    let entry = shapes.get(key);
    if (entry === undefined) {
      entry = prepareOn(exec, build(exec, shape));
      // Oldest out first: odd shapes (a request with many filters) cannot keep the hot ones out.
      if (shapes.size >= MAX_SHAPES) shapes.delete(shapes.keys().next().value as string);
      shapes.set(key, entry);
    } else if (verifying) {
      const again = prepareOn(exec, build(exec, shape)).text;
      if (again !== entry.text) {
        return Promise.reject(
          new Error(`prepared statement shape "${key}" built differently:\n${entry.text}\n---\n${again}`),
        );
      }
    }
    return entry.run.execute(values);
  };
}

function prepareOn<R>(exec: Executor, q: Buildable<R>): { run: Runner<R>; text: string } {
  if (is(q, SQL)) {
    const { session, dialect } = exec as unknown as Internals;
    const query = dialect.sqlToQuery(q);
    return {
      run: session.prepareQuery(query, undefined, undefined, false) as Runner<R>,
      text: describe(query),
    };
  }
  const builder = q as Exclude<Buildable<R>, SQL>;
  // No name: Drizzle's node-postgres driver would send a fixed one to every pooled connection;
  // db/named-statements.ts names the text instead (and keeps text searches unnamed).
  const run = builder.prepare(undefined as unknown as string) as Runner<R> & MappedQuery;
  // Rows are mapped by a mapper built once for the statement (db/row-mapper.ts), not Drizzle's
  // per-row walk; both drivers read a result mapper off the prepared query when they map rows.
  if (run.fields && !run.customResultMapper) {
    const map = compileRowMapper(run.fields, run.joinsNotNullableMap);
    run.customResultMapper = (rows) => rows.map(map);
  }
  return { run, text: describe(builder.toSQL()) };
}

/** What Drizzle's prepared select (node-postgres and PGlite alike) keeps for mapping its rows. */
interface MappedQuery {
  fields?: SelectedField[];
  joinsNotNullableMap?: Record<string, boolean>;
  customResultMapper?: (rows: unknown[][]) => unknown;
}

/** The statement's text and its parameters (placeholders by name): what must not vary per shape. */
function describe(q: { sql: string; params: unknown[] }): string {
  return `${q.sql} -- ${JSON.stringify(q.params)}`;
}
