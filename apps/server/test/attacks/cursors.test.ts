import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeCursor } from '../../src/lib/cursor.js';
import { buildTestApp, makeAdmin, signup, type TestApp, type TestUser } from '../helpers.js';

// A cursor holding an extreme date must not reach PostgreSQL (22009 would be a 500).
describe('cursors: a bad cursor is 400 "Invalid cursor", never 500', () => {
  let t: TestApp;
  let user: TestUser;
  let admin: TestUser;
  beforeAll(async () => {
    t = await buildTestApp();
    user = await signup(t.app);
    admin = await signup(t.app);
    await makeAdmin(t, admin);
  });
  afterAll(() => t.close());

  const id = randomUUID();
  const extremes = [
    encodeCursor(['+275760-09-13T00:00:00.000Z', id]),
    encodeCursor(['-271821-04-20T00:00:00.000Z', id]),
    Buffer.from(JSON.stringify({ v: '+275760-09-13T00:00:00.000Z', id })).toString('base64url'),
    Buffer.from(`+275760-09-13T00:00:00.000Z|${id}`).toString('base64url'),
    encodeCursor(['date', 'desc', '+275760-09-13T00:00:00.000Z', id]),
    encodeCursor(['newest', '+275760-09-13T00:00:00.000Z', 0, id]),
    encodeCursor(['newest', '2026-01-01T00:00:00.000000Z', 1e300, id]),
  ];
  const lists = [
    ['/api/wallet/transactions', 'user'],
    ['/api/hackathons', 'user'],
    ['/api/hackathons?phase=past', 'user'],
    ['/api/hackathons?phase=open', 'user'],
    ['/api/hackathons/my-registrations', 'user'],
    ['/api/hackathons/my-submissions', 'user'],
    ['/api/questions/public', 'user'],
    ['/api/questions/public?sort=random', 'user'],
    ['/api/ideas', 'user'],
    ['/api/notifications', 'user'],
    ['/api/admin/users', 'admin'],
    ['/api/admin/questions', 'admin'],
    ['/api/admin/withdrawals', 'admin'],
    ['/api/admin/audit-log', 'admin'],
  ] as const;

  for (const [url, who] of lists) {
    it(`GET ${url}`, async () => {
      for (const cursor of extremes) {
        const res = await t.app.inject({
          url: `${url}${url.includes('?') ? '&' : '?'}cursor=${cursor}`,
          headers: (who === 'admin' ? admin : user).auth,
        });
        expect(res.statusCode, `${url} ${cursor}: ${res.body}`).toBe(400);
        expect(res.json().error).toBe('Invalid cursor');
      }
    });
  }

  it('a timestamp out of range reaching PostgreSQL is 400, not 500', async () => {
    const t2 = await buildTestApp({
      database: t.database,
      beforeReady: (app) => {
        app.get('/test/range', async () => {
          await t.database.db.execute(sql`select ${'+275760-09-13T00:00:00.000Z'}::timestamptz`);
          return {};
        });
      },
    });
    try {
      const res = await t2.app.inject({ url: '/test/range' });
      expect(res.statusCode).toBe(400);
    } finally {
      await t2.close();
    }
  });

  it('wallet pages neither skip nor repeat rows created within one millisecond', async () => {
    const db = t.database.db;
    await db.execute(sql`insert into wallets (user_id) values (${user.user.id}) on conflict do nothing`);
    for (const us of ['123001', '123002', '123003', '123004']) {
      await db.execute(
        sql`insert into wallet_transactions (user_id, type, amount, status, created_at)
            values (${user.user.id}, 'other', 0, 'completed', ${`2026-01-01T00:00:00.${us}Z`}::timestamptz)`,
      );
    }
    const seen: string[] = [];
    let cursor: string | undefined;
    for (let i = 0; i < 10; i++) {
      const res = await t.app.inject({
        url: `/api/wallet/transactions?limit=1${cursor ? `&cursor=${cursor}` : ''}`,
        headers: user.auth,
      });
      expect(res.statusCode).toBe(200);
      const items = res.json();
      seen.push(...(Array.isArray(items) ? items : items.transactions).map((x: { _id: string }) => x._id));
      cursor = res.headers['x-next-cursor'] as string | undefined;
      if (!cursor) break;
    }
    expect(seen).toHaveLength(4);
    expect(new Set(seen).size).toBe(4);
  });
});
