import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, dbKind, signup, type TestApp, type TestUser } from '../../../test/helpers.js';
import { ideaCounts, ideas, users } from '../../db/schema/index.js';
import { rowsOf } from '../../db/prepared.js';

// idea_counts is kept by triggers (migration 0006); the list's totals and the category counts read
// it instead of counting. Whatever changes ideas — the API, a bulk statement, a cascade — it must
// equal a real count.
describe(`idea counts (${dbKind})`, () => {
  let t: TestApp;
  let alice: TestUser;
  let bob: TestUser;

  beforeAll(async () => {
    t = await buildTestApp();
    alice = await signup(t.app);
    bob = await signup(t.app);
  });
  afterAll(() => t.close());

  async function expectExact() {
    const real = await t.database.db.execute<{ category: string; status: string; n: number }>(
      sql`select category, status, count(*)::int as n from ideas where not hidden
          group by category, status order by category, status`,
    );
    const kept = await t.database.db
      .select({ category: ideaCounts.category, status: ideaCounts.status, n: ideaCounts.visible })
      .from(ideaCounts)
      .where(sql`${ideaCounts.visible} <> 0`)
      .orderBy(ideaCounts.category, ideaCounts.status);
    expect(kept).toEqual(rowsOf(real));
    const list = (await t.app.inject({ url: '/api/ideas' })).json() as { totalItems: number };
    expect(list.totalItems).toBe(kept.reduce((a, r) => a + r.n, 0));
  }

  const totalOf = async (query: string) =>
    ((await t.app.inject({ url: `/api/ideas?${query}` })).json() as { totalItems: number }).totalItems;

  const create = async (u: TestUser, category: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/ideas',
      headers: u.auth,
      payload: { title: `Idea in ${category}`, description: 'Counted by a trigger', category },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json()._id as string;
  };

  it('follows creations, hiding, restoring, moving and deleting', async () => {
    const a = await create(alice, 'Technology');
    const b = await create(alice, 'Technology');
    await create(bob, 'Healthcare');
    await expectExact();
    expect(
      ((await t.app.inject({ url: '/api/ideas?category=Technology' })).json() as { totalItems: number })
        .totalItems,
    ).toBe(2);

    expect(
      (await t.app.inject({ method: 'PUT', url: `/api/ideas/${a}/hide`, headers: alice.auth })).statusCode,
    ).toBe(200);
    await expectExact();
    // Hiding twice changes nothing.
    await t.app.inject({ method: 'PUT', url: `/api/ideas/${a}/hide`, headers: alice.auth });
    await expectExact();
    await t.app.inject({ method: 'PUT', url: `/api/ideas/${a}/restore`, headers: alice.auth });
    await expectExact();

    await t.database.db.update(ideas).set({ category: 'Education' }).where(eq(ideas.id, b));
    await expectExact();
    // Likes and views update ideas too, without touching the counters.
    await t.app.inject({ method: 'POST', url: `/api/ideas/${b}/like`, headers: bob.auth });
    await t.database.db.update(ideas).set({ views: 5 }).where(eq(ideas.id, b));
    await expectExact();

    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/ideas/${a}`, headers: alice.auth })).statusCode,
    ).toBe(200);
    await expectExact();
    const categories = (await t.app.inject({ url: '/api/ideas/categories' })).json() as Record<
      string,
      number
    >;
    expect(categories.Education).toBe(1);
    expect(categories.Technology).toBe(0);
  });

  it('follows bulk statements and the cascade of a deleted author', async () => {
    await t.database.db.execute(sql`
      insert into ideas (author_id, title, description, category, hidden)
      select ${bob.user.id}, 'Bulk ' || g, 'Inserted in one statement', (array['Technology','Science'])[1 + g % 2], g % 5 = 0
      from generate_series(1, 40) g`);
    await expectExact();
    await t.database.db.execute(sql`update ideas set hidden = not hidden where title like 'Bulk %'`);
    await expectExact();
    await t.database.db.delete(users).where(eq(users.id, bob.user.id));
    await expectExact();
    await t.database.db.execute(sql`truncate ideas cascade`);
    await expectExact();
  });

  it('follows status changes: the total of a status filter is exact, alone and with a category', async () => {
    const carol = await signup(t.app);
    const a = await create(carol, 'Science');
    const b = await create(carol, 'Science');
    await create(carol, 'Education');
    const setStatus = async (id: string, status: string) => {
      const res = await t.app.inject({
        method: 'PATCH',
        url: `/api/ideas/${id}/status`,
        headers: carol.auth,
        payload: { status, note: 'Moving on' },
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    await setStatus(a, 'prototyping');
    await expectExact();
    expect(await totalOf('status=prototyping')).toBe(1);
    expect(await totalOf('status=prototyping&category=Science')).toBe(1);
    expect(await totalOf('status=prototyping&category=Education')).toBe(0);
    expect(await totalOf('status=new&category=Science')).toBe(1);
    await setStatus(b, 'prototyping');
    await setStatus(a, 'launched');
    await expectExact();
    expect(await totalOf('status=prototyping')).toBe(1);
    expect(await totalOf('status=launched')).toBe(1);
    // A hidden idea leaves its status's total, and comes back to it.
    await t.app.inject({ method: 'PUT', url: `/api/ideas/${a}/hide`, headers: carol.auth });
    expect(await totalOf('status=launched')).toBe(0);
    await t.app.inject({ method: 'PUT', url: `/api/ideas/${a}/restore`, headers: carol.auth });
    expect(await totalOf('status=launched')).toBe(1);
    await expectExact();
    // The sidebar's counts are per category, whatever the statuses.
    const categories = (await t.app.inject({ url: '/api/ideas/categories' })).json() as Record<
      string,
      number
    >;
    const [science] = rowsOf(
      await t.database.db.execute<{ n: number }>(
        sql`select count(*)::int as n from ideas where not hidden and category = 'Science'`,
      ),
    );
    expect(categories.Science).toBe(science!.n);
  });
});
