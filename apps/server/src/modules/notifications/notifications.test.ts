import { randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, expectErrorBody, signup, type TestApp, type TestUser } from '../../../test/helpers.js';
import { mailOutbox, notificationOnce, notifications } from '../../db/schema/index.js';
import { encodeKeyset } from '../../lib/cursor.js';
import { type ComposedMail, composeMail, mailTemplate, p } from '../../lib/mail-template.js';
import { notify, notifyOnce, notifyOnceMany, onceNotificationId } from './notifications.service.js';

/** A test's mail that no preference stops: only whether it is queued matters here. */
const testTemplate = mailTemplate<{ subject: string }>({
  kind: 'test',
  stream: 'essential',
  render: (d) => ({ subject: d.subject, blocks: [p('x')], reason: 'A test.' }),
});
const essentialMail = (to: string, subject: string): ComposedMail =>
  composeMail(testTemplate, { subject }, to);

let t: TestApp;
let alice: TestUser;
let bob: TestUser;

beforeAll(async () => {
  t = await buildTestApp();
  alice = await signup(t.app, { name: 'Alice Notified' });
  bob = await signup(t.app, { name: 'Bob Other' });
  // Distinct creation times, oldest first: n0 … n6.
  const base = Date.now() - 60_000;
  for (let i = 0; i < 7; i++) {
    await t.database.db.insert(notifications).values({
      userId: alice.user.id,
      type: 'answer',
      title: `n${i}`,
      body: `Body ${i}`,
      link: `/question/q${i}`,
      createdAt: new Date(base + i * 1000),
    });
  }
  await notify(t.database.db, bob.user.id, { type: 'follower', title: 'Bob only', link: '/followers' });
});
afterAll(() => t.close());

/** A cursor older than every notification: the page after it is empty. */
const cursorAfterAll = () => encodeKeyset({ ts: '2000-01-01T00:00:00.000000Z', id: randomUUID() });

const list = (who: TestUser, qs = '') =>
  t.app.inject({ method: 'GET', url: `/api/notifications${qs}`, headers: who.auth });
const read = (who: TestUser, payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/api/notifications/read',
    headers: who.auth,
    payload: payload as object,
  });

describe('GET /api/notifications', () => {
  it('needs a signed-in user', async () => {
    for (const [method, url] of [
      ['GET', '/api/notifications'],
      ['POST', '/api/notifications/read'],
    ] as const) {
      const res = await t.app.inject({ method, url, payload: method === 'POST' ? { all: true } : undefined });
      expect(res.statusCode).toBe(401);
      expectErrorBody(res.json());
    }
  });

  it("lists only the caller's notifications, newest first, with the unread count", async () => {
    const res = await list(alice);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.unreadCount).toBe(7);
    expect(body.notifications.map((n: { title: string }) => n.title)).toEqual([
      'n6',
      'n5',
      'n4',
      'n3',
      'n2',
      'n1',
      'n0',
    ]);
    expect(body.notifications[0]).toEqual({
      _id: expect.any(String),
      type: 'answer',
      title: 'n6',
      body: 'Body 6',
      link: '/question/q6',
      read: false,
      createdAt: expect.any(String),
      count: 1,
    });
    const other = (await list(bob)).json();
    expect(other.notifications.map((n: { title: string }) => n.title)).toEqual(['Bob only']);
  });

  it('pages with limit and X-Next-Cursor, without gaps or repeats', async () => {
    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const res = await list(alice, `?limit=3${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      seen.push(...res.json().notifications.map((n: { title: string }) => n.title));
      // Every page carries the whole count, not the page's.
      expect(res.json().unreadCount).toBe(7);
      cursor = res.headers['x-next-cursor'] as string | undefined;
      pages++;
    } while (cursor && pages < 10);
    expect(pages).toBe(3);
    expect(seen).toEqual(['n6', 'n5', 'n4', 'n3', 'n2', 'n1', 'n0']);
    expect((await list(alice, '?limit=0')).statusCode).toBe(400);
    expect((await list(alice, '?limit=101')).statusCode).toBe(400);
    expect((await list(alice, '?cursor=nonsense')).statusCode).toBe(400);
  });
});

describe('POST /api/notifications/read', () => {
  it('validates the body: ids or all, not both, not neither', async () => {
    for (const payload of [
      {},
      { ids: [] },
      { ids: ['x'] },
      { all: false },
      { ids: [randomUUID()], all: true },
    ]) {
      const res = await read(alice, payload);
      expect(res.statusCode).toBe(400);
      expectErrorBody(res.json());
    }
    const tooMany = Array.from({ length: 101 }, () => randomUUID());
    expect((await read(alice, { ids: tooMany })).statusCode).toBe(400);
  });

  it("marks the given ids read, ignores other people's ids, and the unread filter follows", async () => {
    const all = (await list(alice)).json().notifications as { _id: string; title: string }[];
    const bobsId = (await list(bob)).json().notifications[0]._id;
    const res = await read(alice, { ids: [all[0]!._id, all[1]!._id, bobsId] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ updated: 2, unreadCount: 5 });

    // Bob's stays unread: nobody marks someone else's notification.
    const [bobs] = await t.database.db.select().from(notifications).where(eq(notifications.id, bobsId));
    expect(bobs!.readAt).toBeNull();

    const unread = (await list(alice, '?unread=true')).json();
    expect(unread.unreadCount).toBe(5);
    expect(unread.notifications.map((n: { title: string }) => n.title)).toEqual([
      'n4',
      'n3',
      'n2',
      'n1',
      'n0',
    ]);
    const after = (await list(alice)).json().notifications;
    expect(after[0]).toMatchObject({ title: 'n6', read: true });
    // A page of read notifications still counts the unread ones elsewhere.
    const firstOnly = (await list(alice, '?limit=1')).json();
    expect(firstOnly.notifications.map((n: { read: boolean }) => n.read)).toEqual([true]);
    expect(firstOnly.unreadCount).toBe(5);

    // Marking again changes nothing.
    expect((await read(alice, { ids: [all[0]!._id] })).json()).toEqual({ updated: 0, unreadCount: 5 });
  });

  it('marks all of the caller’s notifications read', async () => {
    const res = await read(alice, { all: true });
    expect(res.json()).toEqual({ updated: 5, unreadCount: 0 });
    const left = await t.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, alice.user.id), isNull(notifications.readAt)));
    expect(left).toHaveLength(0);
    expect((await list(bob)).json().unreadCount).toBe(1);
    // An empty page (nothing unread left; past the end) counts on its own.
    expect((await list(alice, '?unread=true')).json()).toMatchObject({ notifications: [], unreadCount: 0 });
    const nobody = await signup(t.app);
    expect((await list(nobody)).json()).toMatchObject({ notifications: [], unreadCount: 0 });
    // Past the end of a list whose unread ones are elsewhere: still the count.
    const lastPage = await list(bob, `?unread=true&cursor=${encodeURIComponent(cursorAfterAll())}`);
    expect(lastPage.json()).toMatchObject({ notifications: [], unreadCount: 1 });
  });
});

describe('notifyOnce and notifyOnceMany: one once-key scheme, the mail only with a new notification', () => {
  it('notifies (and mails) each recipient once per key, however often and by whichever function', async () => {
    const [carol, dave, erin] = await Promise.all([signup(t.app), signup(t.app), signup(t.app)]);
    const db = t.database.db;
    const notice = (u: TestUser) => ({
      userId: u.user.id,
      onceKey: 'hackathon_starting:h1',
      type: 'hackathon_starting' as const,
      title: 'Starts soon',
      body: 'Soon.',
      link: '/hackathon/h1',
      mail: essentialMail(u.user.email, 'Starting soon'),
    });
    expect(await notifyOnce(db, carol.user.id, 'hackathon_starting:h1', notice(carol))).toBe(true);
    expect(await notifyOnce(db, carol.user.id, 'hackathon_starting:h1', notice(carol))).toBe(false);
    expect(await notifyOnceMany(db, [notice(carol), notice(dave)])).toEqual([dave.user.id]);
    expect(await notifyOnceMany(db, [notice(carol), notice(dave), notice(erin)])).toEqual([erin.user.id]);
    // A different key is a different notification.
    expect(
      await notifyOnce(db, carol.user.id, 'hackathon_starting:h2', { type: 'follower', title: 'x' }),
    ).toBe(true);
    for (const u of [carol, dave, erin]) {
      const notes = await db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, u.user.id), eq(notifications.link, '/hackathon/h1')));
      expect(notes.map((n) => n.id)).toEqual([onceNotificationId(u.user.id, 'hackathon_starting:h1')]);
      const mails = await db.select().from(mailOutbox).where(eq(mailOutbox.to, u.user.email));
      expect(mails.filter((m) => m.subject === 'Starting soon')).toHaveLength(1);
    }
  });

  it('writes large recipient lists in batches', async () => {
    const u = await signup(t.app);
    const items = Array.from({ length: 2500 }, (_, i) => ({
      userId: u.user.id,
      onceKey: `bulk:${i}`,
      type: 'follower' as const,
      title: `bulk ${i}`,
    }));
    expect(await notifyOnceMany(t.database.db, items)).toHaveLength(2500);
    expect(await notifyOnceMany(t.database.db, items)).toHaveLength(0);
  });
});

describe('grouped notifications: many people, one row', () => {
  const group = (key: string) => ({
    key,
    text: (count: number) => ({ title: `${count} people did it`, body: `latest of ${count}` }),
  });
  const rowsOf = (u: TestUser) =>
    t.database.db.select().from(notifications).where(eq(notifications.userId, u.user.id));

  it('events sent at the same moment, each in its own transaction, meet on one row and all count', async () => {
    const u = await signup(t.app);
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        t.database.db.transaction((tx) =>
          notify(tx, u.user.id, {
            type: 'idea_comment',
            title: `one ${i}`,
            body: `comment ${i}`,
            link: '/idea/x',
            group: group('idea-comment:x'),
          }),
        ),
      ),
    );
    const rows = await rowsOf(u);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      count: 20,
      title: '20 people did it',
      body: 'latest of 20',
      readAt: null,
    });
    // Another key is another notification; money kinds (no group) stay one per event.
    await notify(t.database.db, u.user.id, {
      type: 'idea_comment',
      title: 'other',
      group: group('idea-comment:y'),
    });
    await notify(t.database.db, u.user.id, { type: 'reward', title: 'paid' });
    await notify(t.database.db, u.user.id, { type: 'reward', title: 'paid' });
    expect((await rowsOf(u)).map((r) => [r.title, r.count]).sort()).toEqual([
      ['20 people did it', 20],
      ['other', 1],
      ['paid', 1],
      ['paid', 1],
    ]);
  });

  it('grouped once-only events: once per key for good, also after the group was read', async () => {
    const u = await signup(t.app);
    const db = t.database.db;
    const like = (actor: string) =>
      notifyOnce(db, u.user.id, `idea_like:i1:${actor}`, {
        type: 'idea_like',
        title: `${actor} liked your idea`,
        group: group('idea-like:i1'),
        mail: essentialMail(u.user.email, `like ${actor}`),
      });
    expect(await like('a')).toBe(true);
    expect(await like('b')).toBe(true);
    expect(await like('a')).toBe(false);
    expect((await rowsOf(u)).map((r) => r.count)).toEqual([2]);
    await read(u, { all: true });
    expect(await like('a')).toBe(false);
    expect(await like('c')).toBe(true);
    const rows = await rowsOf(u);
    expect(rows.map((r) => [r.title, r.count, r.readAt === null]).sort()).toEqual([
      ['2 people did it', 2, false],
      ['c liked your idea', 1, true],
    ]);
    // The once-keys are kept apart, under the ids the ungrouped kinds use as notification ids.
    const keys = await db.select().from(notificationOnce).where(eq(notificationOnce.userId, u.user.id));
    expect(keys.map((k) => k.id).sort()).toEqual(
      ['a', 'b', 'c'].map((a) => onceNotificationId(u.user.id, `idea_like:i1:${a}`)).sort(),
    );
    const mails = await db.select().from(mailOutbox).where(eq(mailOutbox.to, u.user.email));
    expect(mails.map((m) => m.subject).sort()).toEqual(['like a', 'like b', 'like c']);
  });
});
