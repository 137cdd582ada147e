import { createServer } from 'node:net';
import { DAY_MS, type JobAlert } from '@agora/shared';
import { and, eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, makeAdmin, signup, type TestApp, type TestUser } from '../../../test/helpers.js';
import type { SessionUser } from '../../context.js';
import { jobAlertDeliveries, jobAlerts, jobs, notifications, users } from '../../db/schema/index.js';
import { MailWorker, SmtpTransport } from '../../platform/mail.js';
import { tasks } from '../../tasks.js';
import { makeJob } from '../admin/admin.fixtures.js';
import { createJobReviewService } from '../jobs/jobs.review.service.js';
import { DIGEST_MAX_JOBS } from './job-alerts.digest.service.js';
import { createInstantAlertsService, JOB_BATCH } from './job-alerts.instant.service.js';

let t: TestApp;
let poster: TestUser;
let admin: SessionUser;

beforeAll(async () => {
  t = await buildTestApp();
  poster = await signup(t.app, { name: 'Pat Poster' });
  const a = await signup(t.app, { name: 'Ada Admin' });
  await makeAdmin(t, a);
  admin = {
    id: a.user.id,
    sessionId: '00000000-0000-0000-0000-000000000000',
    email: a.user.email,
    name: 'Ada Admin',
    displayName: 'Ada',
    role: 'admin',
  };
}, 60_000);
afterAll(() => t.close());

let mailFrom = 0;
beforeEach(async () => {
  // Each test reads only what was sent during it.
  await t.app.ctx.mailWorker.drain(5_000);
  mailFrom = t.mail.sent.length;
});

const runTask = async (name: string) => {
  const task = tasks.find((x) => x.name === name);
  expect(task, name).toBeDefined();
  await task!.handler(t.app.ctx);
};
const instant = () => runTask('job-alerts.instant');
const daily = () => runTask('job-alerts.daily-digest');
const weekly = () => runTask('job-alerts.weekly-digest');

/** Saves an alert through the API (the seeker's session is fresh: the clock moves in these tests). */
async function save(u: TestUser, body: object): Promise<JobAlert> {
  const login = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: u.user.email, password: 'correct horse battery' },
  });
  u.auth = { authorization: `Bearer ${login.json().token}` };
  const res = await t.app.inject({ method: 'POST', url: '/api/job-alerts', headers: u.auth, payload: body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().alert as JobAlert;
}

/** A job posted (pending) and approved by an admin a second later. */
async function approved(over: Parameters<typeof makeJob>[2] = {}, by: TestUser = poster): Promise<string> {
  const j = await makeJob(t.database.db, by, over);
  t.clock.advance(1000);
  await createJobReviewService(t.app.ctx).approve(admin, j.id);
  return j.id;
}

/** The alert e-mails `u` received during the test (not a poster's own "your posting is live"). */
async function mailTo(u: TestUser) {
  await t.app.ctx.mailWorker.drain(5_000);
  return t.mail.sent
    .slice(mailFrom)
    .filter((m) => m.to === u.user.email && m.subject.includes('for your alert'));
}
const alertNotes = (u: TestUser) =>
  t.database.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, u.user.id), eq(notifications.type, 'job_alert')));

describe('instant alerts', () => {
  it('tell the owner of a matching job once, in the app and by e-mail, and not of others', async () => {
    const sid = await signup(t.app, { name: 'Sid Seeker' });
    const alert = await save(sid, { q: 'kotlin', category: ['Engineering'], frequency: 'instant' });
    const match = await approved({ title: 'Kotlin Developer', companyName: 'Droid Co', city: 'Pune' });
    const otherWord = await approved({ title: 'Swift Developer' });
    const otherCategory = await approved({ title: 'Kotlin evangelist', category: 'Marketing' });
    await instant();
    await instant();
    const mails = await mailTo(sid);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('New job for your alert: Kotlin Developer at Droid Co');
    expect(mails[0]!.text).toContain(`${t.config.publicUrl}/job/${match}`);
    expect(mails[0]!.text).not.toContain(otherWord);
    expect(mails[0]!.text).not.toContain(otherCategory);
    const notes = await alertNotes(sid);
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ title: 'New job: Kotlin Developer at Droid Co', link: `/job/${match}` });
    const delivered = await t.database.db
      .select()
      .from(jobAlertDeliveries)
      .where(eq(jobAlertDeliveries.alertId, alert._id));
    expect(delivered.map((d) => d.jobId)).toEqual([match]);
  });

  it('send once when two runs (two instances, or a retry) overlap', async () => {
    const dua = await signup(t.app, { name: 'Dua Double' });
    await save(dua, { q: 'crystal', frequency: 'instant' });
    await approved({ title: 'Crystal Engineer' });
    await Promise.all([instant(), instant(), createInstantAlertsService(t.app.ctx).run()]);
    expect(await mailTo(dua)).toHaveLength(1);
    expect(await alertNotes(dua)).toHaveLength(1);
  });

  it('fire for each of two alerts of one person; a job approved before an alert was saved is not new to it', async () => {
    const ivy = await signup(t.app, { name: 'Ivy Instant' });
    const before = await approved({ title: 'Scala Engineer early' });
    await save(ivy, { q: 'scala', frequency: 'instant' });
    await save(ivy, { location: 'Chennai', frequency: 'instant' });
    const job = await approved({ title: 'Scala Engineer', city: 'Madras' });
    await instant();
    const mails = await mailTo(ivy);
    expect(mails).toHaveLength(2);
    for (const m of mails) {
      expect(m.text).toContain(`/job/${job}`);
      expect(m.text).not.toContain(`/job/${before}`);
    }
    expect(await alertNotes(ivy)).toHaveLength(2);
  });

  it('never tell a poster of their own job, nor of a job that is no longer open', async () => {
    const pia = await signup(t.app, { name: 'Pia Poster-Seeker' });
    await save(pia, { q: 'clojure', frequency: 'instant' });
    await approved({ title: 'Clojure Engineer' }, pia);
    const filled = await approved({ title: 'Clojure Developer' });
    await t.database.db.update(jobs).set({ status: 'filled' }).where(eq(jobs.id, filled));
    await instant();
    expect(await mailTo(pia)).toEqual([]);
    expect(await alertNotes(pia)).toEqual([]);
  });

  it('tell a suspended account nothing', async () => {
    const sue = await signup(t.app, { name: 'Sue Suspended' });
    await save(sue, { q: 'pascal', frequency: 'instant' });
    await t.database.db.update(users).set({ status: 'suspended' }).where(eq(users.id, sue.user.id));
    await approved({ title: 'Pascal Engineer' });
    await instant();
    expect(await mailTo(sue)).toEqual([]);
    expect(await alertNotes(sue)).toEqual([]);
  });

  it('a job whose approval committed after a run that was already past its time is still told', async () => {
    const lia = await signup(t.app, { name: 'Lia Late' });
    await save(lia, { q: 'erlang', frequency: 'instant' });
    t.clock.advance(10 * 60_000);
    await approved({ title: 'Elixir Engineer' });
    await instant();
    // Approved (its time taken) 20 seconds before that run, but committed after it.
    const j = await makeJob(t.database.db, poster, { title: 'Erlang Engineer' });
    await createJobReviewService(t.app.ctx).approve(admin, j.id);
    await t.database.db
      .update(jobs)
      .set({ reviewedAt: new Date(t.clock.now().getTime() - 20_000) })
      .where(eq(jobs.id, j.id));
    t.clock.advance(30_000);
    await instant();
    const mails = await mailTo(lia);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(`/job/${j.id}`);
  });
  it(`read a burst of more than ${JOB_BATCH} approvals page by page, so the newest is told too`, async () => {
    const bo = await signup(t.app, { name: 'Bo Burst' });
    await save(bo, { q: 'zig', frequency: 'instant' });
    t.clock.advance(1000);
    const at = t.clock.now().getTime();
    const expiresAt = new Date(at + 30 * DAY_MS);
    const rows = Array.from({ length: JOB_BATCH + 5 }, (_, i) => ({
      posterId: poster.user.id,
      title: i === JOB_BATCH + 4 ? 'Zig Engineer' : `Burst filler ${i}`,
      description: 'Write code',
      companyName: 'Burst Co',
      city: 'Pune',
      category: 'Engineering',
      contactEmail: 'jobs@burst.test',
      status: 'approved',
      reviewedAt: new Date(at + i),
      expiresAt,
    }));
    const inserted = await t.database.db
      .insert(jobs)
      .values(rows)
      .returning({ id: jobs.id, title: jobs.title });
    t.clock.advance(1000);
    await instant();
    const mails = await mailTo(bo);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(`/job/${inserted.find((j) => j.title === 'Zig Engineer')!.id}`);
  });
});

describe('daily and weekly digests', () => {
  it('send one digest a day listing the new matches, each job once, and nothing when nothing is new', async () => {
    const dee = await signup(t.app, { name: 'Dee Daily' });
    const alert = await save(dee, { q: 'elm', frequency: 'daily' });
    const a = await approved({ title: 'Elm Developer', companyName: 'Tree Co', city: 'Kochi' });
    const b = await approved({ title: 'Elm Engineer', companyName: 'Leaf Co', isRemote: true });
    await approved({ title: 'Ruby Engineer' });
    // Not a day yet: nothing.
    await daily();
    expect(await mailTo(dee)).toEqual([]);
    t.clock.advance(DAY_MS);
    await daily();
    await daily();
    let mails = await mailTo(dee);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`2 new jobs for your alert "All jobs matching 'elm'"`);
    expect(mails[0]!.text).toContain('Elm Developer at Tree Co, Kochi');
    expect(mails[0]!.text).toContain('Elm Engineer at Leaf Co');
    expect(mails[0]!.text).toContain(`/job/${a}`);
    expect(mails[0]!.text).toContain(`/job/${b}`);
    expect(mails[0]!.text).not.toContain('Ruby');
    expect(mails[0]!.headers?.['List-Unsubscribe']).toMatch(
      /^<http.*\/api\/job-alerts\/unsubscribe\?token=.+>$/,
    );
    expect(mails[0]!.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(await alertNotes(dee)).toHaveLength(1);

    // The next day: only the job approved since (the overlap does not repeat a or b).
    const c = await approved({ title: 'Elm Architect' });
    mailFrom = t.mail.sent.length;
    t.clock.advance(DAY_MS);
    await daily();
    mails = await mailTo(dee);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('New job for your alert: Elm Architect at Acme');
    expect(mails[0]!.text).not.toContain(`/job/${a}`);
    expect(mails[0]!.text).toContain(`/job/${c}`);

    // A day with nothing new: no e-mail, no notification, and the period starts again.
    mailFrom = t.mail.sent.length;
    t.clock.advance(DAY_MS);
    await daily();
    expect(await mailTo(dee)).toEqual([]);
    expect(await alertNotes(dee)).toHaveLength(2);
    const [row] = await t.database.db.select().from(jobAlerts).where(eq(jobAlerts.id, alert._id));
    expect(row!.digestFrom.getTime()).toBe(t.clock.now().getTime());
  });

  it(`list at most ${DIGEST_MAX_JOBS} jobs, newest first, and link the whole search for the rest`, async () => {
    const mo = await signup(t.app, { name: 'Mo More' });
    const alert = await save(mo, { q: 'nim', location: 'Pune', frequency: 'daily' });
    t.clock.advance(1000);
    const at = t.clock.now().getTime();
    const rows = Array.from({ length: DIGEST_MAX_JOBS + 2 }, (_, i) => ({
      posterId: poster.user.id,
      title: `Nim Developer ${i}`,
      description: 'Write code',
      companyName: 'Many Co',
      city: 'Pune',
      category: 'Engineering',
      contactEmail: 'jobs@many.test',
      status: 'approved',
      reviewedAt: new Date(at + i * 1000),
      expiresAt: new Date(at + 30 * DAY_MS),
    }));
    await t.database.db.insert(jobs).values(rows);
    t.clock.advance(DAY_MS);
    await daily();
    const mails = await mailTo(mo);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(
      `${DIGEST_MAX_JOBS}+ new jobs for your alert "All jobs matching 'nim' in Pune"`,
    );
    expect(mails[0]!.text).toContain(`Nim Developer ${DIGEST_MAX_JOBS + 1} at Many Co`);
    expect(mails[0]!.text).not.toContain('Nim Developer 1 at');
    expect(mails[0]!.text).toContain(
      `More jobs match; see them all: ${t.config.publicUrl}/jobhubs?search=nim&location=Pune`,
    );
    const delivered = await t.database.db
      .select()
      .from(jobAlertDeliveries)
      .where(eq(jobAlertDeliveries.alertId, alert._id));
    expect(delivered).toHaveLength(DIGEST_MAX_JOBS);
  });

  it('send one digest when two runs overlap (each alert is claimed by one of them)', async () => {
    const tia = await signup(t.app, { name: 'Tia Twice' });
    await save(tia, { q: 'julia', frequency: 'daily' });
    await approved({ title: 'Julia Developer' });
    t.clock.advance(DAY_MS);
    await Promise.all([daily(), daily()]);
    expect(await mailTo(tia)).toHaveLength(1);
  });

  it('send a weekly digest once a week (the daily task leaves it alone)', async () => {
    const wes = await signup(t.app, { name: 'Wes Weekly' });
    await save(wes, { category: ['Security'], frequency: 'weekly' });
    const j = await approved({ title: 'Security Analyst', category: 'Security' });
    t.clock.advance(DAY_MS);
    await daily();
    await weekly();
    expect(await mailTo(wes)).toEqual([]);
    t.clock.advance(6 * DAY_MS);
    await daily();
    expect(await mailTo(wes)).toEqual([]);
    await weekly();
    await weekly();
    const mails = await mailTo(wes);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(`/job/${j}`);
    expect(mails[0]!.text).toContain('in the last week');
  });

  it('an instant alert is not in a digest, and a digest alert is not told at once', async () => {
    const max = await signup(t.app, { name: 'Max Mixed' });
    await save(max, { q: 'fortran', frequency: 'daily' });
    await approved({ title: 'Fortran Engineer' });
    await instant();
    expect(await mailTo(max)).toEqual([]);
  });
});

describe('alert e-mails over real SMTP', () => {
  it('carry List-Unsubscribe and List-Unsubscribe-Post headers and the working link', async () => {
    const received: string[] = [];
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['AUTH', 'STARTTLS'],
      logger: false,
      onData: (stream, _session, cb) => {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          received.push(Buffer.concat(chunks).toString('utf8'));
          cb();
        });
      },
    });
    const port = await new Promise<number>((resolve, reject) => {
      const probe = createServer();
      probe.listen(0, '127.0.0.1', () => {
        const p = (probe.address() as { port: number }).port;
        probe.close(() => resolve(p));
      });
      probe.on('error', reject);
    });
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve()));
    try {
      const ria = await signup(t.app, { name: 'Ria Real' });
      const alert = await save(ria, { q: 'cobol', frequency: 'instant' });
      await approved({ title: 'COBOL Engineer' });
      await instant();
      const worker = new MailWorker(
        t.database.db,
        new SmtpTransport(`smtp://127.0.0.1:${port}`),
        'agora@example.com',
        t.clock,
      );
      await worker.drain(10_000);
      await worker.stop();
      const raw = received.find((r) => r.includes(ria.user.email));
      expect(raw).toBeDefined();
      const unfolded = raw!.replace(/\r\n[ \t]+/g, ' ');
      const header = /^List-Unsubscribe: <([^>]+)>/m.exec(unfolded);
      expect(header).not.toBeNull();
      expect(unfolded).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/m);
      // The link works signed out: a mail client's one-click POST stops the alert.
      const url = new URL(header![1]!);
      const res = await t.app.inject({
        method: 'POST',
        url: `${url.pathname}${url.search}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
      expect(res.statusCode).toBe(200);
      const left = await t.database.db.select().from(jobAlerts).where(eq(jobAlerts.id, alert._id));
      expect(left).toEqual([]);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
