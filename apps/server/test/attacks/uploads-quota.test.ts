import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SITE_QUOTA_MESSAGE, UNCLAIMED_QUOTA_MESSAGE } from '../../src/lib/uploads.js';
import { createQuestion, makePng, multipart } from '../../src/modules/questions/questions.fixtures.js';
import { buildTestApp, signup, type TestApp, type TestUser } from '../helpers.js';

// Issue 19 §2: one account stored 600 MB of answer attachments it never used.
describe('quota of unclaimed uploads', () => {
  let t: TestApp;
  let asker: TestUser;
  let uploader: TestUser;
  let questionId: string;
  const PNG = makePng(8, 8);
  beforeAll(async () => {
    t = await buildTestApp({
      config: {
        unclaimedUploads: { perUserFiles: 3, perUserBytes: 10 * PNG.length, siteBytes: 6 * PNG.length },
      },
    });
    asker = await signup(t.app);
    uploader = await signup(t.app);
    questionId = (await createQuestion(t.app, asker))._id;
  });
  afterAll(() => t.close());

  async function attach(who: TestUser, q = questionId) {
    const mp = await multipart({}, { field: 'attachment', name: 'shot.png', data: PNG, type: 'image/png' });
    return t.app.inject({
      method: 'POST',
      url: `/api/questions/${q}/answers/upload`,
      headers: { ...who.auth, ...mp.headers },
      payload: mp.payload,
    });
  }
  async function logo(who: TestUser) {
    const mp = await multipart({}, { field: 'logo', name: 'logo.png', data: PNG, type: 'image/png' });
    return t.app.inject({
      method: 'POST',
      url: '/api/jobs/logo',
      headers: { ...who.auth, ...mp.headers },
      payload: mp.payload,
    });
  }

  it('per user: past the count, 429 with a clear message; claiming the files frees the quota', async () => {
    const stored = [];
    for (let i = 0; i < 2; i++) {
      const res = await attach(uploader);
      expect(res.statusCode, res.body).toBe(201);
      stored.push(res.json().attachment);
    }
    expect((await logo(uploader)).statusCode).toBe(201); // logos count too
    const refused = await attach(uploader);
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

  it('site-wide: past the cap, every account is refused until files are claimed or swept', async () => {
    const others = [await signup(t.app), await signup(t.app)];
    const codes: number[] = [];
    for (const o of others) for (let i = 0; i < 3; i++) codes.push((await logo(o)).statusCode);
    // 2 unclaimed logos of the first test + these: the cap is 6 files' worth of bytes.
    expect(codes.filter((c) => c === 201)).toHaveLength(4);
    const refused = await logo(await signup(t.app));
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toBe(SITE_QUOTA_MESSAGE);
  });
});
