import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { files } from '../../src/db/schema/index.js';
import { UNCLAIMED_QUOTA_MESSAGE, UNCLAIMED_UPLOAD_TTL_MS } from '../../src/lib/uploads.js';
import {
  createQuestion,
  makePng,
  multipart,
  sampleQuestion,
} from '../../src/modules/questions/questions.fixtures.js';
import { payThroughApi } from '../../src/modules/wallet/money.fixtures.js';
import { buildTestApp, makeAdmin, signup, type TestApp, type TestUser } from '../helpers.js';

const PNG = makePng(8, 8);
const quotaConfig = {
  unclaimedUploads: { perUserFiles: 3, perUserBytes: 10 * PNG.length, siteBytes: 6 * PNG.length },
};

function uploads(t: () => TestApp) {
  return {
    async attach(who: TestUser, questionId: string) {
      const mp = await multipart({}, { field: 'attachment', name: 'shot.png', data: PNG, type: 'image/png' });
      return t().app.inject({
        method: 'POST',
        url: `/api/questions/${questionId}/answers/upload`,
        headers: { ...who.auth, ...mp.headers },
        payload: mp.payload,
      });
    },
    async logo(who: TestUser) {
      const mp = await multipart({}, { field: 'logo', name: 'logo.png', data: PNG, type: 'image/png' });
      return t().app.inject({
        method: 'POST',
        url: '/api/jobs/logo',
        headers: { ...who.auth, ...mp.headers },
        payload: mp.payload,
      });
    },
    async askWithImage(who: TestUser, title: string) {
      const mp = await multipart(
        { ...sampleQuestion, title },
        { field: 'image', name: 'q.png', data: PNG, type: 'image/png' },
      );
      return t().app.inject({
        method: 'POST',
        url: '/api/questions',
        headers: { ...who.auth, ...mp.headers },
        payload: mp.payload,
      });
    },
  };
}

// One account stored 600 MB of answer attachments it never used; another had ten unpaid questions
// with 4.7 MB images each accepted outside any quota.
describe('per-account quota of held uploads', () => {
  let t: TestApp;
  let asker: TestUser;
  let questionId: string;
  const { attach, logo, askWithImage } = uploads(() => t);
  beforeAll(async () => {
    t = await buildTestApp({ config: quotaConfig });
    asker = await signup(t.app);
    questionId = (await createQuestion(t.app, asker))._id;
  });
  afterAll(() => t.close());

  it('past the count, 429 with a clear message; claiming the files frees the quota', async () => {
    const uploader = await signup(t.app);
    const stored = [];
    for (let i = 0; i < 2; i++) {
      const res = await attach(uploader, questionId);
      expect(res.statusCode, res.body).toBe(201);
      stored.push(res.json().attachment);
    }
    expect((await logo(uploader)).statusCode).toBe(201); // logos count too
    const refused = await attach(uploader, questionId);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toBe(UNCLAIMED_QUOTA_MESSAGE);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);

    // Sending the answer claims its two attachments.
    const answer = await t.app.inject({
      method: 'POST',
      url: `/api/questions/${questionId}/answers`,
      headers: uploader.auth,
      payload: { content: 'Here is how, with two screenshots.', attachments: stored },
    });
    expect(answer.statusCode, answer.body).toBe(201);
    expect((await logo(uploader)).statusCode).toBe(201);
  });

  it('counts the images of unpaid questions: refused past the quota until one is paid for or deleted', async () => {
    const drafter = await signup(t.app);
    const drafts: Array<{ _id: string; rewardAmount: number; image: string }> = [];
    for (let i = 0; i < 3; i++) {
      const res = await askWithImage(drafter, `Unpaid question with an image ${i}`);
      expect(res.statusCode, res.body).toBe(201);
      drafts.push(res.json());
    }
    // Three draft images fill this account's quota of three: no fourth image, no logo.
    const fourth = await askWithImage(drafter, 'One image too many');
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json().error).toBe(UNCLAIMED_QUOTA_MESSAGE);
    const own = await t.app.inject({ url: '/api/questions?own=true', headers: drafter.auth });
    expect(own.json().map((q: { title: string }) => q.title)).not.toContain('One image too many');
    expect((await logo(drafter)).statusCode).toBe(429);
    // Another account is not refused for it.
    expect((await logo(await signup(t.app))).statusCode).toBe(201);

    // A paid question's image is settled: it no longer counts.
    await payThroughApi(t.app, drafter, drafts[0]!._id, drafts[0]!.rewardAmount / 100);
    expect((await logo(drafter)).statusCode).toBe(201);
    expect((await logo(drafter)).statusCode).toBe(429);
    // Deleting a draft removes its image at once, freeing its room.
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/questions/${drafts[1]!._id}`,
      headers: drafter.auth,
    });
    expect(del.statusCode).toBe(204);
    const deletedKey = drafts[1]!.image.replace('/uploads/', '');
    expect(await t.database.db.select().from(files).where(eq(files.key, deletedKey))).toHaveLength(0);
    expect(await t.app.ctx.storage.get(deletedKey)).toBeNull();
    expect((await askWithImage(drafter, 'Room again')).statusCode).toBe(201);
  });
});

// A few free accounts, each within its own quota, used to fill the site-wide figure and pause
// uploads for everyone for hours. The figure is now a signal: an alert on the admin overview, a
// warning in the log and an early sweep of unclaimed uploads, never a refusal.
describe('site-wide figure of held uploads', () => {
  let t: TestApp;
  let admin: TestUser;
  const { logo } = uploads(() => t);
  beforeAll(async () => {
    t = await buildTestApp({ config: quotaConfig });
    admin = await signup(t.app);
    await makeAdmin(t, admin);
  });
  afterAll(() => t.close());

  const overviewAlerts = async () => {
    const res = await t.app.inject({ url: '/api/admin/overview', headers: admin.auth });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().alerts as Array<{ code: string; message: string }>;
  };
  /** A logo uploaded and left unclaimed past the sweep's age. */
  async function staleLogo(): Promise<string> {
    const res = await logo(await signup(t.app));
    expect(res.statusCode).toBe(201);
    const key = (res.json().url as string).replace('/uploads/', '');
    await t.database.db
      .update(files)
      .set({ createdAt: new Date(t.clock.now().getTime() - UNCLAIMED_UPLOAD_TTL_MS - 60_000) })
      .where(eq(files.key, key));
    return key;
  }
  const stored = async (key: string) =>
    (await t.database.db.select().from(files).where(eq(files.key, key))).length === 1;

  it('never refuses an account under its own quota: the overview alerts, the log warns, the sweep runs early, once', async () => {
    const warn = vi.spyOn(t.app.ctx.log, 'warn');
    const counted = vi.spyOn(t.app.ctx.counters, 'incr');
    const earlySweeps = () => counted.mock.calls.filter(([key]) => key === 'uploads:early-sweep').length;
    expect(await overviewAlerts()).toEqual([]);
    const stale = await staleLogo();

    // Three accounts hold three logos each: nine files where the site-wide figure is six.
    const crowd = [await signup(t.app), await signup(t.app), await signup(t.app)];
    const codes: number[] = [];
    for (const who of crowd) for (let i = 0; i < 3; i++) codes.push((await logo(who)).statusCode);
    expect(codes.every((c) => c === 201)).toBe(true);

    // Someone else, under their own quota, is not refused (this used to be 429 "Uploads are paused").
    t.clock.advance(61_000); // one instance reads the site-wide figure at most once a minute
    const newcomer = await signup(t.app);
    const res = await logo(newcomer);
    expect(res.statusCode, res.body).toBe(201);

    // That upload noticed the figure: a warning, and the unclaimed upload past its age swept now
    // rather than at the next hourly run.
    await vi.waitFor(async () => expect(await stored(stale)).toBe(false));
    expect(await t.app.ctx.storage.get(stale)).toBeNull();
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]![1]).toMatch(/site-wide/);

    const alerts = await overviewAlerts();
    expect(alerts).toEqual([
      { code: 'UPLOADS_SITE_CAP', message: expect.stringContaining('above the site-wide') },
    ]);

    // Still over the figure a minute later: the upload is taken, and no second early sweep runs
    // within the hour (the stale file stays for the hourly sweep).
    const later = await staleLogo();
    t.clock.advance(61_000);
    const before = earlySweeps();
    expect((await logo(await signup(t.app))).statusCode).toBe(201);
    await vi.waitFor(() => expect(earlySweeps()).toBe(before + 1));
    await new Promise((r) => setImmediate(r));
    expect(warn).toHaveBeenCalledTimes(1);
    expect(await stored(later)).toBe(true);
    warn.mockRestore();
    counted.mockRestore();
  });
});
