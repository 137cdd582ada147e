import { MSG } from '@agora/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { follows, notifications, users } from '../../db/schema/index.js';
import { buildTestApp, expectErrorBody, signup, type TestApp, type TestUser } from '../../../test/helpers.js';

let t: TestApp;
let ann: TestUser;
let ben: TestUser;
let cat: TestUser;
beforeAll(async () => {
  t = await buildTestApp();
  ann = await signup(t.app, { name: 'Ann Lee' });
  ben = await signup(t.app, { name: 'Ben Okafor' });
  cat = await signup(t.app, { name: 'Cat Ruiz' });
});
afterAll(() => t.close());

const post = (url: string, u: TestUser | undefined, payload: unknown) =>
  t.app.inject({ method: 'POST', url, headers: u?.auth ?? {}, payload: payload as object });
const get = (url: string, u?: TestUser) => t.app.inject({ method: 'GET', url, headers: u?.auth ?? {} });

async function counts(id: string) {
  const [row] = await t.database.db
    .select({ followers: users.followerCount, following: users.followingCount })
    .from(users)
    .where(eq(users.id, id));
  return row!;
}

describe('follow and unfollow', () => {
  it('follows, idempotently, returning the follower count, and notifies once', async () => {
    const first = await post('/api/users/follow', ben, { targetUserId: ann.user.id });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ followerCount: 1, following: true, message: MSG.followSuccess });
    const again = await post('/api/users/follow', ben, { targetUserId: ann.user.id });
    expect(again.json().followerCount).toBe(1);
    expect(await counts(ann.user.id)).toMatchObject({ followers: 1 });
    expect(await counts(ben.user.id)).toMatchObject({ following: 1 });
    const notes = await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, ann.user.id));
    expect(notes.filter((n) => n.type === 'follower')).toHaveLength(1);
    expect((await post('/api/users/follow', cat, { targetUserId: ann.user.id })).json().followerCount).toBe(
      2,
    );
  });

  it('lists following and followers as ids, with names alongside', async () => {
    const following = (await get('/api/users/following', ben)).json();
    expect(following.following).toEqual([ann.user.id]);
    expect(following.users).toEqual([
      { id: ann.user.id, displayName: 'Ann Lee', name: 'Ann Lee', followed: true },
    ]);
    expect(following.total).toBe(1);
    const followers = (await get('/api/users/followers', ann)).json();
    expect(new Set(followers.followers)).toEqual(new Set([ben.user.id, cat.user.id]));
    expect(followers.total).toBe(2);
    expect((await get('/api/users/followers', cat)).json()).toEqual({ followers: [], users: [], total: 0 });
    expect((await get('/api/users/following')).statusCode).toBe(401);
    expect((await get('/api/users/followers')).statusCode).toBe(401);
  });

  it('marks followers the caller follows back, and totals come from the counters, not the bounded list', async () => {
    await post('/api/users/follow', ann, { targetUserId: cat.user.id });
    const followers = (await get('/api/users/followers', ann)).json();
    const byId = Object.fromEntries(followers.users.map((u: { id: string }) => [u.id, u]));
    expect(byId[cat.user.id].followed).toBe(true);
    expect(byId[ben.user.id].followed).toBe(false);
    await post('/api/users/unfollow', ann, { targetUserId: cat.user.id });
    // A user with more followers than FOLLOW_LIST_MAX: the list is bounded, the total is not.
    await t.database.db.update(users).set({ followerCount: 5000 }).where(eq(users.id, ann.user.id));
    const big = (await get('/api/users/followers', ann)).json();
    expect(big.total).toBe(5000);
    expect(big.users).toHaveLength(2);
    await t.database.db.update(users).set({ followerCount: 2 }).where(eq(users.id, ann.user.id));
  });

  it('notifies once per follower: follow, unfollow, follow leaves one notification', async () => {
    const dan = await signup(t.app, { name: 'Dan Ng' });
    const eve = await signup(t.app, { name: 'Eve Ito' });
    const fay = await signup(t.app, { name: 'Fay Oduya' });
    for (const url of ['/api/users/follow', '/api/users/unfollow', '/api/users/follow']) {
      expect((await post(url, eve, { targetUserId: dan.user.id })).statusCode).toBe(200);
    }
    await post('/api/users/follow', fay, { targetUserId: dan.user.id });
    const notes = await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, dan.user.id));
    expect(notes.map((n) => n.title).sort()).toEqual([
      'Eve Ito started following you',
      'Fay Oduya started following you',
    ]);
    expect((await get(`/api/users/${dan.user.id}/followers/count`)).json()).toEqual({ count: 2 });
  });

  it('answers the follower count and user info without a token; 404 for unknown users', async () => {
    expect((await get(`/api/users/${ann.user.id}/followers/count`)).json()).toEqual({ count: 2 });
    expect((await get(`/api/users/${ann.user.id}/info`)).json()).toMatchObject({
      displayName: 'Ann Lee',
      name: 'Ann Lee',
      followerCount: 2,
    });
    for (const id of ['00000000-0000-4000-8000-000000000000', 'nope']) {
      const info = await get(`/api/users/${id}/info`);
      expect(info.statusCode).toBe(404);
      expect(info.json().message).toBe(MSG.userNotFound);
      expect((await get(`/api/users/${id}/followers/count`)).statusCode).toBe(404);
    }
  });

  it('does not collide with /api/users/me and /me/activity', async () => {
    expect((await get('/api/users/me', ann)).json().user.id).toBe(ann.user.id);
    expect((await get('/api/users/me/activity', ann)).statusCode).toBe(200);
    expect((await get('/api/users/me/info', ann)).statusCode).toBe(404);
  });

  it('unfollows idempotently and decrements both counts', async () => {
    const res = await post('/api/users/unfollow', ben, { targetUserId: ann.user.id });
    expect(res.json()).toEqual({ followerCount: 1, following: false, message: MSG.unfollowSuccess });
    expect((await post('/api/users/unfollow', ben, { targetUserId: ann.user.id })).json().followerCount).toBe(
      1,
    );
    expect(await counts(ben.user.id)).toMatchObject({ following: 0 });
    expect((await get('/api/users/following', ben)).json().following).toEqual([]);
  });

  it('refuses yourself, unknown users, bad bodies and visitors with a message, storing nothing', async () => {
    const before = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(follows);
    const self = await post('/api/users/follow', ann, { targetUserId: ann.user.id });
    expect(self.statusCode).toBe(400);
    expectErrorBody(self.json());
    expect(self.json().message).toBe(MSG.cannotFollowSelf);
    for (const targetUserId of ['00000000-0000-4000-8000-000000000000', 'someone']) {
      const res = await post('/api/users/follow', ann, { targetUserId });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(MSG.userNotFound);
    }
    expect((await post('/api/users/follow', ann, {})).statusCode).toBe(400);
    expect((await post('/api/users/follow', ann, { targetUserId: 5 })).statusCode).toBe(400);
    const anon = await post('/api/users/follow', undefined, { targetUserId: ann.user.id });
    expect(anon.statusCode).toBe(401);
    expect(anon.json().message).toBeTruthy();
    const after = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(follows);
    expect(after[0]!.n).toBe(before[0]!.n);
  });

  it('keeps counts equal to rows when people follow each other and toggle at the same time', async () => {
    const people = await Promise.all(Array.from({ length: 12 }, (_, i) => signup(t.app, { name: `P ${i}` })));
    // Everyone follows everyone else at once (A→B and B→A race), then half unfollow at once.
    await Promise.all(
      people.flatMap((a) =>
        people.filter((b) => b !== a).map((b) => post('/api/users/follow', a, { targetUserId: b.user.id })),
      ),
    );
    await Promise.all(
      people
        .slice(0, 6)
        .flatMap((a) =>
          people.slice(6).map((b) => post('/api/users/unfollow', a, { targetUserId: b.user.id })),
        ),
    );
    for (const p of people) {
      const c = await counts(p.user.id);
      const [f] = await t.database.db
        .select({ n: sql<number>`count(*)::int` })
        .from(follows)
        .where(eq(follows.followeeId, p.user.id));
      const [g] = await t.database.db
        .select({ n: sql<number>`count(*)::int` })
        .from(follows)
        .where(eq(follows.followerId, p.user.id));
      expect(c.followers).toBe(f!.n);
      expect(c.following).toBe(g!.n);
    }
    expect((await counts(people[0]!.user.id)).following).toBe(5);
    expect((await counts(people[11]!.user.id)).followers).toBe(5);
  });
});
