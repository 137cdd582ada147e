import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, passwordResets } from '../../src/db/schema/index.js';
import { MAIL_LINK_SLOT } from '../../src/platform/mail.js';
import { buildTestApp, signup, type TestApp, type TestUser } from '../helpers.js';

// A user who forgot their password gets back in, and nobody else can use that way.
describe('password reset', () => {
  let t: TestApp;
  let user: TestUser;
  beforeAll(async () => {
    t = await buildTestApp();
    user = await signup(t.app, { email: 'forgetful@example.com', password: 'old password here' });
  });
  afterAll(() => t.close());

  // `from`: the client's address (forgot-password is limited per address).
  const forgot = (email: string, from = '127.0.0.1') =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email },
      remoteAddress: from,
    });
  const reset = (token: string, password: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token, password } });
  const login = (password: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'forgetful@example.com', password },
    });

  /** Delivers the outbox and reads the link from the newest e-mail sent to the address. */
  async function linkFromMail(to = 'forgetful@example.com'): Promise<string> {
    await t.app.ctx.mailWorker.runOnce();
    const last = t.mail.sent.filter((m) => m.to === to).at(-1)!;
    const m = /\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(last.text);
    expect(m, last.text).toBeTruthy();
    return m![1]!;
  }

  it('answers the same, in about the same time, whether or not the account exists', async () => {
    const t0 = performance.now();
    const known = await forgot('Forgetful@example.com');
    const t1 = performance.now();
    const unknown = await forgot('nobody-at-all@example.com');
    const t2 = performance.now();
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(unknown.body).toBe(known.body);
    expect(Math.abs(t1 - t0 - (t2 - t1))).toBeLessThan(250);
    const outbox = await t.database.db.select().from(mailOutbox);
    expect(outbox.filter((m) => m.to === 'nobody-at-all@example.com')).toHaveLength(0);
    expect(outbox.filter((m) => m.to === 'forgetful@example.com')).toHaveLength(1);
  });

  it('stores only a hash of the token; the link works once, sets the password and ends every session', async () => {
    const token = await linkFromMail();
    const rows = await t.database.db
      .select()
      .from(passwordResets)
      .where(eq(passwordResets.userId, user.user.id));
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.some((r) => r.tokenHash?.includes(token))).toBe(false);

    expect((await reset(token, ' '.repeat(10))).statusCode).toBe(400);
    const ok = await reset(token, 'a brand new passphrase');
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await t.app.inject({ url: '/api/auth/me', headers: user.auth })).statusCode).toBe(401);
    expect((await login('old password here')).statusCode).toBe(401);
    expect((await login('a brand new passphrase')).statusCode).toBe(200);

    const again = await reset(token, 'another new passphrase');
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toBe('This reset link is invalid or has expired. Please ask for a new one.');
  });

  it('a link expires after 1 hour, and a newer link replaces an older one', async () => {
    await forgot('forgetful@example.com');
    const first = await linkFromMail();
    await new Promise((r) => setTimeout(r, 5));
    await forgot('forgetful@example.com');
    const second = await linkFromMail();
    expect(second).not.toBe(first);
    expect((await reset(first, 'yet another passphrase')).statusCode).toBe(400);
    t.clock.advance(61 * 60_000);
    expect((await reset(second, 'yet another passphrase')).statusCode).toBe(400);
  });

  it('keeps no link in the outbox: not while the mail waits, not after it was sent', async () => {
    const u = await signup(t.app, { email: 'outbox.reader@example.com', password: 'old password here' });
    expect((await forgot(u.user.email, '198.51.100.7')).statusCode).toBe(200);
    const outboxRows = () =>
      t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'outbox.reader@example.com'));
    // Waiting to be sent: a placeholder where the link goes, a reference to the reset, no token.
    const [waiting] = await outboxRows();
    expect(waiting).toMatchObject({ status: 'pending', linkRef: expect.stringMatching(/^password-reset:/) });
    expect(waiting!.text).toContain(MAIL_LINK_SLOT);
    expect(JSON.stringify(waiting)).not.toMatch(/token=/);
    const [unminted] = await t.database.db
      .select()
      .from(passwordResets)
      .where(eq(passwordResets.userId, u.user.id));
    expect(unminted!.tokenHash).toBeNull();

    // Sent: the e-mail carries a working link; the stored row still holds none, nor its reference.
    const token = await linkFromMail('outbox.reader@example.com');
    const [sent] = await outboxRows();
    expect(sent).toMatchObject({ status: 'sent', linkRef: null, text: waiting!.text });
    expect(JSON.stringify(sent)).not.toContain(token);
    const [minted] = await t.database.db
      .select()
      .from(passwordResets)
      .where(eq(passwordResets.userId, u.user.id));
    expect(minted!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(minted!.tokenHash).not.toContain(token);
    const ok = await reset(token, 'a passphrase nobody read');
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('sends no dead link: a reset mail replaced by a newer one before it went out is not sent', async () => {
    const u = await signup(t.app, { email: 'twice@example.com', password: 'old password here' });
    await forgot(u.user.email, '198.51.100.8');
    await forgot(u.user.email, '198.51.100.8');
    const token = await linkFromMail('twice@example.com');
    expect(t.mail.sent.filter((m) => m.to === 'twice@example.com')).toHaveLength(1);
    const rows = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'twice@example.com'));
    expect(rows.map((r) => r.status).sort()).toEqual(['failed', 'sent']);
    expect((await reset(token, 'the newest link works')).statusCode).toBe(200);
  });

  it('sends at most 3 e-mails per address per hour, answering the same', async () => {
    const other = await signup(t.app, { email: 'flooded@example.com' });
    const bodies = new Set<string>();
    for (let i = 0; i < 5; i++) bodies.add((await forgot(other.user.email)).body);
    expect(bodies.size).toBe(1);
    const sent = await t.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, 'flooded@example.com'));
    expect(sent).toHaveLength(3);
  });
});
