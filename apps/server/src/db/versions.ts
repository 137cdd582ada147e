import { type AnyColumn, type SQL, sql } from 'drizzle-orm';

// A row's `updated_at` doubles as its version for review: an admin approves or rejects the version
// they read (the API shows it to the millisecond), never one written after they opened it.

/**
 * The `updated_at` an edit writes: its own time, but always at least a millisecond after the
 * version it replaces, so two writes within one millisecond (or on an instance whose clock is
 * behind) still read as two versions.
 */
export function nextVersion(column: AnyColumn, now: Date): SQL<Date> {
  return sql<Date>`greatest(${now.toISOString()}::timestamptz, date_trunc('milliseconds', ${column}) + interval '1 millisecond')`;
}

/** The row is still at the version `seen` (to the millisecond, the precision the API shows). */
export function atVersion(column: AnyColumn, seen: Date): SQL {
  return sql`date_trunc('milliseconds', ${column}) = ${seen.toISOString()}::timestamptz`;
}
