import { createHmac } from 'node:crypto';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { verifyHs256 } from './hs256.js';

const secret = 'a-test-secret-that-is-long-enough-for-hs256';
const key = Buffer.from(secret);
const now = 1_800_000_000;

const sign = (
  claims: Record<string, unknown>,
  header: Record<string, unknown> = { alg: 'HS256', typ: 'JWT' },
) => new SignJWT(claims).setProtectedHeader(header as { alg: string }).sign(new TextEncoder().encode(secret));

/** A token built by hand: any header and payload, signed with `k`. */
function handMade(header: unknown, payload: unknown, k = secret): string {
  const enc = (v: unknown) =>
    Buffer.from(typeof v === 'string' ? v : JSON.stringify(v)).toString('base64url');
  const signed = `${enc(header)}.${enc(payload)}`;
  return `${signed}.${createHmac('sha256', k).update(signed).digest('base64url')}`;
}

describe('verifyHs256', () => {
  it('accepts a token jose signed, before its expiry, and returns its claims', async () => {
    const token = await sign({ sid: 's-1', sub: 'u-1', iat: now - 10, exp: now + 60 });
    expect(verifyHs256(token, key, now)).toMatchObject({ sid: 's-1', sub: 'u-1', exp: now + 60 });
  });

  it('refuses an expired token (exp at or before now) and one without a numeric exp', async () => {
    expect(verifyHs256(await sign({ sid: 's', exp: now }), key, now)).toBeNull();
    expect(verifyHs256(await sign({ sid: 's', exp: now - 1 }), key, now)).toBeNull();
    expect(verifyHs256(await sign({ sid: 's' }), key, now)).toBeNull();
    expect(verifyHs256(handMade({ alg: 'HS256' }, { sid: 's', exp: String(now + 60) }), key, now)).toBeNull();
  });

  it('refuses a token not yet valid (nbf after now)', async () => {
    expect(verifyHs256(await sign({ sid: 's', exp: now + 60, nbf: now + 5 }), key, now)).toBeNull();
    expect(verifyHs256(await sign({ sid: 's', exp: now + 60, nbf: now }), key, now)).not.toBeNull();
  });

  it('refuses another key, a changed payload or header, and a non-canonical signature', async () => {
    const token = await sign({ sid: 's', exp: now + 60 });
    expect(verifyHs256(token, Buffer.from('another-secret-another-secret-another'), now)).toBeNull();
    const [h, p, s] = token.split('.') as [string, string, string];
    const other = Buffer.from(JSON.stringify({ sid: 'other', exp: now + 60 })).toString('base64url');
    expect(verifyHs256(`${h}.${other}.${s}`, key, now)).toBeNull();
    expect(verifyHs256(`${h}.${p}.${s}=`, key, now)).toBeNull();
    expect(verifyHs256(`${h}.${p}.${s.slice(0, -1)}`, key, now)).toBeNull();
    expect(verifyHs256(`${h}.${p}.AAAA`, key, now)).toBeNull();
  });

  it('refuses alg none, other algorithms and crit headers, even when correctly MACed', () => {
    const claims = { sid: 's', exp: now + 60 };
    expect(verifyHs256(handMade({ alg: 'none' }, claims), key, now)).toBeNull();
    expect(verifyHs256(handMade({ alg: 'HS512' }, claims), key, now)).toBeNull();
    expect(verifyHs256(handMade({ alg: 'HS256', crit: ['b64'], b64: false }, claims), key, now)).toBeNull();
    expect(verifyHs256(handMade({ alg: 'HS256' }, claims), key, now)).toMatchObject(claims);
    const unsigned = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.`;
    expect(verifyHs256(unsigned, key, now)).toBeNull();
  });

  it('refuses malformed tokens: parts, characters, JSON that is not an object', () => {
    for (const token of ['', 'garbage', 'a.b', 'a.b.c.d', '..', 'a..c', 'a b.c.d', 'YQ.YQ.YQ+']) {
      expect(verifyHs256(token, key, now)).toBeNull();
    }
    expect(verifyHs256(handMade({ alg: 'HS256' }, [1, 2]), key, now)).toBeNull();
    expect(verifyHs256(handMade({ alg: 'HS256' }, 'null'), key, now)).toBeNull();
    expect(verifyHs256(handMade({ alg: 'HS256' }, '{not json'), key, now)).toBeNull();
    expect(verifyHs256(handMade('"HS256"', { sid: 's', exp: now + 60 }), key, now)).toBeNull();
  });
});
