import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, expectErrorBody, signup, type TestApp, type TestUser } from '../../../test/helpers.js';
import {
  hackathonParticipants,
  hackathonSubmissions,
  hackathonTeamRequests,
  mailOutbox,
  notifications,
  sessions,
} from '../../db/schema/index.js';
import { makeHackathon } from '../admin/admin.fixtures.js';
import { TEAM_MSG } from './hackathons.teams.service.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

let t: TestApp;
let base: Date;
let organiser: TestUser;

async function setClock(d: Date) {
  t.clock.set(d);
  await t.database.db.update(sessions).set({ lastSeenAt: d });
}
const advance = (ms: number) => setClock(new Date(t.clock.now().getTime() + ms));

function call(user: TestUser | null, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) {
  return t.app.inject({ method, url, headers: user?.auth ?? {}, ...(payload ? { payload } : {}) });
}

/** A published hackathon starting in two days, running two days. */
async function hackathon(over: { maxTeamSize?: number; status?: string } = {}) {
  const now = t.clock.now().getTime();
  return (
    await makeHackathon(t.database.db, organiser, {
      status: 'published',
      startDate: new Date(now + 2 * DAY),
      endDate: new Date(now + 4 * DAY),
      ...over,
    })
  ).id;
}
const start = async () => advance(2 * DAY + HOUR);
const end = async () => advance(4 * DAY + HOUR);

async function register(h: string, ...users: TestUser[]) {
  for (const u of users)
    expect((await call(u, 'POST', `/api/hackathons/${h}/register`)).statusCode).toBe(200);
}
async function person(name: string) {
  return signup(t.app, { name });
}
async function createTeam(h: string, u: TestUser, name: string, over: object = {}) {
  const res = await call(u, 'POST', `/api/hackathons/${h}/teams`, { name, ...over });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().team as { _id: string; members: Array<{ id: string; role: string }> };
}
async function ask(team: string, u: TestUser) {
  const res = await call(u, 'POST', `/api/teams/${team}/join-requests`, { message: 'Can I help?' });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().request._id as string;
}
async function invite(team: string, captain: TestUser, email: string) {
  const res = await call(captain, 'POST', `/api/teams/${team}/invites`, { email });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().request._id as string;
}
const accept = (rid: string, u: TestUser) => call(u, 'POST', `/api/team-requests/${rid}/accept`);
async function join(team: string, captain: TestUser, u: TestUser) {
  const res = await accept(await ask(team, u), captain);
  expect(res.statusCode, res.body).toBe(200);
}
async function getTeam(team: string, u: TestUser | null = null) {
  return call(u, 'GET', `/api/teams/${team}`);
}
const roles = async (team: string) =>
  Object.fromEntries(
    ((await getTeam(team)).json().team.members as Array<{ id: string; role: string }>).map((m) => [
      m.id,
      m.role,
    ]),
  );
async function noticesOf(u: TestUser) {
  return t.database.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, u.user.id), eq(notifications.type, 'hackathon_team')));
}

async function multipart(fields: Record<string, string | { data: Buffer; name: string; type: string }>) {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) {
    if (typeof v === 'string') fd.append(k, v);
    else fd.append(k, new Blob([new Uint8Array(v.data)], { type: v.type }), v.name);
  }
  const res = new Response(fd);
  return {
    payload: Buffer.from(await res.arrayBuffer()),
    headers: { 'content-type': res.headers.get('content-type')! },
  };
}
async function submit(
  h: string,
  u: TestUser,
  over: Record<string, string | { data: Buffer; name: string; type: string }> = {},
) {
  const body = await multipart({
    teamName: 'Whatever the form says',
    projectTitle: 'Watt Watcher',
    projectDescription: 'Measures idle power.',
    teamMembers: JSON.stringify([{ userDisplayName: 'Someone Else', userEmail: 'else@example.com' }]),
    ...over,
  });
  return t.app.inject({
    method: 'POST',
    url: `/api/hackathons/${h}/submit`,
    payload: body.payload,
    headers: { ...body.headers, ...u.auth },
  });
}
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << >>\n%%EOF\n');

beforeAll(async () => {
  t = await buildTestApp({
    env: { SESSION_IDLE_MINUTES: '1440', PUBLIC_URL: 'https://agora.example.com' },
    config: {
      uploadRateLimitPerHour: {
        hackathons: 10_000,
        projectSubmissions: 10_000,
        questionImages: 10_000,
        answerAttachments: 10_000,
      },
    },
  });
  base = t.clock.now();
  organiser = await person('Olga Organiser');
});
afterAll(() => t.close());
beforeEach(async () => {
  await setClock(base);
});

describe('forming a team', () => {
  it('makes a registered participant captain; refuses others, a second team, a taken name, and after the end', async () => {
    const h = await hackathon();
    const [ana, ben, cy] = [await person('Ana'), await person('Ben'), await person('Cy')];
    await register(h, ana, ben);

    const res = await call(ana, 'POST', `/api/hackathons/${h}/teams`, {
      name: 'Photon',
      skillsWanted: ['Rust', 'rust', 'Design'],
    });
    expect(res.statusCode).toBe(201);
    const team = res.json().team;
    expect(team).toMatchObject({
      name: 'Photon',
      hackathonId: h,
      maxSize: 4,
      full: false,
      lookingForMembers: true,
      skillsWanted: ['Rust', 'Design'],
      members: [{ id: ana.user.id, displayName: 'Ana', role: 'captain' }],
    });

    // Not registered (a stranger, the organiser): 403; a visitor: 401.
    for (const u of [cy, organiser]) {
      const r = await call(u, 'POST', `/api/hackathons/${h}/teams`, { name: 'Other' });
      expect(r.statusCode).toBe(403);
      expectErrorBody(r.json());
    }
    expect((await call(null, 'POST', `/api/hackathons/${h}/teams`, { name: 'X' })).statusCode).toBe(401);
    // One team per person.
    const twice = await call(ana, 'POST', `/api/hackathons/${h}/teams`, { name: 'Second' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('ALREADY_IN_TEAM');
    // Names are unique per hackathon, whatever the case.
    const taken = await call(ben, 'POST', `/api/hackathons/${h}/teams`, { name: 'PHOTON' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe('TEAM_NAME_TAKEN');
    // Empty name: 400.
    expect((await call(ben, 'POST', `/api/hackathons/${h}/teams`, { name: '  ' })).statusCode).toBe(400);

    await end();
    const late = await call(ben, 'POST', `/api/hackathons/${h}/teams`, { name: 'Late' });
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('HACKATHON_ENDED');
  });

  it('lists the board publicly, filtered by skill and by lookingForMembers; 404 for an unpublished hackathon', async () => {
    const h = await hackathon();
    const [ana, ben, cy] = [await person('Ana'), await person('Ben'), await person('Cy')];
    await register(h, ana, ben, cy);
    const a = await createTeam(h, ana, 'Rustaceans', { skillsWanted: ['Rust', 'Go'] });
    // Oldest first (each a second later: equal times fall back to the id).
    await advance(1000);
    await createTeam(h, ben, 'Painters', { skillsWanted: ['Design'] });
    await advance(1000);
    await createTeam(h, cy, 'Closed', { lookingForMembers: false });

    const all = await call(null, 'GET', `/api/hackathons/${h}/teams`);
    expect(all.statusCode).toBe(200);
    expect(all.json().teams.map((x: { name: string }) => x.name)).toEqual([
      'Rustaceans',
      'Painters',
      'Closed',
    ]);
    expect(all.json().myRequests).toEqual([]);
    // Members with names; no requests for outsiders.
    expect(all.json().teams[0].members[0]).toMatchObject({ id: ana.user.id, displayName: 'Ana' });
    expect(all.json().teams[0].requests).toBeUndefined();

    const rust = await call(null, 'GET', `/api/hackathons/${h}/teams?skill=rust`);
    expect(rust.json().teams.map((x: { _id: string }) => x._id)).toEqual([a._id]);
    const open = await call(null, 'GET', `/api/hackathons/${h}/teams?lookingForMembers=true`);
    expect(open.json().teams.map((x: { name: string }) => x.name)).toEqual(['Rustaceans', 'Painters']);

    const pending = await hackathon({ status: 'pending' });
    expect((await call(organiser, 'GET', `/api/hackathons/${pending}/teams`)).statusCode).toBe(404);
    expect((await call(null, 'GET', '/api/hackathons/not-a-uuid/teams')).statusCode).toBe(404);
    expect((await call(null, 'GET', `/api/teams/${crypto.randomUUID()}`)).statusCode).toBe(404);
  });
});

describe('join requests', () => {
  it('the captain is notified and accepts; other pending requests of the joiner are cancelled', async () => {
    const h = await hackathon();
    const [ana, ben, cy, dee] = [
      await person('Ana'),
      await person('Ben'),
      await person('Cy'),
      await person('Dee'),
    ];
    await register(h, ana, ben, cy);
    const photon = await createTeam(h, ana, 'Photon');
    const quark = await createTeam(h, ben, 'Quark');

    // Not registered: 403.
    expect((await call(dee, 'POST', `/api/teams/${photon._id}/join-requests`, {})).statusCode).toBe(403);
    // In a team: 409.
    const inTeam = await call(ben, 'POST', `/api/teams/${photon._id}/join-requests`, {});
    expect(inTeam.json().code).toBe('ALREADY_IN_TEAM');

    const r1 = await ask(photon._id, cy);
    const again = await call(cy, 'POST', `/api/teams/${photon._id}/join-requests`, {});
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('REQUEST_PENDING');
    const r2 = await ask(quark._id, cy);
    expect((await noticesOf(ana)).map((n) => n.title)).toEqual(['Cy asked to join Photon']);

    // Members see the team's pending requests; others don't.
    expect((await getTeam(photon._id, ana)).json().team.requests).toHaveLength(1);
    expect((await getTeam(photon._id, ben)).json().team.requests).toBeUndefined();
    // cy sees their own pending requests on the board.
    const board = await call(cy, 'GET', `/api/hackathons/${h}/teams`);
    expect(
      board
        .json()
        .myRequests.map((r: { _id: string }) => r._id)
        .sort(),
    ).toEqual([r1, r2].sort());

    // The requester, the other captain, the organiser: not theirs to accept.
    for (const u of [cy, ben, organiser]) expect((await accept(r1, u)).statusCode).toBe(403);
    const ok = await accept(r1, ana);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().team.members.map((m: { id: string }) => m.id)).toEqual([ana.user.id, cy.user.id]);
    expect((await noticesOf(cy)).map((n) => n.title)).toContain('You are in team Photon');

    // Cy's request to Quark was cancelled; accepting it now is refused.
    const [quarkReq] = await t.database.db
      .select()
      .from(hackathonTeamRequests)
      .where(eq(hackathonTeamRequests.id, r2));
    expect(quarkReq!.status).toBe('cancelled');
    const closed = await accept(r2, ben);
    expect(closed.statusCode).toBe(409);
    expect(closed.json().code).toBe('REQUEST_CLOSED');
    expect((await accept(r1, ana)).statusCode).toBe(409);
  });

  it('declining and withdrawing; a full team refuses requests and acceptances (TEAM_FULL)', async () => {
    const h = await hackathon({ maxTeamSize: 2 });
    const [ana, ben, cy] = [await person('Ana'), await person('Ben'), await person('Cy')];
    await register(h, ana, ben, cy);
    const team = await createTeam(h, ana, 'Pair');
    const rb = await ask(team._id, ben);
    const rc = await ask(team._id, cy);

    // The requester withdraws (cancelled); the captain declines (declined, the requester told).
    const withdrawn = await call(cy, 'POST', `/api/team-requests/${rc}/decline`);
    expect(withdrawn.statusCode).toBe(200);
    expect(withdrawn.json().request.status).toBe('cancelled');
    const rc2 = await ask(team._id, cy);
    expect((await call(ben, 'POST', `/api/team-requests/${rc2}/decline`)).statusCode).toBe(403);
    const declined = await call(ana, 'POST', `/api/team-requests/${rc2}/decline`);
    expect(declined.json().request.status).toBe('declined');
    expect((await noticesOf(cy)).map((n) => n.title)).toContain('Pair declined your request');

    const rc3 = await ask(team._id, cy);
    expect((await accept(rb, ana)).statusCode).toBe(200);
    expect((await getTeam(team._id)).json().team.full).toBe(true);
    const full = await accept(rc3, ana);
    expect(full.statusCode).toBe(409);
    expect(full.json().code).toBe('TEAM_FULL');
    expect(full.json().message).toBe(TEAM_MSG.full);
    const dee = await person('Dee');
    await register(h, dee);
    const late = await call(dee, 'POST', `/api/teams/${team._id}/join-requests`, {});
    expect(late.json().code).toBe('TEAM_FULL');
  });

  it('four people taking the last seat at once: exactly one gets it, the others TEAM_FULL', async () => {
    const h = await hackathon({ maxTeamSize: 2 });
    const ana = await person('Ana');
    const others = [await person('Ben'), await person('Cy'), await person('Dee'), await person('Eve')];
    await register(h, ana, ...others);
    const team = await createTeam(h, ana, 'Pair');
    const rids = [];
    for (const u of others) rids.push(await ask(team._id, u));
    const results = await Promise.all(rids.map((rid) => accept(rid, ana)));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409]);
    for (const r of results.filter((x) => x.statusCode === 409)) expect(r.json().code).toBe('TEAM_FULL');
    expect((await getTeam(team._id)).json().team.members).toHaveLength(2);
  });
});

describe('invitations', () => {
  it('the captain invites an account (notified in the app and by e-mail); members cannot invite', async () => {
    const h = await hackathon();
    const [ana, ben, cy] = [await person('Ana'), await person('Ben'), await person('Cy')];
    await register(h, ana, ben);
    const team = await createTeam(h, ana, 'Photon');
    await join(team._id, ana, ben);

    const byMember = await call(ben, 'POST', `/api/teams/${team._id}/invites`, { email: cy.user.email });
    expect(byMember.statusCode).toBe(403);
    const res = await call(ana, 'POST', `/api/teams/${team._id}/invites`, {
      email: cy.user.email.toUpperCase(),
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().request).toMatchObject({
      kind: 'invite',
      status: 'pending',
      email: cy.user.email,
      teamName: 'Photon',
    });
    const dup = await call(ana, 'POST', `/api/teams/${team._id}/invites`, { email: cy.user.email });
    expect(dup.json().code).toBe('REQUEST_PENDING');
    expect((await noticesOf(cy)).map((n) => n.title)).toEqual(['Ana invited you to team Photon']);
    const mails = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, cy.user.email));
    expect(mails.map((m) => m.subject)).toContain('Ana invited you to team Photon');
    // The invitee reads it on the board; a member who is not the captain does not see the address.
    const board = await call(cy, 'GET', `/api/hackathons/${h}/teams`);
    expect(board.json().myRequests).toMatchObject([
      { kind: 'invite', teamName: 'Photon', email: cy.user.email },
    ]);
    expect((await getTeam(team._id, ben)).json().team.requests[0].email).toBeNull();
    expect((await getTeam(team._id, ana)).json().team.requests[0].email).toBe(cy.user.email);

    // Accepting registers cy (registration is open) and tells the captain.
    const rid = board.json().myRequests[0]._id;
    expect((await accept(rid, ben)).statusCode).toBe(403);
    const ok = await accept(rid, cy);
    expect(ok.statusCode).toBe(200);
    const [part] = await t.database.db
      .select()
      .from(hackathonParticipants)
      .where(and(eq(hackathonParticipants.hackathonId, h), eq(hackathonParticipants.userId, cy.user.id)));
    expect(part).toBeTruthy();
    expect((await noticesOf(ana)).map((n) => n.title)).toContain('Cy joined Photon');
  });

  it('an address without an account: whoever signs up with it finds the invitation and accepts it', async () => {
    const h = await hackathon();
    const ana = await person('Ana');
    await register(h, ana);
    const team = await createTeam(h, ana, 'Photon');
    const email = `later-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const rid = await invite(team._id, ana, email);

    const zed = await signup(t.app, { name: 'Zed', email });
    const board = await call(zed, 'GET', `/api/hackathons/${h}/teams`);
    expect(board.json().myRequests.map((r: { _id: string }) => r._id)).toEqual([rid]);
    const declined = await call(zed, 'POST', `/api/team-requests/${rid}/decline`);
    expect(declined.json().request.status).toBe('declined');
    expect((await noticesOf(ana)).map((n) => n.title)).toContain('Zed declined your invitation to Photon');
    const rid2 = await invite(team._id, ana, email);
    expect((await accept(rid2, zed)).statusCode).toBe(200);
    expect(await roles(team._id)).toEqual({ [ana.user.id]: 'captain', [zed.user.id]: 'member' });
  });

  it('two captains invite the same person, who accepts both at once: one membership, the other invitation cancelled', async () => {
    const h = await hackathon();
    const [ana, ben, cy] = [await person('Ana'), await person('Ben'), await person('Cy')];
    await register(h, ana, ben, cy);
    const t1 = await createTeam(h, ana, 'One');
    const t2 = await createTeam(h, ben, 'Two');
    const [i1, i2] = [await invite(t1._id, ana, cy.user.email), await invite(t2._id, ben, cy.user.email)];
    const results = await Promise.all([accept(i1, cy), accept(i2, cy)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const sizes = [
      (await getTeam(t1._id)).json().team.members.length,
      (await getTeam(t2._id)).json().team.members.length,
    ];
    expect(sizes.sort()).toEqual([1, 2]);
    const rows = await t.database.db
      .select({ status: hackathonTeamRequests.status })
      .from(hackathonTeamRequests)
      .where(eq(hackathonTeamRequests.userId, cy.user.id));
    expect(rows.map((r) => r.status).sort()).toEqual(['accepted', 'cancelled']);
  });

  it('accepting is refused once registration has closed for someone not registered', async () => {
    const h = await hackathon();
    const [ana, cy] = [await person('Ana'), await person('Cy')];
    await register(h, ana);
    const team = await createTeam(h, ana, 'Photon');
    const rid = await invite(team._id, ana, cy.user.email);
    await start();
    const res = await accept(rid, cy);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('NOT_REGISTERED');
    // The organiser, invited, cannot join: accepting does not register them either.
    const own = await invite(team._id, ana, organiser.user.email);
    expect((await accept(own, organiser)).statusCode).toBe(403);
  });
});

describe('leaving', () => {
  it('self or captain; a captain leaving hands over to the earliest member; an empty team is deleted', async () => {
    const h = await hackathon();
    const [ana, ben, cy, dee] = [
      await person('Ana'),
      await person('Ben'),
      await person('Cy'),
      await person('Dee'),
    ];
    await register(h, ana, ben, cy, dee);
    const team = await createTeam(h, ana, 'Photon');
    await join(team._id, ana, ben);
    await advance(1000);
    await join(team._id, ana, cy);
    const rd = await ask(team._id, dee);

    // A member cannot remove another; a stranger cannot either.
    expect((await call(ben, 'DELETE', `/api/teams/${team._id}/members/${cy.user.id}`)).statusCode).toBe(403);
    expect((await call(dee, 'DELETE', `/api/teams/${team._id}/members/${cy.user.id}`)).statusCode).toBe(403);
    // The captain leaves: Ben (joined before Cy) becomes captain.
    expect((await call(ana, 'DELETE', `/api/teams/${team._id}/members/${ana.user.id}`)).statusCode).toBe(204);
    expect(await roles(team._id)).toEqual({ [ben.user.id]: 'captain', [cy.user.id]: 'member' });
    expect((await noticesOf(ben)).map((n) => n.title)).toContain('You are now the captain of Photon');
    // The new captain answers the pending request and removes a member.
    expect((await accept(rd, ben)).statusCode).toBe(200);
    expect((await call(ben, 'DELETE', `/api/teams/${team._id}/members/${cy.user.id}`)).statusCode).toBe(204);
    expect((await noticesOf(cy)).map((n) => n.title)).toContain('You were removed from team Photon');
    // Not a member: 404.
    expect((await call(ben, 'DELETE', `/api/teams/${team._id}/members/${cy.user.id}`)).statusCode).toBe(404);
    // Ana, now in no team, may form another.
    await createTeam(h, ana, 'Photon II');

    const pending = await invite(team._id, ben, 'someone@example.com');
    expect((await call(dee, 'DELETE', `/api/teams/${team._id}/members/${dee.user.id}`)).statusCode).toBe(204);
    expect((await call(ben, 'DELETE', `/api/teams/${team._id}/members/${ben.user.id}`)).statusCode).toBe(204);
    expect((await getTeam(team._id)).statusCode).toBe(404);
    const [gone] = await t.database.db
      .select()
      .from(hackathonTeamRequests)
      .where(eq(hackathonTeamRequests.id, pending));
    expect(gone).toBeUndefined();
  });

  it('unregistering leaves the team; nothing changes after the end', async () => {
    const h = await hackathon();
    const [ana, ben, cy] = [await person('Ana'), await person('Ben'), await person('Cy')];
    await register(h, ana, ben, cy);
    const team = await createTeam(h, ana, 'Photon');
    await join(team._id, ana, ben);
    const rc = await ask(team._id, cy);
    expect((await call(ana, 'POST', `/api/hackathons/${h}/unregister`)).statusCode).toBe(200);
    expect(await roles(team._id)).toEqual({ [ben.user.id]: 'captain' });

    await end();
    for (const res of [
      await call(ben, 'DELETE', `/api/teams/${team._id}/members/${ben.user.id}`),
      await accept(rc, ben),
      await call(ben, 'POST', `/api/team-requests/${rc}/decline`),
      await call(ben, 'POST', `/api/teams/${team._id}/invites`, { email: 'x@example.com' }),
      await call(cy, 'POST', `/api/teams/${team._id}/join-requests`, {}),
    ]) {
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().code).toBe('HACKATHON_ENDED');
    }
  });
});

describe('one submission per team', () => {
  it('any member submits or edits the same row; name and members come from the team; locked after the end', async () => {
    const h = await hackathon();
    const [ana, ben, cy] = [await person('Ana'), await person('Ben'), await person('Cy')];
    await register(h, ana, ben, cy);
    const team = await createTeam(h, ana, 'Photon');
    await join(team._id, ana, ben);
    await start();

    const first = await submit(h, ana, {
      submissionFile: { data: PDF, name: 'deck.pdf', type: 'application/pdf' },
    });
    expect(first.statusCode, first.body).toBe(201);
    const sub = first.json().submission;
    expect(sub.teamName).toBe('Photon');
    expect(sub.teamMembers.map((m: { userId: string }) => m.userId)).toEqual([ana.user.id, ben.user.id]);

    // Ben edits the same submission (the file stays).
    const edit = await submit(h, ben, { projectTitle: 'Watt Watcher 2' });
    expect(edit.statusCode).toBe(200);
    expect(edit.json().submission).toMatchObject({
      _id: sub._id,
      projectTitle: 'Watt Watcher 2',
      fileName: 'deck.pdf',
    });
    const rows = await t.database.db
      .select()
      .from(hackathonSubmissions)
      .where(eq(hackathonSubmissions.hackathonId, h));
    expect(rows).toHaveLength(1);

    // Both see it on the hackathon page, and may fetch its file; a stranger may not.
    for (const u of [ana, ben]) {
      const page = await call(u, 'GET', `/api/hackathons/${h}`);
      expect(page.json().submissions.map((s: { _id: string }) => s._id)).toEqual([sub._id]);
      expect((await call(u, 'GET', `/api/hackathons/${h}/submissions/${sub._id}/file`)).statusCode).toBe(200);
    }
    expect((await call(cy, 'GET', `/api/hackathons/${h}/submissions/${sub._id}/file`)).statusCode).toBe(404);
    // …and on My Hackathons (the card of the hackathon they joined carries it); Cy, not in the team, does not.
    const mineOf = async (u: TestUser) => {
      const list = (await call(u, 'GET', '/api/hackathons/my-registrations')).json() as Array<{
        _id: string;
        submissions: Array<{ _id: string }>;
      }>;
      return list.find((x) => x._id === h)?.submissions.map((s) => s._id);
    };
    expect(await mineOf(ana)).toEqual([sub._id]);
    expect(await mineOf(ben)).toEqual([sub._id]);
    expect(await mineOf(cy)).toEqual([]);

    // Cy joins while running: the submission lists Cy too.
    await join(team._id, ana, cy);
    const [row] = await t.database.db
      .select()
      .from(hackathonSubmissions)
      .where(eq(hackathonSubmissions.id, sub._id));
    expect(row!.teamMembers.map((m) => m.userId)).toEqual([ana.user.id, ben.user.id, cy.user.id]);
    // The submitter leaves: the row passes to a remaining member, Ana can submit alone.
    expect((await call(ana, 'DELETE', `/api/teams/${team._id}/members/${ana.user.id}`)).statusCode).toBe(204);
    const [moved] = await t.database.db
      .select()
      .from(hackathonSubmissions)
      .where(eq(hackathonSubmissions.id, sub._id));
    expect(moved!.userId).toBe(ben.user.id);
    expect(moved!.teamMembers.map((m) => m.userId)).toEqual([ben.user.id, cy.user.id]);
    const alone = await submit(h, ana, { teamName: 'Solo Ana' });
    expect(alone.statusCode).toBe(201);
    expect(alone.json().submission._id).not.toBe(sub._id);

    await end();
    const late = await submit(h, ben);
    expect(late.statusCode).toBe(409);
  });

  it('a solo project comes along into a team without one; into a team with one, joining is refused', async () => {
    const h = await hackathon();
    const [ana, ben, cy, dee] = [
      await person('Ana'),
      await person('Ben'),
      await person('Cy'),
      await person('Dee'),
    ];
    await register(h, ana, ben, cy, dee);
    await start();
    const solo = await submit(h, ana, { teamName: 'Just Ana' });
    expect(solo.statusCode).toBe(201);
    // Ana forms a team: her project becomes the team's.
    const team = await createTeam(h, ana, 'Photon');
    const [row] = await t.database.db
      .select()
      .from(hackathonSubmissions)
      .where(eq(hackathonSubmissions.id, solo.json().submission._id));
    expect(row).toMatchObject({ teamId: team._id, teamName: 'Photon' });

    // Ben submitted alone too: joining Photon (which has a project) is refused, and nothing changes.
    expect((await submit(h, ben, { teamName: 'Just Ben' })).statusCode).toBe(201);
    const rb = await ask(team._id, ben);
    const refused = await accept(rb, ana);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('SUBMITTED_ALONE');
    expect(Object.keys(await roles(team._id))).toEqual([ana.user.id]);

    // Cy's solo project comes into Dee's team, which has none.
    expect((await submit(h, cy, { teamName: 'Just Cy' })).statusCode).toBe(201);
    const dees = await createTeam(h, dee, 'Delta');
    await join(dees._id, dee, cy);
    const page = await call(dee, 'GET', `/api/hackathons/${h}`);
    expect(page.json().submissions).toMatchObject([{ teamName: 'Delta', projectTitle: 'Watt Watcher' }]);
  });
});
