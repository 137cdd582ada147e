import { and, asc, gt, gte, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { hackathons, ideas, jobs } from '../../db/schema/index.js';
import { earliestToday } from '../jobs/jobs.presenter.js';

export const SITEMAP_KINDS = ['jobs', 'ideas', 'hackathons'] as const;
export type SitemapKind = (typeof SITEMAP_KINDS)[number];

/** At most this many URLs in one sitemap file (the protocol allows 50,000; smaller files fetch faster). */
export const SITEMAP_PAGE = 5000;
/** Rows a bucket is sized for: far enough below SITEMAP_PAGE that a random split never overflows one. */
const BUCKET_TARGET = 2000;
/** Up to 16^3 = 4,096 buckets of a kind: about 8 million rows before a bucket nears its cap. */
const MAX_PREFIX = 3;

const tables = { jobs, ideas, hackathons } as const;

/** What a visitor may see of each kind, as the pages themselves decide (also an index's predicate). */
function visible(kind: SitemapKind, now: Date): SQL {
  if (kind === 'ideas') return sql`${ideas.hidden} = false`;
  if (kind === 'hackathons') return sql`${hackathons.status} = 'published'`;
  // Open jobs: listed (approved), before their expiry, their deadline not over everywhere yet.
  return and(
    sql`${jobs.status} = 'approved'`,
    or(isNull(jobs.expiresAt), gt(jobs.expiresAt, now)),
    or(isNull(jobs.applicationDeadline), gte(jobs.applicationDeadline, earliestToday(now))),
  )!;
}

const asUuid = (hex32: string) =>
  `${hex32.slice(0, 8)}-${hex32.slice(8, 12)}-${hex32.slice(12, 16)}-${hex32.slice(16, 20)}-${hex32.slice(20)}`;

/** The ids a bucket holds: those starting with `prefix` (ids are random v4 UUIDs, so buckets are even). */
export function bucketRange(prefix: string): { lo: string; hi: string } {
  return { lo: asUuid(prefix.padEnd(32, '0')), hi: asUuid(prefix.padEnd(32, 'f')) };
}

/**
 * How many leading hex digits split a kind into buckets of about BUCKET_TARGET rows. The size comes
 * from a count that stops at a small cap, then from the planner's estimate (pg_class.reltuples):
 * never a scan of the table.
 */
export async function prefixLength(db: Executor, kind: SitemapKind): Promise<number> {
  const table = tables[kind];
  const cap = BUCKET_TARGET + 1;
  const [few] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(db.select({ one: sql`1` }).from(table).limit(cap).as('few'));
  let rows = Number(few?.n ?? 0);
  if (rows >= cap) {
    const { rows: est } = (await db.execute(
      sql`select greatest(reltuples, 0)::float8 as n from pg_class where oid = ${kind}::regclass`,
    )) as unknown as { rows: Array<{ n: number | string }> };
    rows = Math.max(rows, Number(est[0]?.n ?? 0));
  }
  let digits = 0;
  while (digits < MAX_PREFIX && rows / 16 ** digits > BUCKET_TARGET) digits++;
  return digits;
}

export interface SitemapEntry {
  id: string;
  lastmod: Date;
}

/** One bucket's visible rows by primary key range: at most SITEMAP_PAGE rows read through the index. */
export async function bucketEntries(
  db: Executor,
  kind: SitemapKind,
  prefix: string,
  now: Date,
): Promise<SitemapEntry[]> {
  const table = tables[kind];
  const { lo, hi } = bucketRange(prefix);
  return db
    .select({ id: table.id, lastmod: table.updatedAt })
    .from(table)
    .where(and(gte(table.id, lo), lte(table.id, hi), visible(kind, now)))
    .orderBy(asc(table.id))
    .limit(SITEMAP_PAGE);
}
