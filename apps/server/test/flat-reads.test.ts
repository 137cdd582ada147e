// Reads whose cost does not grow with the tables, checked for what they answer (the
// plans themselves are checked by query-plans.test.ts on PostgreSQL). Runs on both databases.
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, expectErrorBody, makeAdmin, signup, type TestApp, type TestUser } from './helpers.js';
import { JOB_TOTAL_CAP, MATCH_WINDOW } from '../src/modules/jobs/jobs.repo.js';
import { earliestToday } from '../src/modules/jobs/jobs.presenter.js';
import { adminTasks } from '../src/modules/admin/admin.tasks.js';
import { rowsOf, verifyShapes } from '../src/db/prepared.js';

describe('flat reads: one statement, none built per request', () => {
  let t: TestApp;
  let author: TestUser;
  let admin: TestUser;

  beforeAll(async () => {
    t = await buildTestApp();
    author = await signup(t.app, { role: 'questioner' });
    admin = await signup(t.app);
    await makeAdmin(t, admin);
    const db = t.database.db;
    // 1,100 ideas and 1,100 approved jobs (one past its deadline, one pending), 1,100 questions of
    // which only the oldest mentions "zephyr" (beyond the newest-1,000 search window).
    await db.execute(sql`
      insert into ideas (author_id, title, description, category, tags, created_at, updated_at)
      select ${author.user.id}, 'Idea ' || g, 'A plain description ' || g, 'Technology', array['x'],
             now() - g * interval '1 minute', now() - g * interval '1 minute'
      from generate_series(1, 1100) g`);
    await db.execute(sql`
      insert into jobs (poster_id, title, description, company_name, city, state, country, category, level,
                        employment_type, contact_email, status, skills, application_deadline, created_at, updated_at)
      select ${author.user.id}, 'Frontend Developer ' || g, 'Build features', 'Acme', 'Pune', 'MH', 'India',
             case when g % 2 = 0 then 'Engineering' else 'Design' end, 'Mid-level', 'Full-time', 'jobs@example.com',
             case when g = 1101 then 'pending' else 'approved' end, array['React'],
             case when g = 1102 then date '2000-01-01' else null end,
             now() - g * interval '1 minute', now() - g * interval '1 minute'
      from generate_series(1, 1102) g`);
    await db.execute(sql`
      insert into questions (author_id, title, description, category, status, created_at, updated_at)
      select ${author.user.id},
             case when g = 1100 then 'Caring for a zephyr lily' else 'Balcony garden question ' || g end,
             'Details ' || g, 'Science', 'open', now() - g * interval '1 minute', now() - g * interval '1 minute'
      from generate_series(1, 1100) g`);
  }, 120_000);

  afterAll(async () => {
    await t?.close();
  });

  it('ideas: a page number alone reaches offset 1,000; deeper is a 400 until past the last page', async () => {
    const last = await t.app.inject({ url: '/api/ideas?sort=popular&page=101&limit=10' });
    expect(last.statusCode).toBe(200);
    expect(last.json().ideas).toHaveLength(10);
    const deep = await t.app.inject({ url: '/api/ideas?sort=popular&page=102&limit=10' });
    expect(deep.statusCode).toBe(400);
    expectErrorBody(deep.json());
    expect(deep.body).toContain('querystring.page');
    const beyond = await t.app.inject({ url: '/api/ideas?sort=popular&page=111&limit=10' });
    expect(beyond.statusCode).toBe(200);
    expect(beyond.json().ideas).toEqual([]);
    expect(beyond.json().totalItems).toBe(1100);
  });

  it('jobs: exact totals from job_counts; a filtered search counts up to JOB_TOTAL_CAP (100) and says so', async () => {
    const all = (await t.app.inject({ url: '/api/jobs' })).json();
    // 1,102 rows: one pending, one past its deadline.
    expect(all.pagination.totalJobs).toBe(1100);
    expect(all.pagination.totalCapped).toBeUndefined();
    const eng = (await t.app.inject({ url: '/api/jobs?category=Engineering' })).json();
    expect(eng.pagination.totalJobs).toBe(550);
    const search = (await t.app.inject({ url: '/api/jobs?search=developer' })).json();
    expect(search.pagination.totalJobs).toBe(JOB_TOTAL_CAP);
    expect(search.pagination.totalCapped).toBe(true);
    expect(search.jobs.length).toBeGreaterThan(0);
    // A word only one job holds, past the newest (oldest) 250 a text search reads first: found by
    // the full-text index, though its window (2,000) would have held every listed job.
    for (const sort of ['newest', 'oldest', 'title']) {
      const one = (await t.app.inject({ url: `/api/jobs?search=500&sort=${sort}` })).json();
      expect(
        one.jobs.map((j: { title: string }) => j.title),
        sort,
      ).toEqual(['Frontend Developer 500']);
      expect(one.pagination.totalJobs, sort).toBe(1);
    }
    const few = (await t.app.inject({ url: '/api/jobs?search=developer&location=Mumbai' })).json();
    expect(few.pagination.totalJobs).toBe(0);
    expect(few.pagination.totalCapped).toBeUndefined();
    const counts = (await t.app.inject({ url: '/api/jobs/categories' })).json();
    expect(counts.Engineering).toBe(550);
    expect(counts.Design).toBe(550);
  });

  it('jobs sort=match: the best of the newest MATCH_WINDOW listed jobs, the total "100+"', async () => {
    const seeker = await signup(t.app);
    await t.database.db.execute(
      sql`update users set skills = array['react'], level = 'Mid-level', location = 'Pune' where id = ${seeker.user.id}`,
    );
    // Every listed job scores 100 for this profile (React, Mid-level, Pune).
    const sorted = await t.app.inject({ url: '/api/jobs?sort=match&limit=20', headers: seeker.auth });
    expect(sorted.statusCode, sorted.body).toBe(200);
    const body = sorted.json();
    expect(body.pagination).toMatchObject({ totalJobs: JOB_TOTAL_CAP, totalCapped: true });
    expect(body.jobs.map((j: { match: { score: number } }) => j.match.score)).toEqual(Array(20).fill(100));
    // Ties newest first: the same page as the default order.
    const newest = (await t.app.inject({ url: '/api/jobs?limit=20', headers: seeker.auth })).json();
    expect(body.jobs.map((j: { _id: string }) => j._id)).toEqual(
      newest.jobs.map((j: { _id: string }) => j._id),
    );
    // A category holds 550 listed jobs, more than the window: still a bounded, capped answer.
    const eng = (
      await t.app.inject({
        url: '/api/jobs?sort=match&category=Engineering&page=9&limit=12',
        headers: seeker.auth,
      })
    ).json();
    expect(eng.pagination.totalJobs).toBe(JOB_TOTAL_CAP);
    expect(eng.jobs.length).toBe(JOB_TOTAL_CAP - 8 * 12);
    expect(MATCH_WINDOW).toBeLessThan(550);
  });

  it('job_counts follows approval and deletion', async () => {
    const before = (await t.app.inject({ url: '/api/jobs/categories' })).json();
    await t.database.db.execute(sql`update jobs set status = 'approved' where status = 'pending'`);
    const after = (await t.app.inject({ url: '/api/jobs/categories' })).json();
    expect(after.Engineering + after.Design).toBe(before.Engineering + before.Design + 1);
    await t.database.db.execute(
      sql`delete from jobs where id in (select id from jobs where status = 'approved' and category = 'Design' limit 10)`,
    );
    const deleted = (await t.app.inject({ url: '/api/jobs/categories' })).json();
    expect(deleted.Design).toBe(after.Design - 10);
  });

  it('job category counts are kept per day: a job stops counting once its deadline day is over', async () => {
    const counts = async () => (await t.app.inject({ url: '/api/jobs/categories' })).json();
    const total = async () =>
      (await t.app.inject({ url: '/api/jobs?category=Design' })).json().pagination.totalJobs;
    const before = await counts();
    const today = earliestToday(t.clock.now());
    await t.database.db.execute(sql`
      insert into jobs (poster_id, title, description, company_name, city, country, category, contact_email, status,
                        application_deadline)
      values (${author.user.id}, 'Last-day designer', 'Apply today', 'Acme', 'Pune', 'India', 'Design',
              'jobs@example.com', 'approved', ${today}::date)`);
    // Counted the same day (the write moves the per-category row; no recount)…
    expect((await counts()).Design).toBe(before.Design + 1);
    expect(await total()).toBe(before.Design + 1);
    // …and no longer the day after its deadline, for both readers (the rows are recomputed once).
    // A listed Design job without a deadline (not the last-day one).
    const designer = (await t.app.inject({ url: '/api/jobs?category=Design&sort=oldest&limit=1' })).json()
      .jobs[0].title as string;
    expect(designer).toMatch(/^Frontend Developer/);
    const saved = t.clock.now();
    t.clock.advance(86_400_000);
    try {
      // The list reads the counters in its page statement: it is the first reader of the new day here.
      expect(await total()).toBe(before.Design);
      expect((await counts()).Design).toBe(before.Design);
      // A change made on the new day counts against the new day.
      await t.database.db.execute(sql`update jobs set status = 'pending' where title = ${designer}`);
      expect((await counts()).Design).toBe(before.Design - 1);
    } finally {
      t.clock.set(saved);
    }
    // Back on the first day: recomputed again, the last-day job counts once more.
    // (the last-day job counts again, the designer set pending on the other day does not)
    expect(await total()).toBe(before.Design);
    expect((await counts()).Design).toBe(before.Design);
    await t.database.db.execute(sql`update jobs set status = 'approved' where title = ${designer}`);
    await t.database.db.execute(sql`delete from jobs where title = 'Last-day designer'`);
    expect((await counts()).Design).toBe(before.Design);
  });

  it('jobs: a search that is the first read of a new day answers for that day and moves the counters to it', async () => {
    const asOf = async () => {
      const res = await t.database.db.execute(sql`select day::text as day from job_open_asof`);
      return String(rowsOf<{ day: string }>(res)[0]?.day);
    };
    const search = async (q: string) => (await t.app.inject({ url: `/api/jobs?search=${q}` })).json();
    const today = earliestToday(t.clock.now());
    // "Kestrel" is in one job only, listed today and no longer tomorrow; "wren" in one without a deadline.
    await t.database.db.execute(sql`
      insert into jobs (poster_id, title, description, company_name, city, country, category, contact_email, status,
                        application_deadline)
      values (${author.user.id}, 'Kestrel keeper', 'Last day to apply', 'Acme', 'Pune', 'India', 'Design',
              'jobs@example.com', 'approved', ${today}::date),
             (${author.user.id}, 'Wren watcher', 'No deadline', 'Acme', 'Pune', 'India', 'Design',
              'jobs@example.com', 'approved', null)`);
    try {
      // Read on the first day: the counters are for it, carried by the search's own statement.
      expect((await search('kestrel')).pagination.totalJobs).toBe(1);
      expect(await asOf()).toBe(today);
      const saved = t.clock.now();
      t.clock.advance(86_400_000);
      try {
        const tomorrow = earliestToday(t.clock.now());
        // The counters the search's statement carries are the first day's: the search reads the new
        // day's (recomputing them, as the first reader of the day), and both words are rare, so the
        // full-text pass answers — without the job whose last day has passed.
        const gone = await search('kestrel');
        expect(gone.pagination.totalJobs).toBe(0);
        expect(gone.jobs).toEqual([]);
        expect(await asOf()).toBe(tomorrow);
        const kept = await search('wren');
        expect(kept.jobs.map((j: { title: string }) => j.title)).toEqual(['Wren watcher']);
        expect(kept.pagination.totalJobs).toBe(1);
      } finally {
        t.clock.set(saved);
      }
      // Back on the first day (a clock set back): the search again comes first and recomputes.
      expect((await search('kestrel')).pagination.totalJobs).toBe(1);
      expect(await asOf()).toBe(today);
    } finally {
      await t.database.db.execute(sql`delete from jobs where title in ('Kestrel keeper', 'Wren watcher')`);
    }
  });

  it('questions: a rare word beyond the newest 1,000 is found, an absent one answers an empty page', async () => {
    const rare = (await t.app.inject({ url: '/api/questions/public?q=zephyr' })).json();
    expect(rare.map((q: { title: string }) => q.title)).toEqual(['Caring for a zephyr lily']);
    const absent = await t.app.inject({ url: '/api/questions/public?q=qqxxzzy' });
    expect(absent.statusCode).toBe(200);
    expect(absent.json()).toEqual([]);
    // A common word fills the page from the window, newest first.
    const common = (await t.app.inject({ url: '/api/questions/public?q=balcony&limit=3' })).json();
    expect(common.map((q: { title: string }) => q.title)).toEqual([
      'Balcony garden question 1',
      'Balcony garden question 2',
      'Balcony garden question 3',
    ]);
    // A word with one match in the window and ten older ones: the page is read from all of them.
    const spanning = await t.app.inject({ url: '/api/questions/public?q=question+109&limit=5' });
    expect(spanning.json().map((q: { title: string }) => q.title)).toEqual(
      [109, 1090, 1091, 1092, 1093].map((g) => `Balcony garden question ${g}`),
    );
    const next = await t.app.inject({
      url: `/api/questions/public?q=question+109&limit=5&cursor=${encodeURIComponent(String(spanning.headers['x-next-cursor']))}`,
    });
    expect(next.json().map((q: { title: string }) => q.title)).toEqual(
      [1094, 1095, 1096, 1097, 1098].map((g) => `Balcony garden question ${g}`),
    );
    const similar = (await t.app.inject({ url: '/api/questions/similar?q=zephyr+flowers' })).json();
    expect(similar[0].title).toBe('Caring for a zephyr lily');
    // A common word: the pool (the 50 newest matches) comes from the window and is ranked there;
    // the best match of both words first, then the newest of the rest.
    const both = (await t.app.inject({ url: '/api/questions/similar?q=garden+question+1&limit=5' })).json();
    expect(both).toHaveLength(5);
    expect(both[0]).toEqual({
      _id: expect.any(String),
      title: 'Balcony garden question 1',
      category: expect.any(String),
      status: expect.any(String),
      answerCount: expect.any(Number),
    });
    expect(both.map((q: { title: string }) => q.title)).toContain('Balcony garden question 2');
  });

  it('questions: category counts follow inserts and hiding (question_counts)', async () => {
    const before = (await t.app.inject({ url: '/api/questions/categories' })).json();
    expect(before.Science).toBe(1100);
    await t.database.db.execute(
      sql`update questions set hidden = true where id in (select id from questions order by created_at limit 5)`,
    );
    const after = (await t.app.inject({ url: '/api/questions/categories' })).json();
    expect(after.Science).toBe(1095);
  });

  it('questions: the random order visits every public question once across its pages, wrapping', async () => {
    const seen: string[] = [];
    let cursor: string | undefined;
    for (let i = 0; i < 40; i++) {
      const res = await t.app.inject({
        url: `/api/questions/public?sort=random&limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      });
      expect(res.statusCode).toBe(200);
      seen.push(...res.json().map((q: { _id: string }) => q._id));
      cursor = res.headers['x-next-cursor'] as string | undefined;
      if (!cursor) break;
    }
    expect(seen).toHaveLength(1095);
    expect(new Set(seen).size).toBe(1095);
  });

  it('admin overview: totals and the day series follow the tables (overview_daily)', async () => {
    const get = async () =>
      (await t.app.inject({ url: '/api/admin/overview', headers: admin.auth })).json() as {
        totals: Record<string, number>;
        series: Record<string, number[]>;
      };
    const before = await get();
    expect(before.totals.questions).toBe(1100);
    expect(before.totals.ideas).toBe(1100);
    await t.database.db.execute(sql`delete from ideas where id in (select id from ideas limit 3)`);
    const after = await get();
    expect(after.totals.ideas).toBe(1097);
    const days = after.series.ideas!.reduce((a, v) => a + v, 0);
    expect(days).toBe(1097);
  });

  it('admin overview: the review backlog follows the tables (pending_counts)', async () => {
    const totals = async () =>
      (
        (await t.app.inject({ url: '/api/admin/overview', headers: admin.auth })).json() as {
          totals: Record<string, number>;
        }
      ).totals;
    const exact = async () => {
      const res = await t.database.db.execute(sql`
        select (select count(*)::int from jobs where status = 'pending') as jobs,
               (select count(*)::int from hackathons where status = 'pending') as hackathons,
               (select count(*)::int from withdrawals where status = 'pending') as withdrawals`);
      const r = ((res as { rows?: unknown[] }).rows ?? (res as unknown[]))[0] as Record<string, number>;
      return { pendingJobs: r.jobs, pendingHackathons: r.hackathons, pendingWithdrawals: r.withdrawals };
    };
    expect(await totals()).toMatchObject(await exact());
    // Many rows in one statement each way (the triggers count transition tables), then one row.
    await t.database.db.execute(
      sql`update jobs set status = 'pending' where title like 'Frontend Developer 10%'`,
    );
    const moved = await exact();
    expect(moved.pendingJobs).toBeGreaterThan(10);
    expect(await totals()).toMatchObject(moved);
    await t.database.db.execute(
      sql`update jobs set status = 'approved' where title like 'Frontend Developer 10%'`,
    );
    await t.database.db.execute(sql`delete from jobs where status = 'pending'`);
    expect(await totals()).toMatchObject({ ...(await exact()), pendingJobs: 0 });

    // The changes are appended rows; the task folds them into one per table, totals unchanged.
    const rows = async () => {
      const res = await t.database.db.execute(
        sql`select tbl, count(*)::int as n from pending_counts group by tbl`,
      );
      return Object.fromEntries(
        ((res as { rows?: unknown[] }).rows ?? (res as unknown[])).map((r) => [
          (r as { tbl: string }).tbl,
          (r as { n: number }).n,
        ]),
      );
    };
    expect((await rows()).jobs).toBeGreaterThan(1);
    const task = adminTasks.find((x) => x.name === 'admin.compact-pending-counts')!;
    await Promise.all([task.handler(t.app.ctx), task.handler(t.app.ctx)]);
    expect(await rows()).toEqual({ jobs: 1, hackathons: 1, withdrawals: 1 });
    expect(await totals()).toMatchObject(await exact());
  });
  // A detail page is one lookup by id: its statement is built once per handle (db/prepared.ts).
  // Building the select with Drizzle at every request costs a quarter of a question page's server
  // CPU in a profile, more than PostgreSQL's answer.
  it('hot reads build no statement per request: pages by id, lists, searches, counts, me', async () => {
    const db = t.database.db;
    // The newest of each that the tests above left public (some hide or delete a few).
    const one = async (query: string) =>
      String(rowsOf<{ id: string }>(await db.execute(sql.raw(query)))[0]!.id);
    await db.execute(sql`
      insert into hackathons (author_id, title, description, category, organizer_name, organizer_email,
                              start_date, end_date, prize_pool, status)
      values (${author.user.id}, 'Built once', 'A hackathon', 'AI/ML', 'Org', 'org@example.com',
              now() + interval '1 day', now() + interval '2 days', '$100', 'published')`);
    const urls = [
      `/api/questions/${await one(`select id from questions where not hidden order by created_at desc limit 1`)}`,
      `/api/ideas/${await one(`select id from ideas where not hidden order by created_at desc limit 1`)}`,
      `/api/jobs/${await one(`select id from jobs where status = 'approved' and application_deadline is null order by created_at desc limit 1`)}`,
      `/api/hackathons/${await one(`select id from hackathons where title = 'Built once'`)}`,
      // The benchmark's reads (scripts/bench/endpoints.ts), but the random order: where its seed
      // starts decides whether a page wraps round the circle (a second statement, a shape of its
      // own built the first time one does), so no number of warm-up calls makes it deterministic.
      '/api/questions/public',
      '/api/questions/public?category=Technology&category=Science',
      '/api/questions/public?q=balcony',
      '/api/questions/public?q=zqxjvw',
      '/api/questions/categories',
      '/api/questions/similar?q=balcony+garden',
      '/api/ideas?sort=popular',
      '/api/ideas?sort=popular&page=9',
      // The status filter's total comes from idea_counts (per category and status), not a count.
      '/api/ideas?status=new',
      '/api/ideas?status=new&category=Technology',
      '/api/ideas/search?q=plain',
      '/api/ideas/categories',
      '/api/jobs',
      '/api/jobs?search=developer&category=Engineering&location=Pune',
      '/api/jobs?search=zebracorn',
      '/api/jobs?sort=title',
      '/api/jobs/categories',
      '/api/hackathons',
    ];
    const signedIn: Array<[string, TestUser]> = [
      ['/api/auth/me', author],
      ['/api/notifications?limit=10', author],
      ['/api/admin/overview', admin],
    ];
    // Under test every call rebuilds its statement to check it against the kept one: off here.
    verifyShapes(false);
    const builds = vi.spyOn(PgDialect.prototype, 'sqlToQuery');
    try {
      for (const [url, who] of [...urls.map((u) => [u, null] as const), ...signedIn]) {
        const headers = who?.auth ?? {};
        // The first call builds (per shape and handle); the next ones only fill in their values.
        expect((await t.app.inject({ url, headers })).statusCode, url).toBe(200);
        builds.mockClear();
        for (let i = 0; i < 3; i++) expect((await t.app.inject({ url, headers })).statusCode, url).toBe(200);
        // Reads only: the spy sees the whole process, and the buffered views are written by a
        // timer (an update that may fall between two of these requests).
        const reads = builds.mock.results
          .map((r) => String((r.value as { sql: string }).sql).trim())
          .filter((text) => /^(select|with)\b/i.test(text));
        expect(
          reads.map((text) => text.slice(0, 200)),
          url,
        ).toEqual([]);
      }
    } finally {
      builds.mockRestore();
      verifyShapes(true);
    }
  });
});
