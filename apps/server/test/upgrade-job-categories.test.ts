// The upgrade to one job category list (migration 0029): jobs stored under an earlier create
// form's names, replayed on a migrated database put back into the old state, end up under the one
// list's names with the sidebar counts (job_counts, job_open_counts) matching the jobs themselves.
import { readFileSync } from 'node:fs';
import { canonicalJobCategory, JOB_CATEGORY_RENAMES, JOB_LISTING_CATEGORIES } from '@agora/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.js';
import { jobs, users } from '../src/db/schema/index.js';
import { countByCategory } from '../src/modules/jobs/jobs.repo.js';
import { step as jobsStep } from '../scripts/seed/jobs.js';
import { makeRng, type SeedContext } from '../scripts/seed/types.js';
import { usersStep } from '../scripts/seed/users.js';
import { freshDatabase } from './helpers.js';

const migration = readFileSync(
  new URL('../src/db/migrations/0029_job_categories.sql', import.meta.url),
  'utf8',
);
const statements = migration
  .split('--> statement-breakpoint')
  .map((s) => s.trim())
  .filter(Boolean);

const TODAY = '2031-03-01';

type Row = { category: string; n: number };
const rows = async (db: Database['db'], q: ReturnType<typeof sql>) =>
  ((await db.execute(q)) as unknown as { rows: Row[] }).rows.map((r) => ({
    category: r.category,
    n: Number(r.n),
  }));
const sorted = (list: Row[]) => [...list].sort((a, b) => a.category.localeCompare(b.category));

describe('upgrade: one job category list', () => {
  let database: Database;
  let posterId: string;
  beforeAll(async () => {
    database = await freshDatabase();
    const [u] = await database.db
      .insert(users)
      .values({ email: 'poster@example.com', name: 'Poster', displayName: 'Poster' })
      .returning();
    posterId = u!.id;
  });
  afterAll(() => database.close());

  it('names the same list in the shared constants, the migration and the schema', () => {
    for (const c of JOB_LISTING_CATEGORIES) expect(migration).toContain(`'${c}'`);
    for (const [from, to] of Object.entries(JOB_CATEGORY_RENAMES)) {
      expect(JOB_LISTING_CATEGORIES).toContain(to);
      if (to !== 'Other') expect(migration).toContain(`WHEN '${from}' THEN '${to}'`);
    }
    expect(canonicalJobCategory('Human Resources')).toBe('HR');
    expect(canonicalJobCategory('HR')).toBe('HR');
  });

  it('maps stored jobs to the one list and keeps the per-category counts equal to the jobs', async () => {
    const db = database.db;
    // Written before the list was one: the table took any category.
    await db.execute(sql`alter table jobs drop constraint jobs_category_check`);
    await db.execute(sql`select agora_job_open_refresh(${TODAY}::date)`);
    const job = (category: string, status: string, deadline: string | null) => ({
      posterId,
      title: `${category} role`,
      description: 'd',
      companyName: 'Acme',
      city: 'Pune',
      contactEmail: 'jobs@acme.test',
      category,
      status,
      applicationDeadline: deadline,
    });
    await db.insert(jobs).values([
      ...Array.from({ length: 6 }, () => job('HR', 'approved', null)),
      job('Human Resources', 'approved', null),
      job('Human Resources', 'approved', '2031-06-01'),
      job('Human Resources', 'approved', '2031-01-01'), // closed before today: not open
      job('Human Resources', 'pending', null),
      job('Technology', 'approved', '2031-06-01'),
      job('Engineering', 'approved', '2031-06-01'),
      job('Healthcare', 'approved', null),
      job('Media', 'rejected', null),
      job('Something else', 'approved', null),
    ]);
    // Before: the sidebar counted two names for one kind of job.
    const before = await countByCategory(db, TODAY);
    expect(before).toEqual(
      expect.arrayContaining([
        { category: 'Human Resources', n: 2 },
        { category: 'HR', n: 6 },
      ]),
    );

    for (const s of statements) await db.execute(sql.raw(s));

    const stored = await rows(db, sql`select category, count(*)::int as n from jobs group by category`);
    const allowed = new Set<string>(JOB_LISTING_CATEGORIES);
    expect(stored.filter((r) => !allowed.has(r.category))).toEqual([]);
    expect(sorted(await countByCategory(db, TODAY))).toEqual([
      { category: 'Engineering', n: 2 },
      { category: 'HR', n: 8 },
      { category: 'Other', n: 2 },
    ]);
    // The counters hold exactly what a recount of the jobs gives, with no rows left for old names.
    const counted = await rows(
      db,
      sql`select category, sum(approved)::int as n from job_counts group by category having sum(approved) <> 0`,
    );
    const recount = await rows(
      db,
      sql`select category, count(*)::int as n from jobs where status = 'approved' group by category`,
    );
    expect(sorted(counted)).toEqual(sorted(recount));
    const open = await rows(db, sql`select category, approved as n from job_open_counts where approved <> 0`);
    const openRecount = await rows(
      db,
      sql`select category, count(*)::int as n from jobs where status = 'approved'
           and coalesce(application_deadline, 'infinity'::date) >= ${TODAY}::date group by category`,
    );
    expect(sorted(open)).toEqual(sorted(openRecount));
    const strays = await rows(
      db,
      sql`select category, 0 as n from job_counts where category not in (select unnest(${sql.raw(
        `array[${JOB_LISTING_CATEGORIES.map((c) => `'${c}'`).join(',')}]`,
      )}))
          union all select category, 0 from job_open_counts where category not in (select unnest(${sql.raw(
            `array[${JOB_LISTING_CATEGORIES.map((c) => `'${c}'`).join(',')}]`,
          )}))`,
    );
    expect(strays).toEqual([]);
  });

  it('refuses a category outside the list, whatever the code asks', async () => {
    await expect(
      database.db.insert(jobs).values({
        posterId,
        title: 'Late',
        description: 'd',
        companyName: 'Acme',
        city: 'Pune',
        contactEmail: 'jobs@acme.test',
        category: 'Human Resources',
      }),
    ).rejects.toThrow();
    await expect(database.db.execute(sql`update jobs set category = 'Media'`)).rejects.toThrow();
  });
});

describe('seed: jobs use the one category list', () => {
  it('seeds only listed categories, and the sidebar counts agree with the seeded jobs', async () => {
    const database = await freshDatabase();
    try {
      const ctx: SeedContext = {
        db: database.db,
        scale: 1,
        rng: makeRng(5),
        now: new Date('2026-11-24T10:00:00Z'),
        userIds: [],
        log: () => {},
      };
      for (const s of [usersStep, jobsStep]) await s.run(ctx);
      const stored = await rows(
        database.db,
        sql`select category, count(*)::int as n from jobs where status = 'approved'
             and coalesce(application_deadline, 'infinity'::date) >= '2026-11-24'::date group by category`,
      );
      expect(stored.length).toBeGreaterThan(5);
      const allowed = new Set<string>(JOB_LISTING_CATEGORIES);
      expect(stored.filter((r) => !allowed.has(r.category))).toEqual([]);
      expect(sorted(await countByCategory(database.db, '2026-11-24'))).toEqual(sorted(stored));
    } finally {
      await database.close();
    }
  });
});
