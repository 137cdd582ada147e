import { IDEA_CATEGORIES } from '@agora/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, dbKind, signup, type TestApp, type TestUser } from '../../test/helpers.js';
import { ideas, users } from '../db/schema/index.js';
import { createQuestion } from '../modules/questions/questions.fixtures.js';
import { ResponseCache, splitViews } from './response-cache.js';

type IdeaList = {
  ideas: Array<{ _id: string; title: string; likeCount: number; author: { displayName: string } }>;
};

describe(`response cache (${dbKind})`, () => {
  let t: TestApp;
  let author: TestUser;
  const cache = () => t.app.responseCache!;

  beforeAll(async () => {
    t = await buildTestApp({ config: { responseCache: { enabled: true, ttlMs: 5000 } } });
    author = await signup(t.app, { name: 'Cache Author' });
    for (let i = 0; i < 3; i++) await createIdea(`Seed idea ${i}`);
  });
  afterAll(() => t.close());

  async function createIdea(title: string) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/ideas',
      headers: author.auth,
      payload: { title, description: 'A description long enough', category: IDEA_CATEGORIES[0] },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { _id: string };
  }

  const list = (url = '/api/ideas?sort=newest', headers: Record<string, string> = {}) =>
    t.app.inject({ url, headers });

  /** Asks until `url` is answered from memory (on PostgreSQL, notifications of earlier writes arrive a moment later). */
  async function cached(url = '/api/ideas?sort=newest') {
    await expect
      .poll(
        async () => {
          const hits = cache().hits;
          await list(url);
          return cache().hits === hits + 1;
        },
        { timeout: 3000, interval: 50 },
      )
      .toBe(true);
  }

  it('answers a repeated anonymous list from memory, byte for byte, with its headers', async () => {
    await cached();
    const first = await list();
    const hits = cache().hits;
    const second = await list();
    expect(second.statusCode).toBe(200);
    expect(cache().hits).toBe(hits + 1);
    expect(second.body).toBe(first.body);
    expect(second.headers['content-type']).toBe(first.headers['content-type']);
    // Per-request headers are still set on a hit (security headers, request id).
    expect(second.headers['x-content-type-options']).toBe('nosniff');
    expect(second.headers['x-request-id']).toBeTruthy();
    expect(second.headers['x-request-id']).not.toBe(first.headers['x-request-id']);
    // Unknown parameters are stripped by validation, so they share the entry.
    const busted = await list('/api/ideas?sort=newest&_=123');
    expect(cache().hits).toBe(hits + 2);
    expect(busted.body).toBe(first.body);
  });

  it('answers an exact repeat by its raw URL before validating it; a variant takes the validated path', async () => {
    await cached('/api/ideas?sort=newest&limit=7');
    const first = await list('/api/ideas?sort=newest&limit=7');
    const raw = cache().rawHits;
    const again = await list('/api/ideas?sort=newest&limit=7');
    expect(cache().rawHits).toBe(raw + 1);
    expect(again.body).toBe(first.body);
    expect(again.headers['x-content-type-options']).toBe('nosniff');
    expect(again.headers['x-ratelimit-remaining']).toBeDefined();
    // The same query written differently is validated first, then served from the same entry.
    const hits = cache().hits;
    const variant = await list('/api/ideas?limit=7&sort=newest');
    expect(cache().hits).toBe(hits + 1);
    expect(cache().rawHits).toBe(raw + 1);
    expect(variant.body).toBe(first.body);
    // A signed-in caller is never answered from memory, even for a URL a visitor cached.
    await list('/api/ideas?sort=newest&limit=7', author.auth);
    expect(cache().rawHits).toBe(raw + 1);
  });

  it('keeps paging headers on a hit', async () => {
    const url = '/api/questions/public?limit=1';
    await createQuestion(t.app, await signup(t.app, { role: 'questioner' }), {
      title: 'A question about caching lists',
      description: 'Why and how to cache a list of things?',
      category: 'Technology',
    });
    await createQuestion(t.app, await signup(t.app, { role: 'questioner' }), {
      title: 'Another question about caching',
      description: 'When does a cached list become stale?',
      category: 'Technology',
    });
    const first = await t.app.inject({ url });
    expect(first.statusCode, first.body).toBe(200);
    // On PostgreSQL the notifications of the writes above arrive a moment later and may still
    // (rightly) invalidate the first entry: ask until the list is answered from memory.
    let second = first;
    await expect
      .poll(
        async () => {
          const hits = cache().hits;
          second = await t.app.inject({ url });
          return cache().hits === hits + 1;
        },
        { timeout: 3000, interval: 50 },
      )
      .toBe(true);
    expect(first.headers['x-next-cursor']).toBeTruthy();
    expect(second.headers['x-next-cursor']).toBe(first.headers['x-next-cursor']);
  });

  it('never answers a signed-in caller from the cache', async () => {
    await cached();
    const hits = cache().hits;
    const res = await list('/api/ideas?sort=newest', author.auth);
    expect(res.statusCode).toBe(200);
    expect(cache().hits).toBe(hits);
  });

  it('drops the lists at once when this server answers a write', async () => {
    await list();
    await list();
    t.clock.advance(1000);
    const created = await createIdea('Fresh idea after a write');
    const after = (await list()).json() as IdeaList;
    expect(after.ideas[0]!._id).toBe(created._id);
  });

  it('drops the lists when a change commits outside any request (database notification)', async () => {
    const before = (await list()).json() as IdeaList;
    const target = before.ideas[1]!;
    // A direct write, as another server instance or a background job would make it.
    await t.database.db
      .update(ideas)
      .set({ title: 'Renamed behind the cache' })
      .where(eq(ideas.id, target._id));
    await expect
      .poll(async () => ((await list()).json() as IdeaList).ideas.find((i) => i._id === target._id)?.title, {
        timeout: 3000,
        interval: 50,
      })
      .toBe('Renamed behind the cache');
    // An author's new display name reaches the cached list the same way.
    await t.database.db
      .update(users)
      .set({ displayName: 'Renamed Author' })
      .where(eq(users.id, author.user.id));
    await expect
      .poll(async () => ((await list()).json() as IdeaList).ideas[0]!.author.displayName, {
        timeout: 3000,
        interval: 50,
      })
      .toBe('Renamed Author');
  });

  it('does not drop the lists for a view count, and expires entries after the time-to-live', async () => {
    await cached();
    const before = await list();
    const id = (before.json() as IdeaList).ideas[0]!._id;
    // A detail page counts a view: an update of `views` alone, which does not notify.
    await t.database.db.execute(sql`update ideas set views = views + 1 where id = ${id}`);
    await t.app.inject({ url: `/api/ideas/${id}` });
    await new Promise((r) => setTimeout(r, 200));
    const hits = cache().hits;
    await list();
    expect(cache().hits).toBe(hits + 1);
    t.clock.advance(5001);
    const misses = cache().misses;
    await list();
    expect(cache().misses).toBe(misses + 1);
  });

  it('computes a cold entry once for many simultaneous requests', async () => {
    const url = '/api/ideas?sort=popular&limit=7';
    const misses = cache().misses;
    const responses = await Promise.all(Array.from({ length: 8 }, () => list(url)));
    expect(new Set(responses.map((r) => r.body)).size).toBe(1);
    expect(responses.every((r) => r.statusCode === 200)).toBe(true);
    expect(cache().misses).toBe(misses + 1);
  });

  /** A new question's page address (a page whose hits count a view). */
  async function questionPage(title: string, description: string) {
    const asker = await signup(t.app, { role: 'questioner' });
    const { _id: id } = await createQuestion(t.app, asker, { title, description, category: 'Technology' });
    return `/api/questions/${id}`;
  }

  it('serves a question page to visitors from memory and still counts every view', async () => {
    const url = await questionPage(
      'How do caches count page views?',
      'Every visit should still count, even from memory.',
    );
    // A view counts once per viewer per hour: each visit here is a different visitor.
    let visitor = 0;
    const views = async (u = url, headers: Record<string, string> = {}) => {
      const res = await t.app.inject({
        url: u,
        headers: { 'user-agent': `visitor-${visitor++}`, ...headers },
      });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as { views: number }).views;
    };
    // Warm until a visit is answered from memory.
    let last = 0;
    await expect
      .poll(
        async () => {
          const hits = cache().hits;
          last = await views();
          return cache().hits === hits + 1;
        },
        { timeout: 3000, interval: 50 },
      )
      .toBe(true);
    // Each visit from memory is counted and shown at once.
    const hits = cache().hits;
    expect(await views()).toBe(last + 1);
    expect(await views()).toBe(last + 2);
    expect(cache().hits).toBe(hits + 2);
    // ?view=false (a refetch) does not count, and is answered from memory too.
    await views(`${url}?view=false`);
    expect(await views(`${url}?view=false`)).toBe(last + 2);
    // The counts survive a flush to the database (the cached base does not go stale).
    await t.app.ctx.views.flush();
    expect(await views()).toBe(last + 3);
    // A signed-in visitor's view goes through the service and is seen by the next visitor.
    const member = await signup(t.app, { name: 'Cache Reader' });
    expect(await views(url, member.auth)).toBe(last + 4);
    expect(await views()).toBe(last + 5);
    // A new answer changes the page (its count): the entry is dropped.
    const answered = await t.app.inject({
      method: 'POST',
      url: `${url}/answers`,
      headers: member.auth,
      payload: { content: 'Count in memory, add the count at serialisation.' },
    });
    expect(answered.statusCode, answered.body).toBe(201);
    const page = (await t.app.inject({ url })).json() as {
      views: number;
      answerCount: number;
      answers: unknown[];
    };
    expect(page.answerCount).toBe(1);
    expect(page.views).toBe(last + 6);
    expect(page.answers).toEqual([]);
    expect(JSON.stringify(page)).not.toContain('Count in memory');
  });

  it('answers a hit that fails at the end of the turn with an error, not silence', async () => {
    const url = await questionPage(
      'What happens when a cached answer fails?',
      'The visitor should get an error response, not a hung request.',
    );
    await cached(url);
    // Counting the view is part of answering a question page hit: make it throw once.
    const views = t.app.ctx.views;
    const view = views.view;
    let thrown = 0;
    views.view = () => {
      thrown++;
      throw new Error('view store unavailable');
    };
    try {
      const hits = cache().hits;
      const res = await t.app.inject({ url, headers: { 'user-agent': 'failing-visitor' } });
      expect(cache().hits).toBe(hits + 1);
      expect(thrown).toBe(1);
      expect(res.statusCode).toBe(500);
      expect(res.headers['x-total-count']).toBeUndefined();
      expect(res.json()).toMatchObject({ code: 'INTERNAL' });
      expect(res.body).not.toContain('view store unavailable');
    } finally {
      views.view = view;
    }
    // The entry is intact: the next visitor is answered from memory.
    const ok = await t.app.inject({ url, headers: { 'user-agent': 'next-visitor' } });
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('finds the top-level view count of a body and nothing else', () => {
    const body = JSON.stringify({
      title: 'has "views":9 in a string',
      author: { views: 7 },
      views: 42,
      answers: [{ views: 3 }],
    });
    const split = splitViews(body)!;
    expect(split.views).toBe(42);
    expect(`${split.before}43${split.after}`).toBe(body.replace('"views":42', '"views":43'));
    expect(splitViews(JSON.stringify({ title: '"views":1', nested: { views: 2 } }))).toBeNull();
  });

  it('does not cache errors', async () => {
    // A good list is in memory first. On PostgreSQL, a notification of an earlier test's write may
    // still arrive and drop entries, so the count is only allowed to fall, never to grow.
    await cached();
    const size = cache().size;
    const missing = `/api/ideas/search?q=${'x'.repeat(5000)}`;
    const hits = cache().hits;
    expect((await list(missing)).statusCode).toBe(400);
    expect((await list(missing)).statusCode).toBe(400);
    expect(cache().hits).toBe(hits);
    expect(cache().size).toBeLessThanOrEqual(size);
  });
});

describe(`response cache behind the per-client limits (${dbKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({
      config: {
        responseCache: { enabled: true, ttlMs: 60_000 },
        rateLimits: { readsPerMinute: 4, searchesPerMinute: 4, writesPerMinute: 30 },
      },
    });
  });
  afterAll(() => t.close());

  it('counts hits served by raw URL against the reads limit (429 past it)', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 6; i++) codes.push((await t.app.inject({ url: '/api/hackathons' })).statusCode);
    expect(codes.slice(0, 4)).toEqual([200, 200, 200, 200]);
    expect(codes.slice(4)).toEqual([429, 429]);
    expect(t.app.responseCache!.rawHits).toBeGreaterThan(0);
  });
});

describe('ResponseCache', () => {
  const make = (now = () => 0) => new ResponseCache({ ttlMs: 1000, maxEntries: 3, maxBytes: 1 << 20, now });

  it('never stores a response computed while one of its tables changed', () => {
    const c = make();
    const tag = c.tagOf(['ideas', 'users']);
    c.changed('users');
    c.set('k', ['ideas', 'users'], tag, '[1]', {});
    expect(c.get('k', ['ideas', 'users'])).toBeNull();
    // Unrelated tables do not matter.
    const tag2 = c.tagOf(['ideas']);
    c.changed('jobs');
    c.set('k', ['ideas'], tag2, '[2]', {});
    expect(c.get('k', ['ideas'])?.payload.toString()).toBe('[2]');
    c.changed('ideas');
    expect(c.get('k', ['ideas'])).toBeNull();
  });

  it('evicts the least recently used entry beyond its bounds and forgets everything on clear', () => {
    const c = make();
    for (const k of ['a', 'b', 'c']) c.set(k, ['t'], c.tagOf(['t']), k, {});
    c.get('a', ['t']);
    c.set('d', ['t'], c.tagOf(['t']), 'd', {});
    expect(c.size).toBe(3);
    expect(c.get('b', ['t'])).toBeNull();
    expect(c.get('a', ['t'])?.payload.toString()).toBe('a');
    c.clear();
    expect(c.get('a', ['t'])).toBeNull();
  });

  it('stores nothing while disabled (notifications lost)', () => {
    const c = make();
    c.enabled = false;
    c.set('k', ['t'], c.tagOf(['t']), 'x', {});
    expect(c.get('k', ['t'])).toBeNull();
  });
});
