import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import { badRequest } from '../../lib/errors.js';

/**
 * Opaque keyset cursor: the sort timestamp as PostgreSQL prints it (microseconds kept, so rows
 * created within one millisecond are neither skipped nor repeated) plus the row id as tiebreak.
 */
export interface Keyset {
  ts: string;
  id: string;
}

const TS_PATTERN = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

/** The column as a UTC ISO string with microseconds: exact when cast back to timestamptz. */
export function cursorTs(col: AnyColumn | SQL): SQL<string> {
  return sql<string>`to_char(${col} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
}

/** `(col, id) < cursor` (newest first) or `>` (oldest first), as one row comparison. */
export function afterCursor(col: AnyColumn, idCol: AnyColumn, k: Keyset, dir: 'asc' | 'desc'): SQL {
  return dir === 'desc'
    ? sql`(${col}, ${idCol}) < (${k.ts}::timestamptz, ${k.id}::uuid)`
    : sql`(${col}, ${idCol}) > (${k.ts}::timestamptz, ${k.id}::uuid)`;
}

export function encodeCursor(k: Keyset): string {
  return Buffer.from(JSON.stringify([k.ts, k.id]), 'utf8').toString('base64url');
}

export function decodeCursor(cursor: string | undefined): Keyset | null {
  if (!cursor) return null;
  try {
    const v = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (
      Array.isArray(v) &&
      typeof v[0] === 'string' &&
      typeof v[1] === 'string' &&
      /^[0-9a-f-]{36}$/.test(v[1]) &&
      TS_PATTERN.test(v[0])
    ) {
      return { ts: v[0], id: v[1] };
    }
  } catch {
    // fall through
  }
  return badRequest('Invalid cursor', [{ field: 'querystring.cursor', message: 'Invalid cursor' }]);
}

/** Splits a limit+1 fetch into the page and the next cursor (absent on the last page). */
export function page<T extends { cursorTs: string; id: string }>(
  rows: T[],
  limit: number,
): { items: T[]; nextCursor: string | null } {
  if (rows.length <= limit) return { items: rows, nextCursor: null };
  const items = rows.slice(0, limit);
  const last = items[items.length - 1]!;
  return { items, nextCursor: encodeCursor({ ts: last.cursorTs, id: last.id }) };
}
