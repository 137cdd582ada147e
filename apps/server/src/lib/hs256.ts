import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Verifies one of our own access tokens: a compact JWS signed with HMAC-SHA256 (RFC 7515 / 7519).
 *
 * jose verifies through WebCrypto, whose HMAC runs as an asynchronous job on the thread pool: on a
 * signed-in read that hop cost ~5 % of the server's busy time (issue 18), for a hash that takes a
 * few microseconds in place. Only what we issue is accepted: the header must say `HS256` (never
 * `none`, never another algorithm, no `crit` extensions), the signature must be the canonical
 * base64url of the HMAC (compared in constant time), and the payload an object with a numeric
 * `exp` after `nowS`; an `nbf`, when present, must not be after `nowS`. Tokens are signed with
 * jose's SignJWT (auth.service.ts); Google's RS256 ID tokens still go through jose.
 *
 * Returns the payload, or null for anything else.
 */
export function verifyHs256(token: string, key: Buffer, nowS: number): Record<string, unknown> | null {
  const dot1 = token.indexOf('.');
  const dot2 = token.indexOf('.', dot1 + 1);
  if (dot1 <= 0 || dot2 <= dot1 + 1 || token.indexOf('.', dot2 + 1) !== -1) return null;
  const signed = token.slice(0, dot2);
  const signature = token.slice(dot2 + 1);
  if (
    !BASE64URL.test(signed.slice(0, dot1)) ||
    !BASE64URL.test(signed.slice(dot1 + 1)) ||
    !BASE64URL.test(signature)
  ) {
    return null;
  }
  const expected = Buffer.from(createHmac('sha256', key).update(signed).digest('base64url'));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;

  const header = parseObject(signed.slice(0, dot1));
  if (header?.alg !== 'HS256' || 'crit' in header) return null;
  const payload = parseObject(signed.slice(dot1 + 1));
  if (!payload) return null;
  if (typeof payload.exp !== 'number' || !(payload.exp > nowS)) return null;
  if (payload.nbf !== undefined && !(typeof payload.nbf === 'number' && payload.nbf <= nowS)) return null;
  return payload;
}

const BASE64URL = /^[A-Za-z0-9_-]+$/;

function parseObject(part: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}
