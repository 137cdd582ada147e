import { Column, getTableName, is, SQL, Subquery } from 'drizzle-orm';

/**
 * Rows of a prepared select turned into result objects, as Drizzle's `mapResultRow` does, without
 * its per-cell garbage.
 *
 * `mapResultRow` runs a `reduce` over the selected fields for every row and walks each field's path
 * with `path.entries()`: an iterator and a `[index, key]` pair per path element, per cell. On an
 * uncached hackathons list (20 rows × 40 fields) that was 21 % of everything the server allocated
 * per request — more than the JSON it sent. Here each field's decoder, parent path and key are
 * worked out once per statement; a row costs its result objects and the decoded values only.
 *
 * The result is the same as `mapResultRow`'s, key order included: nested objects appear in the
 * order their first field was selected, and a left-joined table's object is `null` when its first
 * selected column is null (Drizzle's rule, `joinsNotNullableMap`). row-mapper.test.ts compares the
 * two over every kind of field.
 */

/** A selected field as Drizzle lists it on a prepared query (`orderSelectedFields`). */
export interface SelectedField {
  path: string[];
  field: unknown;
}

interface Decoder {
  mapFromDriverValue(value: unknown): unknown;
}

interface Cell {
  parents: string[];
  key: string;
  decoder: Decoder;
  /** For a left join's nulling: the object (path[0]) and the column's table, when Drizzle checks it. */
  joined: { object: string; table: string } | null;
}

function decoderOf(field: unknown): Decoder {
  // `decoder` is internal to Drizzle's SQL (set by `.mapWith()`; the identity otherwise).
  const of = (q: SQL) => (q as unknown as { decoder: Decoder }).decoder;
  if (is(field, Column)) return field;
  if (is(field, SQL)) return of(field);
  if (is(field, Subquery)) return of((field as unknown as { _: { sql: SQL } })._.sql);
  return of((field as { sql: SQL }).sql);
}

export type RowMapper = (row: unknown[]) => Record<string, unknown>;

/** A mapper for the rows (array mode) of a statement selecting `fields`. */
export function compileRowMapper(
  fields: readonly SelectedField[],
  joinsNotNullableMap?: Record<string, boolean>,
): RowMapper {
  const cells: Cell[] = fields.map(({ path, field }) => ({
    parents: path.slice(0, -1),
    key: path[path.length - 1]!,
    decoder: decoderOf(field),
    joined:
      joinsNotNullableMap && is(field, Column) && path.length === 2
        ? { object: path[0]!, table: getTableName(field.table) }
        : null,
  }));
  const n = cells.length;
  return (row) => {
    const result: Record<string, unknown> = {};
    // Only cells of a left-joined table's object (`joined`) fill this; null when the select has none.
    let nullify: Record<string, string | false> | null = null;
    for (let i = 0; i < n; i++) {
      const cell = cells[i]!;
      let node = result;
      const parents = cell.parents;
      for (let j = 0; j < parents.length; j++) {
        const k = parents[j]!;
        node[k] ??= {};
        node = node[k] as Record<string, unknown>;
      }
      const raw = row[i];
      const value = raw === null ? null : cell.decoder.mapFromDriverValue(raw);
      node[cell.key] = value;
      const joined = cell.joined;
      if (joined !== null) {
        nullify ??= {};
        const seen = nullify[joined.object];
        if (seen === undefined) nullify[joined.object] = value === null ? joined.table : false;
        else if (typeof seen === 'string' && seen !== joined.table) nullify[joined.object] = false;
      }
    }
    if (nullify !== null) {
      for (const object in nullify) {
        const table = nullify[object];
        if (typeof table === 'string' && !joinsNotNullableMap![table]) result[object] = null;
      }
    }
    return result;
  };
}
