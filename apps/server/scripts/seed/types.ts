import { type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../src/db/client.js';

/** A deterministic PRNG (mulberry32) so seeded runs are comparable. */
export function makeRng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)]!,
    chance: (p: number) => next() < p,
  };
}
export type Rng = ReturnType<typeof makeRng>;

export interface SeedContext {
  db: Db;
  scale: number;
  rng: Rng;
  now: Date;
  /** Users created by earlier steps (demo accounts first). */
  userIds: string[];
  log: (msg: string) => void;
}

export type SeedStep = { name: string; run: (ctx: SeedContext) => Promise<void> };

/** Inserts rows in batches (bounded statement size). */
export async function insertBatched<T>(rows: T[], size: number, insert: (batch: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}

/**
 * Rows per unit of `--scale` in the proportions of the benchmark issue (10): `--scale 1000` is its
 * default benchmark size — 20k users, 100k questions with 300k answers, 100k ideas with 1M likes and
 * 200k comments, 50k jobs, 2k hackathons. Scale 1 keeps each area's own demo counts (see `scaled`).
 */
export const PER_SCALE = {
  users: 20,
  questions: 100,
  answersPerQuestion: 3,
  ideas: 100,
  likesPerIdea: 10,
  commentsPerIdea: 2,
  jobs: 50,
  hackathons: 2,
  followsPerUser: 4,
} as const;

/**
 * How many rows of one kind to seed: the area's demo count at scale 1 (so every screen has
 * content), `perUnit × scale` above it (never below the demo count).
 */
export function scaled(ctx: Pick<SeedContext, 'scale'>, perUnit: number, demo: number): number {
  if (ctx.scale <= 1) return Math.max(1, Math.round(demo * ctx.scale));
  return Math.max(demo, Math.round(perUnit * ctx.scale));
}

const toParam = (v: unknown) => (v instanceof Date ? v.toISOString() : v);

/**
 * Bulk insert for the big tables: one `insert … select * from unnest($1::type[], $2::type[], …)`
 * per batch, i.e. one parameter per column whatever the batch size. PostgreSQL and PGlite parse and
 * plan it about twice as fast as a multi-row VALUES list (measured on the 1M idea likes).
 * `columns` maps each database column name to its element type; rows hold values in that order.
 */
export async function insertUnnest(
  db: Db,
  table: PgTable,
  columns: Array<[name: string, type: string]>,
  rows: unknown[][],
  opts: { batch?: number; onConflictDoNothing?: boolean } = {},
): Promise<void> {
  const size = opts.batch ?? 5000;
  const names = sql.join(
    columns.map(([name]) => sql.identifier(name)),
    sql`, `,
  );
  const tail: SQL = opts.onConflictDoNothing ? sql` on conflict do nothing` : sql``;
  for (let i = 0; i < rows.length; i += size) {
    const batch = rows.slice(i, i + size);
    const arrays = sql.join(
      columns.map(([, type], c) => sql`${sql.param(batch.map((r) => toParam(r[c])))}::${sql.raw(type)}[]`),
      sql`, `,
    );
    await db.execute(sql`insert into ${table} (${names}) select * from unnest(${arrays})${tail}`);
  }
}

/** Tables the product reads by time windows (feeds, searches, the bell): laid in time order after seeding. */
export const TIME_ORDERED_TABLES = [
  'questions',
  'answers',
  'ideas',
  'idea_comments',
  'jobs',
  'notifications',
] as const;

/**
 * A live table is written in time order: each row is appended as it is created, and the updates
 * that soon follow (payment, counters) land near the end too. The seed steps generate rows in
 * random time order, so a window of the newest rows read one heap page per row (815 pages for the
 * 783 questions a search window walks at scale 1000, 8.8 ms) where a table the product wrote reads
 * ~30 (0.5 ms). This lays each table in `created_at` order (CLUSTER), as the product would have.
 */
export async function layInTimeOrder(db: Db, tables: readonly string[] = TIME_ORDERED_TABLES): Promise<void> {
  for (const table of tables) {
    if (!/^[a-z_]+$/.test(table)) throw new Error(`not a table name: ${table}`);
    await db.execute(sql.raw(`create index agora_seed_time_order on ${table} (created_at, id)`));
    await db.execute(sql.raw(`cluster ${table} using agora_seed_time_order`));
    await db.execute(sql.raw('drop index agora_seed_time_order'));
  }
}
