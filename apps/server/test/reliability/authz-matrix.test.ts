// Authorization matrix: every route the server registers × {visitor, another user, owner, admin}
// with the outcome each must get. The route list comes from the running app (printRoutes), so a
// new route without a row here fails the first test. Rows that change state build a fresh target
// per caller, so each caller's outcome is measured on the same starting state.
//
// "owner" means the person the object belongs to: author of the question / idea / comment,
// organiser of the hackathon, poster of the job, holder of the wallet; for self-service routes
// (/me, wallet, notifications) it is just another signed-in user acting on their own data, and
// for admin routes an ordinary user (admin routes have no owner).
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  hackathonJudges,
  hackathonParticipants,
  hackathonSubmissions,
  withdrawals,
} from '../../src/db/schema/index.js';
import { PRIVATE_UPLOAD_PURPOSES } from '../../src/lib/uploads.js';
import {
  makeAnswer,
  makeHackathon,
  makeIdea,
  makeJob,
  makeQuestion,
  payQuestion,
} from '../../src/modules/admin/admin.fixtures.js';
import { applyTo } from '../../src/modules/applications/applications.fixtures.js';
import { makePng, multipart } from '../../src/modules/questions/questions.fixtures.js';
import { setWorkplace } from '../../src/modules/referrals/referrals.fixtures.js';
import { buildTestApp, expectErrorBody, signup, type TestApp, type TestUser } from '../helpers.js';
import { api, buildWorld, PDF, type World } from './world.js';

type Role = 'visitor' | 'other' | 'owner' | 'admin';
const ROLES: Role[] = ['visitor', 'other', 'owner', 'admin'];
type Expect = number | number[];

interface Call {
  url: string;
  payload?: unknown;
  headers?: Record<string, string>;
  /** Who plays "other" / "owner" for this row when not the world's defaults. */
  owner?: TestUser;
  other?: TestUser;
}

interface Row {
  /** Public routes: anyone may call them; the row still says what a visitor gets. */
  public?: true;
  /** Builds the request for one caller; called once per role (fresh targets for state changes). */
  call: (w: World, role: Role) => Promise<Call> | Call;
  expect: Record<Role, Expect>;
  /** Extra checks on what each caller may see in a successful answer. */
  check?: (res: LightMyRequestResponse, role: Role, w: World, c: Call) => void | Promise<void>;
}

const ADMIN_ONLY = { visitor: 401, other: 403, owner: 403 } as const;
const SIGNED_IN = { visitor: 401 } as const;

let t: TestApp;
let w: World;
const db = () => t.database.db;

// ---------------------------------------------------------------- fresh targets

/**
 * A question asked with a ₹20 reward and paid for (create-order → sandbox checkout → verify), by one
 * of a few askers in turn: each person may place 30 orders a minute, more than this file needs from
 * any one of them but less than it needs in all. The row names the asker as its `owner`.
 */
let askers: TestUser[] = [];
let nextAsker = 0;
async function freshQuestion(): Promise<{ id: string; owner: TestUser }> {
  const owner = askers[nextAsker++ % askers.length]!;
  const id = await freshUnpaidQuestion(owner);
  await payQuestion(t.app, owner, id, 20);
  return { id, owner };
}
/** Asked with a ₹20 reward, not paid yet: only its author and admins can see it. */
const freshUnpaidQuestion = async (owner: TestUser = w.owner) =>
  (await makeQuestion(db(), owner, { rewardAmount: 2000 })).id;
const freshIdea = async (owner: TestUser = w.owner, over = {}) => (await makeIdea(db(), owner, over)).id;
/** An image on a fresh idea of the owner: the attachment's URL. */
async function freshIdeaAttachment(): Promise<string> {
  const idea = await freshIdea();
  const mp = await multipart({}, { field: 'file', name: 'sketch.png', data: makePng(), type: 'image/png' });
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/ideas/${idea}/attachments`,
    payload: mp.payload,
    headers: { ...mp.headers, ...w.owner.auth },
  });
  return `/api/ideas/${idea}/attachments/${res.json().attachment._id}`;
}
async function freshPaidQuestionWithAnswer() {
  const { id: questionId, owner } = await freshQuestion();
  const a = await makeAnswer(db(), questionId, w.answerer);
  return { questionId, answerId: a.id, owner };
}
async function freshUpcomingHackathon(organiser: TestUser = w.owner) {
  const start = Date.now() + 10 * 86_400_000;
  return (
    await makeHackathon(db(), organiser, {
      status: 'published',
      startDate: new Date(start),
      endDate: new Date(start + 86_400_000),
    })
  ).id;
}
/**
 * A team in a fresh upcoming hackathon organised by the answerer: the owner is its captain; other
 * and admin are registered and in no team; with `ask`, other has asked to join (the request is `rid`).
 */
async function freshTeam(ask = true): Promise<{ hackathon: string; team: string; rid: string }> {
  const hackathon = await freshUpcomingHackathon(w.answerer);
  await db()
    .insert(hackathonParticipants)
    .values([w.owner, w.other, w.admin].map((u) => ({ hackathonId: hackathon, userId: u.user.id })));
  const created = (await api(t, w.owner, 'POST', `/api/hackathons/${hackathon}/teams`, { name: 'Crew' })) as {
    team: { _id: string };
  };
  if (!ask) return { hackathon, team: created.team._id, rid: '' };
  const asked = (await api(t, w.other, 'POST', `/api/teams/${created.team._id}/join-requests`, {})) as {
    request: { _id: string };
  };
  return { hackathon, team: created.team._id, rid: asked.request._id };
}
/**
 * A published hackathon of `organiser` that has ended (by `end`, default a day ago), with judging
 * criteria, `judge` invited by e-mail and one submission by `submitter`.
 */
async function freshEndedHackathon(o: {
  organiser: TestUser;
  judge?: TestUser;
  submitter: TestUser;
  end?: Date;
}): Promise<{ id: string; sid: string }> {
  const end = o.end ?? new Date(Date.now() - 86_400_000);
  const id = (
    await makeHackathon(db(), o.organiser, {
      status: 'published',
      startDate: new Date(end.getTime() - 2 * 86_400_000),
      endDate: end,
      criteria: [{ name: 'Impact', weight: 1 }],
    })
  ).id;
  if (o.judge) await db().insert(hackathonJudges).values({ hackathonId: id, email: o.judge.user.email });
  const [sub] = await db()
    .insert(hackathonSubmissions)
    .values({
      hackathonId: id,
      userId: o.submitter.user.id,
      teamName: 'Team',
      projectTitle: 'P',
      projectDescription: 'D',
    })
    .returning({ id: hackathonSubmissions.id });
  return { id, sid: sub!.id };
}
async function freshWithdrawal(): Promise<string> {
  const res = (await api(t, w.answerer, 'POST', '/api/withdrawals/request', { amount: 100 })) as {
    withdrawal?: { _id: string };
  };
  const rows = await db()
    .select({ id: withdrawals.id, status: withdrawals.status })
    .from(withdrawals)
    .where(eq(withdrawals.userId, w.answerer.user.id));
  return res.withdrawal?._id ?? rows.filter((r) => r.status === 'pending').at(-1)!.id;
}
async function freshSession(u: TestUser): Promise<Record<string, string>> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: u.user.email, password: 'correct horse battery' },
  });
  return { authorization: `Bearer ${res.json().token}` };
}

/** A fresh user who keeps a résumé on their profile (the row's owner), and one who keeps none. */
async function withProfileResume(): Promise<{ owner: TestUser; other: TestUser }> {
  const owner = await signup(t.app);
  const mp = await multipart({}, { field: 'resume', name: 'cv.pdf', data: PDF, type: 'application/pdf' });
  const res = await t.app.inject({
    method: 'PUT',
    url: '/api/users/me/resume',
    headers: { ...owner.auth, ...mp.headers },
    payload: mp.payload,
  });
  if (res.statusCode !== 200) throw new Error(`résumé upload failed: ${res.statusCode} ${res.body}`);
  return { owner, other: await signup(t.app) };
}

/** A listed job of `poster`'s that takes applications. */
const freshOpenJob = async (poster: TestUser = w.owner) =>
  (await makeJob(db(), poster, { status: 'approved', expiresAt: new Date(Date.now() + 10 * 86_400_000) })).id;
/** An application of `applicant`'s, with a résumé, to a fresh job of `poster`'s. */
async function freshApplication(
  poster: TestUser,
  applicant: TestUser,
): Promise<{ jobId: string; id: string }> {
  const jobId = await freshOpenJob(poster);
  const res = await applyTo(t.app, applicant, jobId);
  if (res.statusCode !== 201) throw new Error(`apply failed: ${res.statusCode} ${res.body}`);
  return { jobId, id: res.json().application._id };
}

/**
 * An application of `applicant`'s to a fresh job of `poster`'s (company Acme), and a new person at
 * Acme who follows the applicant: someone they may ask for a referral. With `asked`, the request.
 */
async function freshReferral(poster: TestUser, applicant: TestUser, asked = false) {
  const { id } = await freshApplication(poster, applicant);
  const referrer = await signup(t.app, { name: 'Referrer Rae' });
  await setWorkplace(db(), referrer.user.id, 'Acme');
  await t.app.inject({
    method: 'POST',
    url: '/api/users/follow',
    headers: referrer.auth,
    payload: { targetUserId: applicant.user.id },
  });
  if (!asked) return { applicationId: id, referrer, requestId: '' };
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/applications/${id}/referral-requests`,
    headers: applicant.auth,
    payload: { userId: referrer.user.id },
  });
  if (res.statusCode !== 201) throw new Error(`referral request failed: ${res.statusCode} ${res.body}`);
  return { applicationId: id, referrer, requestId: res.json().referralRequest._id as string };
}

function ownerRole(role: Role, c: Call): TestUser | null {
  if (role === 'visitor') return null;
  if (role === 'admin') return w.admin;
  if (role === 'owner') return c.owner ?? w.owner;
  return c.other ?? w.other;
}

const json = (res: LightMyRequestResponse) => res.json() as Record<string, unknown>;
const ids = (list: unknown) => (list as { _id?: string; id?: string }[]).map((x) => x._id ?? x.id);

// ---------------------------------------------------------------- the matrix

const MATRIX: Record<string, Row> = {
  // ---------- operations, auth, users
  'GET /api/health': { public: true, call: () => ({ url: '/api/health' }), expect: all(200) },
  'GET /api/health/ready': { public: true, call: () => ({ url: '/api/health/ready' }), expect: all(200) },
  'POST /api/auth/signup': {
    public: true,
    call: () => ({
      url: '/api/auth/signup',
      payload: {
        name: 'New Person',
        email: `new-${Math.random()}@example.com`,
        password: 'a fine password 1',
      },
    }),
    expect: all(201),
  },
  'POST /api/auth/login': {
    public: true,
    call: () => ({
      url: '/api/auth/login',
      payload: { email: w.other.user.email, password: 'correct horse battery' },
    }),
    expect: all(200),
  },
  'POST /api/auth/google': {
    public: true,
    call: () => ({ url: '/api/auth/google', payload: { id_token: 'x'.repeat(40) } }),
    // Google sign-in is not configured in tests: 404 for everyone.
    expect: all(404),
  },
  'POST /api/auth/forgot-password': {
    public: true,
    call: () => ({ url: '/api/auth/forgot-password', payload: { email: 'nobody-here@example.com' } }),
    expect: all(200),
  },
  'POST /api/auth/reset-password': {
    public: true,
    // A link nobody was sent: refused alike for every caller (the token is the only credential).
    call: () => ({
      url: '/api/auth/reset-password',
      payload: { token: 'x'.repeat(43), password: 'a fine password 1' },
    }),
    expect: all(400),
  },
  'GET /api/auth/config': { public: true, call: () => ({ url: '/api/auth/config' }), expect: all(200) },
  'GET /api/auth/me': {
    call: () => ({ url: '/api/auth/me' }),
    expect: { ...SIGNED_IN, other: 200, owner: 200, admin: 200 },
    check: (res, role, _w, c) => expect(json(res).user).toMatchObject({ id: ownerRole(role, c)!.user.id }),
  },
  'POST /api/auth/logout': {
    // Each caller logs out a session of its own, made for this call.
    call: async (_w, role) => ({
      url: '/api/auth/logout',
      headers:
        role === 'visitor'
          ? {}
          : await freshSession(role === 'admin' ? w.admin : role === 'owner' ? w.owner : w.other),
    }),
    expect: { ...SIGNED_IN, other: 204, owner: 204, admin: 204 },
  },
  'POST /api/auth/keepalive': {
    call: () => ({ url: '/api/auth/keepalive' }),
    expect: { ...SIGNED_IN, other: 204, owner: 204, admin: 204 },
  },
  'GET /api/users/me': {
    call: () => ({ url: '/api/users/me' }),
    expect: { ...SIGNED_IN, other: 200, owner: 200, admin: 200 },
    check: (res, role, _w, c) => expect(json(res).user).toMatchObject({ id: ownerRole(role, c)!.user.id }),
  },
  'PUT /api/users/me': {
    call: () => ({ url: '/api/users/me', payload: { displayName: 'Renamed' } }),
    expect: { ...SIGNED_IN, other: 200, owner: 200, admin: 200 },
    check: (res, role, _w, c) => expect(json(res).user).toMatchObject({ id: ownerRole(role, c)!.user.id }),
  },
  'GET /api/users/me/activity': {
    call: () => ({ url: '/api/users/me/activity' }),
    expect: { ...SIGNED_IN, other: 200, owner: 200, admin: 200 },
  },
  // The résumé kept on a profile: only its owner reads it. "owner" is a fresh user who stored one,
  // "other" a fresh user who has none (admins have none when these two rows run).
  'GET /api/users/me/resume': {
    call: async () => ({ url: '/api/users/me/resume', ...(await withProfileResume()) }),
    expect: { ...SIGNED_IN, other: 404, owner: 200, admin: 404 },
    check: (res) => {
      expect(res.rawPayload.equals(PDF)).toBe(true);
      expect(res.headers['cache-control']).toBe('private, no-store');
    },
  },
  'DELETE /api/users/me/inferred-skills/{skill}': {
    call: async () => ({ url: '/api/users/me/inferred-skills/JavaScript', ...(await withProfileResume()) }),
    expect: { ...SIGNED_IN, other: 404, owner: 200, admin: 404 },
  },
  'PUT /api/users/me/resume': {
    call: async () => {
      const mp = await multipart({}, { field: 'resume', name: 'cv.pdf', data: PDF, type: 'application/pdf' });
      return { url: '/api/users/me/resume', payload: mp.payload, headers: mp.headers };
    },
    expect: { ...SIGNED_IN, other: 200, owner: 200, admin: 200 },
    check: (res) => expect(json(res).user).toMatchObject({ resume: { originalName: 'cv.pdf' } }),
  },
  'DELETE /api/users/me/resume': {
    call: () => ({ url: '/api/users/me/resume' }),
    expect: { ...SIGNED_IN, other: 200, owner: 200, admin: 200 },
    check: (res) => expect(json(res).user).toMatchObject({ resume: null, inferredSkills: [] }),
  },
  'GET /api/users/skill-suggestions': {
    call: () => ({ url: '/api/users/skill-suggestions?q=a' }),
    expect: { ...SIGNED_IN, other: 200, owner: 200, admin: 200 },
  },
  'POST /api/contact': {
    public: true,
    call: () => ({ url: '/api/contact', payload: { name: 'V', email: 'v@example.com', message: 'Hello' } }),
    expect: all(201),
  },
  'GET /api/settings/min-reward': {
    public: true,
    call: () => ({ url: '/api/settings/min-reward' }),
    expect: all(200),
  },
  'GET /api/settings/payments': {
    public: true,
    call: () => ({ url: '/api/settings/payments' }),
    expect: all(200),
  },

  // ---------- Inquiry Space
  'GET /api/questions/public': {
    public: true,
    call: () => ({ url: '/api/questions/public?limit=100' }),
    expect: all(200),
    check: (res) => {
      expect(ids(res.json())).toContain(w.ids.question);
      expect(ids(res.json())).not.toContain(w.ids.hiddenQuestion);
      expect(ids(res.json())).not.toContain(w.ids.unpaidQuestion);
    },
  },
  'GET /api/questions/categories': {
    public: true,
    call: () => ({ url: '/api/questions/categories' }),
    expect: all(200),
  },
  'GET /api/questions/similar': {
    public: true,
    call: () => ({ url: '/api/questions/similar?q=answer' }),
    expect: all(200),
  },
  'GET /api/questions': {
    public: true,
    // ?own=true needs a session; the plain list is public.
    call: () => ({ url: '/api/questions?own=true&limit=100' }),
    expect: { visitor: 401, other: 200, owner: 200, admin: 200 },
    check: (res, role) => {
      const mine = ids(res.json());
      if (role === 'owner') expect(mine).toContain(w.ids.hiddenQuestion);
      else expect(mine).not.toContain(w.ids.question);
    },
  },
  'POST /api/questions': {
    call: () => ({
      url: '/api/questions',
      payload: { title: 'A new question', description: 'Why?', category: 'Technology' },
    }),
    expect: { ...SIGNED_IN, other: 201, owner: 201, admin: 201 },
  },
  'GET /api/questions/{id}': {
    public: true,
    call: () => ({ url: `/api/questions/${w.ids.hiddenQuestion}` }),
    // A hidden question exists only for its author and admins.
    expect: { visitor: 404, other: 404, owner: 200, admin: 200 },
  },
  'DELETE /api/questions/{id}': {
    // The author discards an unpaid question; others cannot see it, an admin may see but not delete.
    call: async () => ({ url: `/api/questions/${await freshUnpaidQuestion()}` }),
    expect: { ...SIGNED_IN, other: 404, owner: 204, admin: 403 },
  },
  'POST /api/questions/{id}/answers': {
    call: async () => {
      const q = await freshQuestion();
      return { url: `/api/questions/${q.id}/answers`, payload: { content: 'My answer' }, owner: q.owner };
    },
    expect: { ...SIGNED_IN, other: 201, owner: 403, admin: 201 },
  },
  'POST /api/questions/{id}/answers/upload': {
    call: async () => {
      const mp = await multipart(
        {},
        { field: 'attachment', name: 'notes.pdf', data: PDF, type: 'application/pdf' },
      );
      const q = await freshQuestion();
      return {
        url: `/api/questions/${q.id}/answers/upload`,
        payload: mp.payload,
        headers: mp.headers,
        owner: q.owner,
      };
    },
    expect: { ...SIGNED_IN, other: 201, owner: 403, admin: 201 },
  },
  'POST /api/questions/{id}/mark-answered': {
    call: async () => {
      const q = await freshQuestion();
      return { url: `/api/questions/${q.id}/mark-answered`, owner: q.owner };
    },
    expect: { ...SIGNED_IN, other: 403, owner: 200, admin: 403 },
  },
  'POST /api/questions/{id}/reopen': {
    call: async () => {
      const q = await freshQuestion();
      return { url: `/api/questions/${q.id}/reopen`, owner: q.owner };
    },
    expect: { ...SIGNED_IN, other: 403, owner: 200, admin: 403 },
  },
  'POST /api/questions/{id}/rank-answers': {
    call: () => ({ url: `/api/questions/${w.ids.paidQuestion}/rank-answers` }),
    expect: { ...SIGNED_IN, other: 403, owner: 200, admin: 403 },
  },
  'POST /api/questions/{id}/rank': {
    call: () => ({ url: `/api/questions/${w.ids.paidQuestion}/rank` }),
    expect: { ...SIGNED_IN, other: 403, owner: 200, admin: 403 },
  },
  // Following a category is each caller's own; the unsubscribe link is signed, not signed in.
  'POST /api/questions/categories/{category}/follow': {
    call: () => ({ url: '/api/questions/categories/Technology/follow' }),
    expect: { ...SIGNED_IN, other: 201, owner: 201, admin: 201 },
  },
  'DELETE /api/questions/categories/{category}/follow': {
    call: () => ({ url: '/api/questions/categories/Technology/follow' }),
    expect: { ...SIGNED_IN, other: 204, owner: 204, admin: 204 },
  },
  'GET /api/users/me/followed-categories': {
    call: () => ({ url: '/api/users/me/followed-categories' }),
    expect: { ...SIGNED_IN, other: 200, owner: 200, admin: 200 },
  },
  'GET /api/questions/categories/unsubscribe': {
    public: true,
    call: () => ({ url: '/api/questions/categories/unsubscribe?token=not-a-token' }),
    expect: all(400),
  },
  'POST /api/questions/categories/unsubscribe': {
    public: true,
    call: () => ({ url: '/api/questions/categories/unsubscribe?token=not-a-token' }),
    expect: all(400),
  },
  // Job alerts are each caller's own; the e-mails' unsubscribe link is signed, not signed in.
  'POST /api/job-alerts': {
    call: () => ({ url: '/api/job-alerts', payload: { q: 'matrix', frequency: 'weekly' } }),
    expect: { ...SIGNED_IN, other: 201, owner: 201, admin: 201 },
  },
  'GET /api/job-alerts': {
    call: () => ({ url: '/api/job-alerts' }),
    expect: { ...SIGNED_IN, other: 200, owner: 200, admin: 200 },
  },
  'DELETE /api/job-alerts/{id}': {
    // The owner's alert: another user and an admin get 404 (it is not theirs to see).
    call: async () => {
      const { alert } = (await api(t, w.owner, 'POST', '/api/job-alerts', { frequency: 'daily' })) as {
        alert: { _id: string };
      };
      return { url: `/api/job-alerts/${alert._id}` };
    },
    expect: { ...SIGNED_IN, other: 404, owner: 204, admin: 404 },
  },
  'GET /api/job-alerts/unsubscribe': {
    public: true,
    call: () => ({ url: '/api/job-alerts/unsubscribe?token=not-a-token' }),
    expect: all(400),
  },
  'POST /api/job-alerts/unsubscribe': {
    public: true,
    call: () => ({ url: '/api/job-alerts/unsubscribe?token=not-a-token' }),
    expect: all(400),
  },
  // The signed link is the authority (no session): a forged token changes nothing for anyone.
  'GET /api/users/unsubscribe': {
    public: true,
    call: () => ({ url: '/api/users/unsubscribe?token=not-a-token' }),
    expect: all(400),
  },
  'POST /api/users/unsubscribe': {
    public: true,
    call: () => ({ url: '/api/users/unsubscribe?token=not-a-token' }),
    expect: all(400),
  },

  // ---------- money
  'POST /api/payments/create-order': {
    call: async () => ({
      url: '/api/payments/create-order',
      payload: { questionId: await freshUnpaidQuestion(), amount: 20 },
    }),
    // An unpaid question is invisible to others (404); an admin sees it but pays for no one (403).
    expect: { ...SIGNED_IN, other: 404, owner: 200, admin: 403 },
  },
  'POST /api/payments/verify': {
    call: async () => {
      const q = await freshUnpaidQuestion();
      const order = (await api(t, w.owner, 'POST', '/api/payments/create-order', {
        questionId: q,
        amount: 20,
      })) as {
        orderId: string;
      };
      const signed = await api(t, w.owner, 'POST', '/api/payments/sandbox/pay', { orderId: order.orderId });
      return { url: '/api/payments/verify', payload: { ...(signed as object), questionId: q } };
    },
    // Someone else's signed payment is not theirs to apply.
    expect: { ...SIGNED_IN, other: [403, 404], owner: 200, admin: [403, 404] },
  },
  'POST /api/payments/sandbox/pay': {
    call: async () => {
      const q = await freshUnpaidQuestion();
      const order = (await api(t, w.owner, 'POST', '/api/payments/create-order', {
        questionId: q,
        amount: 20,
      })) as {
        orderId: string;
      };
      return { url: '/api/payments/sandbox/pay', payload: { orderId: order.orderId } };
    },
    expect: { ...SIGNED_IN, other: 404, owner: 200, admin: 404 },
  },
  'POST /api/payments/webhook': {
    public: true,
    call: () => ({
      url: '/api/payments/webhook',
      payload: { event: 'payment.captured' },
      headers: { 'x-razorpay-signature': 'forged' },
    }),
    // Authorised by its signature only: a forged one is refused for everyone.
    expect: all([400, 401]),
  },
  'GET /api/questions/{id}/rewards': {
    call: () => ({ url: `/api/questions/${w.ids.paidQuestion}/rewards` }),
    expect: { ...SIGNED_IN, other: 403, owner: 200, admin: 403 },
  },
  'POST /api/rewards/distribute': {
    call: async () => {
      const { questionId, answerId, owner } = await freshPaidQuestionWithAnswer();
      return {
        owner,
        url: '/api/rewards/distribute',
        payload: { questionId, rewards: [{ answererId: w.answerer.user.id, answerId, percentage: 100 }] },
      };
    },
    expect: { ...SIGNED_IN, other: 403, owner: 200, admin: 403 },
  },
  'GET /api/wallet': {
    call: () => ({ url: '/api/wallet', owner: w.answerer }),
    expect: { ...SIGNED_IN, other: 200, owner: 200, admin: 200 },
    // Everyone sees only their own wallet: only the answerer's holds money.
    check: (res, role) => {
      const balance = Number(
        (json(res).wallet as { balance?: number } | undefined)?.balance ?? json(res).balance,
      );
      if (role === 'owner') expect(balance).toBeGreaterThan(0);
      else expect(balance).toBe(0);
    },
  },
  'GET /api/wallet/transactions': {
    call: () => ({ url: '/api/wallet/transactions', owner: w.answerer }),
    expect: { ...SIGNED_IN, other: 200, owner: 200, admin: 200 },
    check: (res, role) => {
      if (role === 'owner') expect((res.json() as unknown[]).length).toBeGreaterThan(0);
      else expect(res.json()).toEqual([]);
    },
  },
  'GET /api/withdrawals': {
    call: () => ({ url: '/api/withdrawals', owner: w.answerer }),
    // Each caller sees only their own withdrawals.
    expect: { ...SIGNED_IN, other: 200, owner: 200, admin: 200 },
    check: (res, role) => {
      if (role === 'owner') expect(ids(res.json())).toContain(w.ids.withdrawal);
      else expect(res.json()).toEqual([]);
    },
  },
  'PUT /api/wallet/bank-details': {
    call: () => ({ url: '/api/wallet/bank-details', payload: { upiId: 'someone@okbank' } }),
    expect: { ...SIGNED_IN, other: 200, owner: 200, admin: 200 },
  },
  'POST /api/withdrawals/request': {
    call: () => ({ url: '/api/withdrawals/request', payload: { amount: 100 }, owner: w.answerer }),
    // Only a wallet with money can withdraw; the others have nothing to take.
    expect: { ...SIGNED_IN, other: [400, 409], owner: 201, admin: [400, 409] },
  },

  // ---------- Innovators Space
  'GET /api/ideas': {
    public: true,
    call: () => ({ url: '/api/ideas?limit=100' }),
    expect: all(200),
    check: (res) => expect(ids(json(res).ideas)).not.toContain(w.ids.hiddenIdea),
  },
  'POST /api/ideas': {
    call: () => ({
      url: '/api/ideas',
      payload: { title: 'An idea', description: 'Details', category: 'Technology' },
    }),
    expect: { ...SIGNED_IN, other: 201, owner: 201, admin: 201 },
  },
  'GET /api/ideas/categories': {
    public: true,
    call: () => ({ url: '/api/ideas/categories' }),
    expect: all(200),
  },
  'GET /api/ideas/search': {
    public: true,
    call: () => ({ url: '/api/ideas/search?q=Idea' }),
    expect: all(200),
    check: (res) => expect(ids(res.json())).not.toContain(w.ids.hiddenIdea),
  },
  'GET /api/ideas/user/{userId}/hidden': {
    call: () => ({ url: `/api/ideas/user/${w.owner.user.id}/hidden` }),
    // Admins moderate through /api/admin/ideas; this list is the author's own.
    expect: { ...SIGNED_IN, other: 403, owner: 200, admin: 403 },
    check: (res) => expect(ids(json(res).ideas)).toContain(w.ids.hiddenIdea),
  },
  'GET /api/ideas/{id}': {
    public: true,
    call: () => ({ url: `/api/ideas/${w.ids.hiddenIdea}` }),
    // A hidden idea is its author's; admins read it too, as they moderate it.
    expect: { visitor: 404, other: 404, owner: 200, admin: 200 },
  },
  'GET /api/ideas/{id}/comments': {
    public: true,
    call: () => ({ url: `/api/ideas/${w.ids.hiddenIdea}/comments` }),
    // The comments of a hidden idea are as private as the idea itself.
    expect: { visitor: 404, other: 404, owner: 200, admin: 200 },
  },
  'DELETE /api/ideas/{id}': {
    call: async () => ({ url: `/api/ideas/${await freshIdea()}` }),
    expect: { ...SIGNED_IN, other: 403, owner: 200, admin: 403 },
  },
  'PUT /api/ideas/{id}/hide': {
    call: async () => ({ url: `/api/ideas/${await freshIdea()}/hide` }),
    expect: { ...SIGNED_IN, other: 403, owner: 200, admin: 403 },
  },
  'PUT /api/ideas/{id}/restore': {
    call: async () => ({ url: `/api/ideas/${await freshIdea(w.owner, { hidden: true })}/restore` }),
    // A hidden idea does not exist for anyone but its author.
    expect: { ...SIGNED_IN, other: 404, owner: 200, admin: 404 },
  },
  'POST /api/ideas/{id}/like': {
    call: async () => ({ url: `/api/ideas/${await freshIdea()}/like` }),
    expect: { ...SIGNED_IN, other: 200, owner: 200, admin: 200 },
  },
  'POST /api/ideas/{id}/comments': {
    call: () => ({ url: `/api/ideas/${w.ids.idea}/comments`, payload: { content: 'Nice' } }),
    expect: { ...SIGNED_IN, other: 201, owner: 201, admin: 201 },
  },
  'DELETE /api/ideas/{id}/comments/{commentId}': {
    // owner = the comment's author; the idea belongs to the answerer (who may also delete).
    call: async () => {
      const idea = await freshIdea(w.answerer);
      const c = (await api(t, w.owner, 'POST', `/api/ideas/${idea}/comments`, { content: 'mine' })) as {
        _id: string;
      };
      return { url: `/api/ideas/${idea}/comments/${c._id}` };
    },
    expect: { ...SIGNED_IN, other: 403, owner: 200, admin: 403 },
  },
  'POST /api/ideas/{id}/follow': {
    call: async () => ({ url: `/api/ideas/${await freshIdea()}/follow` }),
    expect: { ...SIGNED_IN, other: 200, owner: 200, admin: 200 },
  },
  'DELETE /api/ideas/{id}/follow': {
    call: async () => ({ url: `/api/ideas/${await freshIdea(w.owner, { hidden: true })}/follow` }),
    // A hidden idea does not exist for anyone but its author (and the admins who moderate it).
    expect: { ...SIGNED_IN, other: 404, owner: 200, admin: 200 },
  },
  'PATCH /api/ideas/{id}/status': {
    call: async () => ({
      url: `/api/ideas/${await freshIdea()}/status`,
      payload: { status: 'under-review', note: 'Looking at it' },
    }),
    expect: { ...SIGNED_IN, other: 403, owner: 200, admin: 200 },
  },
  'POST /api/ideas/{id}/attachments': {
    call: async () => {
      const mp = await multipart(
        {},
        { field: 'file', name: 'sketch.png', data: makePng(), type: 'image/png' },
      );
      return { url: `/api/ideas/${await freshIdea()}/attachments`, payload: mp.payload, headers: mp.headers };
    },
    expect: { ...SIGNED_IN, other: 403, owner: 201, admin: 403 },
  },
  'DELETE /api/ideas/{id}/attachments/{attachmentId}': {
    call: async () => ({ url: await freshIdeaAttachment() }),
    expect: { ...SIGNED_IN, other: 403, owner: 200, admin: 403 },
  },
  'GET /api/ideas/{id}/attachments/{attachmentId}': {
    public: true,
    call: async () => {
      const url = await freshIdeaAttachment();
      await api(t, w.owner, 'PUT', `${url.split('/attachments/')[0]}/hide`, undefined);
      return { url };
    },
    // A hidden idea's files reach its author alone.
    expect: { visitor: 404, other: 404, owner: 200, admin: 404 },
  },
  'POST /api/ideas/{id}/merge': {
    call: async () => ({
      url: `/api/ideas/${await freshIdea()}/merge`,
      payload: { intoId: await freshIdea() },
    }),
    expect: { ...SIGNED_IN, other: 403, owner: 200, admin: 200 },
  },
  'POST /api/users/follow': {
    call: () => ({ url: '/api/users/follow', payload: { targetUserId: w.owner.user.id } }),
    // Following oneself is refused.
    expect: { ...SIGNED_IN, other: 200, owner: 400, admin: 200 },
  },
  'POST /api/users/unfollow': {
    call: () => ({ url: '/api/users/unfollow', payload: { targetUserId: w.owner.user.id } }),
    expect: { ...SIGNED_IN, other: 200, owner: [200, 400], admin: 200 },
  },
  'GET /api/users/following': {
    call: () => ({ url: '/api/users/following' }),
    expect: { ...SIGNED_IN, other: 200, owner: 200, admin: 200 },
  },
  'GET /api/users/followers': {
    call: () => ({ url: '/api/users/followers' }),
    expect: { ...SIGNED_IN, other: 200, owner: 200, admin: 200 },
  },
  'GET /api/users/{id}/followers/count': {
    public: true,
    call: () => ({ url: `/api/users/${w.owner.user.id}/followers/count` }),
    expect: all(200),
  },
  'GET /api/users/{id}/info': {
    public: true,
    call: () => ({ url: `/api/users/${w.owner.user.id}/info` }),
    expect: all(200),
    // A public profile never carries the e-mail address.
    check: (res) => expect(res.body).not.toContain(w.owner.user.email),
  },

  // ---------- hackathons
  'GET /api/hackathons': {
    public: true,
    call: () => ({ url: '/api/hackathons?limit=100' }),
    expect: all(200),
    check: (res) => expect(res.body).not.toContain(w.ids.pendingHackathon),
  },
  'GET /api/hackathons/my-registrations': {
    call: () => ({ url: '/api/hackathons/my-registrations', owner: w.other, other: w.answerer }),
    expect: { ...SIGNED_IN, other: 200, owner: 200, admin: 200 },
    check: (res, role) => {
      if (role === 'owner') expect(res.body).toContain(w.ids.hackathon);
      else expect(res.body).not.toContain(w.ids.hackathon);
    },
  },
  'GET /api/hackathons/my-submissions': {
    call: () => ({ url: '/api/hackathons/my-submissions' }),
    expect: { ...SIGNED_IN, other: 200, owner: 200, admin: 200 },
    // The organiser's list (with pending ones); nobody else's.
    check: (res, role) => {
      if (role === 'owner') expect(res.body).toContain(w.ids.pendingHackathon);
      else expect(res.body).not.toContain(w.ids.pendingHackathon);
    },
  },
  'POST /api/hackathons/submit': {
    call: async () => {
      const start = new Date(Date.now() + 20 * 86_400_000);
      const mp = await multipart(
        {
          title: 'Hack',
          description: 'Build',
          category: 'AI/ML',
          organizer: JSON.stringify({ name: 'Org', email: 'org@example.com' }),
          eventDetails: JSON.stringify({
            startDate: start.toISOString(),
            endDate: new Date(start.getTime() + 86_400_000).toISOString(),
          }),
          prizes: JSON.stringify({ prizePool: '₹10,000' }),
        },
        { field: 'image', name: 'b.png', data: makePng(), type: 'image/png' },
      );
      return { url: '/api/hackathons/submit', payload: mp.payload, headers: mp.headers };
    },
    expect: { ...SIGNED_IN, other: 201, owner: 201, admin: 201 },
  },
  'GET /api/hackathons/{id}': {
    public: true,
    call: () => ({ url: `/api/hackathons/${w.ids.pendingHackathon}` }),
    expect: { visitor: 404, other: 404, owner: 200, admin: 200 },
  },
  'PUT /api/hackathons/{id}': {
    // A fresh pending hackathon of the owner each time: only its organiser edits it.
    call: async () => {
      const id = (await makeHackathon(db(), w.owner, { status: 'pending' })).id;
      const start = new Date(Date.now() + 5 * 86_400_000);
      const mp = await multipart({
        title: 'Hack, edited',
        description: 'Build',
        category: 'AI/ML',
        organizer: JSON.stringify({ name: 'Org', email: 'org@example.com' }),
        eventDetails: JSON.stringify({
          startDate: start.toISOString(),
          endDate: new Date(start.getTime() + 86_400_000).toISOString(),
        }),
        prizes: JSON.stringify({ prizePool: '₹10,000' }),
      });
      return { url: `/api/hackathons/${id}`, payload: mp.payload, headers: mp.headers };
    },
    // Others do not see a pending one (404); an admin sees it but does not rewrite it (403).
    expect: { ...SIGNED_IN, other: 404, owner: 200, admin: 403 },
  },
  'GET /api/hackathons/{id}/calendar.ics': {
    public: true,
    call: () => ({ url: `/api/hackathons/${w.ids.pendingHackathon}/calendar.ics` }),
    expect: { visitor: 404, other: 404, owner: 200, admin: 200 },
  },
  'POST /api/hackathons/{id}/register': {
    call: async () => ({ url: `/api/hackathons/${await freshUpcomingHackathon()}/register` }),
    // Organisers cannot join their own event.
    expect: { ...SIGNED_IN, other: 200, owner: 403, admin: 200 },
  },
  'POST /api/hackathons/{id}/unregister': {
    // owner = a registered participant of a hackathon organised by the answerer.
    call: async () => {
      const h = await freshUpcomingHackathon(w.answerer);
      await db().insert(hackathonParticipants).values({ hackathonId: h, userId: w.owner.user.id });
      return { url: `/api/hackathons/${h}/unregister` };
    },
    expect: { ...SIGNED_IN, other: 409, owner: 200, admin: 409 },
  },
  'POST /api/hackathons/{id}/submit': {
    // owner = the registered participant (w.other) of the world's running hackathon.
    call: async () => {
      const mp = await multipart({ teamName: 'Team', projectTitle: 'P', projectDescription: 'D' });
      return {
        url: `/api/hackathons/${w.ids.hackathon}/submit`,
        payload: mp.payload,
        headers: mp.headers,
        owner: w.other,
        other: w.answerer,
      };
    },
    expect: { ...SIGNED_IN, other: 403, owner: 200, admin: 403 },
  },
  'PATCH /api/hackathons/{id}/submissions/{sid}': {
    call: () => ({
      url: `/api/hackathons/${w.ids.hackathon}/submissions/${w.ids.submission}`,
      payload: { status: 'winner' },
      // "other" here is the submitter: submitting does not make one a judge.
      other: w.other,
    }),
    expect: { ...SIGNED_IN, other: 403, owner: 200, admin: 200 },
  },
  'GET /api/hackathons/{id}/submissions/{sid}/file': {
    call: () => ({
      url: `/api/hackathons/${w.ids.hackathon}/submissions/${w.ids.submission}/file`,
      other: w.answerer,
    }),
    expect: { ...SIGNED_IN, other: 404, owner: 200, admin: 200 },
    check: async (res, role, _w, c) => {
      expect(res.headers['content-disposition']).toMatch(/^attachment/);
      // …and the submitter may fetch their own file.
      if (role === 'owner') {
        const own = await t.app.inject({ url: c.url, headers: w.other.auth });
        expect(own.statusCode).toBe(200);
      }
    },
  },

  // ---------- organisations (owner = a verified member) and collaborators (owner = the idea's author)
  'POST /api/organizations': {
    call: () => ({
      url: '/api/organizations',
      payload: { name: `Matrix Org ${++orgSeq}`, kind: 'company', domain: `matrix${orgSeq}.example.com` },
    }),
    expect: { ...SIGNED_IN, other: 201, owner: 201, admin: 201 },
  },
  'GET /api/organizations': {
    public: true,
    call: () => ({ url: '/api/organizations?q=matrix' }),
    expect: all(200),
  },
  'GET /api/organizations/mine': {
    call: () => ({ url: '/api/organizations/mine' }),
    expect: { ...SIGNED_IN, other: 200, owner: 200, admin: 200 },
  },
  'POST /api/organizations/verify': {
    call: () => ({ url: '/api/organizations/verify', payload: { token: 'not-a-real-token-0123456789' } }),
    expect: { ...SIGNED_IN, other: 400, owner: 400, admin: 400 },
  },
  'GET /api/organizations/{id}': {
    public: true,
    call: async () => ({ url: `/api/organizations/${(await memberOrg()).id}` }),
    expect: all(200),
  },
  'GET /api/organizations/{id}/ideas': {
    public: true,
    call: async () => ({ url: `/api/organizations/${(await memberOrg()).id}/ideas` }),
    expect: all(200),
  },
  'GET /api/organizations/{id}/inbox': {
    call: async () => ({ url: `/api/organizations/${(await memberOrg()).id}/inbox` }),
    // Members only: admins moderate ideas, they do not read an organisation's inbox.
    expect: { ...SIGNED_IN, other: 403, owner: 200, admin: 403 },
  },
  'POST /api/organizations/{id}/claim': {
    call: async () => {
      const org = await freshOrg();
      return { url: `/api/organizations/${org.id}/claim`, payload: { email: `someone@${org.domain}` } };
    },
    expect: { ...SIGNED_IN, other: 200, owner: 200, admin: 200 },
  },
  'PUT /api/ideas/{id}/organizations': {
    call: async () => ({
      url: `/api/ideas/${await freshIdea()}/organizations`,
      payload: { organizationIds: [(await memberOrg()).id] },
    }),
    expect: { ...SIGNED_IN, other: 403, owner: 200, admin: 403 },
  },
  'POST /api/ideas/{id}/responses': {
    call: async () => {
      const org = await memberOrg();
      const idea = await freshIdea(w.answerer);
      await api(t, w.answerer, 'PUT', `/api/ideas/${idea}/organizations`, { organizationIds: [org.id] });
      return {
        url: `/api/ideas/${idea}/responses`,
        payload: { organizationId: org.id, status: 'acknowledged', message: 'Seen, thank you' },
      };
    },
    expect: { ...SIGNED_IN, other: 403, owner: 201, admin: 403 },
  },
  'POST /api/ideas/{id}/collaboration-requests': {
    call: async () => ({
      url: `/api/ideas/${await freshIdea()}/collaboration-requests`,
      payload: { role: 'mentor', message: 'Happy to help' },
    }),
    // The author cannot ask to join their own idea.
    expect: { ...SIGNED_IN, other: 201, owner: 403, admin: 201 },
  },
  'GET /api/ideas/{id}/collaboration-requests': {
    call: () => ({ url: `/api/ideas/${w.ids.idea}/collaboration-requests` }),
    expect: { ...SIGNED_IN, other: 403, owner: 200, admin: 403 },
  },
  'GET /api/ideas/{id}/collaboration-requests/mine': {
    call: () => ({ url: `/api/ideas/${w.ids.idea}/collaboration-requests/mine` }),
    expect: { ...SIGNED_IN, other: 200, owner: 200, admin: 200 },
  },
  'POST /api/collaboration-requests/{rid}/accept': {
    call: async () => ({ url: `/api/collaboration-requests/${await freshCollaborationRequest()}/accept` }),
    // The requester (answerer) cannot accept their own request; only the author decides.
    expect: { ...SIGNED_IN, other: 403, owner: 200, admin: 403 },
  },
  'POST /api/collaboration-requests/{rid}/decline': {
    call: async () => ({ url: `/api/collaboration-requests/${await freshCollaborationRequest()}/decline` }),
    expect: { ...SIGNED_IN, other: 403, owner: 200, admin: 403 },
  },
  'DELETE /api/ideas/{id}/team/me': {
    call: async () => {
      // owner = a team member of the answerer's idea.
      const idea = await freshIdea(w.answerer);
      const r = (await api(t, w.owner, 'POST', `/api/ideas/${idea}/collaboration-requests`, {
        role: 'collaborator',
      })) as { _id: string };
      await api(t, w.answerer, 'POST', `/api/collaboration-requests/${r._id}/accept`, undefined);
      return { url: `/api/ideas/${idea}/team/me` };
    },
    expect: { ...SIGNED_IN, other: 404, owner: 204, admin: 404 },
  },

  // ---------- hackathon teams (owner = the captain)
  'POST /api/hackathons/{id}/teams': {
    // Only registered participants form teams: here only the owner is registered.
    call: async () => {
      const h = await freshUpcomingHackathon(w.answerer);
      await db().insert(hackathonParticipants).values({ hackathonId: h, userId: w.owner.user.id });
      return { url: `/api/hackathons/${h}/teams`, payload: { name: 'Crew', skillsWanted: ['rust'] } };
    },
    expect: { ...SIGNED_IN, other: 403, owner: 201, admin: 403 },
  },
  'GET /api/hackathons/{id}/teams': {
    public: true,
    call: () => ({ url: `/api/hackathons/${w.ids.hackathon}/teams` }),
    expect: all(200),
  },
  'GET /api/teams/{id}': {
    public: true,
    call: async () => ({ url: `/api/teams/${(await freshTeam()).team}` }),
    expect: all(200),
    // Pending requests are the members' business only.
    check: (res, role) => {
      const team = res.json().team as { requests?: unknown[] };
      if (role === 'owner') expect(team.requests).toHaveLength(1);
      else expect(team.requests).toBeUndefined();
    },
  },
  'POST /api/teams/{id}/join-requests': {
    // other and admin are registered and in no team; the captain is in it already.
    call: async () => ({
      url: `/api/teams/${(await freshTeam(false)).team}/join-requests`,
      payload: { message: 'Me too' },
    }),
    expect: { ...SIGNED_IN, other: 201, owner: 409, admin: 201 },
  },
  'POST /api/teams/{id}/invites': {
    call: async () => ({
      url: `/api/teams/${(await freshTeam()).team}/invites`,
      payload: { email: 'not-yet-here@example.com' },
    }),
    expect: { ...SIGNED_IN, other: 403, owner: 201, admin: 403 },
  },
  'POST /api/team-requests/{rid}/accept': {
    // other's join request: the captain answers it, not the requester nor an admin.
    call: async () => ({ url: `/api/team-requests/${(await freshTeam()).rid}/accept` }),
    expect: { ...SIGNED_IN, other: 403, owner: 200, admin: 403 },
  },
  'POST /api/team-requests/{rid}/decline': {
    // "other" here is the organiser of the hackathon: organising does not answer for a team.
    call: async () => ({ url: `/api/team-requests/${(await freshTeam()).rid}/decline`, other: w.answerer }),
    expect: { ...SIGNED_IN, other: 403, owner: 200, admin: 403 },
  },
  'DELETE /api/teams/{id}/members/{userId}': {
    // other is a member: the captain may remove them; a stranger or an admin may not.
    call: async () => {
      const { team, rid } = await freshTeam();
      await api(t, w.owner, 'POST', `/api/team-requests/${rid}/accept`, undefined);
      return { url: `/api/teams/${team}/members/${w.other.user.id}`, other: w.answerer };
    },
    expect: { ...SIGNED_IN, other: 403, owner: 204, admin: 403 },
  },

  'PATCH /api/hackathons/{id}/judging-settings': {
    call: async () => ({
      url: `/api/hackathons/${await freshUpcomingHackathon()}/judging-settings`,
      payload: { criteria: [{ name: 'Impact', weight: 2 }], maxTeamSize: 5 },
    }),
    // Only the organiser (admins review hackathons; they do not run them).
    expect: { ...SIGNED_IN, other: 403, owner: 200, admin: 403 },
  },
  'POST /api/hackathons/{id}/judges': {
    call: async () => ({
      url: `/api/hackathons/${await freshUpcomingHackathon()}/judges`,
      payload: { email: 'judge@example.com' },
    }),
    expect: { ...SIGNED_IN, other: 403, owner: 201, admin: 403 },
  },
  'GET /api/hackathons/{id}/judges': {
    call: () => ({ url: `/api/hackathons/${w.ids.hackathon}/judges` }),
    expect: { ...SIGNED_IN, other: 403, owner: 200, admin: 200 },
  },
  'DELETE /api/hackathons/{id}/judges/{judgeId}': {
    call: async () => {
      const id = await freshUpcomingHackathon();
      const [j] = await db()
        .insert(hackathonJudges)
        .values({ hackathonId: id, email: 'judge@example.com' })
        .returning({ id: hackathonJudges.id });
      return { url: `/api/hackathons/${id}/judges/${j!.id}` };
    },
    expect: { ...SIGNED_IN, other: 403, owner: 204, admin: 403 },
  },
  'GET /api/hackathons/{id}/judging': {
    // owner = the judge of an ended hackathon organised by the answerer; the admin is no judge.
    call: async () => {
      const h = await freshEndedHackathon({ organiser: w.answerer, judge: w.owner, submitter: w.answerer });
      return { url: `/api/hackathons/${h.id}/judging` };
    },
    expect: { ...SIGNED_IN, other: 403, owner: 200, admin: 403 },
  },
  'PUT /api/hackathons/{id}/submissions/{sid}/score': {
    call: async () => {
      const h = await freshEndedHackathon({ organiser: w.answerer, judge: w.owner, submitter: w.answerer });
      return {
        url: `/api/hackathons/${h.id}/submissions/${h.sid}/score`,
        payload: { scores: { Impact: 4 } },
      };
    },
    expect: { ...SIGNED_IN, other: 403, owner: 200, admin: 403 },
  },
  'GET /api/hackathons/{id}/results': {
    public: true,
    // Before publication: the organiser, admins and judges only.
    call: () => ({ url: `/api/hackathons/${w.ids.hackathon}/results` }),
    expect: { visitor: 403, other: 403, owner: 200, admin: 200 },
  },
  'POST /api/hackathons/{id}/results/publish': {
    call: async () => {
      const h = await freshEndedHackathon({ organiser: w.owner, submitter: w.answerer });
      return { url: `/api/hackathons/${h.id}/results/publish`, payload: {} };
    },
    expect: { ...SIGNED_IN, other: 403, owner: 200, admin: 403 },
  },
  'POST /api/hackathons/{id}/prize/create-order': {
    call: async () => ({
      url: `/api/hackathons/${await freshUpcomingHackathon()}/prize/create-order`,
      payload: { amount: 500 },
    }),
    // Only the organiser funds the pool; an admin sees the hackathon but pays for no one (403).
    expect: { ...SIGNED_IN, other: 403, owner: 200, admin: 403 },
  },
  'GET /api/hackathons/{id}/gallery': {
    // Every signed-in person who can see an ended hackathon lists its submissions to vote from.
    call: async () => {
      const h = await freshEndedHackathon({ organiser: w.answerer, submitter: w.owner });
      return { url: `/api/hackathons/${h.id}/gallery` };
    },
    expect: { ...SIGNED_IN, other: 200, owner: 200, admin: 200 },
  },
  'POST /api/hackathons/{id}/submissions/{sid}/vote': {
    // owner = the submitter (no vote for one's own project). Ended just now, after the world's
    // accounts were created (accounts created after the end do not vote): the clock catches up.
    call: async () => {
      const end = new Date();
      const h = await freshEndedHackathon({ organiser: w.answerer, submitter: w.owner, end });
      t.clock.set(new Date(end.getTime() + 1000));
      return { url: `/api/hackathons/${h.id}/submissions/${h.sid}/vote` };
    },
    expect: { ...SIGNED_IN, other: 200, owner: 403, admin: 200 },
  },

  // ---------- jobs, geo
  'GET /api/jobs': {
    public: true,
    call: () => ({ url: '/api/jobs?limit=100' }),
    expect: all(200),
    check: (res) => expect(res.body).not.toContain(w.ids.pendingJob),
  },
  'POST /api/jobs': {
    call: () => ({
      url: '/api/jobs',
      payload: {
        title: 'Engineer',
        description: 'Write code',
        company: { name: 'Acme' },
        location: { city: 'Pune', country: 'India' },
        category: 'Engineering',
        contactEmail: 'jobs@acme.test',
      },
    }),
    expect: { ...SIGNED_IN, other: 201, owner: 201, admin: 201 },
  },
  'POST /api/jobs/logo': {
    call: async () => {
      const mp = await multipart({}, { field: 'logo', name: 'logo.png', data: makePng(), type: 'image/png' });
      return { url: '/api/jobs/logo', payload: mp.payload, headers: mp.headers };
    },
    expect: { ...SIGNED_IN, other: 201, owner: 201, admin: 201 },
  },
  'GET /api/jobs/categories': {
    public: true,
    call: () => ({ url: '/api/jobs/categories' }),
    expect: all(200),
  },
  'GET /api/jobs/{id}': {
    public: true,
    call: () => ({ url: `/api/jobs/${w.ids.pendingJob}` }),
    expect: { visitor: 404, other: 404, owner: 200, admin: 200 },
  },
  'GET /api/jobs/mine': {
    call: () => ({ url: '/api/jobs/mine' }),
    expect: { ...SIGNED_IN, other: 200, owner: 200, admin: 200 },
    check: (res, role) => {
      if (role === 'owner') expect(res.body).toContain(w.ids.pendingJob);
      else expect(res.body).not.toContain(w.ids.pendingJob);
    },
  },
  'PUT /api/jobs/{id}': {
    call: async () => ({
      url: `/api/jobs/${(await makeJob(db(), w.owner, { status: 'pending' })).id}`,
      payload: {
        title: 'Engineer, edited',
        description: 'Write code',
        company: { name: 'Acme' },
        location: { city: 'Pune', country: 'India' },
        category: 'Engineering',
        contactEmail: 'jobs@acme.test',
      },
    }),
    expect: { ...SIGNED_IN, other: 404, owner: 200, admin: 403 },
  },
  // A listed job is public: another user sees it (403), its poster and admins manage its life.
  'POST /api/jobs/{id}/renew': {
    call: async () => ({
      url: `/api/jobs/${(await makeJob(db(), w.owner, { status: 'approved', expiresAt: new Date(Date.now() + 86_400_000) })).id}/renew`,
    }),
    expect: { ...SIGNED_IN, other: 403, owner: 200, admin: 200 },
  },
  'POST /api/jobs/{id}/fill': {
    call: async () => ({
      url: `/api/jobs/${(await makeJob(db(), w.owner, { status: 'approved', expiresAt: new Date(Date.now() + 86_400_000) })).id}/fill`,
    }),
    expect: { ...SIGNED_IN, other: 403, owner: 200, admin: 200 },
  },
  // ---------- job applications (owner = the job's poster unless the row says otherwise)
  'POST /api/jobs/{id}/applications': {
    call: async () => {
      const jobId = await freshOpenJob();
      const mp = await multipart({}, { field: 'resume', name: 'cv.pdf', data: PDF, type: 'application/pdf' });
      return { url: `/api/jobs/${jobId}/applications`, payload: mp.payload, headers: mp.headers };
    },
    // The poster cannot apply to their own job.
    expect: { ...SIGNED_IN, other: 201, owner: 403, admin: 201 },
  },
  'GET /api/jobs/{id}/applications': {
    call: async () => ({
      url: `/api/jobs/${(await freshApplication(w.owner, w.answerer)).jobId}/applications`,
    }),
    expect: { ...SIGNED_IN, other: 404, owner: 200, admin: 200 },
    check: (res) => {
      const list = json(res).applications as { applicant: { id: string } }[];
      expect(list.map((a) => a.applicant.id)).toEqual([w.answerer.user.id]);
    },
  },
  'GET /api/applications/mine': {
    call: () => ({ url: '/api/applications/mine?limit=50' }),
    expect: { ...SIGNED_IN, other: 200, owner: 200, admin: 200 },
    check: (res, role) => {
      const me = ownerRole(role, { url: '' })!.user.id;
      for (const a of json(res).applications as { applicant: { id: string } }[])
        expect(a.applicant.id).toBe(me);
    },
  },
  'DELETE /api/applications/{id}': {
    // owner = the applicant; "other" is the job's poster, who cannot withdraw it for them.
    call: async () => ({
      url: `/api/applications/${(await freshApplication(w.answerer, w.owner)).id}`,
      other: w.answerer,
    }),
    expect: { ...SIGNED_IN, other: 404, owner: 200, admin: 404 },
  },
  'PATCH /api/applications/{id}': {
    call: async () => ({
      url: `/api/applications/${(await freshApplication(w.owner, w.answerer)).id}`,
      payload: { status: 'shortlisted' },
    }),
    expect: { ...SIGNED_IN, other: 404, owner: 200, admin: 200 },
  },
  'GET /api/applications/{id}/resume': {
    call: async () => ({
      url: `/api/applications/${(await freshApplication(w.owner, w.answerer)).id}/resume`,
    }),
    expect: { ...SIGNED_IN, other: 404, owner: 200, admin: 200 },
    check: async (res, role, _w, c) => {
      expect(res.headers['content-disposition']).toMatch(/^attachment/);
      expect(res.headers['cache-control']).toBe('private, no-store');
      // …and the applicant may fetch their own résumé.
      if (role === 'owner') {
        const own = await t.app.inject({ url: c.url, headers: w.answerer.auth });
        expect(own.statusCode).toBe(200);
      }
    },
  },
  // ---------- referrals (owner = the applicant who asks; for answers, the person asked)
  'POST /api/applications/{id}/referral-requests': {
    call: async () => {
      const r = await freshReferral(w.answerer, w.owner);
      return {
        url: `/api/applications/${r.applicationId}/referral-requests`,
        payload: { userId: r.referrer.user.id },
      };
    },
    expect: { ...SIGNED_IN, other: 404, owner: 201, admin: 404 },
  },
  'GET /api/applications/{id}/referral-requests': {
    call: async () => ({
      url: `/api/applications/${(await freshReferral(w.answerer, w.owner, true)).applicationId}/referral-requests`,
    }),
    expect: { ...SIGNED_IN, other: 404, owner: 200, admin: 404 },
  },
  'GET /api/referral-requests': {
    call: () => ({ url: '/api/referral-requests?limit=50' }),
    expect: { ...SIGNED_IN, other: 200, owner: 200, admin: 200 },
    check: (res, role) => {
      const me = ownerRole(role, { url: '' })!.user.id;
      for (const r of json(res).referralRequests as { referrer: { id: string } }[])
        expect(r.referrer.id).toBe(me);
    },
  },
  ...Object.fromEntries(
    (['accept', 'decline'] as const).map((action) => [
      `POST /api/referral-requests/{id}/${action}`,
      {
        // "other" is the applicant who asked: only the person asked answers.
        call: async () => {
          const r = await freshReferral(w.owner, w.answerer, true);
          return {
            url: `/api/referral-requests/${r.requestId}/${action}`,
            owner: r.referrer,
            other: w.answerer,
          };
        },
        expect: { ...SIGNED_IN, other: 404, owner: 200, admin: 404 },
      } satisfies Row,
    ]),
  ),
  'GET /api/geo/reverse': {
    public: true,
    call: () => ({ url: '/api/geo/reverse?lat=18.52&lon=73.85' }),
    expect: all(200),
  },

  // ---------- notifications
  'GET /api/notifications': {
    call: () => ({ url: '/api/notifications' }),
    expect: { ...SIGNED_IN, other: 200, owner: 200, admin: 200 },
  },
  'POST /api/notifications/read': {
    call: () => ({ url: '/api/notifications/read', payload: { all: true } }),
    expect: { ...SIGNED_IN, other: 200, owner: 200, admin: 200 },
  },

  // ---------- admin: every endpoint, 401 for visitors and 403 for everyone but admins
  'GET /api/admin/overview': {
    call: () => ({ url: '/api/admin/overview' }),
    expect: { ...ADMIN_ONLY, admin: 200 },
  },
  'GET /api/admin/users': {
    call: () => ({ url: '/api/admin/users' }),
    expect: { ...ADMIN_ONLY, admin: 200 },
  },
  'PATCH /api/admin/users/{id}': {
    call: async () => ({
      url: `/api/admin/users/${(await signup(t.app)).user.id}`,
      payload: { status: 'suspended' },
    }),
    expect: { ...ADMIN_ONLY, admin: 200 },
  },
  'GET /api/admin/questions': {
    call: () => ({ url: '/api/admin/questions' }),
    expect: { ...ADMIN_ONLY, admin: 200 },
  },
  'PATCH /api/admin/questions/{id}': {
    call: async () => ({
      url: `/api/admin/questions/${(await freshQuestion()).id}`,
      payload: { hidden: true },
    }),
    expect: { ...ADMIN_ONLY, admin: 200 },
  },
  'DELETE /api/admin/questions/{id}': {
    call: async () => ({ url: `/api/admin/questions/${await freshUnpaidQuestion()}` }),
    expect: { ...ADMIN_ONLY, admin: 204 },
  },
  'GET /api/admin/ideas': {
    call: () => ({ url: '/api/admin/ideas' }),
    expect: { ...ADMIN_ONLY, admin: 200 },
  },
  'PATCH /api/admin/ideas/{id}': {
    call: async () => ({ url: `/api/admin/ideas/${await freshIdea()}`, payload: { hidden: true } }),
    expect: { ...ADMIN_ONLY, admin: 200 },
  },
  'DELETE /api/admin/ideas/{id}': {
    call: async () => ({ url: `/api/admin/ideas/${await freshIdea()}` }),
    expect: { ...ADMIN_ONLY, admin: 204 },
  },
  'GET /api/admin/hackathons': {
    call: () => ({ url: '/api/admin/hackathons?status=pending' }),
    expect: { ...ADMIN_ONLY, admin: 200 },
  },
  // A review names the version it decides on (the updatedAt the admin's queue shows).
  'POST /api/admin/hackathons/{id}/approve': {
    call: async () => {
      const h = await makeHackathon(db(), w.owner);
      return {
        url: `/api/admin/hackathons/${h.id}/approve`,
        payload: { updatedAt: h.updatedAt.toISOString() },
      };
    },
    expect: { ...ADMIN_ONLY, admin: 200 },
  },
  'POST /api/admin/hackathons/{id}/reject': {
    call: async () => {
      const h = await makeHackathon(db(), w.owner);
      return {
        url: `/api/admin/hackathons/${h.id}/reject`,
        payload: { reason: 'Not a fit', updatedAt: h.updatedAt.toISOString() },
      };
    },
    expect: { ...ADMIN_ONLY, admin: 200 },
  },
  'GET /api/admin/jobs': {
    call: () => ({ url: '/api/admin/jobs?status=pending' }),
    expect: { ...ADMIN_ONLY, admin: 200 },
  },
  'POST /api/admin/jobs/{id}/approve': {
    call: async () => {
      const j = await makeJob(db(), w.owner);
      return { url: `/api/admin/jobs/${j.id}/approve`, payload: { updatedAt: j.updatedAt.toISOString() } };
    },
    expect: { ...ADMIN_ONLY, admin: 200 },
  },
  'POST /api/admin/jobs/{id}/reject': {
    call: async () => {
      const j = await makeJob(db(), w.owner);
      return {
        url: `/api/admin/jobs/${j.id}/reject`,
        payload: { reason: 'Not a fit', updatedAt: j.updatedAt.toISOString() },
      };
    },
    expect: { ...ADMIN_ONLY, admin: 200 },
  },
  'GET /api/admin/withdrawals': {
    call: () => ({ url: '/api/admin/withdrawals' }),
    expect: { ...ADMIN_ONLY, admin: 200 },
  },
  'GET /api/admin/withdrawals/{id}/payout-details': {
    call: () => ({ url: `/api/admin/withdrawals/${w.ids.withdrawal}/payout-details`, owner: w.answerer }),
    // Not even the withdrawal's owner reads payout details through the admin route.
    expect: { ...ADMIN_ONLY, admin: 200 },
  },
  'POST /api/admin/withdrawals/{id}/complete': {
    call: async () => ({
      url: `/api/admin/withdrawals/${await freshWithdrawal()}/complete`,
      payload: { payoutReference: 'UTR123' },
      owner: w.answerer,
    }),
    expect: { ...ADMIN_ONLY, admin: 200 },
  },
  'POST /api/admin/withdrawals/{id}/fail': {
    call: async () => ({
      url: `/api/admin/withdrawals/${await freshWithdrawal()}/fail`,
      payload: { reason: 'Bank refused' },
      owner: w.answerer,
    }),
    expect: { ...ADMIN_ONLY, admin: 200 },
  },
  'GET /api/admin/contact-messages': {
    call: () => ({ url: '/api/admin/contact-messages' }),
    expect: { ...ADMIN_ONLY, admin: 200 },
  },
  'PUT /api/admin/settings/min-reward': {
    call: () => ({ url: '/api/admin/settings/min-reward', payload: { minRewardAmount: 10 } }),
    expect: { ...ADMIN_ONLY, admin: 200 },
  },
  'POST /api/admin/mail/retry-failed': {
    call: () => ({ url: '/api/admin/mail/retry-failed' }),
    expect: { ...ADMIN_ONLY, admin: 200 },
  },
  'GET /api/admin/audit-log': {
    call: () => ({ url: '/api/admin/audit-log' }),
    expect: { ...ADMIN_ONLY, admin: 200 },
  },

  // ---------- files (not in the OpenAPI document)
  'GET /uploads/{key}': {
    public: true,
    call: async () => {
      // A public file: project submissions and résumés are served only by their authorised routes.
      const row = await t.database.db.query.files.findFirst({
        where: (f, { notInArray }) => notInArray(f.purpose, PRIVATE_UPLOAD_PURPOSES),
      });
      return { url: `/uploads/${row!.key}` };
    },
    expect: all(200),
  },
  // For crawlers: the same public answer for everyone (modules/seo).
  'GET /robots.txt': { public: true, call: () => ({ url: '/robots.txt' }), expect: all(200) },
  'GET /sitemap.xml': { public: true, call: () => ({ url: '/sitemap.xml' }), expect: all(200) },
  'GET /sitemaps/{file}': { public: true, call: () => ({ url: '/sitemaps/jobs.xml' }), expect: all(200) },
};

// ---------------------------------------------------------------- organisations and collaborators

let orgSeq = 0;
/** A new, unverified organisation added by the answerer. */
async function freshOrg(): Promise<{ id: string; domain: string }> {
  const domain = `org${++orgSeq}-${Date.now()}.example.org`;
  const org = (await api(t, w.answerer, 'POST', '/api/organizations', {
    name: `Matrix Organisation ${orgSeq} ${Date.now()}`,
    kind: 'ngo',
    domain,
  })) as { _id: string };
  return { id: org._id, domain };
}
/** One organisation whose verified member is the world's owner (token read from the e-mail sent). */
let ownersOrg: Promise<{ id: string; domain: string }> | null = null;
function memberOrg(): Promise<{ id: string; domain: string }> {
  ownersOrg ??= (async () => {
    const org = await freshOrg();
    const email = `owner@${org.domain}`;
    await api(t, w.owner, 'POST', `/api/organizations/${org.id}/claim`, { email });
    await t.app.ctx.mailWorker.runOnce();
    const mail = t.mail.sent.find((m) => m.to === email)!;
    const token = /token=([A-Za-z0-9_-]+)/.exec(mail.text)![1];
    await api(t, w.owner, 'POST', '/api/organizations/verify', { token });
    return org;
  })();
  return ownersOrg;
}
/** The answerer asks to join a fresh idea of the owner: the request's id. */
async function freshCollaborationRequest(): Promise<string> {
  const idea = await freshIdea();
  const r = (await api(t, w.answerer, 'POST', `/api/ideas/${idea}/collaboration-requests`, {
    role: 'expert',
  })) as { _id: string };
  return r._id;
}

function all(s: Expect): Record<Role, Expect> {
  return { visitor: s, other: s, owner: s, admin: s };
}

/** Route keys registered by the app, from printRoutes' tree ("METHOD /path/{param}"). */
function registeredRoutes(tree: string): string[] {
  const out = new Set<string>();
  const stack: string[] = [];
  for (const line of tree.split('\n')) {
    const m = /^([│ ]*)[└├]── (.*)$/.exec(line.replace(/\u00a0/g, ' '));
    if (!m) continue;
    const depth = m[1]!.length / 4;
    const [, seg = '', methods = ''] = /^(.*?)(?: \(([^)]*)\))?$/.exec(m[2]!) ?? [];
    stack.length = depth;
    const full = (stack[depth - 1] ?? '') + seg;
    stack[depth] = full;
    for (const method of methods
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean)) {
      if (method === 'HEAD' || method === 'OPTIONS') continue;
      out.add(`${method} ${full.replace(/:(\w+)/g, '{$1}')}`);
    }
  }
  return [...out].sort();
}

/** Routes that are not API operations: the OpenAPI UI and the web app's fallback. */
const NOT_OPERATIONS = /^GET (\/api\/docs|\/\*$)/;

beforeAll(async () => {
  t = await buildTestApp();
  w = await buildWorld(t);
  askers = [];
  for (const name of ['Asker Ada', 'Asker Bo', 'Asker Cy'])
    askers.push(await signup(t.app, { name, role: 'questioner' }));
});
afterAll(() => t?.close());

describe('authorization matrix', () => {
  it('has a row for every route the server registers (a new route must be added here)', () => {
    const routes = registeredRoutes(t.app.printRoutes({ commonPrefix: false })).filter(
      (r) => !NOT_OPERATIONS.test(r),
    );
    expect(routes.length).toBeGreaterThan(85);
    const missing = routes.filter((r) => !MATRIX[r]);
    const stale = Object.keys(MATRIX).filter((k) => !routes.includes(k));
    expect({ missing, stale }).toEqual({ missing: [], stale: [] });
  });

  it('agrees with the OpenAPI document about which operations exist', async () => {
    const doc = (await t.app.inject('/api/docs/json')).json() as { paths: Record<string, object> };
    const documented = Object.entries(doc.paths).flatMap(([p, ops]) =>
      Object.keys(ops).map((m) => `${m.toUpperCase()} ${p}`),
    );
    expect(documented.filter((k) => !MATRIX[k])).toEqual([]);
  });

  for (const [key, row] of Object.entries(MATRIX)) {
    it(`${key}: ${ROLES.map((r) => `${r} ${row.expect[r]}`).join(', ')}`, async () => {
      const [method] = key.split(' ') as ['GET'];
      const seen: Record<string, number> = {};
      const bodies: Record<string, string> = {};
      for (const role of ROLES) {
        const c = await row.call(w, role);
        const who = ownerRole(role, c);
        const res = await t.app.inject({
          method,
          url: c.url,
          headers: { ...(who ? who.auth : {}), ...(c.headers ?? {}) },
          ...(c.payload !== undefined ? { payload: c.payload as string } : {}),
        });
        seen[role] = res.statusCode;
        bodies[role] = res.body.slice(0, 160);
        if (res.statusCode >= 400) expectErrorBody(res.json());
        else await row.check?.(res, role, w, c);
      }
      const wrong = ROLES.filter((r) => !([] as number[]).concat(row.expect[r]).includes(seen[r]!)).map(
        (r) => `${r}: expected ${row.expect[r]}, got ${seen[r]} ${bodies[r]}`,
      );
      expect(wrong).toEqual([]);
    });
  }
});

describe('reading other people’s data', () => {
  it('shows a question’s answers in full to its author, only their own to an answerer, none to a visitor', async () => {
    const url = `/api/questions/${w.ids.paidQuestion}`;
    const answerIds = async (who: TestUser | null) => {
      const res = await t.app.inject({ url, headers: who ? who.auth : {} });
      expect(res.statusCode).toBe(200);
      const q = res.json() as { answers: { _id: string }[]; answerCount: number };
      expect(q.answerCount).toBe(2);
      return q.answers.map((a) => a._id).sort();
    };
    expect(await answerIds(null)).toEqual([]);
    expect(await answerIds(w.owner)).toEqual([w.ids.answerOfAnswerer, w.ids.answerOfOther].sort());
    expect(await answerIds(w.other)).toEqual([w.ids.answerOfOther]);
    expect(await answerIds(w.answerer)).toEqual([w.ids.answerOfAnswerer]);
    const stranger = await signup(t.app);
    expect(await answerIds(stranger)).toEqual([]);
  });

  it('shows a hackathon’s participants and submissions to its organiser and admins only', async () => {
    const url = `/api/hackathons/${w.ids.hackathon}`;
    type H = { participants: { userId?: string }[]; submissions: { _id: string }[] };
    const view = async (who: TestUser | null) => {
      const res = await t.app.inject({ url, headers: who ? who.auth : {} });
      expect(res.statusCode).toBe(200);
      return res.json() as H;
    };
    for (const who of [w.owner, w.admin])
      expect((await view(who)).submissions.map((x) => x._id)).toEqual([w.ids.submission]);
    // The participant sees their own submission; a stranger and a visitor see none.
    expect((await view(w.other)).submissions.map((x) => x._id)).toEqual([w.ids.submission]);
    for (const who of [w.answerer, null]) {
      const h = await view(who);
      expect([h.participants, h.submissions]).toEqual([[], []]);
    }
  });

  it('never reveals a hidden question through the money routes (404, as for the question itself)', async () => {
    const q = w.ids.hiddenQuestion;
    const calls = [
      { method: 'GET' as const, url: `/api/questions/${q}/rewards` },
      { method: 'POST' as const, url: '/api/payments/create-order', payload: { questionId: q, amount: 20 } },
      {
        method: 'POST' as const,
        url: '/api/rewards/distribute',
        payload: {
          questionId: q,
          rewards: [{ answererId: w.answerer.user.id, answerId: w.ids.answerOfAnswerer, percentage: 100 }],
        },
      },
    ];
    const seen: string[] = [];
    for (const c of calls) {
      const res = await t.app.inject({ ...c, headers: w.other.auth });
      seen.push(`${c.method} ${c.url.split('?')[0]} → ${res.statusCode}`);
    }
    expect(seen).toEqual(calls.map((c) => `${c.method} ${c.url.split('?')[0]} → 404`));
  });

  it('shows an unpaid question to its author and admins only, on every route that names it', async () => {
    const q = w.ids.unpaidQuestion;
    const calls = [
      { method: 'GET' as const, url: `/api/questions/${q}` },
      { method: 'POST' as const, url: `/api/questions/${q}/answers`, payload: { content: 'Mine' } },
      { method: 'GET' as const, url: `/api/questions/${q}/rewards` },
      { method: 'POST' as const, url: '/api/payments/create-order', payload: { questionId: q, amount: 20 } },
      { method: 'DELETE' as const, url: `/api/questions/${q}` },
    ];
    const seen: string[] = [];
    for (const c of calls) {
      const res = await t.app.inject({ ...c, headers: w.other.auth });
      seen.push(`${c.method} ${c.url} → ${res.statusCode}`);
    }
    expect(seen).toEqual(calls.map((c) => `${c.method} ${c.url} → 404`));
    const visitor = await t.app.inject({ method: 'GET', url: `/api/questions/${q}` });
    expect(visitor.statusCode).toBe(404);
    for (const who of [w.owner, w.admin]) {
      const res = await t.app.inject({ method: 'GET', url: `/api/questions/${q}`, headers: who.auth });
      expect(res.statusCode).toBe(200);
    }
  });

  it('lets nobody but its author like or comment on a hidden idea', async () => {
    for (const who of [w.other, w.admin]) {
      const like = await t.app.inject({
        method: 'POST',
        url: `/api/ideas/${w.ids.hiddenIdea}/like`,
        headers: who.auth,
      });
      const comment = await t.app.inject({
        method: 'POST',
        url: `/api/ideas/${w.ids.hiddenIdea}/comments`,
        headers: who.auth,
        payload: { content: 'peek' },
      });
      expect([like.statusCode, comment.statusCode]).toEqual([404, 404]);
    }
  });

  it('never lets one user read or spend another user’s wallet', async () => {
    const before = (await t.app.inject({ url: '/api/wallet', headers: w.answerer.auth })).json();
    // Nothing in the API takes a user id for wallets: extra fields are ignored, not obeyed.
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/withdrawals/request',
      headers: w.other.auth,
      payload: { amount: 100, userId: w.answerer.user.id },
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    const after = (await t.app.inject({ url: '/api/wallet', headers: w.answerer.auth })).json();
    expect(after).toEqual(before);
  });
});
