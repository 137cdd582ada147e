import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeUpload } from '../../src/lib/uploads.js';
import { makePng } from '../../src/modules/questions/questions.fixtures.js';
import { buildTestApp, signup, type TestApp, type TestUser } from '../helpers.js';

// Signed-in JSON must not be kept by browsers or proxies, and a private submission file must not
// be served at /uploads/<key> to anyone, as public and immutable.
describe('private data is neither cached nor served outside its route', () => {
  let t: TestApp;
  let user: TestUser;
  beforeAll(async () => {
    t = await buildTestApp();
    user = await signup(t.app);
  });
  afterAll(() => t.close());

  it('every authenticated response says no-store', async () => {
    for (const url of [
      '/api/wallet',
      '/api/auth/me',
      '/api/users/me',
      '/api/notifications',
      '/api/questions/public',
    ]) {
      const res = await t.app.inject({ url, headers: user.auth });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
    const err = await t.app.inject({ url: '/api/wallet', headers: { authorization: 'Bearer nope' } });
    expect(err.statusCode).toBe(401);
    expect(err.headers['cache-control']).toBe('no-store');
  });

  it('a project submission file is not served at /uploads/<key>; a public image is', async () => {
    const ctx = t.app.ctx;
    const file = { buffer: Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\n%%EOF\n'), filename: 'project.pdf' };
    const priv = await storeUpload(ctx, file, {
      ownerId: user.user.id,
      purpose: 'hackathon-submission',
      allowed: ['application/pdf'],
      invalidMessage: 'bad',
    });
    expect((await t.app.inject({ url: priv.url })).statusCode).toBe(404);
    expect((await t.app.inject({ url: priv.url, headers: user.auth })).statusCode).toBe(404);
    const pub = await storeUpload(
      ctx,
      { buffer: makePng(), filename: 'x.png' },
      { ownerId: user.user.id, purpose: 'question-image', allowed: ['image/png'], invalidMessage: 'bad' },
    );
    expect((await t.app.inject({ url: pub.url })).statusCode).toBe(200);
  });
});
