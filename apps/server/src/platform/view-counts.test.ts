import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, dbKind, signup, type TestApp } from '../../test/helpers.js';
import type { Db } from '../db/client.js';
import { ideas } from '../db/schema/index.js';
import { ViewCounts } from './view-counts.js';
import { rowsOf } from '../db/prepared.js';

describe(`view counts (${dbKind})`, () => {
  let t: TestApp;
  let ideaId: string;
  const viewsInDb = async () =>
    (await t.database.db.select({ v: ideas.views }).from(ideas).where(eq(ideas.id, ideaId)))[0]!.v;

  beforeAll(async () => {
    t = await buildTestApp();
    const author = await signup(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/ideas',
      headers: author.auth,
      payload: { title: 'Counted idea', description: 'Views are counted in batches', category: 'Technology' },
    });
    ideaId = res.json()._id;
  });
  afterAll(() => t.close());

  it('shows every view at once and writes them in one batch', async () => {
    const before = await viewsInDb();
    const seen: number[] = [];
    // Three visitors (a view counts once per viewer per hour).
    const visit = (ua: string) =>
      t.app.inject({ url: `/api/ideas/${ideaId}`, headers: { 'user-agent': ua } });
    for (let i = 0; i < 3; i++) seen.push((await visit(`reader-${i}`)).json().views);
    expect(seen).toEqual([before + 1, before + 2, before + 3]);
    await t.app.ctx.views.flush();
    expect(await viewsInDb()).toBe(before + 3);
    expect(t.app.ctx.views.pending('ideas', ideaId)).toBe(0);
    expect((await visit('reader-3')).json().views).toBe(before + 4);
  });

  it('keeps the counts when a write fails and adds them on the next flush', async () => {
    let fail = true;
    const db = t.database.db;
    const flaky = {
      execute: (q: unknown) => (fail ? Promise.reject(new Error('database down')) : db.execute(q as never)),
    } as unknown as Db;
    const errors: unknown[] = [];
    const counts = new ViewCounts(flaky, (err) => errors.push(err));
    const before = await viewsInDb();
    counts.add('ideas', ideaId);
    counts.add('ideas', ideaId);
    await counts.flush();
    expect(errors).toHaveLength(1);
    expect(counts.pending('ideas', ideaId)).toBe(2);
    counts.add('ideas', ideaId);
    fail = false;
    await counts.stop();
    expect(await viewsInDb()).toBe(before + 3);
    expect(counts.pending('ideas', ideaId)).toBe(0);
  });

  it('writes what is pending when the server closes', async () => {
    // The first app's own pending views (its last visit above) are written first: its flush timer
    // could otherwise land between the two reads and count as this app's.
    await t.app.ctx.views.flush();
    const other = await buildTestApp({ database: t.database });
    const before = await viewsInDb();
    await other.app.inject({ url: `/api/ideas/${ideaId}` });
    await other.close();
    expect(await viewsInDb()).toBe(before + 1);
    // Nothing else changed on the row.
    const [row] = await t.database.db
      .execute<{ n: number }>(
        sql`select count(*)::int as n from ideas where id = ${ideaId} and title = 'Counted idea'`,
      )
      .then((r) => rowsOf<{ n: number }>(r));
    expect(row!.n).toBe(1);
  });

  it('still shows the views a flush is writing while its UPDATE runs', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    // A database whose UPDATE takes a while: the page is read in the middle of it.
    const slowDb = {
      execute: async (q: unknown) => {
        await gate;
        return t.database.db.execute(q as never);
      },
    } as unknown as Db;
    const counts = new ViewCounts(slowDb);
    const before = await viewsInDb();
    counts.add('ideas', ideaId, 2);
    const flushing = counts.flush();
    // The row does not have them yet, so pending() must still include them.
    expect(await viewsInDb()).toBe(before);
    expect(counts.pending('ideas', ideaId)).toBe(2);
    release();
    await flushing;
    expect(await viewsInDb()).toBe(before + 2);
    expect(counts.pending('ideas', ideaId)).toBe(0);
  });
});
