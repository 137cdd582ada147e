import { IDEA_CATEGORIES, LIMITS, MSG } from '@agora/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ideaComments, ideaLikes, ideas, notifications } from '../../db/schema/index.js';
import { buildTestApp, expectErrorBody, signup, type TestApp, type TestUser } from '../../../test/helpers.js';

let t: TestApp;
let alice: TestUser;
let bob: TestUser;
let carol: TestUser;

beforeAll(async () => {
  t = await buildTestApp();
  alice = await signup(t.app, { name: 'Alice Author' });
  bob = await signup(t.app, { name: 'Bob Reader' });
  carol = await signup(t.app, { name: 'Carol Other' });
});
afterAll(() => t.close());

type Body = Record<string, unknown>;
async function share(u: TestUser, over: Body = {}) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/ideas',
    headers: u.auth,
    payload: { title: 'An idea', description: 'Some description', category: 'Technology', ...over },
  });
  if (res.statusCode !== 201) throw new Error(`share failed ${res.statusCode} ${res.body}`);
  return res.json();
}
const get = (url: string, u?: TestUser) => t.app.inject({ method: 'GET', url, headers: u?.auth ?? {} });
const call = (method: 'POST' | 'PUT' | 'DELETE', url: string, u?: TestUser, payload?: Body) =>
  t.app.inject({ method, url, headers: u?.auth ?? {}, ...(payload ? { payload } : {}) });

describe('create', () => {
  it('stores an idea and returns it with author, counters and _id', async () => {
    const idea = await share(alice, {
      title: '  Solar kiosks  ',
      description: 'Charging stations for villages',
      category: 'Environment',
      tags: ' energy, solar ,, Solar, rural ',
      contactInfo: 'alice@example.com',
    });
    expect(idea).toMatchObject({
      title: 'Solar kiosks',
      category: 'Environment',
      tags: ['energy', 'solar', 'rural'],
      contactInfo: 'alice@example.com',
      author: { id: alice.user.id, displayName: 'Alice Author' },
      likeCount: 0,
      likes: 0,
      liked: false,
      commentCount: 0,
      views: 0,
      hidden: false,
    });
    expect(idea._id).toBe(idea.id);
  });

  it('accepts tags as an array (listing form) and contactInfo left out', async () => {
    const idea = await share(alice, { tags: [' a ', '', 'b', 'A', '  '] });
    expect(idea.tags).toEqual(['a', 'b']);
    expect(idea.contactInfo).toBeNull();
    const none = await share(alice, {});
    expect(none.tags).toEqual([]);
  });

  it('accepts every category of both forms (CONTRACT §5) and refuses others', async () => {
    for (const category of IDEA_CATEGORIES) {
      const res = await call('POST', '/api/ideas', carol, { title: 'x', description: 'y', category });
      expect(res.statusCode, category).toBe(201);
    }
    const bad = await call('POST', '/api/ideas', carol, { title: 'x', description: 'y', category: 'Nope' });
    expect(bad.statusCode).toBe(400);
    expectErrorBody(bad.json());
  });

  it('refuses blank fields, 200 tags and a 5,000-character tag, storing nothing', async () => {
    const before = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(ideas);
    const cases: Body[] = [
      { title: '   ', description: 'd', category: 'Technology' },
      { title: 't', description: '  ', category: 'Technology' },
      { title: 't', description: 'd' },
      {
        title: 't',
        description: 'd',
        category: 'Technology',
        tags: Array.from({ length: 200 }, (_, i) => `t${i}`),
      },
      {
        title: 't',
        description: 'd',
        category: 'Technology',
        tags: Array.from({ length: 21 }, (_, i) => `t${i}`).join(','),
      },
      { title: 't', description: 'd', category: 'Technology', tags: ['x'.repeat(5000)] },
      { title: 't', description: 'd', category: 'Technology', tags: 'x'.repeat(LIMITS.tagMax + 1) },
      { title: 'x'.repeat(LIMITS.titleMax + 1), description: 'd', category: 'Technology' },
      { title: 't', description: 'd', category: 'Technology', tags: 42 },
    ];
    for (const payload of cases) {
      const res = await call('POST', '/api/ideas', alice, payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expectErrorBody(res.json());
      expect(res.json().code).toBe('VALIDATION');
    }
    const tooMany = await call('POST', '/api/ideas', alice, {
      title: 't',
      description: 'd',
      category: 'Technology',
      tags: Array.from({ length: 200 }, (_, i) => `t${i}`),
    });
    expect(tooMany.json().message).toContain(`At most ${LIMITS.tagsMax} tags`);
    const longTag = await call('POST', '/api/ideas', alice, {
      title: 't',
      description: 'd',
      category: 'Technology',
      tags: ['x'.repeat(5000)],
    });
    expect(longTag.json().message).toContain(`at most ${LIMITS.tagMax} characters`);
    const after = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(ideas);
    expect(after[0]!.n).toBe(before[0]!.n);
  });

  it('keeps exactly 20 tags (the bound) and a 50-character tag', async () => {
    const tags = Array.from({ length: LIMITS.tagsMax }, (_, i) => `tag${i}`);
    tags[0] = 'y'.repeat(LIMITS.tagMax);
    const idea = await share(alice, { tags });
    expect(idea.tags).toHaveLength(LIMITS.tagsMax);
  });

  it('stores a script tag in a title as plain text', async () => {
    const title = '<script>alert("x")</script>';
    const idea = await share(alice, { title });
    const res = await get(`/api/ideas/${idea._id}`);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.json().title).toBe(title);
  });

  it('requires a signed-in user', async () => {
    const res = await call('POST', '/api/ideas', undefined, {
      title: 't',
      description: 'd',
      category: 'Technology',
    });
    expect(res.statusCode).toBe(401);
    expectErrorBody(res.json());
  });
});

describe('listing, categories and pagination', () => {
  let t2: TestApp;
  let u: TestUser;
  let v: TestUser;
  const ids: string[] = [];
  beforeAll(async () => {
    t2 = await buildTestApp();
    u = await signup(t2.app, { name: 'Lister' });
    v = await signup(t2.app, { name: 'Viewer' });
    // 23 ideas 20 s apart (well inside the session idle limit): 15 Technology, 5 Healthcare, 3 Social
    // Impact (a share-page category).
    for (let i = 0; i < 23; i++) {
      t2.clock.advance(20_000);
      const category = i < 15 ? 'Technology' : i < 20 ? 'Healthcare' : 'Social Impact';
      const res = await t2.app.inject({
        method: 'POST',
        url: '/api/ideas',
        headers: u.auth,
        payload: { title: `Idea ${i}`, description: `Description ${i}`, category },
      });
      ids.push(res.json()._id);
    }
    // Likes make idea 3 the most popular, then idea 7.
    for (const who of [u, v])
      await t2.app.inject({ method: 'POST', url: `/api/ideas/${ids[3]}/like`, headers: who.auth });
    await t2.app.inject({ method: 'POST', url: `/api/ideas/${ids[7]}/like`, headers: v.auth });
    // A hidden idea never shows up nor counts.
    await t2.app.inject({ method: 'PUT', url: `/api/ideas/${ids[22]}/hide`, headers: u.auth });
  });
  afterAll(() => t2.close());
  const list = (qs: string, who?: TestUser) =>
    t2.app.inject({ method: 'GET', url: `/api/ideas${qs}`, headers: who?.auth ?? {} });

  it('pages newest first, 10 by default, with pages total, hasMore and totalItems', async () => {
    const p1 = (await list('')).json();
    expect(p1.ideas).toHaveLength(10);
    expect(p1.ideas[0].title).toBe('Idea 21');
    expect(p1.pagination).toEqual({ current: 1, total: 3, hasMore: true });
    expect(p1.totalItems).toBe(22);
    const p3 = (await list('?page=3')).json();
    expect(p3.ideas).toHaveLength(2);
    expect(p3.pagination).toEqual({ current: 3, total: 3, hasMore: false });
    // Past the last page: no rows to carry the total, which is then read on its own.
    const p4 = (await list('?page=4')).json();
    expect(p4.ideas).toEqual([]);
    expect(p4).toMatchObject({ totalItems: 22, pagination: { current: 4, total: 3, hasMore: false } });
    const all = [...p1.ideas, ...(await list('?page=2')).json().ideas, ...p3.ideas].map((i) => i._id);
    expect(new Set(all).size).toBe(22);
    expect(all).not.toContain(ids[22]);
  });

  it('sorts oldest and popular', async () => {
    expect((await list('?sort=oldest')).json().ideas[0].title).toBe('Idea 0');
    const pop = (await list('?sort=popular')).json().ideas;
    expect(pop.slice(0, 2).map((i: { title: string }) => i.title)).toEqual(['Idea 3', 'Idea 7']);
    expect(pop[0].likeCount).toBe(2);
    expect((await list('?sort=weird')).statusCode).toBe(400);
  });

  it('numbered pages past the first are the same slices of the order as one long list, in every sort', async () => {
    for (const qs of ['sort=newest', 'sort=oldest', 'sort=popular', 'sort=newest&category=Technology']) {
      const whole = (await list(`?${qs}&limit=100`, v)).json().ideas.map((i: Body) => i._id);
      const paged: string[] = [];
      for (let page = 1; page <= 5; page++) {
        const body = (await list(`?${qs}&limit=4&page=${page}`, v)).json();
        paged.push(...body.ideas.map((i: Body) => i._id));
      }
      expect(paged, qs).toEqual(whole.slice(0, 20));
    }
    // The viewer's own like state on a later page (popular: ideas 3 and 7 are first, then the rest).
    const page2 = (await list('?sort=popular&limit=1&page=2', v)).json().ideas;
    expect(page2.map((i: Body) => [i.title, i.liked])).toEqual([['Idea 7', true]]);
  });

  it('filters by category; the limit=1 count calls read pagination.total', async () => {
    const tech = (await list('?category=Technology&limit=1')).json();
    expect(tech.pagination.total).toBe(15);
    expect(tech.totalItems).toBe(15);
    expect((await list('?category=Healthcare&limit=1')).json().pagination.total).toBe(5);
    expect((await list('?category=Social%20Impact&limit=1')).json().pagination.total).toBe(2);
    expect((await list('?category=Sports&limit=1')).json().pagination).toEqual({
      current: 1,
      total: 0,
      hasMore: false,
    });
  });

  it('answers categories in one call: every form category, hidden ideas excluded', async () => {
    const counts = (await t2.app.inject({ method: 'GET', url: '/api/ideas/categories' })).json();
    expect(counts).toMatchObject({
      Technology: 15,
      Healthcare: 5,
      'Social Impact': 2,
      Sports: 0,
      Science: 0,
    });
    for (const c of IDEA_CATEGORIES) expect(counts[c], c).toBeTypeOf('number');
  });

  it('bounds page and limit: negative, huge, zero, 100000, and refuses non-numbers', async () => {
    const neg = (await list('?page=-5')).json();
    expect(neg.pagination.current).toBe(1);
    expect(neg.ideas).toHaveLength(10);
    const huge = await list('?page=99999999999999999999');
    expect(huge.statusCode).toBe(200);
    expect(huge.json().ideas).toEqual([]);
    expect(huge.json().pagination.hasMore).toBe(false);
    const capped = (await list('?limit=100000')).json();
    expect(capped.ideas).toHaveLength(22);
    expect(capped.pagination.total).toBe(1);
    expect((await list('?limit=0')).json().ideas).toHaveLength(1);
    const nan = await list('?page=abc');
    expect(nan.statusCode).toBe(400);
    expectErrorBody(nan.json());
  });

  it('marks liked ideas for the caller only', async () => {
    const forV = (await list('?sort=popular&limit=2', v)).json().ideas;
    expect(forV.map((i: { liked: boolean }) => i.liked)).toEqual([true, true]);
    const forU = (await list('?sort=popular&limit=2', u)).json().ideas;
    expect(forU.map((i: { liked: boolean }) => i.liked)).toEqual([true, false]);
    const anon = (await list('?sort=popular&limit=2')).json().ideas;
    expect(anon.map((i: { liked: boolean }) => i.liked)).toEqual([false, false]);
  });
});

describe('keyset pages (cursor)', () => {
  it('continues right after the last idea shown, whatever is shared or hidden meanwhile, in every sort', async () => {
    const t3 = await buildTestApp();
    try {
      const u = await signup(t3.app, { name: 'Pager' });
      const post = async (title: string) => {
        t3.clock.advance(1_000);
        const res = await t3.app.inject({
          method: 'POST',
          url: '/api/ideas',
          headers: u.auth,
          payload: { title, description: 'x', category: 'Technology' },
        });
        return res.json()._id as string;
      };
      const made: string[] = [];
      for (let i = 0; i < 7; i++) made.push(await post(`Paged ${i}`));
      // Likes make "popular" differ from "newest".
      for (const id of [made[2]!, made[5]!]) {
        await t3.app.inject({ method: 'POST', url: `/api/ideas/${id}/like`, headers: u.auth });
      }
      const page = async (sort: string, n: number, cursor?: string) =>
        (
          await t3.app.inject({
            url: `/api/ideas?sort=${sort}&limit=3&page=${n}${cursor ? `&cursor=${cursor}` : ''}`,
          })
        ).json();

      for (const sort of ['newest', 'oldest', 'popular']) {
        const all = (await t3.app.inject({ url: `/api/ideas?sort=${sort}&limit=50` }))
          .json()
          .ideas.map((i: { _id: string }) => i._id);
        const first = await page(sort, 1);
        expect(first.nextCursor, sort).toEqual(expect.any(String));
        // Something new is shared and a shown idea is hidden before Load More.
        const fresh = await post(`Fresh ${sort}`);
        await t3.app.inject({ method: 'PUT', url: `/api/ideas/${first.ideas[0]._id}/hide`, headers: u.auth });
        const second = await page(sort, 2, first.nextCursor);
        const third = await page(sort, 3, second.nextCursor);
        const seen = [...first.ideas, ...second.ideas, ...third.ideas].map((i: { _id: string }) => i._id);
        expect(new Set(seen).size, sort).toBe(seen.length);
        expect(
          seen.filter((id) => id !== fresh),
          sort,
        ).toEqual(all.slice(0, seen.filter((id) => id !== fresh).length));
        expect(second.pagination.current).toBe(2);
        await t3.app.inject({
          method: 'PUT',
          url: `/api/ideas/${first.ideas[0]._id}/restore`,
          headers: u.auth,
        });
        await t3.app.inject({ method: 'DELETE', url: `/api/ideas/${fresh}`, headers: u.auth });
      }
      const last = await page('newest', 1);
      expect(last.pagination.hasMore).toBe(true);
      // A cursor of another sort, or not ours at all, is refused.
      for (const bad of [last.nextCursor, 'garbage', Buffer.from('null').toString('base64url')]) {
        const res = await t3.app.inject({ url: `/api/ideas?sort=popular&page=2&cursor=${bad}` });
        expect(res.statusCode).toBe(400);
        expectErrorBody(res.json());
      }
    } finally {
      await t3.close();
    }
  });
});

describe('detail', () => {
  it('counts views, marks liked, embeds comments with their authors', async () => {
    const idea = await share(alice);
    await call('POST', `/api/ideas/${idea._id}/like`, bob);
    await call('POST', `/api/ideas/${idea._id}/comments`, bob, { content: 'Nice one' });
    const first = (await get(`/api/ideas/${idea._id}`, bob)).json();
    expect(first.views).toBe(1);
    expect(first.liked).toBe(true);
    expect(first.likeCount).toBe(1);
    expect(first.comments).toEqual([
      expect.objectContaining({
        content: 'Nice one',
        author: { id: bob.user.id, displayName: 'Bob Reader' },
      }),
    ]);
    const second = (await get(`/api/ideas/${idea._id}`)).json();
    expect(second.views).toBe(2);
    expect(second.liked).toBe(false);
  });

  it('answers 404 for unknown or malformed ids', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-an-id', '64b7f0c2e1a2b3c4d5e6f7a8']) {
      const res = await get(`/api/ideas/${id}`);
      expect(res.statusCode, id).toBe(404);
      expect(res.json()).toMatchObject({ code: 'NOT_FOUND', message: MSG.ideaNotFound });
    }
  });
});

describe('hide, restore, delete (author only)', () => {
  it('hides: 404 to others, gone from list, search and counts; visible to the author; restore brings it back', async () => {
    const idea = await share(alice, { title: 'Zebracorn hover boards', category: 'Sports' });
    const countBefore = (await get('/api/ideas/categories')).json().Sports;

    const forbidden = await call('PUT', `/api/ideas/${idea._id}/hide`, bob);
    expect(forbidden.statusCode).toBe(403);
    expectErrorBody(forbidden.json());

    const hidden = await call('PUT', `/api/ideas/${idea._id}/hide`, alice);
    expect(hidden.statusCode).toBe(200);
    expect(hidden.json().hidden).toBe(true);

    expect((await get(`/api/ideas/${idea._id}`, bob)).statusCode).toBe(404);
    expect((await get(`/api/ideas/${idea._id}`)).statusCode).toBe(404);
    expect((await get(`/api/ideas/${idea._id}`, alice)).json().hidden).toBe(true);
    expect((await get('/api/ideas/categories')).json().Sports).toBe(countBefore - 1);
    expect((await get('/api/ideas/search?q=zebracorn')).json()).toEqual([]);
    const listed = (await get('/api/ideas?category=Sports&limit=100')).json().ideas.map((i: Body) => i._id);
    expect(listed).not.toContain(idea._id);

    // Others cannot like, comment on, restore or delete it, and learn nothing (404).
    expect((await call('POST', `/api/ideas/${idea._id}/like`, bob)).statusCode).toBe(404);
    expect((await call('POST', `/api/ideas/${idea._id}/comments`, bob, { content: 'hi' })).statusCode).toBe(
      404,
    );
    expect((await call('PUT', `/api/ideas/${idea._id}/restore`, bob)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/ideas/${idea._id}`, bob)).statusCode).toBe(404);
    // Liking a hidden idea is refused for its author too, and stores nothing.
    expect((await call('POST', `/api/ideas/${idea._id}/like`, alice)).statusCode).toBe(404);
    const likes = await t.database.db.select().from(ideaLikes).where(eq(ideaLikes.ideaId, idea._id));
    expect(likes).toHaveLength(0);

    const hiddenList = (await get(`/api/ideas/user/${alice.user.id}/hidden`, alice)).json();
    expect(hiddenList.ideas.map((i: Body) => i._id)).toContain(idea._id);

    const restored = await call('PUT', `/api/ideas/${idea._id}/restore`, alice);
    expect(restored.json().hidden).toBe(false);
    expect((await get(`/api/ideas/${idea._id}`, bob)).statusCode).toBe(200);
    expect((await get('/api/ideas/search?q=zebracorn')).json()).toHaveLength(1);
    expect((await get('/api/ideas/categories')).json().Sports).toBe(countBefore);
  });

  it('lists hidden ideas for their author only, 10 per page', async () => {
    const d = await signup(t.app, { name: 'Dana Hider' });
    for (let i = 0; i < 12; i++) {
      const idea = await share(d, { title: `Hidden ${i}` });
      await call('PUT', `/api/ideas/${idea._id}/hide`, d);
    }
    const p1 = (await get(`/api/ideas/user/${d.user.id}/hidden`, d)).json();
    expect(p1.ideas).toHaveLength(10);
    expect(p1.pagination).toEqual({ current: 1, total: 2, hasMore: true });
    expect(p1.ideas.every((i: { hidden: boolean }) => i.hidden)).toBe(true);
    const p2 = (await get(`/api/ideas/user/${d.user.id}/hidden?page=2`, d)).json();
    expect(p2.ideas).toHaveLength(2);
    const other = await get(`/api/ideas/user/${d.user.id}/hidden`, bob);
    expect(other.statusCode).toBe(403);
    expectErrorBody(other.json());
    expect((await get(`/api/ideas/user/${d.user.id}/hidden`)).statusCode).toBe(401);
  });

  it('deletes with its likes and comments; others get 403; a second delete is 404', async () => {
    const idea = await share(alice);
    await call('POST', `/api/ideas/${idea._id}/like`, bob);
    await call('POST', `/api/ideas/${idea._id}/comments`, bob, { content: 'c' });
    expect((await call('DELETE', `/api/ideas/${idea._id}`, bob)).statusCode).toBe(403);
    expect((await call('DELETE', `/api/ideas/${idea._id}`)).statusCode).toBe(401);
    const del = await call('DELETE', `/api/ideas/${idea._id}`, alice);
    expect(del.statusCode).toBe(200);
    expect((await get(`/api/ideas/${idea._id}`, alice)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/ideas/${idea._id}`, alice)).statusCode).toBe(404);
    const rows = await t.database.db.select().from(ideaComments).where(eq(ideaComments.ideaId, idea._id));
    expect(rows).toHaveLength(0);
  });

  it('deletes a hidden idea (permanently deleted from either state)', async () => {
    const idea = await share(alice);
    await call('PUT', `/api/ideas/${idea._id}/hide`, alice);
    expect((await call('DELETE', `/api/ideas/${idea._id}`, alice)).statusCode).toBe(200);
    expect((await get(`/api/ideas/${idea._id}`, alice)).statusCode).toBe(404);
  });
});

describe('likes', () => {
  it('toggles, one like per user, notifies the author once (not for self-likes)', async () => {
    const idea = await share(alice);
    const like = await call('POST', `/api/ideas/${idea._id}/like`, bob);
    expect(like.json()).toEqual({ likeCount: 1, liked: true });
    expect((await call('POST', `/api/ideas/${idea._id}/like`, carol)).json()).toEqual({
      likeCount: 2,
      liked: true,
    });
    expect((await call('POST', `/api/ideas/${idea._id}/like`, bob)).json()).toEqual({
      likeCount: 1,
      liked: false,
    });
    expect((await call('POST', `/api/ideas/${idea._id}/like`, alice)).json()).toEqual({
      likeCount: 2,
      liked: true,
    });
    const notes = await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.link, `/idea/${idea._id}`));
    // Bob and Carol liked it (Alice's own like does not count): one notification for both.
    expect(notes.filter((n) => n.type === 'idea_like').map((n) => n.count)).toEqual([2]);
    expect(notes.every((n) => n.userId === alice.user.id)).toBe(true);
    expect((await call('POST', `/api/ideas/${idea._id}/like`)).statusCode).toBe(401);
    expect((await call('POST', '/api/ideas/00000000-0000-4000-8000-000000000000/like', bob)).statusCode).toBe(
      404,
    );
  });

  it('notifies once per liker: like, unlike, like leaves one notification', async () => {
    const idea = await share(alice);
    for (let i = 0; i < 3; i++) await call('POST', `/api/ideas/${idea._id}/like`, bob);
    expect((await get(`/api/ideas/${idea._id}`, bob)).json()).toMatchObject({ liked: true, likeCount: 1 });
    await call('POST', `/api/ideas/${idea._id}/like`, carol);
    const notes = await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.link, `/idea/${idea._id}`));
    expect(notes.map((n) => [n.type, n.userId, n.title, n.count])).toEqual([
      ['idea_like', alice.user.id, 'Carol Other and 1 other liked your idea', 2],
    ]);
    // The once-only key is per idea: Bob's like on another of Alice's ideas notifies again.
    const other = await share(alice);
    await call('POST', `/api/ideas/${other._id}/like`, bob);
    const more = await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.link, `/idea/${other._id}`));
    expect(more).toHaveLength(1);
  });

  it('stays exact under 50 concurrent likes and unlikes by different users', async () => {
    const idea = await share(alice);
    const people = await Promise.all(
      Array.from({ length: 50 }, (_, i) => signup(t.app, { name: `Fan ${i}` })),
    );
    // The first 20 like before the storm; in the storm everyone toggles at once (20 unlike, 30 like).
    for (const p of people.slice(0, 20)) await call('POST', `/api/ideas/${idea._id}/like`, p);
    const results = await Promise.all(people.map((p) => call('POST', `/api/ideas/${idea._id}/like`, p)));
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    const liked = results.map((r) => r.json().liked);
    expect(liked.filter(Boolean)).toHaveLength(30);
    const rows = await t.database.db.select().from(ideaLikes).where(eq(ideaLikes.ideaId, idea._id));
    const [row] = await t.database.db.select().from(ideas).where(eq(ideas.id, idea._id));
    expect(rows).toHaveLength(30);
    expect(row!.likeCount).toBe(30);
    // The same user double-clicking 10 times at once still leaves counter = rows.
    const solo = await signup(t.app);
    await Promise.all(Array.from({ length: 10 }, () => call('POST', `/api/ideas/${idea._id}/like`, solo)));
    const rows2 = await t.database.db.select().from(ideaLikes).where(eq(ideaLikes.ideaId, idea._id));
    const [row2] = await t.database.db.select().from(ideas).where(eq(ideas.id, idea._id));
    expect(row2!.likeCount).toBe(rows2.length);
  });
});

describe('comments', () => {
  it('adds with author and notifies the idea author; refuses blank with the spec message', async () => {
    const idea = await share(alice);
    const res = await call('POST', `/api/ideas/${idea._id}/comments`, bob, { content: '  Love it  ' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      content: 'Love it',
      author: { id: bob.user.id, displayName: 'Bob Reader' },
    });
    const blank = await call('POST', `/api/ideas/${idea._id}/comments`, bob, { content: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toBe(MSG.enterComment);
    // Over the limit: refused with the shared message, never stored cut short.
    const long = await call('POST', `/api/ideas/${idea._id}/comments`, bob, { content: 'a'.repeat(2_001) });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe(MSG.commentTooLong);
    expect((await call('POST', `/api/ideas/${idea._id}/comments`, bob, {})).statusCode).toBe(400);
    expect(
      (await call('POST', `/api/ideas/${idea._id}/comments`, undefined, { content: 'x' })).statusCode,
    ).toBe(401);
    // The test clock stands still; move it so the second comment is later, as it is in real time.
    t.clock.advance(1000);
    await call('POST', `/api/ideas/${idea._id}/comments`, alice, { content: 'Thanks' });
    const detail = (await get(`/api/ideas/${idea._id}`)).json();
    expect(detail.commentCount).toBe(2);
    expect(detail.comments.map((c: Body) => c.content)).toEqual(['Love it', 'Thanks']);
    const notes = await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.link, `/idea/${idea._id}`));
    expect(notes.map((n) => [n.type, n.userId])).toEqual([['idea_comment', alice.user.id]]);
    // More comments while it is unread join it: counted as comments, the latest one shown.
    await call('POST', `/api/ideas/${idea._id}/comments`, carol, { content: 'Me too' });
    await call('POST', `/api/ideas/${idea._id}/comments`, bob, { content: 'And again' });
    const grouped = await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.link, `/idea/${idea._id}`));
    expect(grouped.map((n) => [n.title, n.body, n.count])).toEqual([
      ['3 new comments on your idea', 'Bob Reader: And again', 3],
    ]);
  });

  it('deletes: the comment author or the idea author; others 403; the count follows', async () => {
    const idea = await share(alice);
    const c1 = (await call('POST', `/api/ideas/${idea._id}/comments`, bob, { content: 'one' })).json();
    const c2 = (await call('POST', `/api/ideas/${idea._id}/comments`, bob, { content: 'two' })).json();
    const c3 = (await call('POST', `/api/ideas/${idea._id}/comments`, carol, { content: 'three' })).json();
    const denied = await call('DELETE', `/api/ideas/${idea._id}/comments/${c1._id}`, carol);
    expect(denied.statusCode).toBe(403);
    expectErrorBody(denied.json());
    expect((await call('DELETE', `/api/ideas/${idea._id}/comments/${c1._id}`, bob)).json().commentCount).toBe(
      2,
    );
    expect(
      (await call('DELETE', `/api/ideas/${idea._id}/comments/${c3._id}`, alice)).json().commentCount,
    ).toBe(1);
    expect((await call('DELETE', `/api/ideas/${idea._id}/comments/${c1._id}`, bob)).statusCode).toBe(404);
    // A comment id under the wrong idea is not found.
    const other = await share(alice);
    expect((await call('DELETE', `/api/ideas/${other._id}/comments/${c2._id}`, alice)).statusCode).toBe(404);
    const detail = (await get(`/api/ideas/${idea._id}`)).json();
    expect(detail.commentCount).toBe(1);
    expect(detail.comments.map((c: Body) => c.content)).toEqual(['two']);
  });
});

describe('earlier comments (GET /api/ideas/{id}/comments?before=)', () => {
  async function withComments(n: number) {
    const idea = await share(alice);
    const start = t.clock.now().getTime();
    // Two comments per millisecond: the keyset's id tiebreak must neither skip nor repeat.
    await t.database.db.insert(ideaComments).values(
      Array.from({ length: n }, (_, i) => ({
        ideaId: idea._id,
        authorId: i % 2 ? bob.user.id : carol.user.id,
        content: `c${i}`,
        createdAt: new Date(start + Math.floor(i / 2)),
      })),
    );
    await t.database.db.update(ideas).set({ commentCount: n }).where(eq(ideas.id, idea._id));
    return idea;
  }

  it('pages back from the detail to the first comment, oldest first, none skipped or repeated', async () => {
    const idea = await withComments(107);
    const detail = (await get(`/api/ideas/${idea._id}`)).json();
    expect(detail.comments).toHaveLength(100);
    expect(detail.commentsCursor).toEqual(expect.any(String));
    const seen: string[] = detail.comments.map((c: Body) => c.content);
    let cursor: string | undefined = detail.commentsCursor;
    let pages = 0;
    while (cursor) {
      const res = await get(`/api/ideas/${idea._id}/comments?before=${encodeURIComponent(cursor)}&limit=3`);
      expect(res.statusCode).toBe(200);
      const page = res.json() as Body[];
      expect(page.length).toBeLessThanOrEqual(3);
      seen.unshift(...page.map((c) => c.content as string));
      cursor = res.headers['x-next-cursor'] as string | undefined;
      pages++;
    }
    expect(pages).toBe(3);
    // Every comment exactly once, in time order (two share each millisecond, in id order).
    const n = (c: string) => Number(c.slice(1));
    expect([...seen].sort((a, b) => n(a) - n(b))).toEqual(Array.from({ length: 107 }, (_, i) => `c${i}`));
    const ms = seen.map((c) => Math.floor(n(c) / 2));
    expect(ms).toEqual([...ms].sort((a, b) => a - b));
    // Without a cursor: the latest page, like the detail's tail.
    const latest = (await get(`/api/ideas/${idea._id}/comments?limit=2`)).json() as Body[];
    expect(latest.map((c) => c.content)).toEqual(detail.comments.slice(-2).map((c: Body) => c.content));
    expect(latest[0]).toMatchObject({ ideaId: idea._id, author: { displayName: expect.any(String) } });
  });

  it('has no cursor when the detail holds every comment', async () => {
    const idea = await withComments(3);
    const detail = (await get(`/api/ideas/${idea._id}`)).json();
    expect(detail.comments).toHaveLength(3);
    expect(detail.commentsCursor).toBeNull();
    const res = await get(`/api/ideas/${idea._id}/comments`);
    expect(res.json()).toHaveLength(3);
    expect(res.headers['x-next-cursor']).toBeUndefined();
  });

  it("follows the idea's visibility: hidden → 404 except to its author; bad cursors 400", async () => {
    const idea = await withComments(5);
    await call('PUT', `/api/ideas/${idea._id}/hide`, alice);
    for (const who of [undefined, bob]) {
      const res = await get(`/api/ideas/${idea._id}/comments`, who);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(MSG.ideaNotFound);
    }
    expect((await get(`/api/ideas/${idea._id}/comments`, alice)).json()).toHaveLength(5);
    await call('PUT', `/api/ideas/${idea._id}/restore`, alice);
    expect((await get(`/api/ideas/${idea._id}/comments`)).statusCode).toBe(200);
    for (const id of ['00000000-0000-4000-8000-000000000000', 'nope']) {
      expect((await get(`/api/ideas/${id}/comments`)).statusCode).toBe(404);
    }
    const bad = await get(`/api/ideas/${idea._id}/comments?before=garbage`);
    expect(bad.statusCode).toBe(400);
    expectErrorBody(bad.json());
  });

  it('is in the OpenAPI document with its before/limit query', async () => {
    const doc = (await get('/api/docs/json')).json();
    const op = doc.paths['/api/ideas/{id}/comments'].get;
    expect(op.parameters.map((p: Body) => p.name)).toEqual(expect.arrayContaining(['id', 'before', 'limit']));
    expect(op.responses['200']).toBeTruthy();
  });
});

describe('authorFollowed (the Follow control without the follow list)', () => {
  it('is true for the caller who follows the author, in the list and the detail; false otherwise', async () => {
    const author = await signup(t.app, { name: 'Dana Followed' });
    const idea = await share(author, { category: 'Food' });
    await call('POST', '/api/users/follow', bob, { targetUserId: author.user.id });
    const inList = (u?: TestUser) =>
      get('/api/ideas?category=Food&limit=100', u).then(
        (r) => r.json().ideas.find((i: Body) => i._id === idea._id).authorFollowed,
      );
    expect(await inList(bob)).toBe(true);
    expect(await inList(carol)).toBe(false);
    expect(await inList()).toBe(false);
    expect((await get(`/api/ideas/${idea._id}`, bob)).json().authorFollowed).toBe(true);
    expect((await get(`/api/ideas/${idea._id}`, carol)).json().authorFollowed).toBe(false);
    await call('POST', '/api/users/unfollow', bob, { targetUserId: author.user.id });
    expect((await get(`/api/ideas/${idea._id}`, bob)).json().authorFollowed).toBe(false);
  });
});

describe('search', () => {
  let s: TestApp;
  beforeAll(async () => {
    s = await buildTestApp();
    const u = await signup(s.app, { name: 'Searcher' });
    const add = (payload: Body) =>
      s.app.inject({
        method: 'POST',
        url: '/api/ideas',
        headers: u.auth,
        payload: { description: 'Plain text', category: 'Other', ...payload },
      });
    await add({ title: 'Innovation hub for farmers', description: 'Shared tools' });
    await add({
      title: 'Water sensors',
      description: 'Cheap innovation in irrigation',
      category: 'Environment',
    });
    await add({ title: 'Quiet library app', tags: ['blockchain', 'ledger'] });
    await add({ title: 'Medical triage bot', category: 'Healthcare' });
    for (let i = 0; i < 25; i++) await add({ title: `Robot idea ${i}` });
  });
  afterAll(() => s.close());
  const search = async (q: string) => {
    const res = await s.app.inject({ method: 'GET', url: `/api/ideas/search?q=${encodeURIComponent(q)}` });
    expect(res.statusCode).toBe(200);
    return res.json() as Array<{ title: string; likes: number; category: string; description: string }>;
  };

  it('matches prefixes in title, description, category and tags, title matches ranked first', async () => {
    const hits = await search('innov');
    expect(hits.map((h) => h.title)).toEqual(['Innovation hub for farmers', 'Water sensors']);
    expect(hits[0]).toMatchObject({ _id: expect.any(String), likes: 0, category: 'Other' });
    expect((await search('innovati')).map((h) => h.title)).toHaveLength(2);
    expect((await search('blockch')).map((h) => h.title)).toEqual(['Quiet library app']);
    expect((await search('healthc')).map((h) => h.title)).toEqual(['Medical triage bot']);
    expect((await search('IRRIGATION')).map((h) => h.title)).toEqual(['Water sensors']);
    expect((await search('water innov')).map((h) => h.title)).toEqual(['Water sensors']);
  });

  it('with match=any finds ideas sharing any word, best overlap first (similar ideas)', async () => {
    const res = await s.app.inject({
      method: 'GET',
      url: '/api/ideas/search?q=water%20innovation%20kiosks&match=any',
    });
    const titles = res.json().map((h: { title: string }) => h.title);
    expect(titles[0]).toBe('Water sensors');
    expect(titles).toContain('Innovation hub for farmers');
    expect(titles).toHaveLength(2);
    const bad = await s.app.inject({ method: 'GET', url: '/api/ideas/search?q=x&match=some' });
    expect(bad.statusCode).toBe(400);
  });

  it('returns at most 20, nothing for blank or punctuation-only text, and survives tsquery syntax', async () => {
    expect(await search('robot')).toHaveLength(20);
    expect(await search('   ')).toEqual([]);
    expect(await search('')).toEqual([]);
    expect(await search("&|!:*()'\\")).toEqual([]);
    expect(await search("(robot's) & idea!:*")).toHaveLength(20);
    expect(await search('zzzznothing')).toEqual([]);
    const long = await s.app.inject({ method: 'GET', url: `/api/ideas/search?q=${'a'.repeat(201)}` });
    expect(long.statusCode).toBe(400);
  });
});

describe('account activity (GET /api/users/me/activity) over ideas data', () => {
  it('counts ideas authored (hidden too), likes and comments received, exactly', async () => {
    const a = await signup(t.app, { name: 'Active Author' });
    const i1 = await share(a);
    const i2 = await share(a);
    await share(a);
    await call('PUT', `/api/ideas/${i2._id}/hide`, a);
    for (const who of [bob, carol, a]) await call('POST', `/api/ideas/${i1._id}/like`, who);
    await call('POST', `/api/ideas/${i1._id}/comments`, bob, { content: 'x' });
    await call('POST', `/api/ideas/${i1._id}/comments`, a, { content: 'y' });
    // Bob's own like elsewhere does not count for A.
    await call('POST', `/api/ideas/${(await share(bob))._id}/like`, a);
    const res = await get('/api/users/me/activity', a);
    expect(res.json()).toEqual({ ideas: 3, liked: 3, comments: 2 });
    await call('POST', `/api/ideas/${i1._id}/like`, carol);
    expect((await get('/api/users/me/activity', a)).json()).toEqual({ ideas: 3, liked: 2, comments: 2 });
  });
});

describe('My Ideas: listing by author', () => {
  let dave: TestUser;
  let erin: TestUser;
  beforeAll(async () => {
    dave = await signup(t.app, { name: 'Dave Maker' });
    erin = await signup(t.app, { name: 'Erin Else' });
  });

  it("author=me lists only the caller's visible ideas, paged with a cursor and an exact total", async () => {
    const mine = [];
    for (let i = 0; i < 3; i++)
      mine.push(await share(dave, { title: `Dave idea ${i}`, category: 'Business' }));
    await share(erin, { title: 'Erin idea', category: 'Business' });
    expect((await call('PUT', `/api/ideas/${mine[0]._id}/hide`, dave)).statusCode).toBe(200);

    const first = await get('/api/ideas?author=me&limit=1', dave);
    expect(first.statusCode).toBe(200);
    const page1 = first.json();
    expect(page1.ideas).toHaveLength(1);
    expect(page1).toMatchObject({ totalItems: 2, pagination: { current: 1, total: 2, hasMore: true } });
    const second = await get(`/api/ideas?author=me&limit=1&page=2&cursor=${page1.nextCursor}`, dave);
    expect(second.json().pagination.hasMore).toBe(false);
    const titles = [...page1.ideas, ...second.json().ideas].map((i: { title: string }) => i.title).sort();
    expect(titles).toEqual(['Dave idea 1', 'Dave idea 2']);

    // In one category, and by id for anyone (the author's public ideas).
    const byId = await get(`/api/ideas?author=${dave.user.id}&category=Business`);
    expect(
      byId
        .json()
        .ideas.map((i: { title: string }) => i.title)
        .sort(),
    ).toEqual(['Dave idea 1', 'Dave idea 2']);
    expect(
      (await get('/api/ideas?author=me', erin)).json().ideas.map((i: { title: string }) => i.title),
    ).toEqual(['Erin idea']);
  });

  it('refuses author=me without a session (401) and an author that is not a user id (400)', async () => {
    const anon = await get('/api/ideas?author=me');
    expect(anon.statusCode).toBe(401);
    expectErrorBody(anon.json());
    const bad = await get('/api/ideas?author=nobody', dave);
    expect(bad.statusCode).toBe(400);
    expectErrorBody(bad.json());
  });
});
