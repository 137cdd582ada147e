import { JOB_LIFE_MESSAGES, type Job, type JobListResult } from '@agora/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  buildTestApp,
  expectErrorBody,
  makeAdmin,
  signup,
  type TestApp,
  type TestUser,
} from '../../../test/helpers.js';
import type { SessionUser } from '../../context.js';
import { jobApplications, jobs, mailOutbox, notifications } from '../../db/schema/index.js';
import { tasks } from '../../tasks.js';
import { jobForApplying, jobPosterOf } from './jobs.apply-gate.js';
import { createJobsService } from './jobs.service.js';

let t: TestApp;
let poster: TestUser;
let other: TestUser;
let adminUser: TestUser;
let admin: SessionUser;
let service: ReturnType<typeof createJobsService>;

const DAY = 86_400_000;
const LISTING_DAYS = 30;

const validJob = (over: Record<string, unknown> = {}) => ({
  title: 'Platform Engineer',
  description: 'Run the platform our marketplace stands on.',
  company: { name: 'Lifecycle Labs', website: 'https://lifecycle.example.com' },
  location: { city: 'Pune', state: 'Maharashtra', country: 'India' },
  category: 'Engineering',
  type: 'Full-time',
  level: 'Mid-level',
  skills: 'Go, Kubernetes',
  contactEmail: 'jobs@lifecycle.example.com',
  isRemote: false,
  ...over,
});

async function post(user: TestUser, body: Record<string, unknown>): Promise<Job> {
  const res = await t.app.inject({ method: 'POST', url: '/api/jobs', headers: user.auth, payload: body });
  if (res.statusCode !== 201) throw new Error(`post failed ${res.statusCode} ${res.body}`);
  return res.json().job as Job;
}

async function postApproved(
  title: string,
  over: Record<string, unknown> = {},
  user = poster,
): Promise<string> {
  const job = await post(user, validJob({ title, ...over }));
  await service.approve(admin, job._id);
  return job._id;
}

const getJob = (id: string, user?: TestUser) =>
  t.app.inject({ url: `/api/jobs/${id}`, headers: user?.auth ?? {} });
const act = (id: string, action: 'renew' | 'fill', user?: TestUser) =>
  t.app.inject({ method: 'POST', url: `/api/jobs/${id}/${action}`, headers: user?.auth ?? {} });

async function listedIds(query: string): Promise<string[]> {
  const res = await t.app.inject({ url: `/api/jobs?${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as JobListResult).jobs.map((j) => j._id);
}
async function engineeringCount(): Promise<number> {
  return (await t.app.inject({ url: '/api/jobs/categories' })).json().Engineering as number;
}

/** Sessions end after 20 idle minutes: after moving the clock, everyone signs in again. */
async function signIn(u: TestUser): Promise<void> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: u.user.email, password: 'correct horse battery' },
  });
  if (res.statusCode !== 200) throw new Error(`login failed ${res.statusCode} ${res.body}`);
  u.token = res.json().token;
  u.auth = { authorization: `Bearer ${u.token}` };
}
async function moveClock(by: { ms: number } | { to: number }): Promise<void> {
  if ('ms' in by) t.clock.advance(by.ms);
  else t.clock.set(new Date(by.to));
  for (const u of [poster, other, adminUser]) await signIn(u);
}

const runTask = async (name: string) => {
  const task = tasks.find((x) => x.name === name);
  expect(task, name).toBeDefined();
  await task!.handler(t.app.ctx);
};
const expireTask = () => runTask('jobs.expire-listings');
const warningTask = () => runTask('jobs.expiry-warnings');

const storedStatus = async (id: string) =>
  (await t.database.db.select({ status: jobs.status }).from(jobs).where(eq(jobs.id, id)))[0]!.status;

async function warningsTo(user: TestUser, title: string) {
  const db = t.database.db;
  const notes = (await db.select().from(notifications).where(eq(notifications.userId, user.user.id))).filter(
    (n) => n.title === JOB_LIFE_MESSAGES.expiringSoonTitle && n.body.includes(title),
  );
  const mails = (await db.select().from(mailOutbox).where(eq(mailOutbox.to, user.user.email))).filter((m) =>
    m.subject.includes(`"${title}" expires on`),
  );
  return { notes, mails };
}

beforeAll(async () => {
  t = await buildTestApp();
  service = createJobsService(t.app.ctx);
  other = await signup(t.app, { name: 'Olga Other' });
  adminUser = await signup(t.app, { name: 'Ada Admin' });
  await makeAdmin(t, adminUser);
  admin = {
    id: adminUser.user.id,
    sessionId: '00000000-0000-0000-0000-000000000000',
    email: adminUser.user.email,
    name: 'Ada Admin',
    displayName: 'Ada',
    role: 'admin',
  };
});
afterAll(() => t.close());
// Postings are rate-limited per user: each test posts as a fresh account.
beforeEach(async () => {
  poster = await signup(t.app, { name: 'Priya Poster' });
});

describe('approval and expiry', () => {
  it(`an approved job is listed for ${LISTING_DAYS} days from its approval, and its poster is told until when`, async () => {
    expect(t.config.jobListingDays).toBe(LISTING_DAYS);
    const job = await post(poster, validJob({ title: 'Quokka Approval Role' }));
    expect(job).toMatchObject({ state: 'closed', expiresAt: null, status: 'pending' });
    await moveClock({ ms: 3_600_000 });
    const approvedAt = t.clock.now().getTime();
    const approved = await service.approve(admin, job._id);
    expect(approved.expiresAt).toBe(new Date(approvedAt + LISTING_DAYS * DAY).toISOString());
    expect(approved.state).toBe('open');
    const page = (await getJob(job._id)).json() as Job;
    expect(page).toMatchObject({ state: 'open', status: 'approved', expiresAt: approved.expiresAt });
    // Visitors never get `myApplication`; a signed-in viewer gets theirs (none yet).
    expect(page).not.toHaveProperty('myApplication');
    expect((await getJob(job._id, other)).json().myApplication).toBeNull();

    const mails = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, poster.user.email));
    const live = mails.find((m) => m.subject.includes('Quokka Approval Role'));
    expect(live?.text).toContain(`${t.config.publicUrl}/my-jobs`);
    expect(live?.text).toMatch(/listed on the Jobs Hub until \d{1,2} \w+ \d{4}/);
  });

  it('a job past its expiry reads as expired at once and takes no applications; the task then takes it off the listing, the counts and the search', async () => {
    const id = await postApproved('Wombat Expiring Role');
    const keep = await postApproved('Wombat Staying Role');
    // The second one was renewed: it outlives the first.
    expect((await act(keep, 'renew', poster)).statusCode).toBe(200);
    expect(await listedIds('search=wombat')).toEqual(expect.arrayContaining([id, keep]));
    const listedBefore = await listedIds('category=Engineering&limit=50');
    expect(await engineeringCount()).toBe(listedBefore.length);

    await moveClock({ ms: LISTING_DAYS * DAY + 60_000 });
    // Before the task runs: the page and the apply gate already say expired.
    expect((await getJob(id)).json()).toMatchObject({ state: 'expired', status: 'approved' });
    expect((await jobForApplying(t.app.ctx, id, { id: other.user.id, role: 'user' })).state).toBe('expired');
    expect(await storedStatus(id)).toBe('approved');

    await expireTask();
    expect(await storedStatus(id)).toBe('expired');
    expect(await storedStatus(keep)).toBe('approved');
    expect(await listedIds('search=wombat')).toEqual([keep]);
    // Every listing that expired meanwhile left the category's list and its count alike.
    const listedAfter = await listedIds('category=Engineering&limit=50');
    expect(listedAfter).toContain(keep);
    expect(listedAfter).not.toContain(id);
    expect(listedAfter.length).toBeLessThan(listedBefore.length);
    expect(await engineeringCount()).toBe(listedAfter.length);

    // Its page still loads for everyone, saying so; the review outcome stays "approved".
    const page = await getJob(id);
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({ state: 'expired', status: 'approved' });
    expect((await getJob(id, other)).statusCode).toBe(200);
    // Running again changes nothing.
    await expireTask();
    expect(await storedStatus(id)).toBe('expired');
    expect(await storedStatus(keep)).toBe('approved');
  });

  it('warns the poster once, in the app and by e-mail, five days before expiry; a renewal earns a new warning before its new date', async () => {
    const title = 'Numbat Reminder Role';
    const id = await postApproved(title);
    const approved = (await getJob(id)).json() as Job;
    const expiresAt = new Date(approved.expiresAt!).getTime();

    // Six days before: too early.
    await moveClock({ to: expiresAt - 6 * DAY });
    await warningTask();
    expect((await warningsTo(poster, title)).notes).toHaveLength(0);

    await moveClock({ to: expiresAt - 5 * DAY + 60_000 });
    // Two instances at once, then a later run: one warning.
    await Promise.all([warningTask(), warningTask()]);
    await warningTask();
    const first = await warningsTo(poster, title);
    expect(first.notes).toHaveLength(1);
    expect(first.notes[0]).toMatchObject({ type: 'job_review', link: '/my-jobs' });
    expect(first.mails).toHaveLength(1);
    expect(first.mails[0]!.text).toContain(
      `renew it in one click from My Jobs: ${t.config.publicUrl}/my-jobs`,
    );

    // Renewed before expiry: 30 days on from the old date; warned again only near the new one.
    const renewed = await act(id, 'renew', poster);
    expect(renewed.statusCode, renewed.body).toBe(200);
    const newExpiry = expiresAt + LISTING_DAYS * DAY;
    expect(renewed.json().job.expiresAt).toBe(new Date(newExpiry).toISOString());
    await warningTask();
    expect((await warningsTo(poster, title)).notes).toHaveLength(1);
    await moveClock({ to: newExpiry - 4 * DAY });
    await warningTask();
    const second = await warningsTo(poster, title);
    expect(second.notes).toHaveLength(2);
    expect(second.mails).toHaveLength(2);
  });

  it('neither warns nor expires jobs that are pending, rejected or filled', async () => {
    const pending = await post(poster, validJob({ title: 'Bilby Pending Role' }));
    const filled = await postApproved('Bilby Filled Role');
    expect((await act(filled, 'fill', poster)).statusCode).toBe(200);
    await moveClock({ ms: LISTING_DAYS * DAY + 60_000 });
    await warningTask();
    await expireTask();
    expect(await storedStatus(pending._id)).toBe('pending');
    expect(await storedStatus(filled)).toBe('filled');
    expect((await warningsTo(poster, 'Bilby')).notes).toHaveLength(0);
  });
});

describe('renew and fill', () => {
  it('renews an expired job from now: listed, counted and searchable again', async () => {
    const id = await postApproved('Dingo Renewal Role');
    await moveClock({ ms: LISTING_DAYS * DAY + DAY });
    await expireTask();
    expect(await listedIds('search=dingo')).toEqual([]);
    const countExpired = await engineeringCount();

    const res = await act(id, 'renew', poster);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().job).toMatchObject({
      _id: id,
      state: 'open',
      status: 'approved',
      expiresAt: new Date(t.clock.now().getTime() + LISTING_DAYS * DAY).toISOString(),
    });
    expect(await storedStatus(id)).toBe('approved');
    expect(await listedIds('search=dingo')).toEqual([id]);
    expect(await engineeringCount()).toBe(countExpired + 1);
    const [row] = await t.database.db.select().from(jobs).where(eq(jobs.id, id));
    expect(row!.expiryWarnedAt).toBeNull();
  });

  it('marks a job filled: off the listing, its page loads saying so, applying is closed; again is harmless', async () => {
    const id = await postApproved('Koala Filled Role');
    expect(await listedIds('search=koala')).toEqual([id]);
    const countListed = await engineeringCount();
    const res = await act(id, 'fill', poster);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().job).toMatchObject({ _id: id, state: 'filled', status: 'approved' });
    const [row] = await t.database.db.select().from(jobs).where(eq(jobs.id, id));
    expect(row).toMatchObject({ status: 'filled' });
    expect(row!.filledAt?.getTime()).toBe(t.clock.now().getTime());
    expect(await listedIds('search=koala')).toEqual([]);
    expect(await listedIds('category=Engineering&limit=50')).not.toContain(id);
    expect(await engineeringCount()).toBe(countListed - 1);
    const page = await getJob(id);
    expect(page.statusCode).toBe(200);
    expect(page.json().state).toBe('filled');
    expect((await jobForApplying(t.app.ctx, id, null)).state).toBe('filled');

    const again = await act(id, 'fill', poster);
    expect(again.statusCode).toBe(200);
    expect(again.json().job.state).toBe('filled');
    // A filled job is not renewed: its poster edits it to list it again.
    const renew = await act(id, 'renew', poster);
    expect(renew.statusCode).toBe(409);
    expect(renew.json()).toMatchObject({
      code: 'JOB_FILLED',
      message: JOB_LIFE_MESSAGES.alreadyFilled,
    });
  });

  it('refuses a job that was never listed (409), one past its deadline (409), others (403 / 404) and visitors (401)', async () => {
    const pending = await post(poster, validJob({ title: 'Emu Pending Role' }));
    for (const action of ['renew', 'fill'] as const) {
      const res = await act(pending._id, action, poster);
      expect(res.statusCode).toBe(409);
      expectErrorBody(res.json());
      expect(res.json()).toMatchObject({
        code: 'JOB_NOT_LISTED',
        message: JOB_LIFE_MESSAGES.notListedYet,
      });
      // Another user cannot see a pending job at all.
      expect((await act(pending._id, action, other)).statusCode).toBe(404);
    }
    const rejected = await post(poster, validJob({ title: 'Emu Rejected Role' }));
    await service.reject(admin, rejected._id, 'Duplicate posting');
    const refused = await act(rejected._id, 'renew', poster);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(JOB_LIFE_MESSAGES.notApproved);

    const listed = await postApproved('Emu Listed Role');
    for (const action of ['renew', 'fill'] as const) {
      expect((await act(listed, action)).statusCode).toBe(401);
      const forbidden = await act(listed, action, other);
      expect(forbidden.statusCode).toBe(403);
      expectErrorBody(forbidden.json());
      expect((await act('not-a-uuid', action, poster)).statusCode).toBe(404);
      expect((await act('00000000-0000-4000-8000-000000000000', action, poster)).statusCode).toBe(404);
    }
    expect(await storedStatus(listed)).toBe('approved');

    // Past its application deadline it could not be listed however long it is renewed.
    const today = t.clock.now().toISOString().slice(0, 10);
    const closing = await postApproved('Emu Deadline Role', { applicationDeadline: today });
    await moveClock({ ms: 3 * DAY });
    expect((await getJob(closing)).json().state).toBe('closed');
    const late = await act(closing, 'renew', poster);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({
      code: 'DEADLINE_PASSED',
      message: JOB_LIFE_MESSAGES.deadlinePassed,
    });
    // Filling it still works: it tells seekers the position is gone.
    expect((await act(closing, 'fill', poster)).statusCode).toBe(200);
  });

  it('lets an admin renew and fill on the poster’s behalf', async () => {
    const id = await postApproved('Possum Admin Role');
    const before = (await getJob(id)).json().expiresAt as string;
    const renewed = await act(id, 'renew', adminUser);
    expect(renewed.statusCode, renewed.body).toBe(200);
    expect(new Date(renewed.json().job.expiresAt).getTime()).toBe(
      new Date(before).getTime() + LISTING_DAYS * DAY,
    );
    expect((await act(id, 'fill', adminUser)).json().job.state).toBe('filled');
  });

  it('an edit of an expired or filled job sends it back to review; approved again, it is listed for a fresh period', async () => {
    const id = await postApproved('Wallaby Edited Role');
    expect((await act(id, 'fill', poster)).statusCode).toBe(200);
    const edit = await t.app.inject({
      method: 'PUT',
      url: `/api/jobs/${id}`,
      headers: poster.auth,
      payload: validJob({ title: 'Wallaby Edited Role, again' }),
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json().job).toMatchObject({ status: 'pending', state: 'closed', expiresAt: null });
    const [row] = await t.database.db.select().from(jobs).where(eq(jobs.id, id));
    expect(row).toMatchObject({ status: 'pending', filledAt: null, expiryWarnedAt: null, expiresAt: null });
    expect((await getJob(id)).statusCode).toBe(404);
    await moveClock({ ms: DAY });
    const again = await service.approve(admin, id);
    expect(again).toMatchObject({ state: 'open' });
    expect(again.expiresAt).toBe(new Date(t.clock.now().getTime() + LISTING_DAYS * DAY).toISOString());
  });
});

describe('applications on the job page and My Jobs', () => {
  it('My Jobs counts each job’s applications by status; the job page shows the viewer their own', async () => {
    const a = await postApproved('Echidna Counted Role');
    const b = await postApproved('Echidna Quiet Role');
    const seekers = await Promise.all([1, 2, 3].map(() => signup(t.app, { name: 'Sam Seeker' })));
    const db = t.database.db;
    await db.insert(jobApplications).values([
      { jobId: a, applicantId: seekers[0]!.user.id, status: 'submitted' },
      { jobId: a, applicantId: seekers[1]!.user.id, status: 'submitted' },
      { jobId: a, applicantId: seekers[2]!.user.id, status: 'shortlisted' },
      { jobId: b, applicantId: seekers[0]!.user.id, status: 'withdrawn' },
    ]);
    const mine = await t.app.inject({ url: '/api/jobs/mine', headers: poster.auth });
    expect(mine.statusCode).toBe(200);
    const byId = new Map((mine.json().jobs as Job[]).map((j) => [j._id, j]));
    expect(byId.get(a)!.applicationCounts).toEqual({ submitted: 2, shortlisted: 1 });
    expect(byId.get(b)!.applicationCounts).toEqual({ withdrawn: 1 });
    expect(byId.get(a)!.state).toBe('open');

    const [own] = await db
      .select()
      .from(jobApplications)
      .where(and(eq(jobApplications.jobId, a), eq(jobApplications.applicantId, seekers[2]!.user.id)));
    const seen = (await getJob(a, seekers[2])).json() as Job;
    expect(seen.myApplication).toEqual({
      _id: own!.id,
      status: 'shortlisted',
      createdAt: own!.createdAt.toISOString(),
    });
    expect((await getJob(a, other)).json().myApplication).toBeNull();
    expect((await getJob(a)).json()).not.toHaveProperty('myApplication');
    // Counts are only on My Jobs.
    expect((await getJob(a, poster)).json()).not.toHaveProperty('applicationCounts');
  });

  it('the apply gate sees what the job page sees, and names the poster', async () => {
    const pending = await post(poster, validJob({ title: 'Quoll Gate Role' }));
    const viewer = { id: other.user.id, role: 'user' as const };
    await expect(jobForApplying(t.app.ctx, pending._id, viewer)).rejects.toMatchObject({ status: 404 });
    await expect(jobForApplying(t.app.ctx, pending._id, null)).rejects.toMatchObject({ status: 404 });
    await expect(jobForApplying(t.app.ctx, 'nope', viewer)).rejects.toMatchObject({ status: 404 });
    expect((await jobForApplying(t.app.ctx, pending._id, { id: poster.user.id, role: 'user' })).state).toBe(
      'closed',
    );
    await service.approve(admin, pending._id);
    const open = await jobForApplying(t.app.ctx, pending._id, viewer);
    expect(open).toMatchObject({ state: 'open', job: { id: pending._id, posterId: poster.user.id } });
    expect(await jobPosterOf(t.app.ctx, pending._id)).toBe(poster.user.id);
    expect(await jobPosterOf(t.app.ctx, '00000000-0000-4000-8000-000000000000')).toBeNull();
    expect(await jobPosterOf(t.app.ctx, 'nope')).toBeNull();
  });
});

describe('screening questions', () => {
  it('are stored with ids the server makes, kept across edits, and shown on the job', async () => {
    const created = await post(
      poster,
      validJob({
        title: 'Bandicoot Screening Role',
        screeningQuestions: [
          { text: 'Are you authorised to work in India?', requiredAnswer: 'yes' },
          // A client-chosen id is not the job's: the server makes its own.
          { _id: 'chosen-by-client', text: 'Do you need a visa?', requiredAnswer: null },
        ],
      }),
    );
    const [q1, q2] = created.screeningQuestions;
    expect(created.screeningQuestions.map((q) => [q.text, q.requiredAnswer])).toEqual([
      ['Are you authorised to work in India?', 'yes'],
      ['Do you need a visa?', null],
    ]);
    expect(q1!._id).toMatch(/^[0-9a-f-]{36}$/);
    expect(q2!._id).not.toBe('chosen-by-client');
    expect(q1!._id).not.toBe(q2!._id);
    expect((await getJob(created._id, poster)).json().screeningQuestions).toEqual(created.screeningQuestions);

    const put = (screeningQuestions: unknown) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/jobs/${created._id}`,
        headers: poster.auth,
        payload: validJob({
          title: 'Bandicoot Screening Role',
          ...(screeningQuestions ? { screeningQuestions } : {}),
        }),
      });
    // The first kept (its text reworded), the second dropped, a new one added, one id given twice.
    const edited = await put([
      { _id: q1!._id, text: 'Can you work in India without sponsorship?', requiredAnswer: 'yes' },
      { _id: q1!._id, text: 'Have you run Kubernetes in production?', requiredAnswer: 'no' },
    ]);
    expect(edited.statusCode, edited.body).toBe(200);
    const after = edited.json().job.screeningQuestions as Job['screeningQuestions'];
    expect(after[0]).toEqual({
      _id: q1!._id,
      text: 'Can you work in India without sponsorship?',
      requiredAnswer: 'yes',
    });
    expect(after[1]!._id).not.toBe(q1!._id);
    expect(after[1]!._id).not.toBe(q2!._id);

    // An edit that does not send them keeps them; an empty list removes them.
    expect((await put(undefined)).json().job.screeningQuestions).toEqual(after);
    expect((await put([])).json().job.screeningQuestions).toEqual([]);
  });

  it('at most three, each with text', async () => {
    const four = Array.from({ length: 4 }, (_, i) => ({ text: `Question ${i + 1}?`, requiredAnswer: 'yes' }));
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/jobs',
      headers: poster.auth,
      payload: validJob({ title: 'Too Many Questions', screeningQuestions: four }),
    });
    expect(res.statusCode).toBe(400);
    expectErrorBody(res.json());
    const empty = await t.app.inject({
      method: 'POST',
      url: '/api/jobs',
      headers: poster.auth,
      payload: validJob({
        title: 'Empty Question',
        screeningQuestions: [{ text: '  ', requiredAnswer: 'yes' }],
      }),
    });
    expect(empty.statusCode).toBe(400);
  });
});

describe('the admins’ job list', () => {
  it('finds expired and filled jobs under "approved", each showing its status', async () => {
    const expired = await postApproved('Platypus Expired Role');
    await moveClock({ ms: LISTING_DAYS * DAY + 60_000 });
    await expireTask();
    const filled = await postApproved('Platypus Filled Role');
    expect((await act(filled, 'fill', poster)).statusCode).toBe(200);
    const res = await t.app.inject({
      url: '/api/admin/jobs?status=approved&q=Platypus',
      headers: adminUser.auth,
    });
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json() as Array<{ _id: string; status: string }>;
    expect(rows.map((r) => [r._id, r.status]).sort()).toEqual(
      [
        [expired, 'expired'],
        [filled, 'filled'],
      ].sort(),
    );
    const pending = await t.app.inject({
      url: '/api/admin/jobs?status=pending&q=Platypus',
      headers: adminUser.auth,
    });
    expect(pending.json()).toEqual([]);
  });
});
