import { type AnyColumn, asc, desc, type SQL } from 'drizzle-orm';
import { users } from '../db/schema/index.js';
import { afterCursor, type Keyset } from './cursor.js';

/**
 * Helpers of the admin lists (each area's `listForAdmin`): keyset paging over created_at, the
 * ILIKE search, and the person (author, poster, requester) every admin row shows.
 */
export interface ListOpts {
  cursor: Keyset | null;
  limit: number;
}

/** `%term%` for ILIKE with the pattern characters of the term escaped (a search for "50%" is literal). */
export function likePattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export function keysetAfter(
  col: AnyColumn,
  idCol: AnyColumn,
  opts: ListOpts,
  dir: 'asc' | 'desc',
): SQL | undefined {
  return opts.cursor ? afterCursor(col, idCol, opts.cursor, dir) : undefined;
}

export function keysetOrder(col: AnyColumn, idCol: AnyColumn, dir: 'asc' | 'desc') {
  return dir === 'asc' ? [asc(col), asc(idCol)] : [desc(col), desc(idCol)];
}

export type Person = { id: string; displayName: string; email: string };

/** The columns of a joined `users` row an admin sees of a person. */
export const personCols = { id: users.id, displayName: users.displayName, email: users.email };

export const person = (u: Person): Person => ({ id: u.id, displayName: u.displayName, email: u.email });
export const iso = (d: Date | null) => (d ? d.toISOString() : null);
export const ageMinutes = (createdAt: Date, now: Date) =>
  Math.max(0, Math.floor((now.getTime() - createdAt.getTime()) / 60_000));
