import { APPLICATION_MESSAGES, type Application } from '@agora/shared';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildTestApp,
  expectErrorBody,
  makeAdmin,
  signup,
  type TestApp,
  type TestUser,
} from '../../../test/helpers.js';
import { files, jobApplications, mailOutbox, notifications } from '../../db/schema/index.js';
import { makeJob } from '../admin/admin.fixtures.js';
import { makePng } from '../questions/questions.fixtures.js';
import { applyTo, RESUME_DOCX, RESUME_PDF } from './applications.fixtures.js';
import { createApplicationReads } from './applications.read.js';

const DAY = 86_400_000;
let t: TestApp;
let poster: TestUser;
let seeker: TestUser;
let other: TestUser;
let admin: TestUser;
const db = () => t.database.db;

const QUESTIONS = [
  { _id: 'q-auth', text: 'Are you authorised to work in India?', requiredAnswer: 'yes' as const },
  { _id: 'q-relocate', text: 'Would you relocate?', requiredAnswer: null },
];
const GOOD_ANSWERS = [
  { questionId: 'q-auth', answer: 'yes' },
  { questionId: 'q-relocate', answer: 'no' },
];

/** A listed job of `poster`'s that takes applications for another 20 days. */
async function openJob(over: Parameters<typeof makeJob>[2] = {}) {
  const j = await makeJob(db(), poster, {
    status: 'approved',
    expiresAt: new Date(t.clock.now().getTime() + 20 * DAY),
    ...over,
  });
  return j.id;
}

const api = (who: TestUser | null, method: 'GET' | 'DELETE' | 'PATCH', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: who ? who.auth : {}, ...(payload ? { payload } : {}) });

async function applied(who: TestUser, jobId: string, form: Parameters<typeof applyTo>[3] = {}) {
  const res = await applyTo(t.app, who, jobId, form);
  expect(res.statusCode, res.body).toBe(201);
  // Distinct creation times make the orders deterministic.
  t.clock.advance(1_000);
  return res.json().application as Application;
}

async function resumeFilesOf(user: TestUser) {
  return db()
    .select()
    .from(files)
    .where(and(eq(files.ownerId, user.user.id), eq(files.purpose, 'application-resume')));
}

beforeAll(async () => {
  t = await buildTestApp();
  poster = await signup(t.app, { name: 'Priya Poster' });
  seeker = await signup(t.app, { name: 'Sam Seeker' });
  other = await signup(t.app, { name: 'Olga Other' });
  admin = await signup(t.app, { name: 'Ada Admin' });
  await makeAdmin(t, admin);
});
afterAll(() => t.close());

describe('applying', () => {
  it('takes a résumé, a cover note and the answers; the poster is told in the app', async () => {
    const jobId = await openJob({
      screeningQuestions: QUESTIONS,
      title: 'Platform Engineer',
      companyName: 'Acme',
    });
    const res = await applyTo(t.app, seeker, jobId, {
      coverNote: '  I have run PostgreSQL at scale.  ',
      answers: GOOD_ANSWERS,
      resume: { name: 'Sam CV.pdf', data: RESUME_PDF },
    });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body.screenedOutReasons).toEqual([]);
    const a = body.application as Application;
    expect(a).toMatchObject({
      job: { _id: jobId, title: 'Platform Engineer', company: 'Acme' },
      applicant: { id: seeker.user.id, displayName: 'Sam Seeker' },
      status: 'submitted',
      coverNote: 'I have run PostgreSQL at scale.',
      resume: { originalName: 'Sam CV.pdf', size: RESUME_PDF.length, mimetype: 'application/pdf' },
      answers: GOOD_ANSWERS,
      screenedOut: false,
    });
    expect(a.history).toEqual([{ status: 'submitted', at: a.createdAt }]);
    const notes = await db().select().from(notifications).where(eq(notifications.userId, poster.user.id));
    const note = notes.find((n) => n.type === 'job_application');
    expect(note).toMatchObject({
      title: 'New applicant for Platform Engineer',
      link: `/my-jobs/${jobId}/applicants`,
    });
    expect(note!.body).toContain('Sam Seeker');
  });

  it('accepts a DOCX résumé, typed by its bytes', async () => {
    const a = await applied(seeker, await openJob(), { resume: { name: 'cv.docx', data: RESUME_DOCX } });
    expect(a.resume).toMatchObject({
      originalName: 'cv.docx',
      mimetype: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    });
  });

  it('asks a visitor to sign in before reading the body', async () => {
    const jobId = await openJob();
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/jobs/${jobId}/applications`,
      headers: { 'content-type': 'application/json' },
      payload: '{"not":"a form"}',
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('UNAUTHORIZED');
  });

  it('refuses the poster on their own job, a second application and jobs not taking applications', async () => {
    const jobId = await openJob();
    const own = await applyTo(t.app, poster, jobId);
    expect([own.statusCode, own.json().code, own.json().message]).toEqual([
      403,
      'FORBIDDEN',
      APPLICATION_MESSAGES.ownJob,
    ]);

    await applied(seeker, jobId);
    const before = (await resumeFilesOf(seeker)).length;
    const again = await applyTo(t.app, seeker, jobId);
    expect([again.statusCode, again.json().code]).toEqual([409, 'ALREADY_APPLIED']);
    expect(again.json().message).toBe(APPLICATION_MESSAGES.alreadyApplied);
    expect((await resumeFilesOf(seeker)).length).toBe(before);

    const today = t.clock.now();
    const closed = [
      await openJob({ status: 'filled' }),
      await openJob({ status: 'expired' }),
      // Still 'approved' in the row, but its expiry has passed (the expiry task has not run yet).
      await openJob({ expiresAt: new Date(today.getTime() - 60_000) }),
      await openJob({ applicationDeadline: new Date(today.getTime() - 3 * DAY).toISOString().slice(0, 10) }),
    ];
    for (const id of closed) {
      const res = await applyTo(t.app, seeker, id);
      expect([res.statusCode, res.json().code, res.json().message], id).toEqual([
        409,
        'JOB_CLOSED',
        APPLICATION_MESSAGES.jobClosed,
      ]);
    }
    expect((await resumeFilesOf(seeker)).length).toBe(before);
  });

  it('answers 404 for a job the applicant cannot see, or that does not exist', async () => {
    for (const id of [
      await openJob({ status: 'pending' }),
      await openJob({ status: 'rejected' }),
      '00000000-0000-4000-8000-000000000000',
      'not-an-id',
    ]) {
      const res = await applyTo(t.app, seeker, id);
      expect([res.statusCode, res.json().code], id).toEqual([404, 'NOT_FOUND']);
    }
  });

  it('requires a résumé of the right type and size, and a cover note of at most 2,000 characters', async () => {
    const jobId = await openJob();
    const none = await applyTo(t.app, other, jobId, { resume: null });
    expect([none.statusCode, none.json().message]).toEqual([400, APPLICATION_MESSAGES.resumeRequired]);
    expectErrorBody(none.json());

    for (const resume of [
      { name: 'cv.pdf', data: makePng() },
      { name: 'cv.docx', data: RESUME_PDF },
      { name: 'cv.exe', data: Buffer.from('MZ\x90\x00 not a résumé') },
      { name: 'cv.pdf', data: Buffer.from('plain words') },
    ]) {
      const res = await applyTo(t.app, other, jobId, { resume });
      expect([res.statusCode, res.json().code, res.json().message], resume.name).toEqual([
        400,
        'INVALID_FILE',
        APPLICATION_MESSAGES.resumeType,
      ]);
    }

    const big = Buffer.concat([RESUME_PDF, Buffer.alloc(5 * 1024 * 1024)]);
    const tooBig = await applyTo(t.app, other, jobId, { resume: { name: 'cv.pdf', data: big } });
    expect([tooBig.statusCode, tooBig.json().message]).toEqual([413, APPLICATION_MESSAGES.resumeTooLarge]);

    const long = await applyTo(t.app, other, jobId, { coverNote: 'x'.repeat(2001) });
    expect([long.statusCode, long.json().message]).toEqual([400, APPLICATION_MESSAGES.coverNoteTooLong]);

    // Nothing of the refused attempts was stored or recorded.
    expect(await resumeFilesOf(other)).toEqual([]);
    const rows = await db()
      .select()
      .from(jobApplications)
      .where(eq(jobApplications.applicantId, other.user.id));
    expect(rows).toEqual([]);
    expect((await applyTo(t.app, other, jobId, { coverNote: 'x'.repeat(2000) })).statusCode).toBe(201);
  });

  it('requires an answer to every screening question and refuses answers to questions not asked', async () => {
    const jobId = await openJob({ screeningQuestions: QUESTIONS });
    const cases: Array<[unknown, string]> = [
      [undefined, APPLICATION_MESSAGES.answersRequired],
      [[{ questionId: 'q-auth', answer: 'yes' }], APPLICATION_MESSAGES.answersRequired],
      [
        [...GOOD_ANSWERS, { questionId: 'q-other', answer: 'yes' }],
        'An answer names a question this job does not ask',
      ],
      [
        [...GOOD_ANSWERS, { questionId: 'q-auth', answer: 'no' }],
        'An answer names a question this job does not ask',
      ],
    ];
    for (const [answers, message] of cases) {
      const res = await applyTo(t.app, other, jobId, { answers });
      expect([res.statusCode, res.json().message], JSON.stringify(answers)).toEqual([400, message]);
    }
    for (const answers of [
      '{not json',
      '{"questionId":"q-auth"}',
      [{ questionId: 'q-auth', answer: 'maybe' }],
    ]) {
      const res = await applyTo(t.app, other, jobId, { answers });
      expect(res.statusCode, JSON.stringify(answers)).toBe(400);
      expect(res.json().code).toBe('VALIDATION');
    }
    expect(await resumeFilesOf(other)).toHaveLength(1); // the earlier successful one only
  });

  it('keeps an application whose answer differs from a required one, screened out, and says why', async () => {
    const jobId = await openJob({ screeningQuestions: QUESTIONS });
    const res = await applyTo(t.app, seeker, jobId, {
      answers: [
        { questionId: 'q-auth', answer: 'no' },
        { questionId: 'q-relocate', answer: 'yes' },
      ],
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().application.screenedOut).toBe(true);
    expect(res.json().screenedOutReasons).toEqual([
      APPLICATION_MESSAGES.screenedOut('Are you authorised to work in India?', 'yes'),
    ]);
  });

  it('lets exactly one of many simultaneous applications in: the others are 409, never 500', async () => {
    const racer = await signup(t.app, { name: 'Rita Racer' });
    const jobId = await openJob();
    const results = await Promise.all(Array.from({ length: 6 }, () => applyTo(t.app, racer, jobId)));
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([201, 409, 409, 409, 409, 409]);
    for (const r of results.filter((x) => x.statusCode === 409))
      expect(r.json().code).toBe('ALREADY_APPLIED');
    // The losers' résumés are not left behind.
    const kept = await resumeFilesOf(racer);
    expect(kept).toHaveLength(1);
    const [row] = await db()
      .select()
      .from(jobApplications)
      .where(eq(jobApplications.applicantId, racer.user.id));
    expect(row!.resumeKey).toBe(kept[0]!.key);
  });
});

describe('an application that loses the race to the unique index', () => {
  // Another request's application lands between this one's check and its insert: a trigger plays
  // that request, so the unique index (not the check before it) refuses this one, every time.
  beforeAll(async () => {
    await db().execute(sql`
      create function agora_test_race() returns trigger language plpgsql as $$
      begin
        if new.cover_note = 'race' then
          insert into job_applications (job_id, applicant_id, cover_note, history)
          values (new.job_id, new.applicant_id, 'first', '[]'::jsonb);
        end if;
        return new;
      end $$`);
    await db().execute(
      sql`create trigger agora_test_race before insert on job_applications for each row execute function agora_test_race()`,
    );
  });
  afterAll(async () => {
    await db().execute(sql`drop trigger agora_test_race on job_applications`);
    await db().execute(sql`drop function agora_test_race()`);
  });

  it('is 409 ALREADY_APPLIED (never 500), and its résumé is not left behind', async () => {
    const late = await signup(t.app, { name: 'Lou Late' });
    const jobId = await openJob();
    const res = await applyTo(t.app, late, jobId, { coverNote: 'race' });
    expect([res.statusCode, res.json().code]).toEqual([409, 'ALREADY_APPLIED']);
    expect(await resumeFilesOf(late)).toEqual([]);
    const rows = await db()
      .select()
      .from(jobApplications)
      .where(eq(jobApplications.applicantId, late.user.id));
    // The trigger's stand-in row went with the refused transaction; the loser left nothing either.
    expect(rows).toEqual([]);
  });
});

describe("the seeker's applications", () => {
  let me: TestUser;
  const jobs: string[] = [];
  beforeAll(async () => {
    me = await signup(t.app, { name: 'Mia Many' });
    for (let i = 0; i < 5; i++) {
      const id = await openJob({ title: `Job ${i}` });
      jobs.push(id);
      await applied(me, id);
    }
    await applied(other, jobs[0]!);
  });

  it('lists them newest first, a page at a time (X-Next-Cursor), and only the caller’s', async () => {
    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const res = await api(me, 'GET', `/api/applications/mine?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.statusCode, res.body).toBe(200);
      const list = res.json().applications as Application[];
      for (const a of list) expect(a.applicant.id).toBe(me.user.id);
      seen.push(...list.map((a) => a.job._id));
      cursor = res.headers['x-next-cursor'] as string | undefined;
      pages++;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toEqual([...jobs].reverse());
    expect((await api(me, 'GET', '/api/applications/mine?cursor=nonsense')).statusCode).toBe(400);
    expect((await api(null, 'GET', '/api/applications/mine')).statusCode).toBe(401);
  });

  it('withdraws on the applicant’s request only; the poster sees it withdrawn and can no longer move it', async () => {
    const list = (await api(me, 'GET', '/api/applications/mine')).json().applications as Application[];
    const target = list.find((a) => a.job._id === jobs[1])!;
    for (const who of [other, poster, admin]) {
      const res = await api(who, 'DELETE', `/api/applications/${target._id}`);
      expect(res.statusCode).toBe(404);
    }
    expect((await api(null, 'DELETE', `/api/applications/${target._id}`)).statusCode).toBe(401);
    const res = await api(me, 'DELETE', `/api/applications/${target._id}`);
    expect(res.statusCode, res.body).toBe(200);
    const a = res.json().application as Application;
    expect(a.status).toBe('withdrawn');
    expect(a.history.map((h) => h.status)).toEqual(['submitted', 'withdrawn']);
    // A second click changes nothing.
    const again = await api(me, 'DELETE', `/api/applications/${target._id}`);
    expect(again.json().application.history).toHaveLength(2);

    const pipeline = await api(poster, 'GET', `/api/jobs/${jobs[1]}/applications`);
    expect(pipeline.json().applications.map((x: Application) => x.status)).toEqual(['withdrawn']);
    const patch = await api(poster, 'PATCH', `/api/applications/${target._id}`, { status: 'shortlisted' });
    expect([patch.statusCode, patch.json().message]).toEqual([
      409,
      APPLICATION_MESSAGES.cannotChangeWithdrawn,
    ]);
  });

  it('gives the job page and My Jobs their reads (the viewer’s application, counts per status)', async () => {
    const reads = createApplicationReads(t.app.ctx);
    const mine = await reads.mine(jobs[0]!, me.user.id);
    expect(mine).toMatchObject({ status: 'submitted' });
    expect(await reads.mine(jobs[0]!, poster.user.id)).toBeNull();
    const counts = await reads.countsByJob([
      jobs[0]!,
      jobs[1]!,
      jobs[2]!,
      '00000000-0000-4000-8000-000000000000',
    ]);
    expect(counts.get(jobs[0]!)).toEqual({ submitted: 2 });
    expect(counts.get(jobs[1]!)).toEqual({ withdrawn: 1 });
    expect(counts.has('00000000-0000-4000-8000-000000000000')).toBe(false);
    expect((await reads.countsByJob([])).size).toBe(0);
  });
});

describe("the poster's pipeline", () => {
  let jobId: string;
  const applicants: TestUser[] = [];
  beforeAll(async () => {
    jobId = await openJob({ screeningQuestions: QUESTIONS, title: 'Data Engineer', companyName: 'Globex' });
    for (let i = 0; i < 5; i++) {
      const u = await signup(t.app, { name: `Applicant ${i}` });
      applicants.push(u);
      // Applicants 1 and 3 answer "no" where "yes" is required.
      const screened = i === 1 || i === 3;
      await applied(u, jobId, {
        answers: [
          { questionId: 'q-auth', answer: screened ? 'no' : 'yes' },
          { questionId: 'q-relocate', answer: 'yes' },
        ],
      });
    }
  });

  it('shows the poster and admins the applications, screened-out last, then newest; nobody else', async () => {
    const expected = [4, 2, 0, 3, 1].map((i) => applicants[i]!.user.id);
    for (const who of [poster, admin]) {
      for (const limit of [2, 3, 10]) {
        const seen: string[] = [];
        let cursor: string | undefined;
        do {
          const q = `limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`;
          const res = await api(who, 'GET', `/api/jobs/${jobId}/applications?${q}`);
          expect(res.statusCode, res.body).toBe(200);
          seen.push(...(res.json().applications as Application[]).map((a) => a.applicant.id));
          cursor = res.headers['x-next-cursor'] as string | undefined;
        } while (cursor);
        expect(seen, `limit ${limit}`).toEqual(expected);
      }
    }
    for (const who of [other, applicants[0]!]) {
      expect((await api(who, 'GET', `/api/jobs/${jobId}/applications`)).statusCode).toBe(404);
    }
    // The poster's bell counts the applicants of one job in one notification.
    const bell = (
      await db().select().from(notifications).where(eq(notifications.userId, poster.user.id))
    ).filter((n) => n.link === `/my-jobs/${jobId}/applicants`);
    expect(bell.map((n) => [n.title, n.count])).toEqual([['5 new applicants for Data Engineer', 5]]);
    expect(bell[0]!.body).toBe('Applicant 4 and 4 others applied to "Data Engineer".');
    expect((await api(null, 'GET', `/api/jobs/${jobId}/applications`)).statusCode).toBe(401);
    expect((await api(poster, 'GET', '/api/jobs/not-an-id/applications')).statusCode).toBe(404);
    expect((await api(poster, 'GET', `/api/jobs/${jobId}/applications?cursor=WzEsMl0`)).statusCode).toBe(400);
  });

  it('moves an application on, keeps the history and tells the applicant in the app and by e-mail', async () => {
    const u = applicants[0]!;
    const id = (await api(u, 'GET', '/api/applications/mine')).json().applications[0]._id as string;
    const res = await api(poster, 'PATCH', `/api/applications/${id}`, {
      status: 'shortlisted',
      note: 'Strong SQL',
    });
    expect(res.statusCode, res.body).toBe(200);
    const a = res.json().application as Application;
    expect(a.status).toBe('shortlisted');
    expect(a.history.map((h) => [h.status, h.note])).toEqual([
      ['submitted', undefined],
      ['shortlisted', 'Strong SQL'],
    ]);
    t.clock.advance(1_000);
    const byAdmin = await api(admin, 'PATCH', `/api/applications/${id}`, { status: 'interview' });
    expect(byAdmin.json().application.history).toHaveLength(3);

    // The applicant sees every status and date, not the hiring team's notes.
    const seen = (await api(u, 'GET', '/api/applications/mine')).json().applications[0] as Application;
    expect(seen.status).toBe('interview');
    expect(seen.history.map((h) => h.status)).toEqual(['submitted', 'shortlisted', 'interview']);
    expect(JSON.stringify(seen)).not.toContain('Strong SQL');

    const notes = await db().select().from(notifications).where(eq(notifications.userId, u.user.id));
    expect(
      notes
        .filter((n) => n.type === 'job_application_status')
        .map((n) => n.title)
        .sort(),
    ).toEqual(['Interview: Data Engineer', 'Shortlisted: Data Engineer']);
    const mails = await db().select().from(mailOutbox).where(eq(mailOutbox.to, u.user.email));
    expect(mails.map((m) => m.subject).sort()).toEqual([
      'Interview: your application to Data Engineer at Globex',
      'Shortlisted: your application to Data Engineer at Globex',
    ]);
    for (const m of mails) expect(m.text).not.toContain('Strong SQL');

    // A note under the same status is recorded without telling the applicant again.
    const same = await api(poster, 'PATCH', `/api/applications/${id}`, {
      status: 'interview',
      note: 'Tuesday 10:00',
    });
    expect(same.json().application.history.map((h: { note?: string }) => h.note)).toEqual([
      undefined,
      'Strong SQL',
      undefined,
      'Tuesday 10:00',
    ]);
    expect((await db().select().from(mailOutbox).where(eq(mailOutbox.to, u.user.email))).length).toBe(2);
  });

  it('tells a rejected applicant kindly (the polite template)', async () => {
    const u = applicants[2]!;
    const id = (await api(u, 'GET', '/api/applications/mine')).json().applications[0]._id as string;
    const res = await api(poster, 'PATCH', `/api/applications/${id}`, {
      status: 'rejected',
      note: 'No Spark',
    });
    expect(res.statusCode, res.body).toBe(200);
    const [mail] = await db().select().from(mailOutbox).where(eq(mailOutbox.to, u.user.email));
    expect(mail!.subject).toBe('Your application to Data Engineer at Globex');
    expect(mail!.text).toContain('Thank you for applying');
    expect(mail!.text).toContain('decided not to move forward');
    expect(mail!.text).not.toContain('No Spark');
    const [note] = await db().select().from(notifications).where(eq(notifications.userId, u.user.id));
    expect(note!.title).toBe('An update on your application to Data Engineer');
  });

  it('lets only the poster or an admin change a status, and only to a pipeline status', async () => {
    const u = applicants[4]!;
    const id = (await api(u, 'GET', '/api/applications/mine')).json().applications[0]._id as string;
    for (const who of [u, other]) {
      expect((await api(who, 'PATCH', `/api/applications/${id}`, { status: 'hired' })).statusCode).toBe(404);
    }
    expect((await api(null, 'PATCH', `/api/applications/${id}`, { status: 'hired' })).statusCode).toBe(401);
    for (const status of ['submitted', 'withdrawn', 'promoted']) {
      expect((await api(poster, 'PATCH', `/api/applications/${id}`, { status })).statusCode, status).toBe(
        400,
      );
    }
    const longNote = await api(poster, 'PATCH', `/api/applications/${id}`, {
      status: 'reviewed',
      note: 'n'.repeat(1001),
    });
    expect(longNote.statusCode).toBe(400);
    const unknown = await api(poster, 'PATCH', '/api/applications/00000000-0000-4000-8000-000000000000', {
      status: 'reviewed',
    });
    expect(unknown.statusCode).toBe(404);
    const [row] = await db().select().from(jobApplications).where(eq(jobApplications.id, id));
    expect([row!.status, row!.history.length]).toEqual(['submitted', 1]);
  });
});
