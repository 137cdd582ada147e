import { createHmac } from 'node:crypto';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { ACCESS_TOKEN_TTL_S, createAccessTokens } from './access-token.js';

const secret = 'a-test-secret-that-is-long-enough-for-hs256';
const tokens = createAccessTokens(secret);
const nowS = 1_800_000_000;
const now = new Date(nowS * 1000);
const at = (s: number) => new Date(s * 1000);

/** A token signed by jose directly: any claims and header, with our secret. */
const sign = (
  claims: Record<string, unknown>,
  header: Record<string, unknown> = { alg: 'HS256', typ: 'JWT' },
) => new SignJWT(claims).setProtectedHeader(header as { alg: string }).sign(new TextEncoder().encode(secret));

/** A token built by hand: any header and payload, correctly MACed with `k`. */
function handMade(header: unknown, payload: unknown, k = secret): string {
  const enc = (v: unknown) =>
    Buffer.from(typeof v === 'string' ? v : JSON.stringify(v)).toString('base64url');
  const signed = `${enc(header)}.${enc(payload)}`;
  return `${signed}.${createHmac('sha256', k).update(signed).digest('base64url')}`;
}

describe('access tokens', () => {
  it('a token issued at sign-in names the session and the user, and is accepted until it expires', async () => {
    const token = await tokens.sign({ sessionId: 's-1', userId: 'u-1' }, now);
    const [header] = token.split('.');
    expect(JSON.parse(Buffer.from(header!, 'base64url').toString())).toEqual({ alg: 'HS256', typ: 'JWT' });
    expect(await tokens.verify(token, now)).toMatchObject({
      sid: 's-1',
      sub: 'u-1',
      iat: nowS,
      exp: nowS + ACCESS_TOKEN_TTL_S,
    });
    expect(await tokens.verify(token, at(nowS + ACCESS_TOKEN_TTL_S - 1))).not.toBeNull();
    expect(await tokens.verify(token, at(nowS + ACCESS_TOKEN_TTL_S))).toBeNull();
  });

  it('refuses an expired token (exp at or before now) and one without a numeric exp', async () => {
    expect(await tokens.verify(await sign({ sid: 's', exp: nowS }), now)).toBeNull();
    expect(await tokens.verify(await sign({ sid: 's', exp: nowS - 1 }), now)).toBeNull();
    expect(await tokens.verify(await sign({ sid: 's' }), now)).toBeNull();
    expect(
      await tokens.verify(handMade({ alg: 'HS256' }, { sid: 's', exp: String(nowS + 60) }), now),
    ).toBeNull();
  });

  it('refuses a token not yet valid (nbf after now)', async () => {
    expect(await tokens.verify(await sign({ sid: 's', exp: nowS + 60, nbf: nowS + 5 }), now)).toBeNull();
    expect(await tokens.verify(await sign({ sid: 's', exp: nowS + 60, nbf: nowS }), now)).not.toBeNull();
  });

  it('refuses another key, a changed payload or header, and a tampered signature', async () => {
    const token = await sign({ sid: 's', exp: nowS + 60 });
    expect(await tokens.verify(token, now)).not.toBeNull();
    const otherKey = createAccessTokens('another-secret-another-secret-another');
    expect(await otherKey.verify(token, now)).toBeNull();
    expect(
      await otherKey.verify(await otherKey.sign({ sessionId: 's', userId: 'u' }, now), now),
    ).not.toBeNull();
    const [h, p, s] = token.split('.') as [string, string, string];
    const other = Buffer.from(JSON.stringify({ sid: 'other', exp: nowS + 60 })).toString('base64url');
    expect(await tokens.verify(`${h}.${other}.${s}`, now)).toBeNull();
    const otherHeader = Buffer.from(JSON.stringify({ alg: 'HS256' })).toString('base64url');
    expect(await tokens.verify(`${otherHeader}.${p}.${s}`, now)).toBeNull();
    const flipped = `${s.slice(0, 5)}${s[5] === 'A' ? 'B' : 'A'}${s.slice(6)}`;
    expect(await tokens.verify(`${h}.${p}.${flipped}`, now)).toBeNull();
    expect(await tokens.verify(`${h}.${p}.${s.slice(0, -1)}`, now)).toBeNull();
    expect(await tokens.verify(`${h}.${p}.AAAA`, now)).toBeNull();
    expect(await tokens.verify(`${h}.${p}.`, now)).toBeNull();
  });

  it('refuses alg none, other algorithms and crit headers, even when correctly MACed', async () => {
    const claims = { sid: 's', exp: nowS + 60 };
    expect(await tokens.verify(handMade({ alg: 'none' }, claims), now)).toBeNull();
    expect(await tokens.verify(handMade({ alg: 'HS512' }, claims), now)).toBeNull();
    expect(await tokens.verify(handMade({ alg: 'HS384' }, claims), now)).toBeNull();
    expect(
      await tokens.verify(handMade({ alg: 'HS256', crit: ['b64'], b64: false }, claims), now),
    ).toBeNull();
    expect(await tokens.verify(handMade({ alg: 'HS256', crit: ['x-ours'] }, claims), now)).toBeNull();
    expect(await tokens.verify(handMade({ alg: 'HS256' }, claims), now)).toMatchObject(claims);
    const unsigned = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.`;
    expect(await tokens.verify(unsigned, now)).toBeNull();
  });

  it('refuses malformed tokens: parts, characters, JSON that is not an object', async () => {
    for (const token of ['', 'garbage', 'a.b', 'a.b.c.d', '..', 'a..c', 'a b.c.d', 'YQ.YQ.YQ+']) {
      expect(await tokens.verify(token, now), token).toBeNull();
    }
    expect(await tokens.verify(handMade({ alg: 'HS256' }, [1, 2]), now)).toBeNull();
    expect(await tokens.verify(handMade({ alg: 'HS256' }, 'null'), now)).toBeNull();
    expect(await tokens.verify(handMade({ alg: 'HS256' }, '{not json'), now)).toBeNull();
    expect(await tokens.verify(handMade('"HS256"', { sid: 's', exp: nowS + 60 }), now)).toBeNull();
  });
});
