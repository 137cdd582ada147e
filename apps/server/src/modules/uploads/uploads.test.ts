import { existsSync } from 'node:fs';
import path from 'node:path';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, signup, type TestApp, type TestUser } from '../../../test/helpers.js';
import { startS3, type TestS3 } from '../../../test/s3.js';
import { files } from '../../db/schema/index.js';
import { storeUpload, sweepUnclaimedUploads, UNCLAIMED_UPLOAD_TTL_MS } from '../../lib/uploads.js';
import { S3Storage } from '../../platform/storage.js';
import { createQuestion, makePng, multipart } from '../questions/questions.fixtures.js';

// Served files follow the same rules whichever store holds them: the app streams them from local
// disk or from S3 (s3rver here) with the stored type, nosniff, a sandbox CSP and attachment
// disposition for anything but raster images; private files never come out of /uploads.
describe.each(['local', 's3'] as const)('uploaded files on %s storage', (kind) => {
  let s3: TestS3 | null = null;
  let t: TestApp;
  let asker: TestUser;
  let answerer: TestUser;

  beforeAll(async () => {
    if (kind === 's3') s3 = await startS3();
    t = await buildTestApp(s3 ? { storage: new S3Storage(s3.config) } : {});
    asker = await signup(t.app, { role: 'questioner' });
    answerer = await signup(t.app, { role: 'answerer' });
  });
  afterAll(async () => {
    await t.close();
    await s3?.close();
  });

  const onLocalDisk = (key: string) => existsSync(path.join(t.dataDir, 'uploads', key));

  it('serves a question image inline with its type, nosniff and the sandbox CSP', async () => {
    const png = makePng(3, 3);
    const mp = await multipart(
      { title: 'An image question', description: 'See the picture.', category: 'Technology' },
      { field: 'image', name: 'pic.png', data: png },
    );
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/questions',
      headers: { ...asker.auth, ...mp.headers },
      payload: mp.payload,
    });
    expect(res.statusCode, res.body).toBe(201);
    const url: string = res.json().image;
    const got = await t.app.inject({ url });
    expect(got.statusCode).toBe(200);
    expect(got.rawPayload.equals(png)).toBe(true);
    expect(got.headers['content-type']).toBe('image/png');
    expect(got.headers['content-length']).toBe(String(png.length));
    expect(got.headers['x-content-type-options']).toBe('nosniff');
    expect(got.headers['content-security-policy']).toContain('sandbox');
    expect(got.headers['content-disposition']).toBeUndefined();
    expect(onLocalDisk(url.replace('/uploads/', ''))).toBe(kind === 'local');
  });

  it('serves a document as an attachment under its original name', async () => {
    const q = await createQuestion(t.app, asker, { title: 'Attach a document' });
    const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.from('1 0 obj << >> endobj\n'.repeat(10))]);
    const mp = await multipart({}, { field: 'attachment', name: 'Notes é.pdf', data: pdf });
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/questions/${q._id}/answers/upload`,
      headers: { ...answerer.auth, ...mp.headers },
      payload: mp.payload,
    });
    expect(res.statusCode, res.body).toBe(201);
    const got = await t.app.inject({ url: res.json().attachment.url });
    expect(got.statusCode).toBe(200);
    expect(got.rawPayload.equals(pdf)).toBe(true);
    expect(got.headers['content-type']).toBe('application/pdf');
    expect(got.headers['x-content-type-options']).toBe('nosniff');
    expect(got.headers['content-disposition']).toBe(
      `attachment; filename="Notes _.pdf"; filename*=UTF-8''Notes%20%C3%A9.pdf`,
    );
  });

  it('never serves a private file (a project submission) from /uploads, and 404s unknown keys', async () => {
    const stored = await storeUpload(
      t.app.ctx,
      { buffer: Buffer.from('%PDF-1.4\nprivate project'), filename: 'project.pdf' },
      {
        ownerId: answerer.user.id,
        purpose: 'hackathon-submission',
        allowed: ['application/pdf'],
        invalidMessage: 'x',
      },
    );
    expect(String(await t.app.ctx.storage.get(stored.key))).toContain('private project');
    const got = await t.app.inject({ url: stored.url });
    expect(got.statusCode).toBe(404);
    expect(got.json()).toMatchObject({ code: 'NOT_FOUND' });
    expect((await t.app.inject({ url: `/uploads/${'0'.repeat(32)}.png` })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/uploads/..%2Fjwt-secret' })).statusCode).toBe(404);
  });

  it('sweeps an unclaimed upload out of the store itself', async () => {
    const mp = await multipart({}, { field: 'logo', name: 'logo.png', data: makePng() });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/jobs/logo',
      headers: { ...asker.auth, ...mp.headers },
      payload: mp.payload,
    });
    expect(res.statusCode, res.body).toBe(201);
    const key = (res.json().url as string).replace('/uploads/', '');
    await t.database.db
      .update(files)
      .set({ createdAt: new Date(t.clock.now().getTime() - UNCLAIMED_UPLOAD_TTL_MS - 60_000) })
      .where(inArray(files.key, [key]));
    expect(await sweepUnclaimedUploads(t.app.ctx)).toBeGreaterThanOrEqual(1);
    expect(await t.app.ctx.storage.get(key)).toBeNull();
    expect((await t.app.inject({ url: `/uploads/${key}` })).statusCode).toBe(404);
  });
});
