import {
  type HackathonGallery,
  type HackathonJudge,
  type HackathonResults,
  JUDGING_MESSAGES,
  type JudgingQueue,
} from '@agora/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildTestApp,
  expectErrorBody,
  makeAdmin,
  signup,
  type TestApp,
  type TestUser,
} from '../../../test/helpers.js';
import {
  hackathonParticipants,
  hackathonSubmissions,
  hackathonTeamMembers,
  hackathonTeams,
  mailOutbox,
  notifications,
  sessions,
  users,
} from '../../db/schema/index.js';
import { makeHackathon } from '../admin/admin.fixtures.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

let t: TestApp;
let organiser: TestUser;
let admin: TestUser;
let lenient: TestUser;
let harsh: TestUser;
/** A judge who is also a member of team C: never assigned C. */
let teamJudge: TestUser;
let p1: TestUser;
let p2: TestUser;
let p3: TestUser;
let p4: TestUser;
let stranger: TestUser;
let hackathonId: string;
let endDate: Date;
/** Submissions: A (p1 solo), B (p2 solo), C (team of p3, captain, and teamJudge), D (p4 solo). */
const sid: Record<'A' | 'B' | 'C' | 'D', string> = { A: '', B: '', C: '', D: '' };

const CRITERIA = [
  { name: 'Impact', weight: 2 },
  { name: 'Craft', weight: 1 },
];

async function setClock(d: Date) {
  t.clock.set(d);
  await t.database.db.update(sessions).set({ lastSeenAt: d });
}

async function call(
  who: TestUser | null,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  payload?: unknown,
) {
  const res = await t.app.inject({
    method,
    url,
    headers: who ? who.auth : {},
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });
  if (res.statusCode >= 400) expectErrorBody(res.json());
  return res;
}

const h = (path = '') => `/api/hackathons/${hackathonId}${path}`;
const both = (n: number) => ({ Impact: n, Craft: n });

beforeAll(async () => {
  t = await buildTestApp();
  [organiser, admin, lenient, harsh, teamJudge, p1, p2, p3, p4, stranger] = await Promise.all(
    Array.from({ length: 10 }, () => signup(t.app)),
  );
  await makeAdmin(t, admin);
  const now = t.clock.now();
  endDate = new Date(now.getTime() + DAY);
  const db = t.database.db;
  const made = await makeHackathon(db, organiser, {
    status: 'published',
    startDate: new Date(now.getTime() - DAY),
    endDate,
  });
  hackathonId = made.id;
  await db
    .insert(hackathonParticipants)
    .values([p1, p2, p3, p4, teamJudge].map((u) => ({ hackathonId, userId: u.user.id })));
  const [team] = await db
    .insert(hackathonTeams)
    .values({ hackathonId, name: 'Team C' })
    .returning({ id: hackathonTeams.id });
  await db.insert(hackathonTeamMembers).values([
    { teamId: team!.id, hackathonId, userId: p3.user.id, role: 'captain' },
    { teamId: team!.id, hackathonId, userId: teamJudge.user.id, role: 'member' },
  ]);
  const entries = [
    ['A', p1, null],
    ['B', p2, null],
    ['C', p3, team!.id],
    ['D', p4, null],
  ] as const;
  for (const [i, [key, u, teamId]] of entries.entries()) {
    const [row] = await db
      .insert(hackathonSubmissions)
      .values({
        hackathonId,
        userId: u.user.id,
        teamId,
        teamName: `Team ${key}`,
        projectTitle: `Project ${key}`,
        projectDescription: `What ${key} built`,
        submittedAt: new Date(now.getTime() - DAY + (i + 1) * HOUR),
      })
      .returning({ id: hackathonSubmissions.id });
    sid[key] = row!.id;
  }
}, 60_000);
afterAll(() => t?.close());

describe('judging settings, judges, scoring, fair results, publication and the people’s choice', () => {
  it('shows maxTeamSize (default 4) and no criteria on a new hackathon', async () => {
    const res = await call(p1, 'GET', h());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ maxTeamSize: 4, criteria: [], resultsPublishedAt: null });
  });

  it('lets the organiser invite judges by e-mail; the account is notified, a bare address e-mailed', async () => {
    const res = await call(organiser, 'POST', h('/judges'), { email: lenient.user.email.toUpperCase() });
    expect(res.statusCode, res.body).toBe(201);
    const judge = res.json().judge as HackathonJudge;
    expect(judge).toMatchObject({ email: lenient.user.email, user: { id: lenient.user.id } });
    const [note] = await t.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, lenient.user.id), eq(notifications.type, 'hackathon_judging')));
    expect(note?.link).toBe(`/hackathon/${hackathonId}`);

    for (const u of [harsh, teamJudge]) {
      expect((await call(organiser, 'POST', h('/judges'), { email: u.user.email })).statusCode).toBe(201);
    }
    const bare = await call(organiser, 'POST', h('/judges'), { email: 'Later.Judge@example.com' });
    expect(bare.statusCode).toBe(201);
    expect(bare.json().judge).toMatchObject({ email: 'later.judge@example.com', user: null });
    const mails = await t.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, 'later.judge@example.com'));
    expect(mails.map((m) => m.subject)).toEqual([expect.stringMatching(/^You are invited to judge/)]);

    const again = await call(organiser, 'POST', h('/judges'), { email: 'LATER.judge@example.com' });
    expect([again.statusCode, again.json().code]).toEqual([409, 'ALREADY_JUDGE']);
    expect((await call(p1, 'POST', h('/judges'), { email: 'x@example.com' })).statusCode).toBe(403);
    expect((await call(admin, 'POST', h('/judges'), { email: 'x@example.com' })).statusCode).toBe(403);
    expect((await call(organiser, 'POST', h('/judges'), { email: 'not an address' })).statusCode).toBe(400);
  });

  it('links a judge to the account that signs up with the address, when it first acts', async () => {
    const later = await signup(t.app, { email: 'later.judge@example.com' });
    // Before the criteria exist, judging waits for them.
    const early = await call(later, 'GET', h('/judging'));
    expect([early.statusCode, early.json().code]).toEqual([409, 'CRITERIA_MISSING']);
    const list = (await call(organiser, 'GET', h('/judges'))).json().judges as HackathonJudge[];
    expect(list.find((j) => j.email === 'later.judge@example.com')?.user?.id).toBe(later.user.id);
    // …and the organiser removes them before publication (204, then 404).
    const id = list.find((j) => j.email === 'later.judge@example.com')!._id;
    expect((await call(p1, 'DELETE', h(`/judges/${id}`))).statusCode).toBe(403);
    expect((await call(organiser, 'DELETE', h(`/judges/${id}`))).statusCode).toBe(204);
    expect((await call(organiser, 'DELETE', h(`/judges/${id}`))).statusCode).toBe(404);
    expect((await call(later, 'GET', h('/judging'))).statusCode).toBe(403);
  });

  it('lets the organiser set criteria and the team size until the end; never below a team’s size', async () => {
    const url = h('/judging-settings');
    expect((await call(p1, 'PATCH', url, { criteria: CRITERIA })).statusCode).toBe(403);
    expect((await call(admin, 'PATCH', url, { criteria: CRITERIA })).statusCode).toBe(403);
    for (const bad of [
      { criteria: [] },
      { criteria: Array.from({ length: 7 }, (_, i) => ({ name: `c${i}`, weight: 1 })) },
      { criteria: [{ name: 'Impact', weight: 0 }] },
      {
        criteria: [
          { name: 'Impact', weight: 1 },
          { name: 'impact', weight: 2 },
        ],
      },
      { maxTeamSize: 11 },
      {},
    ]) {
      expect((await call(organiser, 'PATCH', url, bad)).statusCode, JSON.stringify(bad)).toBe(400);
    }
    // Team C has two members.
    const shrink = await call(organiser, 'PATCH', url, { maxTeamSize: 1 });
    expect([shrink.statusCode, shrink.json().code]).toEqual([409, 'TEAM_TOO_LARGE']);
    const ok = await call(organiser, 'PATCH', url, { criteria: CRITERIA, maxTeamSize: 2 });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ criteria: CRITERIA, maxTeamSize: 2 });
    // Shown to participants.
    expect((await call(p1, 'GET', h())).json().criteria).toEqual(CRITERIA);
  });

  it('opens neither judging nor voting before the end', async () => {
    const queue = await call(lenient, 'GET', h('/judging'));
    expect([queue.statusCode, queue.json().code]).toEqual([409, 'JUDGING_NOT_OPEN']);
    const score = await call(lenient, 'PUT', h(`/submissions/${sid.A}/score`), { scores: both(5) });
    expect([score.statusCode, score.json().code]).toEqual([409, 'JUDGING_NOT_OPEN']);
    expect((await call(stranger, 'POST', h(`/submissions/${sid.A}/vote`))).statusCode).toBe(409);
    const gallery = await call(stranger, 'GET', h('/gallery'));
    expect([gallery.statusCode, gallery.json().code]).toEqual([409, 'VOTING_NOT_OPEN']);
    const publish = await call(organiser, 'POST', h('/results/publish'), {});
    expect([publish.statusCode, publish.json().code]).toEqual([409, 'JUDGING_NOT_OPEN']);
  });

  it('after the end, gives each judge every submission but their own team’s; others 403', async () => {
    await setClock(new Date(endDate.getTime() + HOUR));
    const settings = await call(organiser, 'PATCH', h('/judging-settings'), { maxTeamSize: 3 });
    expect([settings.statusCode, settings.json().code]).toEqual([409, 'HACKATHON_ENDED']);

    const mine = (await call(lenient, 'GET', h('/judging'))).json() as JudgingQueue;
    expect(mine.items.map((i) => i.submissionId)).toEqual([sid.A, sid.B, sid.C, sid.D]);
    expect(mine).toMatchObject({ criteria: CRITERIA, scored: 0, assigned: 4 });
    const team = (await call(teamJudge, 'GET', h('/judging'))).json() as JudgingQueue;
    expect(team.items.map((i) => i.submissionId)).toEqual([sid.A, sid.B, sid.D]);
    for (const who of [stranger, organiser, p1]) {
      expect((await call(who, 'GET', h('/judging'))).statusCode).toBe(403);
    }
  });

  it('takes a score for every criterion exactly, 1–5, on assigned submissions; re-scoring replaces', async () => {
    const url = (s: string) => h(`/submissions/${s}/score`);
    for (const bad of [
      { scores: { Impact: 5 } },
      { scores: { ...both(5), Extra: 3 } },
      { scores: { Impact: 6, Craft: 5 } },
      { scores: { Impact: 2.5, Craft: 5 } },
    ]) {
      expect((await call(lenient, 'PUT', url(sid.A), bad)).statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect((await call(teamJudge, 'PUT', url(sid.C), { scores: both(5) })).statusCode).toBe(403);
    expect((await call(stranger, 'PUT', url(sid.A), { scores: both(5) })).statusCode).toBe(403);
    const unknown = url('00000000-0000-4000-8000-000000000000');
    expect((await call(lenient, 'PUT', unknown, { scores: both(5) })).statusCode).toBe(404);

    const first = await call(lenient, 'PUT', url(sid.A), { scores: both(3), comment: 'Early' });
    expect(first.statusCode, first.body).toBe(200);
    const again = await call(lenient, 'PUT', url(sid.A), { scores: both(5) });
    expect(again.json().score).toMatchObject({ submissionId: sid.A, scores: both(5), comment: null });
    expect((await call(lenient, 'PUT', url(sid.B), { scores: both(4) })).statusCode).toBe(200);
    expect(
      (await call(harsh, 'PUT', url(sid.C), { scores: both(3), comment: 'Great idea, rough demo' }))
        .statusCode,
    ).toBe(200);
    expect(
      (await call(harsh, 'PUT', url(sid.D), { scores: both(1), comment: 'Needs work' })).statusCode,
    ).toBe(200);
    const queue = (await call(lenient, 'GET', h('/judging'))).json() as JudgingQueue;
    expect(queue).toMatchObject({ scored: 2, assigned: 4 });
    expect(queue.items.find((i) => i.submissionId === sid.A)?.myScore?.scores).toEqual(both(5));
  });

  it('ranks by per-judge normalized totals, so a harsh judge’s best beats a lenient judge’s second', async () => {
    // Lenient judge: A 5, B 4 (z +1, −1). Harsh judge: C 3, D 1 (z +1, −1). Raw weighted totals put
    // B (4) above C (3); normalized, C (+1) ties A and is ranked above B (−1), A first on its raw 5.
    const res = await call(organiser, 'GET', h('/results'));
    expect(res.statusCode, res.body).toBe(200);
    const r = res.json() as HackathonResults;
    expect(r.published).toBe(false);
    expect(r.rows.map((x) => x.submissionId)).toEqual([sid.A, sid.C, sid.B, sid.D]);
    const row = (s: string) => r.rows.find((x) => x.submissionId === s)!;
    expect([row(sid.B).weighted, row(sid.C).weighted]).toEqual([4, 3]);
    expect([row(sid.A).normalized, row(sid.C).normalized, row(sid.B).normalized]).toEqual([1, 1, -1]);
    expect(row(sid.C).criteria).toEqual({ Impact: 3, Craft: 3 });
    expect(r.rows.every((x) => x.votes === null && x.place === null && x.comments === undefined)).toBe(true);
    const progress = Object.fromEntries(r.judges.map((j) => [j.displayName, [j.scored, j.assigned]]));
    expect(Object.values(progress).sort()).toEqual([
      [0, 3],
      [2, 4],
      [2, 4],
    ]);
    // Judges see it too; nobody else before publication.
    expect((await call(harsh, 'GET', h('/results'))).statusCode).toBe(200);
    for (const who of [stranger, p3, null])
      expect((await call(who, 'GET', h('/results'))).statusCode).toBe(403);
  });

  it('takes one people’s-choice vote per person, moved by a second; never for one’s own team', async () => {
    const vote = (who: TestUser, s: string) => call(who, 'POST', h(`/submissions/${s}/vote`));
    const first = await vote(stranger, sid.A);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().vote.submissionId).toBe(sid.A);
    expect((await vote(stranger, sid.B)).json().vote.submissionId).toBe(sid.B);
    expect((await vote(p1, sid.B)).statusCode).toBe(200);
    expect((await vote(p3, sid.C)).statusCode).toBe(403);
    expect((await vote(teamJudge, sid.C)).statusCode).toBe(403);
    expect((await vote(p1, sid.A)).statusCode).toBe(403);
    expect((await call(null, 'POST', h(`/submissions/${sid.A}/vote`))).statusCode).toBe(401);
    expect((await vote(p2, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    // An account created after the end does not get a say.
    const late = await signup(t.app);
    await t.database.db
      .update(users)
      .set({ createdAt: new Date(endDate.getTime() + 60_000) })
      .where(eq(users.id, late.user.id));
    const refused = await vote(late, sid.A);
    expect([refused.statusCode, refused.json().message]).toEqual([403, JUDGING_MESSAGES.lateAccount]);
  });

  it('lists the submissions to vote from, with the caller’s own vote and team marked, counts hidden', async () => {
    const gallery = async (who: TestUser | null) => {
      const res = await call(who, 'GET', h('/gallery'));
      return [res.statusCode, res.statusCode === 200 ? (res.json() as HackathonGallery) : null] as const;
    };
    expect((await gallery(null))[0]).toBe(401);
    const [status, g] = await gallery(stranger);
    expect(status).toBe(200);
    expect(g!.votingOpen).toBe(true);
    expect(g!.myVote).toBe(sid.B);
    expect(g!.items.map((i) => [i.submissionId, i.projectTitle, i.teamName, i.mine, i.votes])).toEqual([
      [sid.A, 'Project A', 'Team A', false, null],
      [sid.B, 'Project B', 'Team B', false, null],
      [sid.C, 'Project C', 'Team C', false, null],
      [sid.D, 'Project D', 'Team D', false, null],
    ]);
    // A team member: their own team's project is marked; no vote cast yet.
    const [, member] = await gallery(teamJudge);
    expect(member!.myVote).toBeNull();
    expect(member!.items.filter((i) => i.mine).map((i) => i.submissionId)).toEqual([sid.C]);
  });

  it('publishes once, by the organiser: places from the ranking, winners on the page, everyone told', async () => {
    const url = h('/results/publish');
    expect((await call(p1, 'POST', url, {})).statusCode).toBe(403);
    expect((await call(harsh, 'POST', url, {})).statusCode).toBe(403);
    const prize = await call(organiser, 'POST', url, { prizeSplit: [{ place: 1, percent: 100 }] });
    expect([prize.statusCode, prize.json().code]).toEqual([409, 'NO_PRIZE_HELD']);
    const badSplit = await call(organiser, 'POST', url, { prizeSplit: [{ place: 1, percent: 90 }] });
    expect(badSplit.statusCode).toBe(400);
    expect((await call(organiser, 'POST', url, { places: [sid.A, sid.A] })).statusCode).toBe(400);
    // Nothing of the refused attempts stuck.
    expect((await call(p1, 'GET', h())).json().resultsPublishedAt).toBeNull();

    const res = await call(organiser, 'POST', url, {});
    expect(res.statusCode, res.body).toBe(200);
    const r = res.json() as HackathonResults;
    expect(r.published).toBe(true);
    const place = (s: string) => r.rows.find((x) => x.submissionId === s)!.place;
    expect([place(sid.A), place(sid.C), place(sid.B), place(sid.D)]).toEqual([1, 2, 3, null]);

    const again = await call(organiser, 'POST', url, {});
    expect([again.statusCode, again.json().code]).toEqual([409, 'ALREADY_PUBLISHED']);

    // The existing winner / runner-up display reads the publication.
    const page = (await call(null, 'GET', h())).json();
    expect(page.results.map((x: { _id: string; status: string }) => [x._id, x.status])).toEqual([
      [sid.A, 'winner'],
      [sid.C, 'runner_up'],
      [sid.B, 'runner_up'],
    ]);
    expect(page.resultsPublishedAt).not.toBeNull();

    const told = await t.database.db
      .select({ userId: notifications.userId })
      .from(notifications)
      .where(eq(notifications.type, 'hackathon_results'));
    expect(told.map((n) => n.userId).sort()).toEqual(
      [p1, p2, p3, p4, teamJudge].map((u) => u.user.id).sort(),
    );
  });

  it('after publication shows results and votes to everyone, and judges’ comments to the team only', async () => {
    const r = (await call(null, 'GET', h('/results'))).json() as HackathonResults;
    const votes = Object.fromEntries(r.rows.map((x) => [x.submissionId, x.votes]));
    expect(votes).toEqual({ [sid.A]: 0, [sid.B]: 2, [sid.C]: 0, [sid.D]: 0 });
    expect(r.rows.some((x) => x.comments !== undefined)).toBe(false);
    for (const member of [p3, teamJudge]) {
      const rows = ((await call(member, 'GET', h('/results'))).json() as HackathonResults).rows;
      expect(rows.find((x) => x.submissionId === sid.C)?.comments).toEqual(['Great idea, rough demo']);
      expect(rows.filter((x) => x.comments !== undefined).map((x) => x.submissionId)).toEqual([sid.C]);
    }
    for (const who of [organiser, harsh, p1]) {
      const rows = ((await call(who, 'GET', h('/results'))).json() as HackathonResults).rows;
      expect(rows.find((x) => x.submissionId === sid.C)?.comments).toBeUndefined();
    }
    const d = ((await call(p4, 'GET', h('/results'))).json() as HackathonResults).rows;
    expect(d.find((x) => x.submissionId === sid.D)?.comments).toEqual(['Needs work']);

    // Frozen now.
    const score = await call(lenient, 'PUT', h(`/submissions/${sid.C}/score`), { scores: both(2) });
    expect([score.statusCode, score.json().code]).toEqual([409, 'RESULTS_PUBLISHED']);
    expect((await call(p2, 'POST', h(`/submissions/${sid.A}/vote`))).statusCode).toBe(409);
    const gallery = (await call(stranger, 'GET', h('/gallery'))).json() as HackathonGallery;
    expect(gallery.votingOpen).toBe(false);
    expect(gallery.myVote).toBe(sid.B);
    expect(Object.fromEntries(gallery.items.map((i) => [i.submissionId, i.votes]))).toEqual(votes);
    expect((await call(organiser, 'POST', h('/judges'), { email: 'new@example.com' })).statusCode).toBe(409);
    const judges = (await call(organiser, 'GET', h('/judges'))).json().judges as HackathonJudge[];
    expect((await call(organiser, 'DELETE', h(`/judges/${judges[0]!._id}`))).statusCode).toBe(409);
  });

  it('hides every judging route of a hackathon the caller cannot see (404)', async () => {
    const pending = await makeHackathon(t.database.db, organiser, { status: 'pending' });
    const base = `/api/hackathons/${pending.id}`;
    for (const [method, path, body] of [
      ['GET', '/results', undefined],
      ['GET', '/judges', undefined],
      ['POST', '/judges', { email: 'x@example.com' }],
      ['GET', '/judging', undefined],
      ['GET', '/gallery', undefined],
      ['PATCH', '/judging-settings', { maxTeamSize: 3 }],
      ['POST', '/results/publish', {}],
      ['POST', `/submissions/${sid.A}/vote`, undefined],
      ['PUT', `/submissions/${sid.A}/score`, { scores: both(5) }],
    ] as const) {
      expect((await call(stranger, method, `${base}${path}`, body)).statusCode, `${method} ${path}`).toBe(
        404,
      );
    }
  });
});
