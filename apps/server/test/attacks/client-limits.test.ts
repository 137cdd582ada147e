import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, signup, TEST_REDIS_URL, type TestApp, type TestUser } from '../helpers.js';

// Issue 19 §3: 64 connections looping an expensive search slowed everyone; 60 parallel creates
// all returned 201. Per-client limits (plugins/client-limits.ts), shared through Redis when set.
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
