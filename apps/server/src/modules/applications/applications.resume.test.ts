import { existsSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, makeAdmin, signup, type TestApp, type TestUser } from '../../../test/helpers.js';
import { startS3, type TestS3 } from '../../../test/s3.js';
import { files, jobApplications, jobs } from '../../db/schema/index.js';
import { sweepUnclaimedUploads, UNCLAIMED_UPLOAD_TTL_MS } from '../../lib/uploads.js';
import { S3Storage } from '../../platform/storage.js';
import { makeJob } from '../admin/admin.fixtures.js';
import { applyTo, RESUME_DOCX } from './applications.fixtures.js';

// A résumé is private: the applicant, the job's poster and admins download it from its own route,
// whichever store holds it; nobody else learns it exists, and it never comes out of /uploads.
describe.each(['local', 's3'] as const)('résumés on %s storage', (kind) => {
  let s3: TestS3 | null = null;
  let t: TestApp;
  let poster: TestUser;
  let seeker: TestUser;
  let other: TestUser;
  let admin: TestUser;
  let applicationId: string;
  let key: string;

  beforeAll(async () => {
    if (kind === 's3') s3 = await startS3();
    t = await buildTestApp(s3 ? { storage: new S3Storage(s3.config) } : {});
    poster = await signup(t.app, { name: 'Priya Poster' });
    seeker = await signup(t.app, { name: 'Sam Seeker' });
    other = await signup(t.app, { name: 'Olga Other' });
    admin = await signup(t.app, { name: 'Ada Admin' });
    await makeAdmin(t, admin);
    const job = await makeJob(t.database.db, poster, {
      status: 'approved',
      expiresAt: new Date(t.clock.now().getTime() + 86_400_000),
    });
    const res = await applyTo(t.app, seeker, job.id, {
      resume: { name: 'Sam Résumé.docx', data: RESUME_DOCX },
    });
    expect(res.statusCode, res.body).toBe(201);
    applicationId = res.json().application._id;
    const [row] = await t.database.db
      .select({ key: jobApplications.resumeKey })
      .from(jobApplications)
      .where(eq(jobApplications.id, applicationId));
    key = row!.key!;
  });
  afterAll(async () => {
    await t?.close();
    await s3?.close();
  });

  const download = (who: TestUser | null, id = applicationId) =>
    t.app.inject({ url: `/api/applications/${id}/resume`, headers: who ? who.auth : {} });

  it('streams it to the applicant, the poster and admins, privately and as an attachment', async () => {
    for (const who of [seeker, poster, admin]) {
      const res = await download(who);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.rawPayload.equals(RESUME_DOCX)).toBe(true);
      expect(res.headers['content-type']).toBe(
        'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      );
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['content-length']).toBe(String(RESUME_DOCX.length));
      expect(res.headers['content-disposition']).toBe(
        `attachment; filename="Sam R_sum_.docx"; filename*=UTF-8''Sam%20R%C3%A9sum%C3%A9.docx`,
      );
    }
    expect(existsSync(path.join(t.dataDir, 'uploads', key))).toBe(kind === 'local');
  });

  it('is 404 for everyone else (401 for a visitor), and never served from /uploads', async () => {
    expect((await download(other)).statusCode).toBe(404);
    expect((await download(null)).statusCode).toBe(401);
    expect((await download(other, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await download(admin, 'nope')).statusCode).toBe(404);
    const pub = await t.app.inject({ url: `/uploads/${key}` });
    expect(pub.statusCode).toBe(404);
    expect(pub.body).not.toContain('word/document');
  });

  it('outlives the sweep of unclaimed uploads while its application exists, and goes with it', async () => {
    const old = new Date(t.clock.now().getTime() - UNCLAIMED_UPLOAD_TTL_MS - 60_000);
    await t.database.db.update(files).set({ createdAt: old }).where(eq(files.key, key));
    await sweepUnclaimedUploads(t.app.ctx);
    expect((await download(seeker)).statusCode).toBe(200);

    // The job is deleted (its applications with it): nothing names the résumé any more.
    const [a] = await t.database.db
      .select({ jobId: jobApplications.jobId })
      .from(jobApplications)
      .where(eq(jobApplications.id, applicationId));
    await t.database.db.delete(jobs).where(eq(jobs.id, a!.jobId));
    expect(await sweepUnclaimedUploads(t.app.ctx)).toBeGreaterThanOrEqual(1);
    expect(await t.app.ctx.storage.get(key)).toBeNull();
  });
});
