import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import { badRequest } from './errors.js';
import { isUuid } from './ids.js';

/**
 * The one keyset-cursor codec (CONTRACT §3: the next page's opaque cursor travels in X-Next-Cursor).
 * A cursor is a base64url JSON array of the last row's sort key(s) and id. Timestamps keep their
 * microseconds (as PostgreSQL prints them), so rows created within one millisecond are neither
 * skipped nor repeated. Every part is range-checked before it reaches a statement: anything that
 * is not a cursor of this list is 400 "Invalid cursor", never a database error.
 */
export const INVALID_CURSOR = 'Invalid cursor';

const TS_PATTERN = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})\.\d{6}Z$/;

/** A UTC timestamp with microseconds naming a real instant in years 1–9999 (what PostgreSQL accepts). */
export function isCursorTs(v: unknown): v is string {
  if (typeof v !== 'string') return false;
  const m = TS_PATTERN.exec(v);
  if (!m) return false;
  const [year, month, day, hour, minute, second] = m.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  if (year < 1 || month < 1 || month > 12 || hour > 23 || minute > 59 || second > 59) return false;
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]!;
  return day >= 1 && day <= days;
}

export const isCursorId = (v: unknown): v is string => typeof v === 'string' && isUuid(v);

/** A whole number from `min` to `max` (a counter in a sort key). */
export const isCursorInt = (v: unknown, min = 0, max = 2_147_483_647): v is number =>
  typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max;

export type CursorPart = string | number;

export function encodeCursor(parts: readonly CursorPart[]): string {
  return Buffer.from(JSON.stringify(parts), 'utf8').toString('base64url');
}

export function invalidCursor(): never {
  return badRequest(INVALID_CURSOR, [{ field: 'querystring.cursor', message: INVALID_CURSOR }]);
}

/**
 * Decodes a cursor's parts and hands them to `read`, which returns the list's position or null when
 * they are not a cursor of this list. No cursor → null; anything else that fails → 400.
 */
export function decodeCursor<T>(
  raw: string | undefined | null,
  read: (parts: unknown[]) => T | null,
): T | null {
  if (!raw) return null;
  let parts: unknown;
  try {
    if (raw.length > 1024 || !/^[A-Za-z0-9_-]+$/.test(raw)) return invalidCursor();
    parts = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
  } catch {
    return invalidCursor();
  }
  if (!Array.isArray(parts)) return invalidCursor();
  return read(parts) ?? invalidCursor();
}

/** The common position: a timestamp with microseconds plus the row id as tiebreak. */
export interface Keyset {
  ts: string;
  id: string;
}

export const readKeyset = (p: unknown[]): Keyset | null =>
  p.length === 2 && isCursorTs(p[0]) && isCursorId(p[1]) ? { ts: p[0], id: p[1] } : null;

export const encodeKeyset = (k: Keyset): string => encodeCursor([k.ts, k.id]);

export const decodeKeyset = (raw: string | undefined | null): Keyset | null => decodeCursor(raw, readKeyset);

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

/** Splits a limit+1 fetch into the page and the next cursor (absent on the last page). */
export function page<T extends { cursorTs: string; id: string }>(
  rows: T[],
  limit: number,
): { items: T[]; nextCursor: string | null } {
  if (rows.length <= limit) return { items: rows, nextCursor: null };
  const items = rows.slice(0, limit);
  const last = items[items.length - 1]!;
  return { items, nextCursor: encodeKeyset({ ts: last.cursorTs, id: last.id }) };
}
