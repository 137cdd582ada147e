// Behind a load balancer every request arrives from the proxy's address; TRUST_PROXY makes
// request.ip (and so every per-IP rate limit) the client's address from X-Forwarded-For, and only
// when the peer is a trusted proxy.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helpers.js';

const LIMIT = 3;

async function attempts(
  t: TestApp,
  n: number,
  from: { remoteAddress: string; forwardedFor?: string },
): Promise<number[]> {
  const codes: number[] = [];
  for (let i = 0; i < n; i++) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: from.remoteAddress,
      headers: from.forwardedFor ? { 'x-forwarded-for': from.forwardedFor } : {},
      // A different unknown account each time: only the per-IP limit can answer 429.
      payload: {
        email: `nobody-${Math.random().toString(36).slice(2)}@example.com`,
        password: 'wrong password',
      },
    });
    codes.push(res.statusCode);
  }
  return codes;
}

describe('TRUST_PROXY', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ config: { authRateLimitIp: LIMIT }, env: { TRUST_PROXY: '10.0.0.0/8' } });
  });
  afterAll(() => t.close());

  it('gives two clients behind a trusted proxy separate rate-limit buckets', async () => {
    const proxy = '10.1.2.3';
    expect(await attempts(t, LIMIT + 1, { remoteAddress: proxy, forwardedFor: '203.0.113.7' })).toEqual([
      401, 401, 401, 429,
    ]);
    // Another client through the same proxy still has its own attempts.
    expect(await attempts(t, LIMIT, { remoteAddress: proxy, forwardedFor: '198.51.100.9' })).toEqual([
      401, 401, 401,
    ]);
    // The client address is the last one the trusted proxy appended, not what the client claimed.
    expect(
      await attempts(t, 1, { remoteAddress: proxy, forwardedFor: '198.51.100.200, 203.0.113.7' }),
    ).toEqual([429]);
  });

  it('ignores X-Forwarded-For from a peer that is not a trusted proxy', async () => {
    const peer = '192.0.2.50';
    const codes: number[] = [];
    for (let i = 0; i <= LIMIT; i++) {
      codes.push(...(await attempts(t, 1, { remoteAddress: peer, forwardedFor: `203.0.113.${100 + i}` })));
    }
    expect(codes).toEqual([401, 401, 401, 429]);
  });
});

describe('without TRUST_PROXY', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ config: { authRateLimitIp: LIMIT } });
  });
  afterAll(() => t.close());

  it('believes no X-Forwarded-For: every client of a proxy shares its address', async () => {
    expect(t.config.trustProxy).toBe(false);
    const codes: number[] = [];
    for (let i = 0; i <= LIMIT; i++) {
      codes.push(...(await attempts(t, 1, { remoteAddress: '10.1.2.3', forwardedFor: `203.0.113.${i}` })));
    }
    expect(codes).toEqual([401, 401, 401, 429]);
  });
});
