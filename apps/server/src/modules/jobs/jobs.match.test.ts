import { CAREER_MESSAGES, computeMatch, type Job, type JobListResult, profileSkillKeys } from '@agora/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, expectErrorBody, signup, type TestApp, type TestUser } from '../../../test/helpers.js';
import { ideas, userResumes, users } from '../../db/schema/index.js';
import { makeJob } from '../admin/admin.fixtures.js';
import { applyTo } from '../applications/applications.fixtures.js';
import { evidenceFor } from './jobs.match.js';

let t: TestApp;
let poster: TestUser;
const DAY = 86_400_000;
const db = () => t.database.db;

/** A listed job, created a minute after the previous one (the date orders are then fixed). */
async function listed(over: Parameters<typeof makeJob>[2] = {}) {
  t.clock.advance(60_000);
  const j = await makeJob(db(), poster, {
    status: 'approved',
    expiresAt: new Date(t.clock.now().getTime() + 20 * DAY),
    createdAt: t.clock.now(),
    level: 'Mid-level',
    ...over,
  });
  return j.id;
}

async function setProfile(
  u: TestUser,
  p: { skills?: string[]; level?: string | null; location?: string | null; inferred?: string[] },
) {
  await db()
    .update(users)
    .set({ skills: p.skills ?? [], level: p.level ?? null, location: p.location ?? null })
    .where(eq(users.id, u.user.id));
  if (p.inferred) {
    await db()
      .insert(userResumes)
      .values({
        userId: u.user.id,
        fileKey: `resume-${u.user.id}`,
        originalName: 'cv.pdf',
        size: 100,
        mimetype: 'application/pdf',
        inferredSkills: p.inferred,
      })
      .onConflictDoUpdate({ target: userResumes.userId, set: { inferredSkills: p.inferred } });
  }
}

const get = (who: TestUser | null, url: string) =>
  t.app.inject({ method: 'GET', url, headers: who ? who.auth : {} });

async function listOf(who: TestUser | null, query: string): Promise<JobListResult> {
  const res = await get(who, `/api/jobs?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

let react: string;
let backend: string;
let remoteGo: string;
let plain: string;

beforeAll(async () => {
  t = await buildTestApp();
  poster = await signup(t.app, { name: 'Priya Poster' });
  backend = await listed({
    title: 'Backend Engineer',
    skills: ['JavaScript', 'PostgreSQL', 'Docker', 'AWS'],
    level: 'Senior',
    city: 'Bengaluru',
    state: 'Karnataka',
    country: 'India',
  });
  react = await listed({
    title: 'Frontend Engineer',
    skills: ['React', 'TypeScript', 'CSS'],
    city: 'Pune',
    country: 'India',
  });
  remoteGo = await listed({ title: 'Go Developer', skills: ['Go', 'Kubernetes'], isRemote: true });
  plain = await listed({ title: 'Office Manager', skills: [], category: 'Operations', city: 'Mumbai' });
});
afterAll(() => t.close());

describe('match on jobs', () => {
  it('gives visitors no match, and sort=match tells them to sign in (401)', async () => {
    const body = await listOf(null, '');
    expect(body.jobs.length).toBe(4);
    for (const j of body.jobs) expect(j.match).toBeUndefined();
    const one = await get(null, `/api/jobs/${backend}`);
    expect(one.json().match).toBeUndefined();
    const sorted = await get(null, '/api/jobs?sort=match');
    expect(sorted.statusCode).toBe(401);
    expectErrorBody(sorted.json());
    expect(sorted.json().message).toBe(CAREER_MESSAGES.signInToMatch);
    // Before the query is validated: a visitor learns to sign in, not that a page is wrong.
    expect((await get(null, '/api/jobs?sort=match&page=zero')).statusCode).toBe(401);
  });

  it('scores every job for a signed-in viewer, with the skills they have and miss, synonyms folded', async () => {
    const seeker = await signup(t.app);
    await setProfile(seeker, { skills: ['JS', 'postgres', 'react'], level: 'Senior', location: 'Bangalore' });
    const { jobs } = await listOf(seeker, '');
    const byId = new Map(jobs.map((j) => [j._id, j]));
    // 2 of 4 skills (35) + same level (15) + same city by its older name (15).
    expect(byId.get(backend)!.match).toEqual({
      score: 65,
      matched: ['JavaScript', 'PostgreSQL'],
      missing: ['Docker', 'AWS'],
      evidence: [],
    });
    // 1 of 3 (23.3) + one rung off (7.5) + another city (0) → 31.
    expect(byId.get(react)!.match).toMatchObject({
      score: 31,
      matched: ['React'],
      missing: ['TypeScript', 'CSS'],
    });
    // Remote: location in full.
    expect(byId.get(remoteGo)!.match).toMatchObject({
      score: 23,
      matched: [],
      missing: ['Go', 'Kubernetes'],
    });
    // No skills listed: level (7.5) and location (0) alone, scaled to 100.
    expect(byId.get(plain)!.match).toMatchObject({ score: 25, matched: [], missing: [] });
    const one = await get(seeker, `/api/jobs/${backend}`);
    expect(one.json().match).toEqual(byId.get(backend)!.match);
  });

  it('counts the skills inferred from the stored résumé', async () => {
    const seeker = await signup(t.app);
    await setProfile(seeker, { skills: ['Go'], inferred: ['k8s'] });
    const job: Job = (await get(seeker, `/api/jobs/${remoteGo}`)).json();
    expect(job.match).toMatchObject({ matched: ['Go', 'Kubernetes'], missing: [] });
    // 70 + half level (none given) + remote 15.
    expect(job.match!.score).toBe(93);
  });

  it('computes the score at request time: a profile change shows at once', async () => {
    const seeker = await signup(t.app);
    await setProfile(seeker, { skills: [] });
    expect((await get(seeker, `/api/jobs/${react}`)).json().match.matched).toEqual([]);
    await setProfile(seeker, { skills: ['TypeScript'] });
    expect((await get(seeker, `/api/jobs/${react}`)).json().match.matched).toEqual(['TypeScript']);
  });

  it("never serves one viewer's match to another, nor to a visitor (shared response cache on)", async () => {
    const cached = await buildTestApp({
      database: t.database,
      config: { responseCache: { enabled: true, ttlMs: 60_000 } },
    });
    try {
      const call = async (who: TestUser | null, url: string): Promise<JobListResult> => {
        const res = await cached.app.inject({ method: 'GET', url, headers: who ? who.auth : {} });
        expect(res.statusCode, res.body).toBe(200);
        return res.json();
      };
      const cache = cached.app.responseCache!;
      const a = await signup(cached.app);
      const b = await signup(cached.app);
      await setProfile(a, { skills: ['Docker'] });
      await setProfile(b, { skills: ['CSS'] });
      await call(null, '/api/jobs?limit=10'); // fills the visitors' entry for this URL
      const hits = cache.hits;
      const forA = await call(a, '/api/jobs?limit=10');
      const forB = await call(b, '/api/jobs?limit=10');
      expect(cache.hits).toBe(hits);
      expect(forA.jobs.find((j) => j._id === backend)!.match!.matched).toEqual(['Docker']);
      expect(forB.jobs.find((j) => j._id === backend)!.match!.matched).toEqual([]);
      expect(forB.jobs.find((j) => j._id === react)!.match!.matched).toEqual(['CSS']);
      const visitor = await call(null, '/api/jobs?limit=10');
      expect(cache.hits).toBe(hits + 1);
      for (const j of visitor.jobs) expect(j.match).toBeUndefined();
      // The other way round: a signed-in answer first, then a visitor on the same URL.
      await call(a, '/api/jobs?limit=11');
      for (const j of (await call(null, '/api/jobs?limit=11')).jobs) expect(j.match).toBeUndefined();
      expect((await call(b, '/api/jobs?limit=11')).jobs.find((j) => j._id === react)!.match!.matched).toEqual(
        ['CSS'],
      );
    } finally {
      await cached.close();
    }
  });

  it('cites activity: an idea tagged with one of the job’s skills', async () => {
    const seeker = await signup(t.app);
    await setProfile(seeker, { skills: ['Go'] });
    await db()
      .insert(ideas)
      .values({
        authorId: seeker.user.id,
        title: 'Cluster autoscaler for hobbyists',
        description: 'Scale small clusters',
        category: 'Technology',
        tags: ['k8s', 'cost'],
      });
    const job: Job = (await get(seeker, `/api/jobs/${remoteGo}`)).json();
    expect(job.match!.evidence).toEqual(['Idea: Cluster autoscaler for hobbyists']);
    // The evidence never changes the score.
    expect(job.match!.score).toBe(
      computeMatch(
        { skillKeys: profileSkillKeys(['Go']), level: null, location: null },
        {
          skills: ['Go', 'Kubernetes'],
          level: 'Mid-level',
          isRemote: true,
          city: 'Pune',
          state: null,
          country: 'India',
        },
      ).score,
    );
  });
});

describe('evidence lines', () => {
  it('names rewarded answers in the job’s field, projects and ideas that share its skills', () => {
    const activity = {
      rewarded: new Map([
        ['Technology', 3],
        ['Business', 1],
      ]),
      projects: [
        {
          title: 'Tiny PaaS',
          text: 'tiny paas\nbuilt with node.js on kubernetes',
          words: new Set(['node.js', 'kubernetes']),
          tagKeys: new Set<string>(),
        },
        { title: 'Poems', text: 'poems', words: new Set(['poems']), tagKeys: new Set<string>() },
      ],
      ideas: [{ title: 'Docker for schools', tagKeys: new Set(['docker']) }],
    };
    expect(evidenceFor(activity, { category: 'DevOps', skills: ['k8s', 'Docker'] })).toEqual([
      '3 rewarded answers in Technology',
      'Hackathon project: Tiny PaaS',
      'Idea: Docker for schools',
    ]);
    expect(evidenceFor(activity, { category: 'Sales', skills: [] })).toEqual([
      '1 rewarded answer in Business',
    ]);
    expect(evidenceFor(activity, { category: 'Other', skills: ['Excel'] })).toEqual([]);
  });
});

describe('GET /api/jobs?sort=match', () => {
  it('orders by score, ties newest first, with the other filters and pages', async () => {
    const seeker = await signup(t.app);
    await setProfile(seeker, {
      skills: ['React', 'TypeScript', 'CSS', 'Go'],
      level: 'Mid-level',
      location: 'Pune',
    });
    const all = await listOf(seeker, 'sort=match&limit=20');
    const ids = all.jobs.map((j) => j._id);
    expect(ids.slice(0, 2)).toEqual([react, remoteGo]);
    const scores = all.jobs.map((j) => j.match!.score);
    expect([...scores].sort((x, y) => y - x)).toEqual(scores);
    // Jobs sharing no skill are still listed.
    expect(ids).toContain(backend);
    expect(ids).toContain(plain);
    expect(all.pagination.totalJobs).toBe(all.jobs.length);
    // Page by page, the same order, nothing twice.
    const paged: string[] = [];
    for (let page = 1; page <= 4; page++) {
      const p = await listOf(seeker, `sort=match&limit=1&page=${page}`);
      paged.push(...p.jobs.map((j) => j._id));
    }
    expect(paged).toEqual(ids.slice(0, 4));
    // With a filter: only that category, still by score.
    const ops = await listOf(seeker, 'sort=match&category=Operations');
    expect(ops.jobs.map((j) => j._id)).toEqual([plain]);
  });

  it('breaks ties newest first', async () => {
    const seeker = await signup(t.app);
    await setProfile(seeker, { skills: ['Elixir'] });
    const older = await listed({ title: 'Elixir one', skills: ['Elixir'], category: 'Legal' });
    const newer = await listed({ title: 'Elixir two', skills: ['Elixir'], category: 'Legal' });
    const body = await listOf(seeker, 'sort=match&category=Legal');
    expect(body.jobs.map((j) => j._id)).toEqual([newer, older]);
  });
});

describe("the poster's applicant list", () => {
  it('ranks applicants by their match (screened-out last), with reasons, across pages', async () => {
    const job = await listed({
      title: 'Data Engineer',
      skills: ['Python', 'SQL', 'Spark'],
      screeningQuestions: [{ _id: 'q1', text: 'Can you work in India?', requiredAnswer: 'yes' }],
    });
    const people: TestUser[] = [];
    const profiles = [
      { skills: ['Python'] }, // 1 of 3
      { skills: ['Python', 'SQL', 'Spark'] }, // all, but screened out below
      { skills: ['Python', 'SQL'] }, // 2 of 3
      { skills: [] }, // none
    ];
    for (const [i, p] of profiles.entries()) {
      const u = await signup(t.app);
      await setProfile(u, p);
      const res = await applyTo(t.app, u, job, {
        answers: [{ questionId: 'q1', answer: i === 1 ? 'no' : 'yes' }],
      });
      expect(res.statusCode, res.body).toBe(201);
      t.clock.advance(1_000);
      people.push(u);
    }
    const res = await get(poster, `/api/jobs/${job}/applications?limit=10`);
    expect(res.statusCode, res.body).toBe(200);
    const apps = res.json().applications as Array<{
      applicant: { id: string };
      match: { score: number; matched: string[] };
      screenedOut: boolean;
    }>;
    expect(apps.map((a) => a.applicant.id)).toEqual([2, 0, 3, 1].map((i) => people[i]!.user.id));
    expect(apps[0]!.match).toMatchObject({ matched: ['Python', 'SQL'] });
    expect(apps[3]!.screenedOut).toBe(true);
    // One at a time: the same order (the cursor carries the score).
    const paged: string[] = [];
    let cursor: string | null = null;
    do {
      const r = await get(
        poster,
        `/api/jobs/${job}/applications?limit=1${cursor ? `&cursor=${cursor}` : ''}`,
      );
      expect(r.statusCode, r.body).toBe(200);
      paged.push(...r.json().applications.map((a: { applicant: { id: string } }) => a.applicant.id));
      cursor = r.json().nextCursor ?? r.headers['x-next-cursor'] ?? null;
    } while (cursor && paged.length < 10);
    expect(paged).toEqual(apps.map((a) => a.applicant.id));
  });
});
