import { CATEGORY_FOLLOW_TEXT, DAY_MS } from '@agora/shared';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/prepared.js';
import { categoryAlerts, categoryFollows, notifications, users } from '../../db/schema/index.js';
import { buildTestApp, expectErrorBody, signup, type TestApp, type TestUser } from '../../../test/helpers.js';
import { ALERT_BATCH, unsubscribeToken } from './category-follows.service.js';
import { createQuestion } from './questions.fixtures.js';
import { questionsTasks } from './questions.tasks.js';

let t: TestApp;
let ann: TestUser; // asks
let ben: TestUser; // follows Technology, opts in to the digest
let cat: TestUser; // follows Business only
beforeAll(async () => {
  t = await buildTestApp();
  ann = await signup(t.app, { name: 'Ann Asker' });
  ben = await signup(t.app, { name: 'Ben Follower' });
  cat = await signup(t.app, { name: 'Cat Other' });
}, 60_000);
afterAll(() => t.close());

const req = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, u?: TestUser, payload?: object) =>
  t.app.inject({ method, url, headers: u?.auth ?? {}, ...(payload ? { payload } : {}) });
const followUrl = (c: string) => `/api/questions/categories/${encodeURIComponent(c)}/follow`;
const task = (name: string) => questionsTasks.find((x) => x.name === name)!.handler(t.app.ctx);
const fanOut = () => task('questions.category-alerts');
const digest = () => task('questions.category-digest');

/** Days pass (sessions idle out): everyone signs in again. */
async function advanceDays(n: number) {
  t.clock.advance(n * DAY_MS);
  for (const u of [ann, ben, cat]) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: u.user.email, password: 'correct horse battery' },
    });
    u.token = res.json().token;
    u.auth = { authorization: `Bearer ${u.token}` };
  }
}

async function notesOf(u: TestUser) {
  return t.database.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, u.user.id), eq(notifications.type, 'category_question')));
}

/** Delivers the outbox and returns what was sent to `u` since `from`. */
async function mailTo(u: TestUser, from: number) {
  await t.app.ctx.mailWorker.drain(5_000);
  return t.mail.sent.slice(from).filter((m) => m.to === u.user.email);
}

describe('following categories', () => {
  it('refuses visitors', async () => {
    for (const [method, url] of [
      ['POST', followUrl('Technology')],
      ['DELETE', followUrl('Technology')],
      ['GET', '/api/users/me/followed-categories'],
    ] as const) {
      const res = await req(method, url);
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expectErrorBody(res.json());
    }
  });

  it('follows once (201, then 200), lists in the shared order, unfollows idempotently (204)', async () => {
    const first = await req('POST', followUrl('Technology'), ben);
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({ category: 'Technology', following: true });
    const again = await req('POST', followUrl('Technology'), ben);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ category: 'Technology', following: true });
    expect((await req('POST', followUrl('Health & Wellness'), ben)).statusCode).toBe(201);
    expect((await req('GET', '/api/users/me/followed-categories', ben)).json()).toEqual({
      categories: ['Technology', 'Health & Wellness'],
    });
    const rows = await t.database.db
      .select()
      .from(categoryFollows)
      .where(eq(categoryFollows.userId, ben.user.id));
    expect(rows).toHaveLength(2);

    expect((await req('DELETE', followUrl('Health & Wellness'), ben)).statusCode).toBe(204);
    expect((await req('DELETE', followUrl('Health & Wellness'), ben)).statusCode).toBe(204);
    expect((await req('DELETE', followUrl('Science'), ben)).statusCode).toBe(204);
    expect((await req('GET', '/api/users/me/followed-categories', ben)).json()).toEqual({
      categories: ['Technology'],
    });
    expect((await req('POST', followUrl('Business'), cat)).statusCode).toBe(201);
    expect((await req('GET', '/api/users/me/followed-categories', ann)).json()).toEqual({ categories: [] });
  });

  it('answers 404 for a category that is not one of the shared ones, and the database refuses one too', async () => {
    for (const c of ['Cooking', 'technology', 'Technology ', 'x'.repeat(101)]) {
      const res = await req('POST', followUrl(c), ben);
      expect(res.statusCode, c).toBe(c.length > 100 ? 400 : 404);
      expectErrorBody(res.json());
      if (c.length <= 100) expect(res.json().message).toBe(CATEGORY_FOLLOW_TEXT.categoryNotFound);
    }
    expect((await req('DELETE', followUrl('Cooking'), ben)).statusCode).toBe(404);
    await expect(
      t.database.db.insert(categoryFollows).values({ userId: ben.user.id, category: 'Cooking' }),
    ).rejects.toThrow();
  });
});

describe('a paid question alerts its category followers', () => {
  it('queues the alert with the payment and notifies followers (not the asker, not other categories) in one group', async () => {
    // The asker follows their own category too: they are still not told of their own question.
    await req('POST', followUrl('Technology'), ann);
    const draft = await createQuestion(
      t.app,
      ann,
      { title: 'Unpaid draft question here', reward: 15 },
      { paid: false },
    );
    expect(await t.database.db.select().from(categoryAlerts)).toHaveLength(0);

    const q1 = await createQuestion(t.app, ann, {
      title: 'How do I profile a slow Node service?',
      reward: 15,
    });
    expect(q1.isPaid).toBe(true);
    // The payment only queued it: nobody is notified inside the verify request.
    expect(await t.database.db.select().from(categoryAlerts)).toHaveLength(1);
    expect(await notesOf(ben)).toHaveLength(0);

    await fanOut();
    expect(await t.database.db.select().from(categoryAlerts)).toHaveLength(0);
    const [one] = await notesOf(ben);
    expect(one).toMatchObject({
      title: 'New question in Technology',
      body: 'How do I profile a slow Node service?',
      link: '/questions?category=Technology',
      count: 1,
      readAt: null,
    });
    expect(await notesOf(ann)).toHaveLength(0);
    expect(await notesOf(cat)).toHaveLength(0);

    await createQuestion(t.app, ann, { title: 'Which ORM suits a small team best?', reward: 15 });
    await fanOut();
    await fanOut(); // a second run finds nothing left to do
    const grouped = await notesOf(ben);
    expect(grouped).toHaveLength(1);
    expect(grouped[0]).toMatchObject({ title: '2 new questions in Technology', count: 2 });
    expect(grouped[0]!.body).toContain('Which ORM suits a small team best?');
    expect(await notesOf(ann)).toHaveLength(0);
    expect(draft.isPaid).toBeFalsy();
  });

  it('fans out to many followers in batches, each once', async () => {
    const many = ALERT_BATCH * 2 + 7;
    await t.database.db.execute(sql`
      insert into ${users} (email, name, display_name)
      select 'fan' || g || '@example.com', 'Fan ' || g, 'Fan ' || g from generate_series(1, ${many}) g`);
    await t.database.db.execute(sql`
      insert into ${categoryFollows} (user_id, category)
      select id, 'Science' from ${users} where email like 'fan%@example.com'`);
    await createQuestion(t.app, ann, {
      title: 'Why is the sky blue at noon?',
      category: 'Science',
      reward: 15,
    });
    await fanOut();
    const counts = rowsOf<{ n: number; users: number }>(
      await t.database.db.execute(sql`
        select count(*)::int as n, count(distinct user_id)::int as users from ${notifications}
         where type = 'category_question' and title = 'New question in Science'`),
    );
    expect(counts[0]).toEqual({ n: many, users: many });
    expect(await t.database.db.select().from(categoryAlerts)).toHaveLength(0);
  });
});

describe('the daily digest', () => {
  it('is off by default and switched on the profile', async () => {
    expect((await req('GET', '/api/users/me', ben)).json().user.categoryDigest).toBe(false);
    const on = await req('PUT', '/api/users/me', ben, { categoryDigest: true });
    expect(on.statusCode).toBe(200);
    expect(on.json().user.categoryDigest).toBe(true);
    expect((await req('GET', '/api/users/me', ben)).json().user.categoryDigest).toBe(true);
    expect((await req('PUT', '/api/users/me', ben, { categoryDigest: 'yes' })).statusCode).toBe(400);
  });

  it('sends one e-mail a day with only new questions, each once, and none when nothing is new', async () => {
    // cat opts in too, but nothing new in Business: no e-mail for cat.
    await req('PUT', '/api/users/me', cat, { categoryDigest: true });
    let mark = t.mail.sent.length;
    await digest();
    const first = await mailTo(ben, mark);
    expect(first).toHaveLength(1);
    expect(first[0]!.subject).toBe('2 new questions in categories you follow');
    expect(first[0]!.text).toContain('How do I profile a slow Node service?');
    expect(first[0]!.text).toContain('Which ORM suits a small team best?');
    expect(first[0]!.text).not.toContain('Why is the sky blue'); // Science: not followed by ben
    expect(await mailTo(cat, mark)).toHaveLength(0);
    expect(await mailTo(ann, mark)).toHaveLength(0); // the asker did not opt in

    // The same day, even with a new question: no second e-mail.
    await createQuestion(t.app, ann, { title: 'What is a good way to learn Rust?', reward: 15 });
    mark = t.mail.sent.length;
    await digest();
    expect(await mailTo(ben, mark)).toHaveLength(0);

    // The next day: only what is new since the last digest.
    await advanceDays(1);
    mark = t.mail.sent.length;
    await digest();
    const second = await mailTo(ben, mark);
    expect(second).toHaveLength(1);
    expect(second[0]!.subject).toBe('A new question in categories you follow');
    expect(second[0]!.text).toContain('What is a good way to learn Rust?');
    expect(second[0]!.text).not.toContain('How do I profile a slow Node service?');

    // A day with nothing new: nothing sent.
    await advanceDays(1);
    mark = t.mail.sent.length;
    await digest();
    expect(await mailTo(ben, mark)).toHaveLength(0);
  });

  it('carries List-Unsubscribe (one-click) and a link that works signed out', async () => {
    const digestMail = t.mail.sent.find(
      (m) => m.to === ben.user.email && m.subject.includes('categories you follow'),
    )!;
    expect(digestMail.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    const header = digestMail.headers?.['List-Unsubscribe'] ?? '';
    const url = /^<(https?:\/\/[^>]+)>$/.exec(header)?.[1];
    expect(url).toBeDefined();
    expect(digestMail.text).toContain(url!);
    const path = new URL(url!).pathname + new URL(url!).search;
    expect(path.startsWith('/api/questions/categories/unsubscribe?token=')).toBe(true);

    // A tampered token is refused and changes nothing.
    const token = new URL(url!).searchParams.get('token')!;
    const tampered = `${token.slice(0, -2)}${token.endsWith('A') ? 'B' : 'A'}A`;
    for (const bad of [
      tampered,
      token.replace(ben.user.id, cat.user.id),
      unsubscribeToken('another-secret-another-secret-another-secret', ben.user.id),
      '',
    ]) {
      // A browser gets a page; any other client the CONTRACT error body.
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/questions/categories/unsubscribe?token=${encodeURIComponent(bad)}`,
        headers: { accept: 'text/html,application/xhtml+xml' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain(CATEGORY_FOLLOW_TEXT.unsubscribeInvalid);
      const api = await t.app.inject({
        method: 'GET',
        url: `/api/questions/categories/unsubscribe?token=${encodeURIComponent(bad)}`,
      });
      expect(api.statusCode).toBe(400);
      expect(api.json()).toMatchObject({
        code: 'INVALID_TOKEN',
        error: CATEGORY_FOLLOW_TEXT.unsubscribeInvalid,
      });
    }
    expect((await req('GET', '/api/users/me', ben)).json().user.categoryDigest).toBe(true);
    expect((await req('GET', '/api/users/me', cat)).json().user.categoryDigest).toBe(true);

    // Opening the link (what a browser, or a mail scanner, does) only asks.
    const page = await t.app.inject({ method: 'GET', url: path, headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain(CATEGORY_FOLLOW_TEXT.unsubscribeQuestion);
    expect(page.body).toContain(`action="${path.replace(/&/g, '&amp;')}"`);
    expect((await req('GET', '/api/users/me', ben)).json().user.categoryDigest).toBe(true);

    // The page's button posts to the same link.
    const res = await t.app.inject({ method: 'POST', url: path, headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain(CATEGORY_FOLLOW_TEXT.unsubscribed);
    expect((await req('GET', '/api/users/me', ben)).json().user.categoryDigest).toBe(false);
    expect((await req('GET', '/api/users/me', cat)).json().user.categoryDigest).toBe(true);

    // Nothing more is sent to ben, even with something new.
    await createQuestion(t.app, ann, { title: 'How should I cache API responses?', reward: 15 });
    await advanceDays(1);
    const mark = t.mail.sent.length;
    await digest();
    expect(await mailTo(ben, mark)).toHaveLength(0);
  });

  it("accepts the mail client's one-click POST (RFC 8058)", async () => {
    const token = unsubscribeToken(t.config.jwtSecret, cat.user.id);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/questions/categories/unsubscribe?token=${encodeURIComponent(token)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(res.statusCode).toBe(200);
    expect((await req('GET', '/api/users/me', cat)).json().user.categoryDigest).toBe(false);
  });
});
