import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart, sampleQuestion } from '../../src/modules/questions/questions.fixtures.js';
import { buildTestApp, dbKind, signup, TEST_REDIS_URL, type TestApp, type TestUser } from '../helpers.js';

// Without limits, 64 connections looping an expensive search slow everyone down and 60 parallel
// creates all succeed. Per-client limits (plugins/client-limits.ts), shared through Redis when set.
describe('per-client limits on reads, searches and writes', () => {
  let t: TestApp;
  let user: TestUser;
  beforeAll(async () => {
    t = await buildTestApp({
      config: {
        rateLimits: { readsPerMinute: 20, searchesPerMinute: 5, writesPerMinute: 4 },
        ...(TEST_REDIS_URL ? { redisUrl: TEST_REDIS_URL } : {}),
      },
    });
    user = await signup(t.app);
  });
  afterAll(() => t.close());

  it('a search loop gets 429 with Retry-After, while the same client may still read', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 8; i++) {
      const res = await t.app.inject({
        url: `/api/questions/public?limit=100&sort=random&q=loop${i}`,
        remoteAddress: '203.0.113.50',
      });
      codes.push(res.statusCode);
      if (res.statusCode === 429) {
        expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
        expect(res.json()).toMatchObject({ code: 'RATE_LIMITED' });
        // The same headers and body in memory as through the Redis store.
        expect(res.headers['x-ratelimit-limit']).toBe('5');
        expect(res.headers['x-ratelimit-remaining']).toBe('0');
        expect(Number(res.headers['x-ratelimit-reset'])).toBe(Number(res.headers['retry-after']));
      } else {
        expect(res.headers['x-ratelimit-limit']).toBe('5');
        expect(res.headers['x-ratelimit-remaining']).toBe(String(4 - i));
        expect(Number(res.headers['x-ratelimit-reset'])).toBeGreaterThan(0);
      }
    }
    expect(codes).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);
    const read = await t.app.inject({ url: '/api/questions/public', remoteAddress: '203.0.113.50' });
    expect(read.statusCode).toBe(200);
    // Another client is not affected.
    const other = await t.app.inject({ url: '/api/questions/public?q=react', remoteAddress: '203.0.113.51' });
    expect(other.statusCode).toBe(200);
  });

  it('reads are limited per client too, at a higher threshold', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 22; i++) {
      codes.push((await t.app.inject({ url: '/api/ideas', remoteAddress: '203.0.113.60' })).statusCode);
    }
    expect(codes.filter((c) => c === 200)).toHaveLength(20);
    expect(codes.slice(20)).toEqual([429, 429]);
  });

  it('parallel creates by one account: only the budget gets through', async () => {
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: '/api/ideas',
          headers: user.auth,
          payload: { title: `Parallel idea ${i}`, description: 'Made in a loop.', category: 'Healthcare' },
        }),
      ),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(4);
    expect(codes.filter((c) => c === 429)).toHaveLength(6);
    // The window passes: the account may write again.
    t.clock.advance(61_000);
  });

  it('the payment webhook and health checks are never limited here', async () => {
    for (let i = 0; i < 25; i++) {
      expect((await t.app.inject({ url: '/api/health', remoteAddress: '203.0.113.70' })).statusCode).toBe(
        200,
      );
    }
  });
});

// The limits were counted per route (120 searches on each of five search routes), `?search=` on the
// jobs list counted as a read, and routes with a limit of their own (a question's image budget, the
// sign-in limit) were outside the per-client write budget: one account made 1 172 questions of 60 kB
// in 15 s. Now each client has one budget of each kind across every route.
describe(`one budget per client across every route (${dbKind}${TEST_REDIS_URL ? ', Redis' : ''})`, () => {
  let t: TestApp;
  let asker: TestUser;
  beforeAll(async () => {
    t = await buildTestApp({
      config: {
        rateLimits: { readsPerMinute: 50, searchesPerMinute: 5, writesPerMinute: 4 },
        ...(TEST_REDIS_URL ? { redisUrl: TEST_REDIS_URL } : {}),
      },
    });
    asker = await signup(t.app);
  });
  afterAll(() => t.close());

  const get = (url: string, remoteAddress: string) => t.app.inject({ url, remoteAddress });
  const SEARCHES = [
    '/api/questions/public?q=react',
    '/api/questions?q=react',
    '/api/questions/similar?q=react',
    '/api/ideas/search?q=solar',
    '/api/jobs?search=engineer',
  ];

  it('a client that spends its searches on one route gets 429 on every other search route', async () => {
    const from = '203.0.113.80';
    for (let i = 0; i < 5; i++) {
      const res = await get(`/api/ideas/search?q=loop${i}`, from);
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-ratelimit-remaining']).toBe(String(4 - i));
    }
    for (const url of SEARCHES) {
      const res = await get(url, from);
      expect(res.statusCode, url).toBe(429);
      expect(res.json(), url).toMatchObject({ code: 'RATE_LIMITED' });
      expect(Number(res.headers['retry-after']), url).toBeGreaterThan(0);
    }
    // Reads are a budget of their own, and another client has its own searches.
    expect((await get('/api/jobs', from)).statusCode).toBe(200);
    expect((await get('/api/ideas', from)).statusCode).toBe(200);
    expect((await get('/api/questions/public?q=react', '203.0.113.81')).statusCode).toBe(200);
  });

  it('counts `search=` on the jobs list as a search, not a read', async () => {
    const from = '203.0.113.82';
    for (let i = 0; i < 5; i++) {
      const res = await get(`/api/jobs?search=engineer${i}`, from);
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-ratelimit-limit']).toBe('5');
    }
    expect((await get('/api/jobs?search=engineer', from)).statusCode).toBe(429);
    expect((await get('/api/questions/similar?q=react', from)).statusCode).toBe(429);
    // The list without search text is a read.
    const list = await get('/api/jobs', from);
    expect(list.statusCode).toBe(200);
    expect(list.headers['x-ratelimit-limit']).toBe('50');
  });

  it('creating a question is a write, with or without an image, JSON or multipart', async () => {
    const json = () =>
      t.app.inject({ method: 'POST', url: '/api/questions', headers: asker.auth, payload: sampleQuestion });
    const form = async () => {
      const body = await multipart({ ...sampleQuestion, title: 'Asked as a form' });
      return t.app.inject({
        method: 'POST',
        url: '/api/questions',
        headers: { ...asker.auth, ...body.headers },
        payload: body.payload,
      });
    };
    const codes = [
      (await json()).statusCode,
      (await form()).statusCode,
      (await json()).statusCode,
      (await form()).statusCode,
    ];
    expect(codes).toEqual([201, 201, 201, 201]);
    const refused = [await json(), await form()];
    expect(refused.map((r) => r.statusCode)).toEqual([429, 429]);
    expect(refused[0]!.json()).toMatchObject({ code: 'RATE_LIMITED' });
    const mine = await t.app.inject({ url: '/api/questions?own=true', headers: asker.auth });
    expect(mine.json()).toHaveLength(4);
  });

  it('limits writes without a session by address, before their bodies are read', async () => {
    const from = '203.0.113.90';
    const login = (payload: string, remoteAddress = from) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress,
        headers: { 'content-type': 'application/json' },
        payload,
      });
    const wrong = JSON.stringify({ email: 'nobody@example.com', password: 'not the password' });
    // Sign-in has a per-address limit of its own (raised in tests); the write budget applies too.
    for (let i = 0; i < 4; i++) expect((await login(wrong)).statusCode).toBe(401);
    // Past the budget the body is never parsed: broken JSON is 429, not 400.
    const refused = await login('{"email": [[[[ broken');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED' });
    // Every write from that address: a form, a route that does not exist, a garbage token.
    for (const [url, headers] of [
      ['/api/contact', {}],
      ['/api/nowhere', {}],
      ['/api/ideas', { authorization: 'Bearer not-a-session' }],
    ] as const) {
      const res = await t.app.inject({ method: 'POST', url, remoteAddress: from, headers, payload: {} });
      expect(res.statusCode, url).toBe(429);
    }
    // Reads from that address, and writes from another, go on.
    expect((await get('/api/ideas', from)).statusCode).toBe(200);
    expect((await login(wrong, '203.0.113.91')).statusCode).toBe(401);
  });

  it('counts an IPv6 address by its /64', async () => {
    const wrong = { email: 'nobody@example.com', password: 'not the password' };
    const login = (remoteAddress: string) =>
      t.app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress, payload: wrong });
    const codes: number[] = [];
    for (let i = 1; i <= 5; i++) codes.push((await login(`2001:db8:7:1::${i.toString(16)}`)).statusCode);
    expect(codes).toEqual([401, 401, 401, 401, 429]);
    expect((await login('2001:db8:7:2::1')).statusCode).toBe(401);
  });
});
