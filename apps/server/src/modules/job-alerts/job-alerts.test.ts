import { CAREER_MESSAGES, type JobAlert, type JobListResult, PROFILE_LIMITS } from '@agora/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildTestApp,
  expectErrorBody,
  makeAdmin,
  signup,
  type TestApp,
  type TestUser,
} from '../../../test/helpers.js';
import type { SessionUser } from '../../context.js';
import { jobAlerts } from '../../db/schema/index.js';
import { makeJob } from '../admin/admin.fixtures.js';
import { jobsMatchingAlert } from '../jobs/jobs.alerts.service.js';
import { createJobReviewService } from '../jobs/jobs.review.service.js';
import { alertUnsubscribeToken } from './job-alerts.mail.js';
import { savedSearchOf } from './job-alerts.presenter.js';

let t: TestApp;
let sam: TestUser; // saves searches
let ola: TestUser; // another seeker
let poster: TestUser;
let admin: SessionUser;

beforeAll(async () => {
  t = await buildTestApp();
  sam = await signup(t.app, { name: 'Sam Seeker' });
  ola = await signup(t.app, { name: 'Ola Other' });
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

const req = (method: 'GET' | 'POST' | 'DELETE', url: string, u?: TestUser, payload?: object) =>
  t.app.inject({ method, url, headers: u?.auth ?? {}, ...(payload ? { payload } : {}) });

async function save(u: TestUser, body: object): Promise<JobAlert> {
  const res = await req('POST', '/api/job-alerts', u, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().alert as JobAlert;
}

const alertsOf = async (u: TestUser) => (await req('GET', '/api/job-alerts', u)).json().alerts as JobAlert[];

describe('saving job alerts', () => {
  it('refuses visitors with 401, before looking at the body', async () => {
    for (const [method, url, payload] of [
      ['POST', '/api/job-alerts', { frequency: 'sometimes' }],
      ['POST', '/api/job-alerts', { frequency: 'daily' }],
      ['GET', '/api/job-alerts', undefined],
      ['DELETE', '/api/job-alerts/00000000-0000-4000-8000-000000000000', undefined],
    ] as const) {
      const res = await req(method, url, undefined, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expectErrorBody(res.json());
    }
  });

  it('saves the filters, lists them newest first and validates the body', async () => {
    const first = await save(sam, {
      q: '  react  ',
      location: 'Pune',
      category: ['Engineering', 'Engineering', 'Design'],
      level: 'Senior',
      employmentType: 'Full-time',
      remote: true,
      frequency: 'daily',
    });
    expect(first).toMatchObject({
      q: 'react',
      location: 'Pune',
      category: ['Engineering', 'Design'],
      level: 'Senior',
      employmentType: 'Full-time',
      remote: true,
      frequency: 'daily',
    });
    t.clock.advance(1000);
    const second = await save(sam, { frequency: 'instant' });
    expect(second).toMatchObject({ q: null, location: null, category: [], level: null, remote: null });
    expect((await alertsOf(sam)).map((a) => a._id)).toEqual([second._id, first._id]);
    expect(await alertsOf(ola)).toEqual([]);

    for (const bad of [
      {},
      { frequency: 'hourly' },
      { frequency: 'daily', category: ['Astrology'] },
      { frequency: 'daily', level: 'Wizard' },
      { frequency: 'daily', q: 'x'.repeat(201) },
    ]) {
      const res = await req('POST', '/api/job-alerts', sam, bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json().code).toBe('VALIDATION');
    }
  });

  it(`keeps at most ${PROFILE_LIMITS.alertsPerUser} alerts per person (409 with the message)`, async () => {
    const u = await signup(t.app, { name: 'Lim Itless' });
    for (let i = 0; i < PROFILE_LIMITS.alertsPerUser; i++)
      await save(u, { q: `word${i}`, frequency: 'weekly' });
    const res = await req('POST', '/api/job-alerts', u, { q: 'one more', frequency: 'weekly' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'TOO_MANY_ALERTS', message: CAREER_MESSAGES.tooManyAlerts });
    // Several at once cannot pass the limit either.
    const [one] = await alertsOf(u);
    expect((await req('DELETE', `/api/job-alerts/${one!._id}`, u)).statusCode).toBe(204);
    const results = await Promise.all(
      [1, 2, 3].map((i) => req('POST', '/api/job-alerts', u, { q: `race${i}`, frequency: 'weekly' })),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
    expect(await alertsOf(u)).toHaveLength(PROFILE_LIMITS.alertsPerUser);
  });

  it("deletes one's own alert (204); another person's or an unknown one is 404", async () => {
    const mine = await save(ola, { q: 'golang', frequency: 'instant' });
    const res = await req('DELETE', `/api/job-alerts/${mine._id}`, sam);
    expect(res.statusCode).toBe(404);
    expectErrorBody(res.json());
    expect((await req('DELETE', '/api/job-alerts/not-a-uuid', ola)).statusCode).toBe(404);
    expect((await req('DELETE', `/api/job-alerts/${mine._id}`, ola)).statusCode).toBe(204);
    expect((await req('DELETE', `/api/job-alerts/${mine._id}`, ola)).statusCode).toBe(404);
    expect(await alertsOf(ola)).toEqual([]);
  });
});

describe('the one-click unsubscribe link', () => {
  const exists = async (id: string) =>
    (await t.database.db.select().from(jobAlerts).where(eq(jobAlerts.id, id))).length === 1;

  it('asks on GET (a mail scanner opening the link stops nothing), deletes on the page’s POST, and says so again when it is gone', async () => {
    const alert = await save(ola, { q: 'rust', frequency: 'daily' });
    const url = `/api/job-alerts/unsubscribe?token=${encodeURIComponent(alertUnsubscribeToken(t.config.jwtSecret, alert._id))}`;
    const page = await t.app.inject({ url, headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(CAREER_MESSAGES.alertUnsubscribeQuestion);
    expect(page.body).toContain('<form method="post"');
    expect(await exists(alert._id)).toBe(true);
    const res = await t.app.inject({ method: 'POST', url, headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain(CAREER_MESSAGES.alertUnsubscribed);
    expect(await exists(alert._id)).toBe(false);
    const again = await t.app.inject({ method: 'POST', url });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ message: CAREER_MESSAGES.alertUnsubscribed });
  });

  it('takes the mail client’s one-click POST (RFC 8058)', async () => {
    const alert = await save(ola, { q: 'elixir', frequency: 'weekly' });
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/job-alerts/unsubscribe?token=${encodeURIComponent(alertUnsubscribeToken(t.config.jwtSecret, alert._id))}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(res.statusCode).toBe(200);
    expect(await exists(alert._id)).toBe(false);
  });

  it('refuses a tampered, foreign or missing token and deletes nothing', async () => {
    const alert = await save(ola, { q: 'haskell', frequency: 'daily' });
    const good = alertUnsubscribeToken(t.config.jwtSecret, alert._id);
    const other = await save(sam, { q: 'ocaml', frequency: 'daily' });
    const [purpose, , sig] = good.split('.');
    for (const token of [
      `${good.slice(0, -2)}xx`,
      alertUnsubscribeToken('another-secret-another-secret-another-secret', alert._id),
      // The signature of one alert does not stop another.
      `${purpose}.${other._id}.${sig}`,
      // Nor does the category digest's link (another purpose) name an alert.
      `category-digest.${alert._id}.${sig}`,
      '',
    ]) {
      const res = await t.app.inject({
        url: `/api/job-alerts/unsubscribe?token=${encodeURIComponent(token)}`,
      });
      expect(res.statusCode, token).toBe(400);
      expect(res.json()).toMatchObject({ code: 'INVALID_TOKEN', message: CAREER_MESSAGES.alertLinkInvalid });
      const page = await t.app.inject({
        url: `/api/job-alerts/unsubscribe?token=${encodeURIComponent(token)}`,
        headers: { accept: 'text/html' },
      });
      expect(page.statusCode).toBe(400);
      expect(page.body).toContain(CAREER_MESSAGES.alertLinkInvalid);
    }
    expect(await exists(alert._id)).toBe(true);
    expect(await exists(other._id)).toBe(true);
  });
});

describe('an alert finds what the same search on /jobhubs finds', () => {
  it('agrees with GET /api/jobs on words, place aliases, remote, level synonyms, type and category', async () => {
    const review = createJobReviewService(t.app.ctx);
    const make = async (over: Parameters<typeof makeJob>[2]) => {
      const j = await makeJob(t.database.db, poster, over);
      await review.approve(admin, j.id);
      return j.id;
    };
    const since = new Date(t.clock.now().getTime() - 1000);
    await make({ title: 'React Developer', city: 'Bengaluru', skills: ['React', 'TypeScript'] });
    await make({ title: 'Senior React Engineer', city: 'Bangalore', level: 'Senior-level' });
    await make({
      title: 'Backend Developer',
      city: 'Pune',
      description: 'Go and PostgreSQL',
      isRemote: true,
    });
    await make({ title: 'Product Designer', city: 'Mumbai', category: 'Design', employmentType: 'Contract' });
    await make({ title: 'Reactor physicist', city: 'Chennai', category: 'Other', level: 'Junior' });
    await make({ title: 'Data person', city: 'Delhi', category: 'Data Science', level: 'Entry-level' });
    const searches: Array<{ query: string; alert: Record<string, unknown> }> = [
      { query: 'search=react', alert: { q: 'react' } },
      { query: 'search=react&location=Bangalore', alert: { q: 'react', location: 'Bangalore' } },
      { query: 'location=Remote', alert: { location: 'Remote' } },
      {
        query: 'category=Design&employmentType=Contract',
        alert: { category: ['Design'], employmentType: 'Contract' },
      },
      { query: 'level=Senior', alert: { level: 'Senior' } },
      { query: 'level=Junior', alert: { level: 'Junior' } },
      {
        query: 'search=developer&category=Engineering',
        alert: { q: 'developer', category: ['Engineering'] },
      },
    ];
    for (const { query, alert } of searches) {
      const listed = ((await req('GET', `/api/jobs?${query}&limit=100`)).json() as JobListResult).jobs.map(
        (j) => j._id,
      );
      const saved = await save(ola, { ...alert, frequency: 'instant' });
      const [row] = await t.database.db.select().from(jobAlerts).where(eq(jobAlerts.id, saved._id));
      const found = await jobsMatchingAlert(t.app.ctx, savedSearchOf(row!), {
        ownerId: ola.user.id,
        after: since,
        upTo: t.clock.now(),
        limit: 100,
      });
      expect(found.map((j) => j.id).sort(), query).toEqual([...listed].sort());
      expect(listed.length, query).toBeGreaterThan(0);
      await req('DELETE', `/api/job-alerts/${saved._id}`, ola);
    }
  });
});
