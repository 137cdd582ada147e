// Issue 18: reads whose cost does not grow with the tables, checked for what they answer (the
// plans themselves are checked by query-plans.test.ts on PostgreSQL). Runs on both databases.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, expectErrorBody, makeAdmin, signup, type TestApp, type TestUser } from './helpers.js';

describe('flat reads (issue 18)', () => {
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

  it('jobs: exact totals from job_counts; a filtered search counts up to 1,000 and says so', async () => {
    const all = (await t.app.inject({ url: '/api/jobs' })).json();
    // 1,102 rows: one pending, one past its deadline.
    expect(all.pagination.totalJobs).toBe(1100);
    expect(all.pagination.totalCapped).toBeUndefined();
    const eng = (await t.app.inject({ url: '/api/jobs?category=Engineering' })).json();
    expect(eng.pagination.totalJobs).toBe(550);
    const search = (await t.app.inject({ url: '/api/jobs?search=developer' })).json();
    expect(search.pagination.totalJobs).toBe(1000);
    expect(search.pagination.totalCapped).toBe(true);
    expect(search.jobs.length).toBeGreaterThan(0);
    const few = (await t.app.inject({ url: '/api/jobs?search=developer&location=Mumbai' })).json();
    expect(few.pagination.totalJobs).toBe(0);
    expect(few.pagination.totalCapped).toBeUndefined();
    const counts = (await t.app.inject({ url: '/api/jobs/categories' })).json();
    expect(counts.Engineering).toBe(550);
    expect(counts.Design).toBe(550);
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
    const similar = (await t.app.inject({ url: '/api/questions/similar?q=zephyr+flowers' })).json();
    expect(similar[0].title).toBe('Caring for a zephyr lily');
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
        series: Array<Record<string, number | string>>;
      };
    const before = await get();
    expect(before.totals.questions).toBe(1100);
    expect(before.totals.ideas).toBe(1100);
    await t.database.db.execute(sql`delete from ideas where id in (select id from ideas limit 3)`);
    const after = await get();
    expect(after.totals.ideas).toBe(1097);
    const days = after.series.reduce((a, d) => a + Number(d.ideas), 0);
    expect(days).toBe(1097);
  });
});
