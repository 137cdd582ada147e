import { errors, type JWTPayload, jwtVerify, SignJWT } from 'jose';

/** How long a sign-in's token is accepted; the session's idle limit usually ends it sooner. */
export const ACCESS_TOKEN_TTL_S = 7 * 24 * 3600;

/**
 * The bearer tokens we issue at sign-in: JWTs signed with HMAC-SHA256 under JWT_SECRET, naming the
 * session (`sid`) and the user (`sub`). Only what we issue is accepted: the algorithm is pinned to
 * HS256 (never `none`, never another one, no unknown `crit` extensions), `exp` is required and must
 * be after now, an `nbf` must not be after now — all against the app's clock, so tests and the
 * session checks agree on what "now" is.
 */
export function createAccessTokens(secret: string) {
  // Imported once: the key is the same for every request.
  const key = crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign', 'verify'],
  );

  return {
    async sign(claims: { sessionId: string; userId: string }, now: Date): Promise<string> {
      const nowS = Math.floor(now.getTime() / 1000);
      return (
        new SignJWT({ sid: claims.sessionId })
          .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
          .setSubject(claims.userId)
          .setIssuedAt(nowS)
          // Relative to the app's clock, like the verification (a relative string would use the system time).
          .setExpirationTime(nowS + ACCESS_TOKEN_TTL_S)
          .sign(await key)
      );
    },

    /** The token's claims, or null when it is not one of ours or no longer valid at `now`. */
    async verify(token: string, now: Date): Promise<JWTPayload | null> {
      try {
        const { payload } = await jwtVerify(token, await key, {
          algorithms: ['HS256'],
          requiredClaims: ['exp'],
          currentDate: now,
        });
        return payload;
      } catch (err) {
        // Every refusal (malformed, forged, expired, not yet valid) is a JOSE error: the caller
        // answers it like a missing session. Anything else is a fault of ours and propagates.
        if (err instanceof errors.JOSEError) return null;
        throw err;
      }
    },
  };
}

export type AccessTokens = ReturnType<typeof createAccessTokens>;
