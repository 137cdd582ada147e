import { JOB_FORM_CATEGORIES, JOB_LISTING_CATEGORIES, type JobListResult, MSG } from '@agora/shared';
import { eq } from 'drizzle-orm';
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
import { mailOutbox, notifications } from '../../db/schema/index.js';
import { makePng, multipart } from '../questions/questions.fixtures.js';
import { parseSalary } from './jobs.posting.js';
import { earliestToday } from './jobs.presenter.js';
import { locationTerms, toPrefixTsquery } from './jobs.search.js';
import { createJobsService } from './jobs.service.js';

let t: TestApp;
let poster: TestUser;
let other: TestUser;
let adminUser: TestUser;
let admin: SessionUser;
let service: ReturnType<typeof createJobsService>;

const DAY = 86_400_000;
const validJob = (over: Record<string, unknown> = {}) => ({
  title: 'Backend Engineer',
  description: 'Build and run the APIs behind our marketplace.',
  company: { name: 'Acme Labs', website: 'https://acme.example.com', logo: '' },
  location: { city: 'Pune', state: 'Maharashtra', country: 'India' },
  category: 'Engineering',
  type: 'Full-time',
  level: 'Mid-level',
  salary: '$40,000 - $60,000',
  requirements: 'Three years of production experience.',
  benefits: 'Health insurance',
  skills: 'Node.js, PostgreSQL',
  experience: '3+ years',
  education: "Bachelor's degree",
  contactEmail: 'jobs@acme.example.com',
  isRemote: false,
  ...over,
});

async function post(user: TestUser, body: Record<string, unknown>) {
  return t.app.inject({ method: 'POST', url: '/api/jobs', headers: user.auth, payload: body });
}

async function postApproved(body: Record<string, unknown>, user: TestUser = poster): Promise<string> {
  const res = await post(user, body);
  if (res.statusCode !== 201) throw new Error(`post failed ${res.statusCode} ${res.body}`);
  const id = res.json().job._id as string;
  await service.approve(admin, id);
  // Distinct creation times make the date sorts deterministic.
  t.clock.advance(60_000);
  return id;
}

async function list(query: string) {
  const res = await t.app.inject({ url: `/api/jobs${query ? `?${query}` : ''}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as JobListResult;
}
const titles = async (query: string) => (await list(query)).jobs.map((j) => j.title as string);

beforeAll(async () => {
  t = await buildTestApp();
  service = createJobsService(t.app.ctx);
  poster = await signup(t.app, { name: 'Priya Poster' });
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

describe('pure helpers', () => {
  it('turns search text into a safe prefix tsquery', () => {
    expect(toPrefixTsquery('  react   develop ')).toBe("'react':* & 'develop':*");
    expect(toPrefixTsquery("it's & (drop) | !x:*")).toBe("'its':* & 'drop':* & 'x'");
    expect(toPrefixTsquery('c++ node.js,')).toBe("'c++' & 'node.js':*");
    expect(toPrefixTsquery('  &&  ')).toBeNull();
    expect(toPrefixTsquery(undefined)).toBeNull();
  });

  it('parses dollar ranges and keeps rupee wording as text only', () => {
    expect(parseSalary('$80,000 - $120,000')).toEqual({ min: 80_000, max: 120_000 });
    expect(parseSalary('80k-120k per year')).toEqual({ min: 80_000, max: 120_000 });
    expect(parseSalary('From 50000')).toEqual({ min: 50_000, max: null });
    expect(parseSalary('Competitive')).toEqual({ min: null, max: null });
    expect(parseSalary('₹12,00,000 - ₹18,00,000')).toEqual({ min: null, max: null });
    expect(parseSalary('12-18 LPA')).toEqual({ min: null, max: null });
    // A unit written once covers the range; millions; "up to".
    expect(parseSalary('80-120k')).toEqual({ min: 80_000, max: 120_000 });
    expect(parseSalary('1.2M - 1.5M')).toEqual({ min: 1_200_000, max: 1_500_000 });
    expect(parseSalary('Up to $150k a year')).toEqual({ min: null, max: 150_000 });
    expect(parseSalary('40000 - 60000')).toEqual({ min: 40_000, max: 60_000 });
    // Not an annual amount: the poster's text stays, with no figures to mislead.
    for (const text of [
      '$50/hour',
      '$4,000 per month',
      'Competitive + 401k match',
      '80 - 120',
      'Depends on 2 interviews',
    ]) {
      expect(parseSalary(text), text).toEqual({ min: null, max: null });
    }
  });

  it('matches a location by its first part and its other names', () => {
    expect(locationTerms('Bangalore, Karnataka')).toEqual({
      locations: ['bengaluru', 'bangalore'],
      remote: false,
    });
    expect(locationTerms('  JAIPUR ')).toEqual({ locations: ['jaipur'], remote: false });
    expect(locationTerms('Pune')).toEqual({ locations: ['pune', 'poona'], remote: false });
    expect(locationTerms('Remote')).toEqual({ locations: ['remote'], remote: true });
    expect(locationTerms('')).toEqual({ locations: [], remote: false });
  });

  it('computes the date that is still today somewhere on Earth', () => {
    expect(earliestToday(new Date('2026-03-10T11:59:00Z'))).toBe('2026-03-09');
    expect(earliestToday(new Date('2026-03-10T12:00:00Z'))).toBe('2026-03-10');
  });
});

describe('POST /api/jobs', () => {
  it('requires a signed-in user', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/jobs', payload: validJob() });
    expect(res.statusCode).toBe(401);
    expectErrorBody(res.json());
  });

  it('creates a pending job whatever status the client sends, with the spec defaults and split skills', async () => {
    const res = await post(poster, {
      ...validJob({ type: undefined, level: undefined, location: { city: 'Chennai' } }),
      skills: ' React ,, TypeScript ,  ,react, GraphQL ',
      status: 'approved',
      reviewedBy: admin.id,
    });
    expect(res.statusCode).toBe(201);
    const { job, message } = res.json();
    expect(message).toBe(MSG.jobSubmitted);
    expect(job).toMatchObject({
      status: 'pending',
      title: 'Backend Engineer',
      company: { name: 'Acme Labs', website: 'https://acme.example.com', logo: null },
      location: { city: 'Chennai', state: null, country: 'India' },
      employmentType: 'Full-time',
      type: 'Full-time',
      level: 'Mid-level',
      salary: { min: 40_000, max: 60_000, text: '$40,000 - $60,000' },
      requirements: {
        skills: ['React', 'TypeScript', 'GraphQL'],
        text: 'Three years of production experience.',
      },
      skills: ['React', 'TypeScript', 'GraphQL'],
      contactEmail: 'jobs@acme.example.com',
      author: { id: poster.user.id, displayName: 'Priya Poster' },
      isRemote: false,
    });
    expect(job._id).toMatch(/^[0-9a-f-]{36}$/);
    const stored = await service.get({ id: poster.user.id, role: 'user' }, job._id);
    expect(stored.status).toBe('pending');
  });

  // Migration 0018 put the search column into two b-tree indexes: a description of 4,000+ characters
  // made a tsvector over the 2,704-byte b-tree row limit, and the job was refused with a 500 when an
  // admin approved it (or on posting). Every field of the search at its limit, many distinct words.
  it('takes a posting with every searched field at its limit, and finds it by its last word with other filters', async () => {
    const letters = (n: number) => {
      let s = '';
      for (let k = n; s.length < 5 || k > 0; k = Math.floor(k / 26)) s += String.fromCharCode(97 + (k % 26));
      return s;
    };
    const words: string[] = [];
    for (let i = 0, len = 0; len < 10_100; i++) {
      words.push(`${letters(i * 7919)}ing`);
      len += words[words.length - 1]!.length + 1;
    }
    const description = `${words.join(' ')} zebracorn`.slice(-10_000);
    const skills = Array.from({ length: 30 }, (_, i) => `${letters(i * 104_729 + 17)}${'x'.repeat(40)}`);
    const body = validJob({
      title: `Principal ${'Q'.repeat(80)} Engineer`.slice(0, 100),
      company: { name: 'Longform Labs', website: '', logo: '' },
      location: { city: 'Bengaluru', state: 'Karnataka', country: 'India' },
      description,
      skills,
    });
    expect(description.length).toBe(10_000);
    const res = await post(poster, body);
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().job._id as string;
    await expect(service.approve(admin, id)).resolves.toMatchObject({ status: 'approved' });
    for (const query of [
      'search=zebracorn',
      'search=zebracorn&location=bengaluru&category=Engineering&level=Mid-level&employmentType=Full-time',
      'search=zebracorn&sort=newest&location=bengaluru',
    ]) {
      const found = await list(query);
      expect(
        found.jobs.map((j) => j._id),
        query,
      ).toEqual([id]);
    }
    // And it can be edited at the limit too (a new text goes back to review).
    const edited = await t.app.inject({
      method: 'PUT',
      url: `/api/jobs/${id}`,
      headers: poster.auth,
      payload: { ...body, description: `${description.slice(0, 9_990)} unicornly` },
    });
    expect(edited.statusCode, edited.body).toBe(200);
  });

  it('accepts skills as a list, employmentType as the type name and explicit salary figures', async () => {
    const res = await post(poster, {
      ...validJob({ type: undefined }),
      employmentType: 'Contract',
      skills: ['Go', ' Kubernetes ', ''],
      salary: { min: 90_000, max: 90_000 },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().job).toMatchObject({
      employmentType: 'Contract',
      skills: ['Go', 'Kubernetes'],
      // Explicit figures without a currency take the one the country (India) suggests.
      salary: { min: 90_000, max: 90_000, currency: 'INR', text: null },
    });
  });

  it('keeps explicit figures in the currency the poster chose, as entered (no conversion)', async () => {
    const inr = await post(poster, validJob({ salary: { min: 1_800_000, max: 2_600_000, currency: 'INR' } }));
    expect(inr.statusCode, inr.body).toBe(201);
    expect(inr.json().job.salary).toEqual({ min: 1_800_000, max: 2_600_000, currency: 'INR', text: null });
    const usd = await post(poster, validJob({ salary: { min: 40_000, max: 60_000, currency: 'USD' } }));
    expect(usd.json().job.salary).toMatchObject({ min: 40_000, max: 60_000, currency: 'USD' });
    const gb = await post(
      poster,
      validJob({
        location: { city: 'London', country: 'United Kingdom' },
        salary: { min: 50_000, max: 70_000 },
      }),
    );
    expect(gb.json().job.salary.currency).toBe('GBP');
    const bad = await post(poster, validJob({ salary: { min: 1, max: 2, currency: 'XYZ' } }));
    expect(bad.statusCode).toBe(400);
  });

  it.each([
    ['title', { title: '   ' }],
    ['description', { description: '' }],
    ['company.name', { company: { name: ' ' } }],
    ['location.city', { location: { city: '', country: 'India' } }],
    ['category', { category: '' }],
    ['contactEmail', { contactEmail: undefined }],
  ])('refuses a missing %s with the spec sentence', async (field, over) => {
    const res = await post(poster, validJob(over));
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expectErrorBody(body);
    expect(body).toMatchObject({ code: 'VALIDATION', error: MSG.jobMissing });
    expect(body.details).toEqual([{ field: `body.${field}`, message: MSG.jobMissing }]);
  });

  it('names every missing field at once', async () => {
    const res = await post(poster, { contactEmail: 'a@b.co', category: 'Engineering' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(MSG.jobMissing);
    expect(res.json().details.map((d: { field: string }) => d.field)).toEqual([
      'body.title',
      'body.description',
      'body.company.name',
      'body.location.city',
    ]);
  });

  it('checks e-mail and URL formats, the category, level and type lists', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ contactEmail: 'not-an-email' }, 'body.contactEmail'],
      [{ company: { name: 'Acme', website: 'acme dot com' } }, 'body.company.website'],
      [{ company: { name: 'Acme', website: 'javascript:alert(1)' } }, 'body.company.website'],
      [{ company: { name: 'Acme', logo: 'ftp://x.example.com/a.png' } }, 'body.company.logo'],
      [{ category: 'Astrology' }, 'body.category'],
      [{ level: 'Wizard' }, 'body.level'],
      [{ type: 'Forever' }, 'body.type'],
      [{ applicationDeadline: '31/12/2030' }, 'body.applicationDeadline'],
      [{ title: 'x'.repeat(201) }, 'body.title'],
      [{ skills: Array.from({ length: 31 }, (_, i) => `skill${i}`) }, 'body.skills'],
    ];
    for (const [over, field] of cases) {
      const res = await post(poster, validJob(over));
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      const body = res.json();
      expectErrorBody(body);
      expect(body.details.map((d: { field: string }) => d.field)).toContain(field);
    }
  });

  it('accepts every category and level the create form offers, storing an earlier name as the one list names it', async () => {
    for (const category of JOB_FORM_CATEGORIES) {
      expect((await post(poster, validJob({ category, level: 'Entry-level' }))).statusCode).toBe(201);
    }
    // An older client's 'Human Resources' is the same category as 'HR', stored as such.
    const legacy = await post(poster, validJob({ category: 'Human Resources' }));
    expect(legacy.statusCode).toBe(201);
    expect(legacy.json().job.category).toBe('HR');
    const unknown = await post(poster, validJob({ category: 'Astrology' }));
    expect(unknown.statusCode).toBe(400);
    expect((await post(poster, validJob({ level: 'Senior-level' }))).statusCode).toBe(201);
  });

  it('refuses a deadline in the past by the server clock, accepts today and later', async () => {
    const today = earliestToday(t.clock.now());
    const yesterday = earliestToday(new Date(t.clock.now().getTime() - DAY));
    const past = await post(poster, validJob({ applicationDeadline: yesterday }));
    expect(past.statusCode).toBe(400);
    expect(past.json().details[0].field).toBe('body.applicationDeadline');
    const ok = await post(poster, validJob({ applicationDeadline: today }));
    expect(ok.statusCode).toBe(201);
    expect(ok.json().job.applicationDeadline).toBe(today);
    const iso = await post(poster, validJob({ applicationDeadline: '2099-01-31T00:00:00.000Z' }));
    expect(iso.json().job.applicationDeadline).toBe('2099-01-31');
  });

  it('limits postings per user per minute with 429', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 31; i++) codes.push((await post(poster, { title: '' })).statusCode);
    expect(codes.slice(0, 30).every((c) => c === 400)).toBe(true);
    expect(codes[30]).toBe(429);
    // Another account is not affected.
    expect((await post(other, validJob())).statusCode).toBe(201);
  });

  it('refuses an insane salary range', async () => {
    for (const salary of ['120k - 80k', { min: 5000, max: 100 }, '$99,999,999,999']) {
      const res = await post(poster, validJob({ salary }));
      expect(res.statusCode, JSON.stringify(salary)).toBe(400);
      expect(res.json().details[0].field).toBe('body.salary');
    }
    const negative = await post(poster, validJob({ salary: { min: -5, max: 10 } }));
    expect(negative.statusCode).toBe(400);
    const words = await post(poster, validJob({ salary: '₹12,00,000 - ₹18,00,000 per annum' }));
    expect(words.statusCode).toBe(201);
    expect(words.json().job.salary).toEqual({
      min: null,
      max: null,
      currency: 'USD',
      text: '₹12,00,000 - ₹18,00,000 per annum',
    });
  });
});

describe('POST /api/jobs/logo', () => {
  const PNG = makePng();
  async function upload(user: TestUser | null, data: Buffer, name = 'logo.png', type = 'image/png') {
    const mp = await multipart({}, { field: 'logo', name, data, type });
    return t.app.inject({
      method: 'POST',
      url: '/api/jobs/logo',
      headers: { ...(user?.auth ?? {}), ...mp.headers },
      payload: mp.payload,
    });
  }

  it('stores an image checked by its bytes; the job shows it as its company logo', async () => {
    const res = await upload(poster, PNG);
    expect(res.statusCode, res.body).toBe(201);
    const { url } = res.json();
    expect(url).toMatch(/^\/uploads\/[a-f0-9]{32}\.png$/);
    const served = await t.app.inject({ url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');

    const created = await post(
      poster,
      validJob({ title: 'Logo Engineer', company: { name: 'Acme Labs', logo: url } }),
    );
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().job.company.logo).toBe(url);
  });

  it('refuses a non-image (whatever its name and type say), a missing file, a visitor and a 6 MB image', async () => {
    const php = await upload(poster, Buffer.from('<?php echo 1; ?>'));
    expect(php.statusCode).toBe(400);
    expect(php.json().error).toBe(MSG.jobLogoInvalid);
    expectErrorBody(php.json());

    const pdf = await upload(poster, Buffer.from('%PDF-1.4\n%%EOF\n'), 'logo.pdf', 'application/pdf');
    expect(pdf.statusCode).toBe(400);

    const empty = await t.app.inject({
      method: 'POST',
      url: '/api/jobs/logo',
      headers: { ...poster.auth, 'content-type': 'multipart/form-data; boundary=x' },
      payload: '--x--\r\n',
    });
    expect(empty.statusCode).toBe(400);

    expect((await upload(null, PNG)).statusCode).toBe(401);

    const big = Buffer.concat([PNG, Buffer.alloc(6 * 1024 * 1024)]);
    const tooLarge = await upload(poster, big);
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().error).toBe(MSG.jobLogoTooLarge);
  });

  it('a posting may only use a logo its poster uploaded', async () => {
    const { url } = (await upload(poster, PNG)).json();
    const stolen = await post(other, validJob({ company: { name: 'Other Co', logo: url } }));
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json().error).toBe(MSG.jobLogoUnknown);
    const unknown = await post(poster, validJob({ company: { name: 'Acme', logo: '/uploads/abcdef.png' } }));
    expect(unknown.statusCode).toBe(400);
  });
});

describe('approval states', () => {
  it('keeps a pending job out of the listing, the counts and from strangers; its poster and admins see it', async () => {
    const res = await post(poster, validJob({ title: 'Quasar Pending Role', category: 'Legal' }));
    const id = res.json().job._id;
    expect((await list('search=quasar')).pagination.totalJobs).toBe(0);
    expect((await t.app.inject({ url: '/api/jobs/categories' })).json().Legal).toBe(0);

    const anon = await t.app.inject({ url: `/api/jobs/${id}` });
    expect(anon.statusCode).toBe(404);
    expectErrorBody(anon.json());
    expect((await t.app.inject({ url: `/api/jobs/${id}`, headers: other.auth })).statusCode).toBe(404);
    const own = await t.app.inject({ url: `/api/jobs/${id}`, headers: poster.auth });
    expect(own.statusCode).toBe(200);
    expect(own.json().status).toBe('pending');
    const adm = await t.app.inject({ url: `/api/jobs/${id}`, headers: adminUser.auth });
    expect(adm.statusCode).toBe(200);
  });

  it('approves a pending job: listed, visible to all, poster e-mailed through the outbox and notified', async () => {
    const id = (await post(poster, validJob({ title: 'Zephyr Approved Role' }))).json().job._id;
    const job = await service.approve(admin, id);
    expect(job).toMatchObject({ _id: id, status: 'approved' });
    expect((await list('search=zephyr')).jobs.map((j) => j._id)).toEqual([id]);
    expect((await t.app.inject({ url: `/api/jobs/${id}` })).statusCode).toBe(200);

    const db = t.database.db;
    const mails = await db.select().from(mailOutbox).where(eq(mailOutbox.to, poster.user.email));
    expect(
      mails.some(
        (m) =>
          m.subject.includes('Zephyr Approved Role') &&
          m.text.includes(`View it: ${t.config.publicUrl}/job/${id}`) &&
          /^https?:\/\//.test(t.config.publicUrl),
      ),
    ).toBe(true);
    const notes = await db.select().from(notifications).where(eq(notifications.userId, poster.user.id));
    expect(notes.some((n) => n.type === 'job_review' && n.link === `/job/${id}`)).toBe(true);
    const { jobs } = await import('../../db/schema/index.js');
    const [row] = await db.select().from(jobs).where(eq(jobs.id, id));
    expect(row!.reviewedBy).toBe(admin.id);
    expect(row!.reviewedAt?.getTime()).toBe(t.clock.now().getTime());

    // Only from pending: a second decision is a conflict.
    await expect(service.approve(admin, id)).rejects.toMatchObject({ status: 409 });
    await expect(service.reject(admin, id, 'late')).rejects.toMatchObject({ status: 409 });
  });

  it('refuses to approve a job whose application deadline passed while it waited; it can be rejected', async () => {
    const id = (await post(poster, validJob({ title: 'Lapsed Deadline Role' }))).json().job._id;
    const { jobs } = await import('../../db/schema/index.js');
    await t.database.db.update(jobs).set({ applicationDeadline: '2020-01-01' }).where(eq(jobs.id, id));
    await expect(service.approve(admin, id)).rejects.toMatchObject({ status: 409, code: 'DEADLINE_PASSED' });
    expect((await t.app.inject({ url: `/api/jobs/${id}`, headers: poster.auth })).json().status).toBe(
      'pending',
    );
    expect((await service.reject(admin, id, 'The deadline has passed')).status).toBe('rejected');
  });

  it('rejects with a reason: hidden from others, the poster sees the reason and gets a mail', async () => {
    const id = (await post(poster, validJob({ title: 'Nebula Rejected Role' }))).json().job._id;
    await expect(service.reject(admin, id, '   ')).rejects.toMatchObject({ status: 400 });
    const job = await service.reject(admin, id, 'Please add a salary range');
    expect(job).toMatchObject({ status: 'rejected', rejectionReason: 'Please add a salary range' });
    expect((await t.app.inject({ url: `/api/jobs/${id}` })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/jobs/${id}`, headers: other.auth })).statusCode).toBe(404);
    const own = await t.app.inject({ url: `/api/jobs/${id}`, headers: poster.auth });
    expect(own.json()).toMatchObject({ status: 'rejected', rejectionReason: 'Please add a salary range' });
    const mails = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, poster.user.email));
    expect(mails.some((m) => m.text.includes('Please add a salary range'))).toBe(true);
    await expect(service.approve(admin, id)).rejects.toMatchObject({ status: 409 });
  });

  it('lets only admins decide, and answers 404 for unknown ids', async () => {
    const id = (await post(poster, validJob())).json().job._id;
    const notAdmin = { ...admin, id: poster.user.id, role: 'user' as const };
    await expect(service.approve(notAdmin, id)).rejects.toMatchObject({ status: 403 });
    await expect(service.approve(admin, '6f1c2d3e-0000-4000-8000-000000000000')).rejects.toMatchObject({
      status: 404,
    });
    await expect(service.reject(admin, 'not-a-uuid', 'x')).rejects.toMatchObject({ status: 404 });
    expect((await t.app.inject({ url: '/api/jobs/not-a-uuid' })).statusCode).toBe(404);
  });
});

describe('GET /api/jobs filters, search, sort and pages', () => {
  let t2: TestApp;
  let svc: ReturnType<typeof createJobsService>;
  let p: TestUser;
  let adm: SessionUser;

  // An isolated app so earlier postings cannot change the counts asserted here.
  const postApproved2 = async (body: Record<string, unknown>) => {
    const res = await t2.app.inject({ method: 'POST', url: '/api/jobs', headers: p.auth, payload: body });
    if (res.statusCode !== 201) throw new Error(`post failed ${res.statusCode} ${res.body}`);
    await svc.approve(adm, res.json().job._id);
    t2.clock.advance(60_000);
    return res.json().job._id as string;
  };
  const get = async (query: string) => {
    const res = await t2.app.inject({ url: `/api/jobs${query ? `?${query}` : ''}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Awaited<ReturnType<typeof list>>;
  };
  const names = async (query: string) => (await get(query)).jobs.map((j) => j.title as string);
  const sorted = (xs: string[]) => [...xs].sort();

  beforeAll(async () => {
    t2 = await buildTestApp();
    svc = createJobsService(t2.app.ctx);
    p = await signup(t2.app, { name: 'Listing Poster' });
    const a = await signup(t2.app, { name: 'Listing Admin' });
    adm = { id: a.user.id, sessionId: 'x', email: a.user.email, name: 'A', displayName: 'A', role: 'admin' };
    await makeAdmin(t2, a);
    const J = (over: Record<string, unknown>) =>
      validJob({ salary: '', skills: '', requirements: '', ...over });
    // Posted in this order (oldest first).
    await postApproved2(
      J({
        title: 'Senior React Developer',
        company: { name: 'Zeta Apps' },
        location: { city: 'Bengaluru', state: 'Karnataka', country: 'India' },
        category: 'Engineering',
        level: 'Senior',
        type: 'Full-time',
        skills: 'React, TypeScript, Redux, Jest',
        description: 'Own our web client.',
      }),
    );
    await postApproved2(
      J({
        title: 'Data Analyst',
        company: { name: 'alpha analytics' },
        location: { city: 'Mumbai', state: 'Maharashtra', country: 'India' },
        category: 'Data Science',
        level: 'Junior',
        type: 'Part-time',
        skills: 'SQL, Python',
        description: 'Dashboards for the sales team; some React knowledge helps.',
      }),
    );
    await postApproved2(
      J({
        title: 'Product Designer',
        company: { name: 'Beta Studio' },
        location: { city: 'bangalore', state: 'Karnataka', country: 'India' },
        category: 'Design',
        level: 'Mid-level',
        type: 'Contract',
        skills: 'Figma',
        description: 'Design flows for developers and customers.',
      }),
    );
    await postApproved2(
      J({
        title: 'DevOps Engineer',
        company: { name: 'Gamma Cloud' },
        location: { city: 'Austin', state: 'Texas', country: 'USA' },
        isRemote: true,
        category: 'DevOps',
        level: 'Senior',
        type: 'Full-time',
        skills: 'Kubernetes, Terraform, React',
        description: 'Keep the platform running.',
      }),
    );
    await postApproved2(
      J({
        title: 'HR Generalist',
        company: { name: 'Delta People' },
        location: { city: 'Pune', state: 'Maharashtra', country: 'India' },
        category: 'Human Resources',
        level: 'Entry-level',
        type: 'Internship',
        description: 'Hiring and onboarding.',
      }),
    );
    // A pending one that must never show up.
    await t2.app.inject({
      method: 'POST',
      url: '/api/jobs',
      headers: p.auth,
      payload: J({ title: 'Hidden React Lead', category: 'Engineering', level: 'Senior' }),
    });
  });
  afterAll(() => t2.close());

  it('lists approved jobs newest first by default', async () => {
    const r = await get('');
    expect(r.jobs.map((j) => j.title)).toEqual([
      'HR Generalist',
      'DevOps Engineer',
      'Product Designer',
      'Data Analyst',
      'Senior React Developer',
    ]);
    expect(r.pagination).toEqual({
      totalJobs: 5,
      totalPages: 1,
      currentPage: 1,
      hasPrev: false,
      hasNext: false,
    });
    expect(r.jobs[0]).toMatchObject({ requirements: { skills: [] }, status: 'approved' });
  });

  it('filters by one or several categories', async () => {
    expect(await names('category=Engineering')).toEqual(['Senior React Developer']);
    expect(sorted(await names('category=Engineering&category=Design'))).toEqual([
      'Product Designer',
      'Senior React Developer',
    ]);
    // A category only the create form offers is findable too (CONTRACT §5).
    expect(await names('category=Human%20Resources')).toEqual(['HR Generalist']);
    expect(await names('category=Legal')).toEqual([]);
  });

  it('filters by level and by employment type (repeatable)', async () => {
    expect(sorted(await names('level=Senior'))).toEqual(['DevOps Engineer', 'Senior React Developer']);
    // spec 03 §3's two level lists name the same rungs: Junior and Entry-level find each other.
    expect(sorted(await names('level=Entry-level'))).toEqual(['Data Analyst', 'HR Generalist']);
    expect(sorted(await names('level=Junior'))).toEqual(['Data Analyst', 'HR Generalist']);
    expect(sorted(await names('employmentType=Contract&employmentType=Part-time'))).toEqual([
      'Data Analyst',
      'Product Designer',
    ]);
  });

  it('filters by city, state or country, case-insensitively, with other names of a city and remote', async () => {
    expect(sorted(await names('location=BENGALURU'))).toEqual(['Product Designer', 'Senior React Developer']);
    expect(sorted(await names('location=Bangalore'))).toEqual(['Product Designer', 'Senior React Developer']);
    expect(sorted(await names('location=maharashtra'))).toEqual(['Data Analyst', 'HR Generalist']);
    expect(await names('location=usa')).toEqual(['DevOps Engineer']);
    expect(await names('location=United%20States')).toEqual(['DevOps Engineer']);
    expect(await names('location=texas')).toEqual(['DevOps Engineer']);
    expect(await names('location=remote')).toEqual(['DevOps Engineer']);
    expect(await names('location=Bengaluru%2C%20Karnataka%2C%20India')).toHaveLength(2);
    expect((await get('location=india')).pagination.totalJobs).toBe(4);
    expect(await names('location=Tokyo')).toEqual([]);
    // LIKE wildcards typed by a user are literal characters.
    expect(await names('location=%25')).toEqual([]);
    expect(await names('location=_engaluru')).toEqual([]);
    // A prefix of any of the three fields, never the middle of one, nor two fields run together
    // (they are kept in one lower-cased key, one field per line: migration 0021).
    expect(sorted(await names('location=Mahara'))).toEqual(['Data Analyst', 'HR Generalist']);
    expect(await names('location=galuru')).toEqual([]);
    expect(await names('location=ndia')).toEqual([]);
    expect(await names('location=Bengaluru%20Karnataka')).toEqual([]);
    expect(await names('location=Bengaluru%0AKarnataka')).toEqual([]);
  });

  it('searches title, company, skills and description with prefix matching, ranked', async () => {
    // Title match (A) before skills (B) before description (C).
    expect(await names('search=react')).toEqual([
      'Senior React Developer',
      'DevOps Engineer',
      'Data Analyst',
    ]);
    // Prefix and stemming: "develop" finds Developer and developers.
    expect(sorted(await names('search=develop'))).toEqual(['Product Designer', 'Senior React Developer']);
    expect(await names('search=kube')).toEqual(['DevOps Engineer']);
    expect(await names('search=Gamma')).toEqual(['DevOps Engineer']);
    expect(await names('search=ALPHA%20analytics')).toEqual(['Data Analyst']);
    expect(await names('search=onboarding')).toEqual(['HR Generalist']);
    // Every word must match.
    expect(await names('search=react%20figma')).toEqual([]);
    // Operators are plain text, never a syntax error.
    expect(await names('search=react%20%26%20!(%27')).toHaveLength(3);
    // A query made only of stop words filters nothing.
    expect((await get('search=the')).pagination.totalJobs).toBe(5);
  });

  it('sorts newest, oldest, title A-Z and company A-Z, also with a search', async () => {
    const newest = await names('sort=newest');
    expect(await names('sort=oldest')).toEqual([...newest].reverse());
    expect(await names('sort=title')).toEqual([
      'Data Analyst',
      'DevOps Engineer',
      'HR Generalist',
      'Product Designer',
      'Senior React Developer',
    ]);
    // Case-insensitive: "alpha analytics" sorts before "Beta Studio".
    expect((await get('sort=company')).jobs.map((j) => j.company.name)).toEqual([
      'alpha analytics',
      'Beta Studio',
      'Delta People',
      'Gamma Cloud',
      'Zeta Apps',
    ]);
    expect(await names('search=react&sort=oldest')).toEqual([
      'Senior React Developer',
      'Data Analyst',
      'DevOps Engineer',
    ]);
  });

  it('combines every filter', async () => {
    expect(
      await names(
        'category=Engineering&category=DevOps&level=Senior&employmentType=Full-time&location=India&search=react',
      ),
    ).toEqual(['Senior React Developer']);
    expect(await names('category=DevOps&level=Senior&location=remote&search=terraform&sort=title')).toEqual([
      'DevOps Engineer',
    ]);
    expect(await names('category=Design&level=Senior')).toEqual([]);
    expect(await names('location=Karnataka&employmentType=Contract&search=design')).toEqual([
      'Product Designer',
    ]);
  });

  it('pages with correct flags, including out-of-range and odd pages', async () => {
    const p1 = await get('limit=2&page=1');
    expect(p1.jobs).toHaveLength(2);
    expect(p1.pagination).toEqual({
      totalJobs: 5,
      totalPages: 3,
      currentPage: 1,
      hasPrev: false,
      hasNext: true,
    });
    const p2 = await get('limit=2&page=2');
    expect(p2.pagination).toMatchObject({ currentPage: 2, hasPrev: true, hasNext: true });
    const p3 = await get('limit=2&page=3');
    expect(p3.jobs).toHaveLength(1);
    expect(p3.pagination).toMatchObject({ currentPage: 3, hasPrev: true, hasNext: false });
    const all = [...p1.jobs, ...p2.jobs, ...p3.jobs].map((j) => j._id);
    expect(new Set(all).size).toBe(5);

    const beyond = await get('limit=2&page=9');
    expect(beyond.jobs).toEqual([]);
    expect(beyond.pagination).toEqual({
      totalJobs: 5,
      totalPages: 3,
      currentPage: 9,
      hasPrev: true,
      hasNext: false,
    });
    const none = await get('search=nothingmatches&page=2');
    expect(none.pagination).toEqual({
      totalJobs: 0,
      totalPages: 0,
      currentPage: 2,
      hasPrev: false,
      hasNext: false,
    });
    expect((await get('page=0')).pagination.currentPage).toBe(1);
    expect((await get('page=-3')).pagination.currentPage).toBe(1);
    expect((await get('page=abc')).pagination.currentPage).toBe(1);
    // The limit is capped.
    expect((await get('limit=100000')).jobs).toHaveLength(5);
    expect((await get('limit=0')).jobs).toHaveLength(1);
  });

  it('accepts and ignores the cache-busting timestamp', async () => {
    expect(await names(`_=${Date.now()}&category=Design`)).toEqual(['Product Designer']);
    expect(await names(`t=${Date.now()}&timestamp=${Date.now()}`)).toHaveLength(5);
  });

  it('answers 400 for unknown filter values and oversized text', async () => {
    for (const q of [
      'level=Wizard',
      'category=Astrology',
      'employmentType=Forever',
      'sort=random',
      `search=${'x'.repeat(201)}`,
    ]) {
      const res = await t2.app.inject({ url: `/api/jobs?${q}` });
      expect(res.statusCode, q).toBe(400);
      expectErrorBody(res.json());
    }
  });

  it('drops jobs whose application deadline has passed, from the listing and the counts', async () => {
    const deadline = new Date(t2.clock.now().getTime() + 2 * DAY).toISOString().slice(0, 10);
    await postApproved2(
      validJob({ title: 'Short Window Role', category: 'Legal', applicationDeadline: deadline }),
    );
    expect(await names('category=Legal')).toEqual(['Short Window Role']);
    expect((await t2.app.inject({ url: '/api/jobs/categories' })).json().Legal).toBe(1);
    const id = (await t2.app.inject({ url: '/api/jobs?category=Legal' })).json().jobs[0]._id as string;
    // Listed ⇔ applicationsOpen, in the list and on the job's own page.
    const openFlags = async () => [
      (await t2.app.inject({ url: '/api/jobs?category=Legal' })).json().jobs[0]?.applicationsOpen,
      (await t2.app.inject({ url: `/api/jobs/${id}` })).json().applicationsOpen,
    ];
    expect(await openFlags()).toEqual([true, true]);
    const saved = t2.clock.now();
    // The day after the deadline by the UTC date, still the deadline day somewhere (UTC−12).
    t2.clock.set(new Date(new Date(`${deadline}T00:00:00Z`).getTime() + DAY + 11 * 3_600_000));
    expect(await names('category=Legal')).toEqual(['Short Window Role']);
    expect(await openFlags()).toEqual([true, true]);
    t2.clock.set(new Date(new Date(`${deadline}T00:00:00Z`).getTime() + 1.6 * DAY)); // over everywhere
    expect(await names('category=Legal')).toEqual([]);
    expect(await openFlags()).toEqual([undefined, false]);
    expect((await t2.app.inject({ url: '/api/jobs/categories' })).json().Legal).toBe(0);
    t2.clock.set(saved);
    // Back at today's date the role would be listed again: filled, it leaves the listing the
    // other tests of this group count.
    const filled = await t2.app.inject({ method: 'POST', url: `/api/jobs/${id}/fill`, headers: p.auth });
    expect(filled.statusCode, filled.body).toBe(200);
    expect(await names('category=Legal')).toEqual([]);
  });

  it('counts listed jobs per category over the one list (an earlier name counted under its new one)', async () => {
    const res = await t2.app.inject({ url: '/api/jobs/categories' });
    expect(res.statusCode).toBe(200);
    const counts = res.json();
    expect(Object.keys(counts).sort()).toEqual([...JOB_LISTING_CATEGORIES].sort());
    expect(counts).toMatchObject({
      Engineering: 1,
      'Data Science': 1,
      Design: 1,
      DevOps: 1,
      HR: 1,
      Marketing: 0,
    });
    // A bookmarked filter with the earlier name finds the job under its new name.
    expect(await names('category=Human%20Resources')).toEqual(['HR Generalist']);
  });
});

describe('searching one-letter languages', () => {
  it('"C++" and "C#" find jobs that name them, not every word starting with c', async () => {
    await postApproved(
      validJob({
        title: 'Firmware Engineer',
        description: 'Embedded work in C++ on microcontrollers.',
        skills: 'C++, RTOS',
      }),
    );
    await postApproved(
      validJob({
        title: 'Cloud Counsel',
        description: 'Contracts for a cloud company.',
        skills: 'Contracts',
      }),
    );
    for (const q of ['c%2B%2B', 'C%23']) {
      const found = await titles(`search=${q}`);
      expect(found, q).not.toContain('Cloud Counsel');
    }
    expect(await titles('search=c%2B%2B')).toContain('Firmware Engineer');
  });
});

describe('job detail', () => {
  it('returns the full wire shape of an approved job', async () => {
    const mp = await multipart({}, { field: 'logo', name: 'logo.png', data: makePng(), type: 'image/png' });
    const uploaded = await t.app.inject({
      method: 'POST',
      url: '/api/jobs/logo',
      headers: { ...poster.auth, ...mp.headers },
      payload: mp.payload,
    });
    const logo: string = uploaded.json().url;
    const id = await postApproved(
      validJob({
        title: 'Full Shape Role',
        applicationDeadline: '2099-12-31',
        company: { name: 'Shape Co', logo, website: 'https://shape.example.com' },
      }),
    );
    const res = await t.app.inject({ url: `/api/jobs/${id}` });
    expect(res.statusCode).toBe(200);
    const job = res.json();
    expect(Object.keys(job).sort()).toEqual(
      [
        '_id',
        'applicationDeadline',
        'applicationsOpen',
        'author',
        'benefits',
        'category',
        'company',
        'contactEmail',
        'createdAt',
        'description',
        'education',
        'employmentType',
        'experience',
        'isRemote',
        'level',
        'location',
        'expiresAt',
        'rejectionReason',
        'requirements',
        'salary',
        'screeningQuestions',
        'skills',
        'state',
        'status',
        'title',
        'type',
        'updatedAt',
      ].sort(),
    );
    expect(job).toMatchObject({
      company: { name: 'Shape Co', logo, website: 'https://shape.example.com' },
      applicationDeadline: '2099-12-31',
      applicationsOpen: true,
      benefits: 'Health insurance',
      experience: '3+ years',
      education: "Bachelor's degree",
      rejectionReason: null,
    });
    expect(new Date(job.createdAt).toISOString()).toBe(job.createdAt);
    expect(await titles('search=shape')).toEqual(['Full Shape Role']);
  });
});

describe('my jobs: GET /api/jobs/mine and PUT /api/jobs/:id', () => {
  it("lists only the caller's postings in every state, the rejection reason included; visitors 401", async () => {
    const me = await signup(t.app, { name: 'Mina Mine' });
    const pending = (await post(me, validJob({ title: 'Mine pending' }))).json().job._id as string;
    t.clock.advance(60_000); // distinct creation times: the order is newest first
    const approved = await postApproved(validJob({ title: 'Mine approved' }), me);
    const rejected = (await post(me, validJob({ title: 'Mine rejected' }))).json().job._id as string;
    await service.reject(admin, rejected, 'Please name the salary');
    await post(other, validJob({ title: 'Not mine' }));

    const res = await t.app.inject({ url: '/api/jobs/mine', headers: me.auth });
    expect(res.statusCode, res.body).toBe(200);
    const jobs = res.json().jobs as Array<{
      _id: string;
      title: string;
      status: string;
      rejectionReason: string | null;
    }>;
    expect(jobs.map((j) => j.title)).toEqual(['Mine rejected', 'Mine approved', 'Mine pending']);
    expect(jobs.find((j) => j._id === pending)?.status).toBe('pending');
    expect(jobs.find((j) => j._id === approved)?.status).toBe('approved');
    expect(jobs.find((j) => j._id === rejected)).toMatchObject({
      status: 'rejected',
      rejectionReason: 'Please name the salary',
    });
    const anon = await t.app.inject({ url: '/api/jobs/mine' });
    expect(anon.statusCode).toBe(401);
    expectErrorBody(anon.json());
  });

  it('an edit by the poster replaces the posting and sends it back to review, off the listing', async () => {
    const me = await signup(t.app, { name: 'Eddie Editor' });
    const id = await postApproved(validJob({ title: 'Editable Role Alpha' }), me);
    expect(await titles('search=Editable')).toEqual(['Editable Role Alpha']);

    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/jobs/${id}`,
      headers: me.auth,
      payload: validJob({
        title: 'Editable Role Beta',
        salary: { min: 1_800_000, max: 2_600_000, currency: 'INR' },
      }),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().job).toMatchObject({
      _id: id,
      title: 'Editable Role Beta',
      status: 'pending',
      rejectionReason: null,
      salary: { min: 1_800_000, max: 2_600_000, currency: 'INR' },
    });
    // Pending again: not listed until an admin approves the new text.
    expect(await titles('search=Editable')).toEqual([]);
    await service.approve(admin, id);
    expect(await titles('search=Editable')).toEqual(['Editable Role Beta']);
  });

  it('a rejected posting, once edited, is pending again with the old reason cleared', async () => {
    const me = await signup(t.app, { name: 'Rita Retry' });
    const id = (await post(me, validJob({ title: 'Retry Role' }))).json().job._id as string;
    await service.reject(admin, id, 'Missing salary');
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/jobs/${id}`,
      headers: me.auth,
      payload: validJob({ title: 'Retry Role', salary: '$50,000 - $70,000' }),
    });
    expect(res.json().job).toMatchObject({ status: 'pending', rejectionReason: null });
    // The admin can decide again.
    expect((await service.approve(admin, id)).status).toBe('approved');
  });

  it('refuses others (404 while unlisted, 403 once listed), visitors (401), and runs every posting rule', async () => {
    const me = await signup(t.app, { name: 'Owen Owner' });
    const pending = (await post(me, validJob({ title: 'Owned pending' }))).json().job._id as string;
    const listed = await postApproved(validJob({ title: 'Owned listed' }), me);
    const put = (id: string, user: TestUser | null, body = validJob()) =>
      t.app.inject({ method: 'PUT', url: `/api/jobs/${id}`, headers: user?.auth ?? {}, payload: body });

    expect((await put(pending, other)).statusCode).toBe(404);
    const forbidden = await put(listed, other);
    expect(forbidden.statusCode).toBe(403);
    expectErrorBody(forbidden.json());
    // The admin reviews, but does not rewrite someone else's posting.
    expect((await put(listed, adminUser)).statusCode).toBe(403);
    expect((await put(listed, null)).statusCode).toBe(401);
    expect((await put('00000000-0000-4000-8000-000000000000', me)).statusCode).toBe(404);
    const missing = await put(pending, me, validJob({ title: ' ' }));
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toBe(MSG.jobMissing);
    // Nothing changed by the refused requests.
    const mine = (await t.app.inject({ url: '/api/jobs/mine', headers: me.auth })).json().jobs;
    expect(mine.map((j: { title: string }) => j.title).sort()).toEqual(['Owned listed', 'Owned pending']);
    expect(mine.find((j: { _id: string }) => j._id === listed).status).toBe('approved');
  });
});
