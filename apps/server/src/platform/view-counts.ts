import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';

/** Tables whose rows count page views in a `views` column. */
export type ViewedTable = 'questions' | 'ideas';

/** A viewer counts once per row per this long, so reloads do not inflate counts. */
export const VIEW_DEDUPE_MS = 60 * 60_000;
/** Most (row, viewer) pairs remembered; past it the oldest are forgotten first. */
const MAX_SEEN = 200_000;

/**
 * Who is looking: the user id when signed in, else a hash of the address and the user agent (never
 * stored, only kept in memory for an hour to tell a repeated view from a new one).
 */
export function viewerKey(req: {
  user?: { id: string } | null;
  ip: string;
  headers: Record<string, unknown>;
}): string {
  if (req.user) return `u:${req.user.id}`;
  const ua = String(req.headers['user-agent'] ?? '');
  return `a:${createHash('sha256').update(`${req.ip}|${ua}`).digest('base64url').slice(0, 22)}`;
}

/** Beyond this many distinct rows waiting (database unreachable for long), new views are dropped. */
const MAX_PENDING = 100_000;

/**
 * Page views counted in memory and added to the database in one statement per table every
 * interval. Counting a view as an UPDATE would put a write, a row lock and a WAL flush on commit
 * inside every detail page read; this way a read stays a read. A view can be lost if the
 * process dies before the next flush; several instances each add their own counts, so nothing is
 * counted twice. `pending(table, id)` lets a response include the views not yet written.
 */
export class ViewCounts {
  private readonly pendingByTable = new Map<ViewedTable, Map<string, number>>();
  /** Views this process has counted per row since it started (never reset by a flush). */
  private readonly countedByTable = new Map<ViewedTable, Map<string, number>>();
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> | null = null;
  /** The batch a flush is writing, until its UPDATE has returned. */
  private readonly writingByTable = new Map<ViewedTable, Map<string, number>>();

  /** (table, row, viewer) → when that view was counted; insertion order is age order. */
  private readonly seen = new Map<string, number>();

  constructor(
    private readonly db: Db,
    private readonly onError: (err: unknown) => void = () => {},
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * Counts a view of a row by one viewer, at most once per VIEW_DEDUPE_MS: 300 requests from one
   * visitor are one view. Remembered per process (several instances may each count a viewer once).
   */
  view(table: ViewedTable, id: string, viewer: string): boolean {
    const key = `${table}|${id}|${viewer}`;
    const t = this.now();
    const at = this.seen.get(key);
    if (at !== undefined && t - at < VIEW_DEDUPE_MS) return false;
    this.seen.delete(key);
    this.seen.set(key, t);
    if (this.seen.size > MAX_SEEN) {
      for (const [k, v] of this.seen) {
        if (this.seen.size <= MAX_SEEN && t - v < VIEW_DEDUPE_MS) break;
        this.seen.delete(k);
      }
    }
    this.add(table, id);
    return true;
  }

  add(table: ViewedTable, id: string, n = 1): void {
    let counts = this.pendingByTable.get(table);
    if (!counts) {
      counts = new Map();
      this.pendingByTable.set(table, counts);
    }
    if (!counts.has(id) && counts.size >= MAX_PENDING) return;
    counts.set(id, (counts.get(id) ?? 0) + n);
    let counted = this.countedByTable.get(table);
    if (!counted) {
      counted = new Map();
      this.countedByTable.set(table, counted);
    }
    // Bounded like the pending map: a row first seen beyond it is not tracked (its cached page then
    // shows the count of when it was computed, for the cache's time-to-live).
    if (counted.has(id) || counted.size < MAX_PENDING) counted.set(id, (counted.get(id) ?? 0) + n);
  }

  /**
   * A monotonic count of the views this process has added for a row. The difference between two
   * readings is what happened between them, whether or not a flush wrote it meanwhile (a cached
   * page adds it to the count it was computed with).
   */
  counted(table: ViewedTable, id: string): number {
    return this.countedByTable.get(table)?.get(id) ?? 0;
  }

  private requeue(table: ViewedTable, id: string, n: number): void {
    const counts = this.pendingByTable.get(table) ?? new Map<string, number>();
    this.pendingByTable.set(table, counts);
    counts.set(id, (counts.get(id) ?? 0) + n);
  }

  pending(table: ViewedTable, id: string): number {
    // Views being written right now count too: a row read while their UPDATE runs does not have
    // them yet (without this, a page read during a flush showed fewer views than a moment before).
    return (this.pendingByTable.get(table)?.get(id) ?? 0) + (this.writingByTable.get(table)?.get(id) ?? 0);
  }

  /** Writes what is pending; counts that fail to write are kept for the next flush. */
  flush(): Promise<void> {
    this.flushing ??= this.writeAll().finally(() => {
      this.flushing = null;
    });
    return this.flushing;
  }

  private async writeAll(): Promise<void> {
    for (const [table, counts] of this.pendingByTable) {
      if (counts.size === 0) continue;
      const batch = [...counts];
      this.pendingByTable.set(table, new Map());
      this.writingByTable.set(table, counts);
      let written = 0;
      try {
        for (; written < batch.length; written += 1000) {
          const values = sql.join(
            batch.slice(written, written + 1000).map(([id, n]) => sql`(${id}::uuid, ${n}::int)`),
            sql`, `,
          );
          await this.db.execute(sql`
            update ${sql.identifier(table)} as t set views = t.views + v.n
              from (values ${values}) as v(id, n)
             where t.id = v.id`);
        }
      } catch (err) {
        // Put back what was not written (added to views counted meanwhile); next flush retries.
        for (const [id, n] of batch.slice(written)) this.requeue(table, id, n);
        this.onError(err);
      } finally {
        this.writingByTable.delete(table);
      }
    }
  }

  start(intervalMs = 1000): void {
    this.timer ??= setInterval(() => void this.flush(), intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.flush();
  }
}
