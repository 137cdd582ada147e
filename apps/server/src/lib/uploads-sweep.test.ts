import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, signup, type TestApp, type TestUser } from '../../test/helpers.js';
import { files, questions } from '../db/schema/index.js';
import {
  createQuestion,
  makePng,
  multipart,
  postAnswer,
  sampleQuestion,
} from '../modules/questions/questions.fixtures.js';
import { sweepUnclaimedUploads, UNCLAIMED_UPLOAD_TTL_MS } from './uploads.js';

let t: TestApp;
let asker: TestUser;
let answerer: TestUser;

beforeAll(async () => {
  t = await buildTestApp();
  asker = await signup(t.app, { role: 'questioner' });
  answerer = await signup(t.app, { role: 'answerer' });
});
afterAll(() => t.close());

async function upload(
  user: TestUser,
  url: string,
  field: string,
): Promise<{ key: string; url: string; body: { url?: string; attachment?: { url: string } } }> {
  const data =
    field === 'logo'
      ? makePng()
      : Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.from('1 0 obj << >> endobj\n'.repeat(10))]);
  const mp = await multipart({}, { field, name: field === 'logo' ? 'logo.png' : 'notes.pdf', data });
  const res = await t.app.inject({
    method: 'POST',
    url,
    headers: { ...user.auth, ...mp.headers },
    payload: mp.payload,
  });
  expect(res.statusCode, res.body).toBe(201);
  const body = res.json();
  const fileUrl: string = body.url ?? body.attachment?.url;
  return { key: fileUrl.replace('/uploads/', ''), url: fileUrl, body };
}

describe('unclaimed uploads', () => {
  it('removes files nothing names a day after their upload (abandoned forms, a deleted question’s image) and keeps every named one', async () => {
    const q = await createQuestion(t.app, asker, { title: 'Sweep me' });
    const attachUrl = `/api/questions/${q._id}/answers/upload`;
    const used = await upload(answerer, attachUrl, 'attachment');
    const abandoned = await upload(answerer, attachUrl, 'attachment');
    const answered = await postAnswer(t.app, answerer, q._id, 'See the attached notes.', [
      used.body.attachment,
    ]);
    expect(answered.statusCode, answered.body).toBe(201);

    const logo = await upload(asker, '/api/jobs/logo', 'logo');
    const abandonedLogo = await upload(asker, '/api/jobs/logo', 'logo');
    const job = await t.app.inject({
      method: 'POST',
      url: '/api/jobs',
      headers: asker.auth,
      payload: {
        title: 'Sweeper',
        description: 'Keeps things tidy.',
        company: { name: 'Tidy Co', logo: logo.url },
        location: { city: 'Pune' },
        category: 'Technology',
        contactEmail: 'jobs@tidy.example.com',
      },
    });
    expect(job.statusCode, job.body).toBe(201);

    // Question images are stored with their question; one whose question is gone is left behind.
    const withImage = async () => {
      const mp = await multipart(sampleQuestion, { field: 'image', name: 'q.png', data: makePng() });
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/questions',
        headers: { ...asker.auth, ...mp.headers },
        payload: mp.payload,
      });
      expect(res.statusCode, res.body).toBe(201);
      const url: string = res.json().image;
      return { id: res.json()._id as string, key: url.replace('/uploads/', ''), url };
    };
    const keptImage = await withImage();
    const orphanImage = await withImage();
    await t.database.db.delete(questions).where(eq(questions.id, orphanImage.id));

    const all = [used, abandoned, logo, abandonedLogo, keptImage, orphanImage].map((f) => f.key);
    // Fresh uploads are never swept: the form may still be open.
    expect(await sweepUnclaimedUploads(t.app.ctx)).toBe(0);

    await t.database.db
      .update(files)
      .set({ createdAt: new Date(t.clock.now().getTime() - UNCLAIMED_UPLOAD_TTL_MS - 60_000) })
      .where(inArray(files.key, all));
    expect(await sweepUnclaimedUploads(t.app.ctx)).toBe(3);

    const left = (
      await t.database.db.select({ key: files.key }).from(files).where(inArray(files.key, all))
    ).map((r) => r.key);
    expect(left.sort()).toEqual([used.key, logo.key, keptImage.key].sort());
    for (const f of [used, logo, keptImage])
      expect((await t.app.inject({ url: f.url })).statusCode, f.url).toBe(200);
    for (const f of [abandoned, abandonedLogo])
      expect((await t.app.inject({ url: f.url })).statusCode, f.url).toBe(404);
    expect(await t.database.db.select().from(files).where(eq(files.key, abandoned.key))).toEqual([]);
  });
});
