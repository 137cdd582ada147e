import { MSG } from '@agora/shared';
import { generateKeyPair, SignJWT, exportJWK } from 'jose';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, expectErrorBody, freshDatabase, signup, type TestApp } from '../../../test/helpers.js';

/** POST /api/auth/login with these credentials. */
const login = (app: TestApp['app'], email: string, password: string) =>
  app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('signup', () => {
  it('creates an account and returns a token and a user carrying id and _id', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { name: 'Asha Rao', email: 'Asha@Example.com', password: 'longenough1', role: 'questioner' },
    });
    expect(res.statusCode).toBe(201);
    const { token, user } = res.json();
    expect(token).toMatch(/^ey/);
    expect(user).toMatchObject({ email: 'asha@example.com', name: 'Asha Rao', role: 'questioner' });
    expect(user.id).toBe(user._id);
    expect(user).not.toHaveProperty('passwordHash');
  });

  it('refuses a duplicate e-mail with 409', async () => {
    await signup(t.app, { email: 'dup@example.com' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { name: 'Other', email: 'DUP@example.com', password: 'longenough1' },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'EMAIL_TAKEN', error: MSG.emailTaken });
  });

  it('never lets a client choose admin, and ignores mass-assigned fields', async () => {
    const admin = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { name: 'Mallory', email: 'mallory@example.com', password: 'longenough1', role: 'admin' },
    });
    expect(admin.statusCode).toBe(400);
    const extra = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: {
        name: 'Eve',
        email: 'eve@example.com',
        password: 'longenough1',
        isPaid: true,
        status: 'x',
        id: 'x',
      },
    });
    expect(extra.statusCode).toBe(201);
    expect(extra.json().user).toMatchObject({ role: 'user', status: 'active' });
  });

  it('validates fields with a 400 VALIDATION body naming them', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { name: '  ', email: 'not-an-email', password: 'short' },
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expectErrorBody(body);
    expect(body.code).toBe('VALIDATION');
    const fields = body.details.map((d: { field: string }) => d.field);
    expect(fields).toEqual(expect.arrayContaining(['body.name', 'body.email', 'body.password']));
  });

  it('answers a login without e-mail or password with the spec’s sentence', async () => {
    for (const payload of [{}, { email: '', password: '' }, { email: 'a@b.co' }, { password: 'x' }]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload });
      expect(res.statusCode).toBe(400);
      expect(res.json().error, JSON.stringify(payload)).toBe(MSG.emailPasswordRequired);
    }
  });

  it('answers malformed JSON and wrong types with 400 and oversized bodies with 413', async () => {
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": ',
    });
    expect(bad.statusCode).toBe(400);
    expectErrorBody(bad.json());
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { name: 5, email: [], password: {} },
    });
    expect(wrong.statusCode).toBe(400);
    const huge = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(huge.statusCode).toBe(413);
    expectErrorBody(huge.json());
  });
});

describe('login, me, logout', () => {
  it('logs in with the right password and refuses a wrong one', async () => {
    await signup(t.app, { email: 'login@example.com', password: 'right-password' });
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'LOGIN@example.com', password: 'right-password' },
    });
    expect(ok.statusCode).toBe(200);
    const me = await t.app.inject({
      url: '/api/auth/me',
      headers: { authorization: `Bearer ${ok.json().token}` },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json().user.email).toBe('login@example.com');

    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'login@example.com', password: 'wrong-password' },
    });
    expect(bad.statusCode).toBe(401);
    expect(bad.json().error).toBe(MSG.invalidCredentials);
  });

  it('revokes the session on logout', async () => {
    const u = await signup(t.app);
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: u.auth });
    expect(out.statusCode).toBe(204);
    const me = await t.app.inject({ url: '/api/auth/me', headers: u.auth });
    expect(me.statusCode).toBe(401);
    expectErrorBody(me.json());
  });

  it('refuses forged, unsigned and garbage tokens with 401', async () => {
    const u = await signup(t.app);
    const [h, p] = u.token.split('.');
    const none = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${p}.`;
    const forged = await new SignJWT({ sid: '00000000-0000-0000-0000-000000000000' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(u.user.id)
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('another-secret-another-secret-another-secret'));
    for (const token of [none, forged, `${h}.${p}.AAAA`, 'garbage']) {
      const res = await t.app.inject({ url: '/api/auth/me', headers: { authorization: `Bearer ${token}` } });
      expect(res.statusCode).toBe(401);
    }
  });

  it('expires an idle session after SESSION_IDLE_MINUTES and keepalive extends it', async () => {
    const u = await signup(t.app);
    t.clock.advance(15 * 60_000);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/auth/keepalive', headers: u.auth })).statusCode,
    ).toBe(204);
    t.clock.advance(15 * 60_000);
    expect((await t.app.inject({ url: '/api/auth/me', headers: u.auth })).statusCode).toBe(200);
    t.clock.advance(21 * 60_000);
    const res = await t.app.inject({ url: '/api/auth/me', headers: u.auth });
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toBe(MSG.sessionExpired);
  });

  it('refuses a suspended user at once, for tokens and for login', async () => {
    const u = await signup(t.app, { email: 'susp@example.com', password: 'password-1' });
    const { users } = await import('../../db/schema/index.js');
    const { eq } = await import('drizzle-orm');
    await t.database.db.update(users).set({ status: 'suspended' }).where(eq(users.id, u.user.id));
    expect((await t.app.inject({ url: '/api/auth/me', headers: u.auth })).statusCode).toBe(401);
    const refused = await login(t.app, 'susp@example.com', 'password-1');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe(MSG.accountSuspended);
  });

  it('refuses a deleted user with 401', async () => {
    const u = await signup(t.app);
    const { users } = await import('../../db/schema/index.js');
    const { eq } = await import('drizzle-orm');
    await t.database.db.delete(users).where(eq(users.id, u.user.id));
    expect((await t.app.inject({ url: '/api/auth/me', headers: u.auth })).statusCode).toBe(401);
  });
});

describe('rate limits', () => {
  it('limits failed logins per account with 429 and Retry-After', async () => {
    await signup(t.app, { email: 'brute@example.com', password: 'the-password' });
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'brute@example.com', password: `guess-${i}` },
      });
      statuses.push(res.statusCode);
      if (res.statusCode === 429) expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    }
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses.slice(5)).toEqual([429, 429]);
    // Even the right password is refused until the window passes…
    const locked = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'brute@example.com', password: 'the-password' },
    });
    expect(locked.statusCode).toBe(429);
    // …and accepted after it.
    t.clock.advance(16 * 60_000);
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'brute@example.com', password: 'the-password' },
    });
    expect(ok.statusCode).toBe(200);
  });

  it('counts guesses sent at the same moment: no more than the limit are ever checked', async () => {
    await signup(t.app, { email: 'racer@example.com', password: 'the-password' });
    const guess = (password: string) => login(t.app, 'racer@example.com', password);
    const codes = (await Promise.all(Array.from({ length: 12 }, (_, i) => guess(`guess-${i}`)))).map(
      (r) => r.statusCode,
    );
    expect(codes.filter((c) => c === 401)).toHaveLength(t.config.loginFailuresPerAccount);
    expect(codes.filter((c) => c === 429)).toHaveLength(12 - t.config.loginFailuresPerAccount);
    // The right password, after the limit was reached in that burst, waits like the rest.
    expect((await guess('the-password')).statusCode).toBe(429);
  });

  it('a success clears the count: failures below the limit do not add up across sign-ins', async () => {
    await signup(t.app, { email: 'forgetful@example.com', password: 'the-password' });
    const guess = (password: string) => login(t.app, 'forgetful@example.com', password);
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < t.config.loginFailuresPerAccount - 1; i++) {
        expect((await guess('wrong-password')).statusCode).toBe(401);
      }
      expect((await guess('the-password')).statusCode).toBe(200);
    }
  });

  it('a stranger at another address never locks the right password out', async () => {
    await signup(t.app, { email: 'target@example.com', password: 'the-password' });
    const from = (remoteAddress: string, password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress,
        payload: { email: 'target@example.com', password },
      });
    for (let i = 0; i < 10; i++) await from('203.0.113.9', `guess-${i}`);
    expect((await from('203.0.113.9', 'the-password')).statusCode).toBe(429);
    expect((await from('198.51.100.7', 'the-password')).statusCode).toBe(200);
  });

  it('a slower per-account limit stops many addresses, but not one the account signed in from', async () => {
    const limited = await buildTestApp({ config: { loginFailuresPerAccountTotal: 10 } });
    try {
      await signup(limited.app, { email: 'owner@example.com', password: 'the-password' });
      const from = (remoteAddress: string, password: string) =>
        limited.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          remoteAddress,
          payload: { email: 'owner@example.com', password },
        });
      expect((await from('192.0.2.1', 'the-password')).statusCode).toBe(200);
      for (let i = 0; i < 10; i++)
        expect((await from(`203.0.113.${i + 10}`, 'wrong-pass')).statusCode).toBe(401);
      const blocked = await from('203.0.113.99', 'the-password');
      expect(blocked.statusCode).toBe(429);
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
      expect((await from('192.0.2.1', 'the-password')).statusCode).toBe(200);
      limited.clock.advance(61 * 60_000);
      expect((await from('203.0.113.99', 'the-password')).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('limits sign-in attempts per IP (AUTH_RATE_LIMIT_IP)', async () => {
    const limited = await buildTestApp({ config: { authRateLimitIp: 3 } });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 5; i++) {
        const res = await limited.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: `nobody${i}@example.com`, password: 'whatever1' },
        });
        codes.push(res.statusCode);
      }
      expect(codes).toEqual([401, 401, 401, 429, 429]);
    } finally {
      await limited.close();
    }
  });
});

describe('ADMIN_EMAIL / ADMIN_PASSWORD', () => {
  it('promoting an account someone registered first gives it the configured password and ends their sessions', async () => {
    const database = await freshDatabase();
    const first = await buildTestApp({ database });
    let second: TestApp | null = null;
    try {
      const squatter = await signup(first.app, { email: 'boss@example.com', password: 'squatter-password' });
      await first.close();
      second = await buildTestApp({
        database,
        env: { ADMIN_EMAIL: 'boss@example.com', ADMIN_PASSWORD: 'real-owner-password' },
      });
      const app = second.app;
      expect((await login(app, 'boss@example.com', 'squatter-password')).statusCode).toBe(401);
      const real = await login(app, 'boss@example.com', 'real-owner-password');
      expect(real.statusCode).toBe(200);
      expect(real.json().user).toMatchObject({ id: squatter.user.id, role: 'admin' });
      expect((await second.app.inject({ url: '/api/auth/me', headers: squatter.auth })).statusCode).toBe(401);

      // A later start with the same settings leaves the admin (and a password they changed) alone.
      await second.close();
      second = await buildTestApp({
        database,
        env: { ADMIN_EMAIL: 'boss@example.com', ADMIN_PASSWORD: 'real-owner-password' },
      });
      const again = await second.app.inject({
        url: '/api/auth/me',
        headers: { authorization: `Bearer ${real.json().token}` },
      });
      expect(again.statusCode).toBe(200);
    } finally {
      await second?.close();
      await database.close();
    }
  });
});

describe('Google sign-in', () => {
  let jwksServer: Server;
  let g: TestApp;
  let privateKey: CryptoKey;
  const clientId = 'test-client.apps.googleusercontent.com';

  beforeAll(async () => {
    const pair = await generateKeyPair('RS256');
    privateKey = pair.privateKey as CryptoKey;
    const jwk = { ...(await exportJWK(pair.publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
    jwksServer = createServer((_req, res) => {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ keys: [jwk] }));
    });
    await new Promise<void>((r) => jwksServer.listen(0, '127.0.0.1', () => r()));
    const port = (jwksServer.address() as AddressInfo).port;
    g = await buildTestApp({
      env: { GOOGLE_CLIENT_ID: clientId, GOOGLE_JWKS_URL: `http://127.0.0.1:${port}/certs` },
    });
  });
  afterAll(async () => {
    await g.close();
    jwksServer.close();
  });

  const idToken = (claims: Record<string, unknown>, aud = clientId, iss = 'https://accounts.google.com') =>
    new SignJWT({ email_verified: true, ...claims })
      .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
      .setIssuer(iss)
      .setAudience(aud)
      .setIssuedAt()
      .setExpirationTime('10m')
      .sign(privateKey);

  it('signs in with a valid ID token and links an existing account by verified e-mail', async () => {
    const existing = await signup(g.app, { email: 'linked@example.com' });
    const res = await g.app.inject({
      method: 'POST',
      url: '/api/auth/google',
      payload: { id_token: await idToken({ sub: 'g-1', email: 'linked@example.com', name: 'Linked' }) },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.id).toBe(existing.user.id);
    const fresh = await g.app.inject({
      method: 'POST',
      url: '/api/auth/google',
      payload: { id_token: await idToken({ sub: 'g-2', email: 'new@example.com', name: 'New Person' }) },
    });
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json().user).toMatchObject({ email: 'new@example.com', name: 'New Person', role: 'user' });
  });

  it('linking ends a squatter’s hold: the password set at sign-up and its sessions stop working', async () => {
    const squatter = await signup(g.app, { email: 'owner@example.com', password: 'squatter-password' });
    const res = await g.app.inject({
      method: 'POST',
      url: '/api/auth/google',
      payload: { id_token: await idToken({ sub: 'g-owner', email: 'owner@example.com', name: 'Owner' }) },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.id).toBe(squatter.user.id);
    // The owner's Google session works; the squatter's session and password do not.
    expect(
      (await g.app.inject({ url: '/api/auth/me', headers: { authorization: `Bearer ${res.json().token}` } }))
        .statusCode,
    ).toBe(200);
    expect((await g.app.inject({ url: '/api/auth/me', headers: squatter.auth })).statusCode).toBe(401);
    expect((await login(g.app, 'owner@example.com', 'squatter-password')).statusCode).toBe(401);
  });

  it('a Google name with hidden or text-direction characters, or a reserved one, never becomes a name as is', async () => {
    const google = async (sub: string, email: string, name?: unknown) => {
      const res = await g.app.inject({
        method: 'POST',
        url: '/api/auth/google',
        payload: { id_token: await idToken({ sub, email, ...(name === undefined ? {} : { name }) }) },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().user as { name: string; displayName: string };
    };
    // Reversed by a right-to-left override, it would be drawn as "Administrator": the control goes.
    expect(await google('g-bidi', 'bidi@example.com', '\u202erotartsinimdA')).toMatchObject({
      name: 'rotartsinimdA',
      displayName: 'rotartsinimdA',
    });
    // Zero-width and direction marks inside a real name: removed, the name kept.
    expect((await google('g-zw', 'zw@example.com', 'As\u200bha\u200f R\u2066ao\u2069')).displayName).toBe(
      'Asha Rao',
    );
    // Reserved once the hidden characters are gone (and full-width letters folded): the e-mail's
    // local part instead, when that passes the rule.
    expect((await google('g-adm', 'ravi.k@example.com', 'Adm\u200bin')).displayName).toBe('ravi.k');
    expect((await google('g-fw', 'meera@example.com', 'Ａｄｍｉｎｉｓｔｒａｔｏｒ')).displayName).toBe(
      'meera',
    );
    // Nothing usable at all (the local part is reserved too, or there is no name): "Agora user".
    expect((await google('g-sup', 'support@example.com', '\u200b\u202e')).displayName).toBe('Agora user');
    expect((await google('g-none', 'admin@example.com')).displayName).toBe('Agora user');
    expect((await google('g-obj', 'obj@example.com', { toString: 'x' })).displayName).toBe('obj');
  });

  it('refuses a wrong audience, a wrong issuer and an unverified e-mail', async () => {
    for (const token of [
      await idToken({ sub: 'g-3', email: 'a@example.com' }, 'someone-else'),
      await idToken({ sub: 'g-3', email: 'a@example.com' }, clientId, 'https://evil.example.com'),
      await idToken({ sub: 'g-3', email: 'a@example.com', email_verified: false }),
    ]) {
      const res = await g.app.inject({
        method: 'POST',
        url: '/api/auth/google',
        payload: { id_token: token },
      });
      expect(res.statusCode).toBe(401);
    }
  });

  it('is 404 when no client id is configured', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/google',
      payload: { id_token: 'x'.repeat(20) },
    });
    expect(res.statusCode).toBe(404);
  });
});
