import { IDEA_ATTACHMENTS_MAX } from '@agora/shared';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  files,
  ideaComments,
  ideaCounts,
  ideaFollows,
  ideaLikes,
  ideas,
  mailOutbox,
  notifications,
} from '../../db/schema/index.js';
import {
  buildTestApp,
  expectErrorBody,
  makeAdmin,
  signup,
  type TestApp,
  type TestUser,
} from '../../../test/helpers.js';
import { makePng, multipart } from '../questions/questions.fixtures.js';

let t: TestApp;
let alice: TestUser;
let bob: TestUser;
let carol: TestUser;
let admin: TestUser;

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << >>\n%%EOF\n');

beforeAll(async () => {
  t = await buildTestApp();
  alice = await signup(t.app, { name: 'Alice Author' });
  bob = await signup(t.app, { name: 'Bob Follower' });
  carol = await signup(t.app, { name: 'Carol Commenter' });
  admin = await signup(t.app, { name: 'Ada Admin' });
  await makeAdmin(t, admin);
});
afterAll(() => t.close());

type Body = Record<string, unknown>;
async function share(u: TestUser, over: Body = {}) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/ideas',
    headers: u.auth,
    payload: { title: 'An idea', description: 'Some description', category: 'Technology', ...over },
  });
  if (res.statusCode !== 201) throw new Error(`share failed ${res.statusCode} ${res.body}`);
  return res.json() as { _id: string; followerCount: number; following: boolean; status: string };
}
const get = (url: string, u?: TestUser) => t.app.inject({ method: 'GET', url, headers: u?.auth ?? {} });
const call = (method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, u?: TestUser, payload?: Body) =>
  t.app.inject({ method, url, headers: u?.auth ?? {}, ...(payload ? { payload } : {}) });
async function upload(u: TestUser, ideaId: string, file: { name: string; data: Buffer; type: string }) {
  const mp = await multipart({}, { field: 'file', ...file });
  return t.app.inject({
    method: 'POST',
    url: `/api/ideas/${ideaId}/attachments`,
    payload: mp.payload,
    headers: { ...mp.headers, ...u.auth },
  });
}
const notesOf = (u: TestUser, type: string) =>
  t.database.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, u.user.id), eq(notifications.type, type)));

describe('following an idea', () => {
  it('the author follows on sharing; others follow and stop, the count stays exact', async () => {
    const idea = await share(alice);
    expect(idea).toMatchObject({ followerCount: 1, following: true, status: 'new' });

    const first = await call('POST', `/api/ideas/${idea._id}/follow`, bob);
    expect(first.json()).toEqual({ followerCount: 2, following: true });
    // Again: still one follow.
    expect((await call('POST', `/api/ideas/${idea._id}/follow`, bob)).json()).toEqual({
      followerCount: 2,
      following: true,
    });
    expect((await get(`/api/ideas/${idea._id}`, bob)).json()).toMatchObject({
      following: true,
      followerCount: 2,
    });
    expect((await get(`/api/ideas/${idea._id}`, carol)).json()).toMatchObject({ following: false });

    // The author can stop too.
    expect((await call('DELETE', `/api/ideas/${idea._id}/follow`, alice)).json()).toEqual({
      followerCount: 1,
      following: false,
    });
    expect((await call('DELETE', `/api/ideas/${idea._id}/follow`, alice)).json().followerCount).toBe(1);
    const rows = await t.database.db.select().from(ideaFollows).where(eq(ideaFollows.ideaId, idea._id));
    expect(rows.map((r) => r.userId)).toEqual([bob.user.id]);
  });

  it('commenters follow; comments reach only followers who opted in', async () => {
    const idea = await share(alice);
    await call('POST', `/api/ideas/${idea._id}/follow`, bob);
    const before = (await notesOf(bob, 'idea_followed_comment')).length;
    await call('POST', `/api/ideas/${idea._id}/comments`, carol, { content: 'Love it' });
    expect((await get(`/api/ideas/${idea._id}`, carol)).json()).toMatchObject({
      following: true,
      followerCount: 3,
    });
    // Bob has not opted in: no comment notification.
    expect((await notesOf(bob, 'idea_followed_comment')).length).toBe(before);

    const on = await call('PUT', '/api/users/me', bob, { ideaCommentNotifications: true });
    expect(on.json().user.ideaCommentNotifications).toBe(true);
    await call('POST', `/api/ideas/${idea._id}/comments`, carol, { content: 'And another thing' });
    const after = await notesOf(bob, 'idea_followed_comment');
    expect(after.length).toBe(before + 1);
    expect(after.at(-1)!.link).toBe(`/idea/${idea._id}`);
    // The commenter is not told of their own comment.
    expect(await notesOf(carol, 'idea_followed_comment')).toHaveLength(0);
    await call('PUT', '/api/users/me', bob, { ideaCommentNotifications: false });
  });

  it('a hidden idea cannot be followed by others (404)', async () => {
    const idea = await share(alice);
    await call('PUT', `/api/ideas/${idea._id}/hide`, alice);
    expect((await call('POST', `/api/ideas/${idea._id}/follow`, bob)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/ideas/${idea._id}/follow`, bob)).statusCode).toBe(404);
  });
});

describe('lifecycle', () => {
  it('the author moves the status with a note; the timeline shows it; followers are told and e-mailed', async () => {
    const idea = await share(alice, { title: 'Rainwater kits' });
    await call('POST', `/api/ideas/${idea._id}/follow`, bob);
    const res = await call('PATCH', `/api/ideas/${idea._id}/status`, alice, {
      status: 'prototyping',
      note: 'First kit built',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'prototyping',
      timeline: [{ status: 'prototyping', note: 'First kit built', actor: { id: alice.user.id } }],
    });
    const told = await notesOf(bob, 'idea_status');
    expect(told.some((n) => n.title.includes('Prototyping') && n.title.includes('Rainwater kits'))).toBe(
      true,
    );
    // The author made the change: not told of it.
    expect((await notesOf(alice, 'idea_status')).length).toBe(0);
    const mails = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, bob.user.email));
    expect(mails.some((m) => JSON.stringify(m).includes('Rainwater kits'))).toBe(true);
  });

  it('an admin may set it; others 403; merged is not settable (400)', async () => {
    const idea = await share(alice);
    expect(
      (await call('PATCH', `/api/ideas/${idea._id}/status`, admin, { status: 'launched' })).statusCode,
    ).toBe(200);
    const other = await call('PATCH', `/api/ideas/${idea._id}/status`, bob, { status: 'declined' });
    expect(other.statusCode).toBe(403);
    expectErrorBody(other.json());
    expect(
      (await call('PATCH', `/api/ideas/${idea._id}/status`, alice, { status: 'merged' })).statusCode,
    ).toBe(400);
    expect((await call('PATCH', `/api/ideas/${idea._id}/status`, alice, { status: 'nope' })).statusCode).toBe(
      400,
    );
  });

  it('the listing filters by status, paged by cursor', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const idea = await share(carol, { title: `Declined ${i}` });
      await call('PATCH', `/api/ideas/${idea._id}/status`, carol, { status: 'declined' });
      ids.push(idea._id);
    }
    const first = (await get('/api/ideas?status=declined&limit=2')).json();
    expect(first.ideas).toHaveLength(2);
    expect(first.totalItems).toBe(3);
    expect(first.ideas.every((i: { status: string }) => i.status === 'declined')).toBe(true);
    const second = (await get(`/api/ideas?status=declined&limit=2&page=2&cursor=${first.nextCursor}`)).json();
    expect([...first.ideas, ...second.ideas].map((i: { _id: string }) => i._id).sort()).toEqual(
      [...ids].sort(),
    );
    expect((await get('/api/ideas?status=bogus')).statusCode).toBe(400);
  });
});

describe('attachments', () => {
  it('images and a PDF are stored, listed on the idea, the first image is the cover', async () => {
    const idea = await share(alice, { title: 'Tool shelf' });
    const pdf = await upload(alice, idea._id, { name: 'plan.pdf', data: PDF, type: 'application/pdf' });
    expect(pdf.statusCode, pdf.body).toBe(201);
    expect(pdf.json().attachment).toMatchObject({
      kind: 'document',
      mimetype: 'application/pdf',
      originalName: 'plan.pdf',
    });
    const img = await upload(alice, idea._id, { name: 'shelf.png', data: makePng(), type: 'image/png' });
    expect(img.statusCode).toBe(201);
    const a = img.json().attachment;
    expect(a.kind).toBe('image');
    const detail = (await get(`/api/ideas/${idea._id}`)).json();
    expect(detail.attachments.map((x: { kind: string }) => x.kind).sort()).toEqual(['document', 'image']);
    expect(detail.cover).toBe(a.url);
    const listed = (await get('/api/ideas?limit=50'))
      .json()
      .ideas.find((i: { _id: string }) => i._id === idea._id);
    expect(listed.cover).toBe(a.url);
    const file = await get(a.url);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.rawPayload.equals(makePng())).toBe(true);
    // Not from the public uploads path.
    const key = (await t.database.db.select().from(files).where(eq(files.originalName, 'shelf.png')))[0]!.key;
    expect((await get(`/uploads/${key}`)).statusCode).toBe(404);
  });

  it('refuses other types by content, a renamed file, a sixth file, and anyone but the author', async () => {
    const idea = await share(alice);
    const text = await upload(alice, idea._id, {
      name: 'x.png',
      data: Buffer.from('not an image'),
      type: 'image/png',
    });
    expect(text.statusCode).toBe(400);
    expectErrorBody(text.json());
    expect(
      (await upload(bob, idea._id, { name: 'a.png', data: makePng(), type: 'image/png' })).statusCode,
    ).toBe(403);
    for (let i = 0; i < IDEA_ATTACHMENTS_MAX; i++) {
      expect(
        (await upload(alice, idea._id, { name: `${i}.png`, data: makePng(), type: 'image/png' })).statusCode,
      ).toBe(201);
    }
    const sixth = await upload(alice, idea._id, { name: 'six.png', data: makePng(), type: 'image/png' });
    expect(sixth.statusCode).toBe(409);
    // Parallel uploads cannot pass the limit either.
    const other = await share(alice);
    const all = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        upload(alice, other._id, { name: `p${i}.png`, data: makePng(), type: 'image/png' }),
      ),
    );
    expect(all.filter((r) => r.statusCode === 201)).toHaveLength(IDEA_ATTACHMENTS_MAX);
  });

  it("a hidden idea's attachments 404 for everyone but the author; deleting one frees its file", async () => {
    const idea = await share(alice);
    const a = (await upload(alice, idea._id, { name: 'h.png', data: makePng(), type: 'image/png' })).json()
      .attachment;
    await call('PUT', `/api/ideas/${idea._id}/hide`, alice);
    expect((await get(a.url)).statusCode).toBe(404);
    expect((await get(a.url, bob)).statusCode).toBe(404);
    expect((await get(a.url, admin)).statusCode).toBe(404);
    expect((await get(a.url, alice)).statusCode).toBe(200);
    expect((await call('DELETE', `/api/ideas/${idea._id}/attachments/${a._id}`, bob)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/ideas/${idea._id}/attachments/${a._id}`, alice)).statusCode).toBe(200);
    expect((await get(a.url, alice)).statusCode).toBe(404);
    expect(await t.database.db.select().from(files).where(eq(files.originalName, 'h.png'))).toHaveLength(0);
  });

  it("a deleted idea's attachments are gone for everyone", async () => {
    const idea = await share(alice);
    const a = (await upload(alice, idea._id, { name: 'd.png', data: makePng(), type: 'image/png' })).json()
      .attachment;
    await call('DELETE', `/api/ideas/${idea._id}`, alice);
    expect((await get(a.url, alice)).statusCode).toBe(404);
    expect(await t.database.db.select().from(files).where(eq(files.originalName, 'd.png'))).toHaveLength(0);
  });
});

describe('merging', () => {
  async function like(u: TestUser, id: string) {
    expect((await call('POST', `/api/ideas/${id}/like`, u)).json().liked).toBe(true);
  }

  it('moves likes one per person (overlapping likers), comments and followers, with exact counts', async () => {
    const from = await share(alice, { title: 'Duplicate', category: 'Science' });
    const into = await share(alice, { title: 'Original', category: 'Science' });
    const countBefore = (await get('/api/ideas/categories')).json().Science;
    await like(bob, from._id);
    await like(carol, from._id);
    await like(bob, into._id); // bob liked both
    await call('POST', `/api/ideas/${from._id}/comments`, carol, { content: 'On the duplicate' });
    await call('POST', `/api/ideas/${into._id}/comments`, bob, { content: 'On the original' });
    await call('POST', `/api/ideas/${from._id}/follow`, admin);

    const res = await call('POST', `/api/ideas/${from._id}/merge`, alice, { intoId: into._id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'merged', mergedInto: into._id });

    const merged = (await get(`/api/ideas/${into._id}`)).json();
    expect(merged.likeCount).toBe(2);
    expect(merged.commentCount).toBe(2);
    // alice (author of both), carol (commenter), admin (followed the duplicate), bob (commented on the original).
    expect(merged.followerCount).toBe(4);
    const [likes] = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(ideaLikes)
      .where(eq(ideaLikes.ideaId, into._id));
    expect(likes!.n).toBe(2);
    const [comments] = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(ideaComments)
      .where(eq(ideaComments.ideaId, into._id));
    expect(comments!.n).toBe(2);

    // The old idea answers (anyone), with where it went; it leaves the listing, search and counts.
    expect((await get(`/api/ideas/${from._id}`)).json()).toMatchObject({
      status: 'merged',
      mergedInto: into._id,
    });
    const list = (await get('/api/ideas?limit=100')).json().ideas.map((i: { _id: string }) => i._id);
    expect(list).not.toContain(from._id);
    expect(list).toContain(into._id);
    expect((await get('/api/ideas/categories')).json().Science).toBe(countBefore - 1);
    const [counted] = await t.database.db
      .select({ visible: sql<number>`sum(${ideaCounts.visible})::int` })
      .from(ideaCounts)
      .where(eq(ideaCounts.category, 'Science'));
    const [real] = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(ideas)
      .where(and(eq(ideas.category, 'Science'), eq(ideas.hidden, false)));
    expect(counted!.visible).toBe(real!.n);
    // Followers of the duplicate heard of it.
    expect((await notesOf(admin, 'idea_merged')).some((n) => n.link === `/idea/${into._id}`)).toBe(true);
    // A merged idea stays merged: no status change, no restore, no second merge.
    expect((await call('PATCH', `/api/ideas/${from._id}/status`, alice, { status: 'new' })).statusCode).toBe(
      409,
    );
    expect((await call('PUT', `/api/ideas/${from._id}/restore`, alice)).statusCode).toBe(409);
    const other = await share(alice);
    expect(
      (await call('POST', `/api/ideas/${from._id}/merge`, alice, { intoId: other._id })).statusCode,
    ).toBe(409);
  });

  it('only an admin or the author of both; not into itself', async () => {
    const a = await share(alice);
    const b = await share(bob);
    expect((await call('POST', `/api/ideas/${a._id}/merge`, alice, { intoId: b._id })).statusCode).toBe(403);
    expect((await call('POST', `/api/ideas/${a._id}/merge`, bob, { intoId: b._id })).statusCode).toBe(403);
    expect((await call('POST', `/api/ideas/${a._id}/merge`, alice, { intoId: a._id })).statusCode).toBe(400);
    expect((await call('POST', `/api/ideas/${a._id}/merge`, admin, { intoId: b._id })).statusCode).toBe(200);
  });
});

describe('the listing search', () => {
  it('finds any idea (not only the first page), in the sort and category asked, paged', async () => {
    const target = await share(carol, { title: 'Neighbourhood tool library', category: 'Social Impact' });
    for (let i = 0; i < 12; i++) await share(bob, { title: `Filler ${i}` });
    const found = (await get('/api/ideas?q=neighbourhood%20tool&limit=5')).json();
    expect(found.ideas.map((i: { _id: string }) => i._id)).toContain(target._id);
    expect(found.totalItems).toBeGreaterThanOrEqual(1);
    // Prefix, category and sort apply.
    expect((await get('/api/ideas?q=neighbo&category=Social%20Impact')).json().ideas[0]._id).toBe(target._id);
    expect((await get('/api/ideas?q=neighbourhood&category=Technology')).json().ideas).toEqual([]);
    const many = (await get('/api/ideas?q=filler&limit=5&sort=oldest')).json();
    expect(many.totalItems).toBe(12);
    expect(many.pagination).toMatchObject({ current: 1, total: 3, hasMore: true });
    const whole = (await get('/api/ideas?q=filler&limit=12&sort=oldest')).json().ideas;
    const page3 = (await get('/api/ideas?q=filler&limit=5&sort=oldest&page=3')).json();
    expect(page3.ideas.map((i: { _id: string }) => i._id)).toEqual(
      whole.slice(10).map((i: { _id: string }) => i._id),
    );
  });
});
