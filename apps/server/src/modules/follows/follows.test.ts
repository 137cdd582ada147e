import { MSG } from '@agora/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { follows, notifications, users } from '../../db/schema/index.js';
import { buildTestApp, expectErrorBody, signup, type TestApp, type TestUser } from '../../../test/helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const post = (url: string, u: TestUser | undefined, payload: unknown) =>
  t.app.inject({ method: 'POST', url, headers: u?.auth ?? {}, payload: payload as object });
const get = (url: string, u?: TestUser) => t.app.inject({ method: 'GET', url, headers: u?.auth ?? {} });

async function follow(follower: TestUser, followee: TestUser) {
  const res = await post('/api/users/follow', follower, { targetUserId: followee.user.id });
  expect(res.statusCode).toBe(200);
  return res;
}

async function counts(id: string) {
  const [row] = await t.database.db
    .select({ followers: users.followerCount, following: users.followingCount })
    .from(users)
    .where(eq(users.id, id));
  return row!;
}

describe('follow and unfollow', () => {
  // Three new people per test, nobody following anyone: each test sets up the follows it needs.
  let ann: TestUser;
  let ben: TestUser;
  let cat: TestUser;
  beforeEach(async () => {
    ann = await signup(t.app, { name: 'Ann Lee' });
    ben = await signup(t.app, { name: 'Ben Okafor' });
    cat = await signup(t.app, { name: 'Cat Ruiz' });
  });

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
    await follow(ben, ann);
    await follow(cat, ann);
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
    await follow(ben, ann);
    await follow(cat, ann);
    await follow(ann, cat);
    const followers = (await get('/api/users/followers', ann)).json();
    const byId = Object.fromEntries(followers.users.map((u: { id: string }) => [u.id, u]));
    expect(byId[cat.user.id].followed).toBe(true);
    expect(byId[ben.user.id].followed).toBe(false);
    // A user with more followers than FOLLOW_LIST_MAX: the list is bounded, the total is not.
    await t.database.db.update(users).set({ followerCount: 5000 }).where(eq(users.id, ann.user.id));
    const big = (await get('/api/users/followers', ann)).json();
    expect(big.total).toBe(5000);
    expect(big.users).toHaveLength(2);
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
    // Two followers, counted once each, in one notification.
    expect(notes.map((n) => [n.title, n.count])).toEqual([['Fay Oduya and 1 other followed you', 2]]);
    expect((await get(`/api/users/${dan.user.id}/followers/count`)).json()).toEqual({ count: 2 });
  });

  it('answers the follower count and user info without a token; 404 for unknown users', async () => {
    await follow(ben, ann);
    await follow(cat, ann);
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
    await follow(ben, ann);
    await follow(cat, ann);
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
    // 132 requests at once on a pool of 10 connections: one that waits too long for a connection
    // is answered 503 with nothing done, and a client tries it again, as this one does.
    const send = async (url: string, u: TestUser, payload: unknown) => {
      for (let attempt = 1; ; attempt++) {
        const res = await post(url, u, payload);
        if (res.statusCode !== 503 || attempt === 5) return res;
      }
    };
    // Everyone follows everyone else at once (A→B and B→A race), then half unfollow at once.
    const followed = await Promise.all(
      people.flatMap((a) =>
        people.filter((b) => b !== a).map((b) => send('/api/users/follow', a, { targetUserId: b.user.id })),
      ),
    );
    const unfollowed = await Promise.all(
      people
        .slice(0, 6)
        .flatMap((a) =>
          people.slice(6).map((b) => send('/api/users/unfollow', a, { targetUserId: b.user.id })),
        ),
    );
    // Every one of them succeeds: none is lost to a deadlock.
    expect([...followed, ...unfollowed].filter((r) => r.statusCode !== 200).map((r) => r.body)).toEqual([]);
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

describe('follow notifications are grouped, not piled up', () => {
  const followersOf = async (u: TestUser) =>
    (await get('/api/notifications', u)).json() as {
      notifications: Array<{ _id: string; type: string; title: string; count: number; read: boolean }>;
      unreadCount: number;
    };

  it('five accounts following one user make one unread notification counting five people', async () => {
    const star = await signup(t.app, { name: 'Star Person' });
    const fans = [];
    for (const name of ['Asha Rao', 'Bo Chen', 'Cy Diaz', 'Di Eze', 'Ed Fox']) {
      const fan = await signup(t.app, { name });
      expect((await post('/api/users/follow', fan, { targetUserId: star.user.id })).statusCode).toBe(200);
      fans.push(fan);
    }
    const list = await followersOf(star);
    expect(list.unreadCount).toBe(1);
    expect(list.notifications).toHaveLength(1);
    expect(list.notifications[0]).toMatchObject({
      type: 'follower',
      title: 'Ed Fox and 4 others followed you',
      count: 5,
      read: false,
    });
    // Unfollowing and following again does not count anyone twice.
    await post('/api/users/unfollow', fans[0]!, { targetUserId: star.user.id });
    await post('/api/users/follow', fans[0]!, { targetUserId: star.user.id });
    expect((await followersOf(star)).notifications.map((n) => n.count)).toEqual([5]);

    // Once read, the group is closed: the next follower starts a new notification.
    await t.app.inject({
      method: 'POST',
      url: '/api/notifications/read',
      headers: star.auth,
      payload: { ids: [list.notifications[0]!._id] },
    });
    const late = await signup(t.app, { name: 'Late Comer' });
    await post('/api/users/follow', late, { targetUserId: star.user.id });
    const after = await followersOf(star);
    expect(after.unreadCount).toBe(1);
    expect(after.notifications.map((n) => [n.title, n.count, n.read])).toEqual([
      ['Late Comer started following you', 1, false],
      ['Ed Fox and 4 others followed you', 5, true],
    ]);
  });

  it('an unread group quiet for more than a day stays as it is; the next follower starts a new one', async () => {
    const star = await signup(t.app, { name: 'Quiet Star' });
    const first = await signup(t.app, { name: 'First Fan' });
    await post('/api/users/follow', first, { targetUserId: star.user.id });
    await t.database.db
      .update(notifications)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(eq(notifications.userId, star.user.id));
    const second = await signup(t.app, { name: 'Second Fan' });
    await post('/api/users/follow', second, { targetUserId: star.user.id });
    const list = await followersOf(star);
    expect(list.unreadCount).toBe(2);
    expect(list.notifications.map((n) => [n.title, n.count])).toEqual([
      ['Second Fan started following you', 1],
      ['First Fan started following you', 1],
    ]);
    // The newer group is the open one: a third follower joins it.
    const third = await signup(t.app, { name: 'Third Fan' });
    await post('/api/users/follow', third, { targetUserId: star.user.id });
    expect((await followersOf(star)).notifications.map((n) => [n.title, n.count])).toEqual([
      ['Third Fan and 1 other followed you', 2],
      ['First Fan started following you', 1],
    ]);
  });

  it('followers arriving at the same moment still make one row, with every one of them counted', async () => {
    const star = await signup(t.app, { name: 'Busy Star' });
    const fans = await Promise.all(
      Array.from({ length: 12 }, (_, i) => signup(t.app, { name: `Rush ${i}` })),
    );
    const results = await Promise.all(
      fans.map((f) => post('/api/users/follow', f, { targetUserId: star.user.id })),
    );
    expect(results.map((r) => r.statusCode)).toEqual(fans.map(() => 200));
    const rows = await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, star.user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ type: 'follower', count: 12, readAt: null });
    expect(rows[0]!.title).toMatch(/^Rush \d+ and 11 others followed you$/);
  });

  it('the database refuses a second unread row of one group, whatever the code asks for', async () => {
    const star = await signup(t.app, { name: 'Guarded Star' });
    const row = { userId: star.user.id, type: 'follower', title: 'x', groupKey: `follow:${star.user.id}` };
    await t.database.db.insert(notifications).values(row);
    await expect(t.database.db.insert(notifications).values(row)).rejects.toThrow();
    // Read ones do not count: a read group and an unread one may share the key.
    await t.database.db
      .update(notifications)
      .set({ readAt: new Date() })
      .where(eq(notifications.userId, star.user.id));
    await t.database.db.insert(notifications).values(row);
    await expect(
      t.database.db.insert(notifications).values({ ...row, count: 0, groupKey: null }),
    ).rejects.toThrow();
  });
});
