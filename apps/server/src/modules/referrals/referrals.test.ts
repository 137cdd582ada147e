import {
  type Application,
  CAREER_MESSAGES,
  type Job,
  type ReferralRequest,
  REFERRALS_PATH,
} from '@agora/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, expectErrorBody, signup, type TestApp, type TestUser } from '../../../test/helpers.js';
import { mailOutbox, notifications, users } from '../../db/schema/index.js';
import { makeJob } from '../admin/admin.fixtures.js';
import { applyTo } from '../applications/applications.fixtures.js';

const DAY = 86_400_000;
let t: TestApp;
const db = () => t.database.db;

const call = (who: TestUser | null, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: who ? who.auth : {}, ...(payload ? { payload } : {}) });

/** Where someone works, as they write it on their profile (PUT /api/users/me). */
async function workAt(u: TestUser, company: string, headline?: string) {
  const res = await t.app.inject({
    method: 'PUT',
    url: '/api/users/me',
    headers: u.auth,
    payload: { company, ...(headline ? { headline } : {}) },
  });
  expect(res.statusCode, res.body).toBe(200);
}

async function follow(follower: TestUser, followee: TestUser) {
  const res = await call(follower, 'POST', '/api/users/follow', { targetUserId: followee.user.id });
  expect(res.statusCode).toBe(200);
}

async function openJob(poster: TestUser, companyName: string) {
  const j = await makeJob(db(), poster, {
    status: 'approved',
    companyName,
    title: `Engineer at ${companyName}`,
    expiresAt: new Date(t.clock.now().getTime() + 20 * DAY),
  });
  return j.id;
}

async function apply(who: TestUser, jobId: string): Promise<Application> {
  const res = await applyTo(t.app, who, jobId);
  expect(res.statusCode, res.body).toBe(201);
  t.clock.advance(1_000);
  return res.json().application;
}

const ask = (who: TestUser | null, applicationId: string, payload: object) =>
  call(who, 'POST', `/api/applications/${applicationId}/referral-requests`, payload);

async function asked(who: TestUser, applicationId: string, referrer: TestUser, message?: string) {
  const res = await ask(who, applicationId, { userId: referrer.user.id, ...(message ? { message } : {}) });
  expect(res.statusCode, res.body).toBe(201);
  t.clock.advance(1_000);
  return res.json().referralRequest as ReferralRequest;
}

const notesOf = (u: TestUser, type: string) =>
  db()
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, u.user.id), eq(notifications.type, type)));
const mailsTo = (u: TestUser) => db().select().from(mailOutbox).where(eq(mailOutbox.to, u.user.email));

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

/**
 * Ann looks for a job at "Acme Corp". Bob (she follows him) and Cat (who follows her) work there,
 * spelled differently; Dan works there too but they are not connected; Eve is connected but works
 * elsewhere; Fay is connected and at Acme but suspended. Pat posts the jobs.
 */
let ann: TestUser;
let bob: TestUser;
let cat: TestUser;
let dan: TestUser;
let eve: TestUser;
let fay: TestUser;
let pat: TestUser;
let jobId: string;
beforeEach(async () => {
  [ann, bob, cat, dan, eve, fay, pat] = await Promise.all(
    ['Ann Lee', 'Bob Stone', 'Cat Ruiz', 'Dan Ng', 'Eve Ito', 'Fay Oduya', 'Pat Kim'].map((name) =>
      signup(t.app, { name }),
    ),
  );
  await workAt(ann, 'Acme Corp');
  await workAt(bob, '  acme   CORP ', 'Staff engineer, payments');
  await workAt(cat, 'ACME Corp');
  await workAt(dan, 'Acme Corp');
  await workAt(eve, 'Globex');
  await workAt(fay, 'Acme Corp');
  await follow(ann, bob);
  await follow(cat, ann);
  await follow(ann, eve);
  await follow(fay, ann);
  await db().update(users).set({ status: 'suspended' }).where(eq(users.id, fay.user.id));
  jobId = await openJob(pat, 'Acme  corp');
});

describe('network on a job', () => {
  it('lists followers and followees at the job’s company, whatever the case and spaces, by name', async () => {
    const res = await call(ann, 'GET', `/api/jobs/${jobId}`);
    expect(res.statusCode).toBe(200);
    expect((res.json() as Job).network).toEqual([
      { id: bob.user.id, displayName: 'Bob Stone', headline: 'Staff engineer, payments' },
      { id: cat.user.id, displayName: 'Cat Ruiz', headline: null },
    ]);
  });

  it('gives visitors no network, and an empty one to a viewer who knows nobody there', async () => {
    expect((await call(null, 'GET', `/api/jobs/${jobId}`)).json()).not.toHaveProperty('network');
    expect((await call(dan, 'GET', `/api/jobs/${jobId}`)).json().network).toEqual([]);
    const globex = await openJob(pat, 'GLOBEX');
    expect(
      (await call(ann, 'GET', `/api/jobs/${globex}`)).json().network.map((p: { id: string }) => p.id),
    ).toEqual([eve.user.id]);
  });

  it('includes the poster when the viewer follows them and they work there', async () => {
    await workAt(pat, 'acme corp');
    await follow(ann, pat);
    const ids = (await call(ann, 'GET', `/api/jobs/${jobId}`))
      .json()
      .network.map((p: { id: string }) => p.id);
    expect(ids).toEqual([bob.user.id, cat.user.id, pat.user.id]);
  });
});

describe('asking for a referral', () => {
  it('records the request and tells the person asked, in the app and by e-mail', async () => {
    const a = await apply(ann, jobId);
    const res = await ask(ann, a._id, { userId: bob.user.id, message: '  Would you refer me?  ' });
    expect(res.statusCode).toBe(201);
    const r = res.json().referralRequest as ReferralRequest;
    expect(r).toMatchObject({
      application: { _id: a._id },
      job: { _id: jobId, title: 'Engineer at Acme  corp', company: 'Acme  corp' },
      applicant: { id: ann.user.id, displayName: 'Ann Lee' },
      referrer: { id: bob.user.id, displayName: 'Bob Stone' },
      message: 'Would you refer me?',
      status: 'pending',
      answeredAt: null,
    });
    const [note] = await notesOf(bob, 'referral_request');
    expect(note).toMatchObject({ title: 'Ann Lee asked you for a referral', link: REFERRALS_PATH });
    const [mail] = await mailsTo(bob);
    expect(mail!.subject).toBe('Ann Lee asked you for a referral at Acme  corp');
    expect(mail!.text).toContain('Would you refer me?');
    expect(mail!.text).toContain(`${t.config.publicUrl}${REFERRALS_PATH}`);
    // The applicant sees it on their application and in its own list.
    const mine = (await call(ann, 'GET', '/api/applications/mine')).json().applications as Application[];
    expect(mine.find((x) => x._id === a._id)!.referrals).toEqual([
      { _id: r._id, referrer: { id: bob.user.id, displayName: 'Bob Stone' }, status: 'pending' },
    ]);
    const own = await call(ann, 'GET', `/api/applications/${a._id}/referral-requests`);
    expect(own.json().referralRequests.map((x: ReferralRequest) => x._id)).toEqual([r._id]);
    expect((await call(bob, 'GET', `/api/applications/${a._id}/referral-requests`)).statusCode).toBe(404);
  });

  it('answers 404 to anyone but the applicant, and 401 to a visitor before reading the body', async () => {
    const a = await apply(ann, jobId);
    for (const who of [bob, pat]) {
      const res = await ask(who, a._id, { userId: cat.user.id });
      expect(res.statusCode).toBe(404);
      expectErrorBody(res.json());
    }
    expect((await ask(ann, '00000000-0000-4000-8000-000000000000', { userId: bob.user.id })).statusCode).toBe(
      404,
    );
    expect((await ask(null, a._id, { nonsense: true })).statusCode).toBe(401);
    expect((await ask(ann, a._id, { userId: bob.user.id, message: 'x'.repeat(501) })).statusCode).toBe(400);
  });

  it('refuses with 403 anyone outside the network at the job’s company', async () => {
    const a = await apply(ann, jobId);
    for (const who of [dan, eve, fay, ann, pat]) {
      const res = await ask(ann, a._id, { userId: who.user.id });
      expect(res.statusCode, who.user.id).toBe(403);
      expect(res.json().message).toBe(CAREER_MESSAGES.notInNetwork);
    }
    expect((await ask(ann, a._id, { userId: 'not-a-user' })).statusCode).toBe(403);
    expect(await notesOf(dan, 'referral_request')).toEqual([]);
  });

  it('asks each person once: 409 the second time, and one 201 + one 409 when two race', async () => {
    const a = await apply(ann, jobId);
    await asked(ann, a._id, bob);
    const again = await ask(ann, a._id, { userId: bob.user.id });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'ALREADY_ASKED', message: CAREER_MESSAGES.alreadyAsked });
    const race = await Promise.all([
      ask(ann, a._id, { userId: cat.user.id }),
      ask(ann, a._id, { userId: cat.user.id }),
    ]);
    expect(race.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(await notesOf(cat, 'referral_request')).toHaveLength(1);
  });

  it('refuses a withdrawn application with 409', async () => {
    const a = await apply(ann, jobId);
    expect((await call(ann, 'DELETE', `/api/applications/${a._id}`)).statusCode).toBe(200);
    const res = await ask(ann, a._id, { userId: bob.user.id });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(CAREER_MESSAGES.referralWithdrawn);
  });
});

describe('answering a referral request', () => {
  it('lists the requests sent to me, newest first, a page at a time', async () => {
    const first = await asked(ann, (await apply(ann, jobId))._id, bob, 'First');
    await follow(dan, bob);
    const second = await asked(dan, (await apply(dan, jobId))._id, bob, 'Second');
    const page1 = await call(bob, 'GET', '/api/referral-requests?limit=1');
    expect(
      page1.json().referralRequests.map((r: ReferralRequest) => [r._id, r.applicant.displayName, r.message]),
    ).toEqual([[second._id, 'Dan Ng', 'Second']]);
    const cursor = page1.headers['x-next-cursor'] as string;
    const page2 = await call(bob, 'GET', `/api/referral-requests?limit=1&cursor=${cursor}`);
    expect(page2.json().referralRequests.map((r: ReferralRequest) => r._id)).toEqual([first._id]);
    expect(page2.headers['x-next-cursor']).toBeUndefined();
    expect((await call(cat, 'GET', '/api/referral-requests')).json()).toEqual({ referralRequests: [] });
    expect((await call(null, 'GET', '/api/referral-requests')).statusCode).toBe(401);
  });

  it('lets only the person asked answer, once; the applicant is told', async () => {
    const a = await apply(ann, jobId);
    const r = await asked(ann, a._id, bob);
    for (const who of [ann, cat, pat]) {
      expect((await call(who, 'POST', `/api/referral-requests/${r._id}/accept`)).statusCode).toBe(404);
    }
    const res = await call(bob, 'POST', `/api/referral-requests/${r._id}/accept`);
    expect(res.statusCode).toBe(200);
    expect(res.json().referralRequest).toMatchObject({ _id: r._id, status: 'accepted' });
    expect(res.json().referralRequest.answeredAt).toEqual(expect.any(String));
    for (const action of ['accept', 'decline']) {
      const twice = await call(bob, 'POST', `/api/referral-requests/${r._id}/${action}`);
      expect(twice.statusCode).toBe(409);
      expect(twice.json()).toMatchObject({
        code: 'REFERRAL_ANSWERED',
        message: CAREER_MESSAGES.referralAnswered,
      });
    }
    const [note] = await notesOf(ann, 'referral_answer');
    expect(note!.title).toBe('Bob Stone will refer you for Engineer at Acme  corp');
    expect((await mailsTo(ann)).map((m) => m.subject)).toContain(
      'Bob Stone will refer you for Engineer at Acme  corp',
    );
    const mine = (await call(ann, 'GET', '/api/applications/mine')).json().applications as Application[];
    expect(mine.find((x) => x._id === a._id)!.referrals![0]!.status).toBe('accepted');
  });

  it('declines, and the applicant is told kindly', async () => {
    const r = await asked(ann, (await apply(ann, jobId))._id, cat);
    const res = await call(cat, 'POST', `/api/referral-requests/${r._id}/decline`);
    expect(res.json().referralRequest.status).toBe('declined');
    const [note] = await notesOf(ann, 'referral_answer');
    expect(note!.title).toBe('Cat Ruiz declined your referral request');
    expect((await call(bob, 'POST', `/api/referral-requests/${r._id}/decline`)).statusCode).toBe(404);
    expect((await call(cat, 'POST', '/api/referral-requests/nope/decline')).statusCode).toBe(404);
  });

  it('shows the poster who referred an applicant: the earliest acceptance, null for the others', async () => {
    const a = await apply(ann, jobId);
    await follow(eve, bob);
    await workAt(eve, 'Acme Corp');
    const other = await apply(eve, jobId);
    const toCat = await asked(ann, a._id, cat);
    const toBob = await asked(ann, a._id, bob);
    await asked(eve, other._id, bob);
    expect((await call(bob, 'POST', `/api/referral-requests/${toBob._id}/accept`)).statusCode).toBe(200);
    t.clock.advance(60_000);
    expect((await call(cat, 'POST', `/api/referral-requests/${toCat._id}/accept`)).statusCode).toBe(200);
    const list = (await call(pat, 'GET', `/api/jobs/${jobId}/applications`)).json()
      .applications as Application[];
    const byApplicant = Object.fromEntries(list.map((x) => [x.applicant.id, x]));
    expect(byApplicant[ann.user.id]!.referredBy).toEqual({ id: bob.user.id, displayName: 'Bob Stone' });
    expect(byApplicant[eve.user.id]!.referredBy).toBeNull();
    // The hiring team sees who referred, not the applicant's requests.
    expect(byApplicant[ann.user.id]).not.toHaveProperty('referrals');
  });
});
