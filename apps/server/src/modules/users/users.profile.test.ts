import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, expectErrorBody, signup, type TestApp, type TestUser } from '../../../test/helpers.js';
import { files } from '../../db/schema/index.js';
import { makeJob } from '../admin/admin.fixtures.js';
import { applyTo } from '../applications/applications.fixtures.js';
import { multipart } from '../questions/questions.fixtures.js';
import { matchProfileOf } from './users.profile.js';
import { makeResumeDocx, makeResumePdf } from './users.fixtures.js';

// The professional profile Smart Matching reads, and the résumé kept on it: what the user gives,
// what is found in their résumé (shown to them and removable), and who may download the file.
describe('a profile worth matching', () => {
  let t: TestApp;
  let seeker: TestUser;
  let other: TestUser;
  let poster: TestUser;

  const me = (who: TestUser) => t.app.inject({ url: '/api/users/me', headers: who.auth });
  const put = (who: TestUser, payload: object) =>
    t.app.inject({ method: 'PUT', url: '/api/users/me', headers: who.auth, payload });
  async function upload(who: TestUser | null, name: string, data: Buffer) {
    const mp = await multipart({}, { field: 'resume', name, data });
    return t.app.inject({
      method: 'PUT',
      url: '/api/users/me/resume',
      headers: { ...(who ? who.auth : {}), ...mp.headers },
      payload: mp.payload,
    });
  }
  const download = (who: TestUser | null) =>
    t.app.inject({ url: '/api/users/me/resume', headers: who ? who.auth : {} });
  const openJob = (skills: string[]) =>
    makeJob(t.database.db, poster, {
      status: 'approved',
      skills,
      expiresAt: new Date(t.clock.now().getTime() + 86_400_000),
    });

  beforeAll(async () => {
    t = await buildTestApp();
    seeker = await signup(t.app, { name: 'Sam Seeker' });
    other = await signup(t.app, { name: 'Olga Other' });
    poster = await signup(t.app, { name: 'Priya Poster' });
    // The vocabulary résumés are read against: the jobs' own spellings.
    await openJob(['JavaScript', 'PostgreSQL', 'Kubernetes', 'Docker']);
    await openJob(['JavaScript', 'TypeScript', 'React']);
    await makeJob(t.database.db, poster, { status: 'pending', skills: ['Cobol'] });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('stores the profile fields: skills trimmed and de-duplicated, blanks cleared', async () => {
    const res = await put(seeker, {
      skills: ['  Type   Script ', 'React', 'react', 'REACT', 'Go'],
      headline: '  Backend engineer  ',
      company: 'Acme  Corp',
      location: 'Pune',
      level: 'Senior',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().user).toMatchObject({
      skills: ['Type Script', 'React', 'Go'],
      headline: 'Backend engineer',
      company: 'Acme  Corp',
      location: 'Pune',
      level: 'Senior',
      inferredSkills: [],
      resume: null,
    });
    const cleared = await put(seeker, { headline: '', location: '   ', level: null });
    expect(cleared.json().user).toMatchObject({
      headline: null,
      location: null,
      level: null,
      company: 'Acme  Corp',
    });
    expect((await me(seeker)).json().user.skills).toEqual(['Type Script', 'React', 'Go']);
    expect(await matchProfileOf({ db: t.database.db }, seeker.user.id)).toMatchObject({
      skills: ['Type Script', 'React', 'Go'],
      company: 'Acme  Corp',
      inferredSkills: [],
    });
  });

  it('refuses 51 skills, a 41-character skill, an unknown level, and visitors', async () => {
    const many = Array.from({ length: 51 }, (_, i) => `Skill ${i}`);
    for (const payload of [{ skills: many }, { skills: ['x'.repeat(41)] }, { level: 'Wizard' }]) {
      const res = await put(seeker, payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 40)).toBe(400);
      expectErrorBody(res.json());
    }
    expect((await put(seeker, { skills: many })).json().message).toMatch(/At most 50 skills/);
    // Fifty exactly is fine.
    expect((await put(seeker, { skills: many.slice(0, 50) })).statusCode).toBe(200);
    const visitor = await t.app.inject({
      method: 'PUT',
      url: '/api/users/me',
      payload: { skills: ['x'.repeat(41)] },
    });
    expect(visitor.statusCode).toBe(401);
  });

  it('stores a résumé, finds its skills as the jobs spell them, and serves it only to its owner', async () => {
    const pdf = await makeResumePdf(['Sam Seeker', 'Skills: JS, Postgres and k8s, Cobol']);
    const res = await upload(seeker, 'Sam CV.pdf', pdf);
    expect(res.statusCode, res.body).toBe(200);
    const user = res.json().user;
    // Cobol is asked only by a job not yet approved: not part of the vocabulary.
    expect(user.inferredSkills).toEqual(['JavaScript', 'PostgreSQL', 'Kubernetes']);
    expect(user.resume).toMatchObject({
      originalName: 'Sam CV.pdf',
      size: pdf.length,
      mimetype: 'application/pdf',
    });
    expect((await me(seeker)).json().user.inferredSkills).toEqual(['JavaScript', 'PostgreSQL', 'Kubernetes']);

    const own = await download(seeker);
    expect(own.statusCode).toBe(200);
    expect(own.rawPayload.equals(pdf)).toBe(true);
    expect(own.headers['content-disposition']).toMatch(/^attachment/);
    expect(own.headers['cache-control']).toBe('private, no-store');
    // Another user has no résumé of their own: nothing of Sam's reaches them.
    expect((await download(other)).statusCode).toBe(404);
    expect((await download(null)).statusCode).toBe(401);
    // Never from the public uploads route.
    const [file] = await t.database.db.select().from(files).where(eq(files.purpose, 'profile-resume'));
    expect((await t.app.inject({ url: `/uploads/${file!.key}` })).statusCode).toBe(404);
  });

  it('removes one inferred skill at a time, by any of its names', async () => {
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/users/me/inferred-skills/${encodeURIComponent('k8s')}`,
      headers: seeker.auth,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().user.inferredSkills).toEqual(['JavaScript', 'PostgreSQL']);
    const again = await t.app.inject({
      method: 'DELETE',
      url: '/api/users/me/inferred-skills/PostgreSQL',
      headers: seeker.auth,
    });
    expect(again.json().user.inferredSkills).toEqual(['JavaScript']);
    expect((await matchProfileOf({ db: t.database.db }, seeker.user.id))!.inferredSkills).toEqual([
      'JavaScript',
    ]);
    // Someone without a résumé has nothing to remove.
    const none = await t.app.inject({
      method: 'DELETE',
      url: '/api/users/me/inferred-skills/JS',
      headers: other.auth,
    });
    expect(none.statusCode).toBe(404);
  });

  it('refuses a renamed executable, a missing file, and a visitor before reading the body', async () => {
    const exe = Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00'), Buffer.alloc(200)]);
    const bad = await upload(seeker, 'cv.pdf', exe);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('INVALID_FILE');
    const mp = await multipart({});
    const missing = await t.app.inject({
      method: 'PUT',
      url: '/api/users/me/resume',
      headers: { ...seeker.auth, ...mp.headers },
      payload: mp.payload,
    });
    expect(missing.statusCode).toBe(400);
    expect((await upload(null, 'cv.pdf', exe)).statusCode).toBe(401);
    // The earlier résumé is untouched.
    expect((await me(seeker)).json().user.resume.originalName).toBe('Sam CV.pdf');
  });

  it('refuses a file over 5 MB with 413', async () => {
    const big = Buffer.concat([await makeResumePdf(['x']), Buffer.alloc(5 * 1024 * 1024)]);
    const res = await upload(other, 'big.pdf', big);
    expect(res.statusCode).toBe(413);
    expectErrorBody(res.json());
  });

  it('replaces the résumé with a DOCX, releasing the earlier file, and removes it', async () => {
    const before = await t.database.db.select().from(files).where(eq(files.purpose, 'profile-resume'));
    const docx = await makeResumeDocx(['Skills: TypeScript, React and Docker']);
    const res = await upload(seeker, 'cv.docx', docx);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().user.inferredSkills).toEqual(['TypeScript', 'React', 'Docker']);
    expect(res.json().user.resume.originalName).toBe('cv.docx');
    const after = await t.database.db.select().from(files).where(eq(files.purpose, 'profile-resume'));
    expect(after.map((f) => f.key)).not.toContain(before[0]!.key);
    expect(after).toHaveLength(1);

    const gone = await t.app.inject({ method: 'DELETE', url: '/api/users/me/resume', headers: seeker.auth });
    expect(gone.statusCode).toBe(200);
    expect(gone.json().user).toMatchObject({ resume: null, inferredSkills: [] });
    expect((await download(seeker)).statusCode).toBe(404);
    expect(await t.database.db.select().from(files).where(eq(files.purpose, 'profile-resume'))).toHaveLength(
      0,
    );
  });

  it('keeps a résumé that cannot be read, with no skills found', async () => {
    const broken = Buffer.from('%PDF-1.4\n%garbage that is no PDF structure\n%%EOF\n');
    const res = await upload(other, 'scan.pdf', broken);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().user).toMatchObject({ inferredSkills: [], resume: { originalName: 'scan.pdf' } });
  });

  it('Quick Apply uses the stored résumé when none is attached, and the poster can download it', async () => {
    const applicant = await signup(t.app, { name: 'Quinn Quick' });
    const job = await openJob(['Docker']);
    // No stored résumé: one must be attached.
    const refused = await applyTo(t.app, applicant, job.id, { resume: null });
    expect(refused.statusCode).toBe(400);

    const pdf = await makeResumePdf(['Quinn Quick', 'Docker']);
    expect((await upload(applicant, 'Quinn.pdf', pdf)).statusCode).toBe(200);
    const res = await applyTo(t.app, applicant, job.id, { resume: null });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().application._id;
    expect(res.json().application.resume).toMatchObject({ originalName: 'Quinn.pdf', size: pdf.length });

    // Removing it from the profile does not take it from the job's poster.
    await t.app.inject({ method: 'DELETE', url: '/api/users/me/resume', headers: applicant.auth });
    const got = await t.app.inject({ url: `/api/applications/${id}/resume`, headers: poster.auth });
    expect(got.statusCode).toBe(200);
    expect(got.rawPayload.equals(pdf)).toBe(true);
    expect(
      (await t.app.inject({ url: `/api/applications/${id}/resume`, headers: other.auth })).statusCode,
    ).toBe(404);
  });

  it('suggests the skills approved jobs ask for, most used first, by prefix or synonym', async () => {
    const ask = (q: string, who: TestUser | null = seeker) =>
      t.app.inject({
        url: `/api/users/skill-suggestions?q=${encodeURIComponent(q)}`,
        headers: who ? who.auth : {},
      });
    const all = (await ask('')).json().skills as string[];
    // Asked by two jobs each (Docker again by Quinn's), then by one.
    expect(all.slice(0, 2)).toEqual(['Docker', 'JavaScript']);
    expect(all).toEqual(expect.arrayContaining(['Kubernetes', 'PostgreSQL', 'React', 'TypeScript']));
    expect(all).not.toContain('Cobol'); // only a pending job asks for it
    expect((await ask('ja')).json().skills).toEqual(['JavaScript']);
    expect((await ask('k8')).json().skills).toEqual([]);
    expect((await ask('k8s')).json().skills).toEqual(['Kubernetes']);
    expect((await ask('%')).json().skills).toEqual([]);
    expect((await ask('', null)).statusCode).toBe(401);
  });
});
