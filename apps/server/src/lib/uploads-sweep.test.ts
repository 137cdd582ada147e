import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, signup, type TestApp, type TestUser } from '../../test/helpers.js';
import { answers, files, jobs, questions } from '../db/schema/index.js';
import {
  createQuestion,
  makePng,
  multipart,
  postAnswer,
  sampleQuestion,
} from '../modules/questions/questions.fixtures.js';
import { sweepUnclaimedUploads, UNCLAIMED_UPLOAD_TTL_MS, unclaimedUploadsQuery } from './uploads.js';
import { rowsOf } from '../db/prepared.js';

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

    // The counts follow every way a reference goes away: the answer deleted,
    // a job's logo replaced by an external address.
    const refs = async () =>
      Object.fromEntries(
        (
          await t.database.db
            .select({ key: files.key, n: files.refCount })
            .from(files)
            .where(inArray(files.key, [used.key, logo.key, keptImage.key]))
        ).map((r) => [r.key, r.n]),
      );
    expect(await refs()).toEqual({ [used.key]: 1, [logo.key]: 1, [keptImage.key]: 1 });
    // Migration 0011 counted the references that existed before it: the same statement again.
    const backfill = readFileSync(
      fileURLToPath(new URL('../db/migrations/0011_file_refs.sql', import.meta.url)),
      'utf8',
    )
      .split('--> statement-breakpoint')
      .find((st) => st.includes('UPDATE files f SET ref_count'))!;
    await t.database.db.update(files).set({ refCount: 0 });
    await t.database.db.execute(sql.raw(backfill));
    expect(await refs()).toEqual({ [used.key]: 1, [logo.key]: 1, [keptImage.key]: 1 });
    await t.database.db.delete(answers).where(eq(answers.questionId, q._id));
    await t.database.db
      .update(jobs)
      .set({ companyLogo: 'https://tidy.example.com/logo.png' })
      .where(eq(jobs.id, job.json().job._id));
    expect(await refs()).toEqual({ [used.key]: 0, [logo.key]: 0, [keptImage.key]: 1 });
    expect(await sweepUnclaimedUploads(t.app.ctx)).toBe(2);
    for (const f of [used, logo]) expect((await t.app.inject({ url: f.url })).statusCode, f.url).toBe(404);
    expect((await t.app.inject({ url: keptImage.url })).statusCode).toBe(200);
  });

  it('finds unclaimed files through the partial index, reading no other table', async () => {
    const query = unclaimedUploadsQuery(t.database.db, t.clock.now(), 500).toSQL();
    const plan = await t.database.db.transaction(async (tx) => {
      // With a handful of rows a sequential scan is cheaper; forbid it to see which index serves.
      await tx.execute(sql`set local enable_seqscan = off`);
      const rows = rowsOf<Record<string, string>>(
        await tx.execute(
          sql.raw(
            `explain ${query.sql.replace(/\$(\d+)/g, (_m, i) => {
              const v = query.params[Number(i) - 1];
              return typeof v === 'number'
                ? String(v)
                : `'${String(v instanceof Date ? v.toISOString() : v)}'`;
            })}`,
          ),
        ),
      );
      return rows.map((r) => Object.values(r)[0]).join('\n');
    });
    expect(plan).toContain('files_unreferenced_idx');
    expect(plan).not.toMatch(/answers|jobs|questions|hackathon/);
  });
});
