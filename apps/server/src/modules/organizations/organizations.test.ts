import { ORGANIZATION_TEXT } from '@agora/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, expectErrorBody, signup, type TestApp, type TestUser } from '../../../test/helpers.js';
import { mailOutbox, notifications, organizationClaims } from '../../db/schema/index.js';

let t: TestApp;
const db = () => t.database.db;
let seq = 0;

const call = (who: TestUser | null, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: who ? who.auth : {}, ...(payload ? { payload } : {}) });

beforeAll(async () => {
  t = await buildTestApp();
}, 60_000);
afterAll(() => t?.close());

async function newOrg(by: TestUser, over: { name?: string; kind?: string; domain?: string } = {}) {
  seq++;
  const res = await call(by, 'POST', '/api/organizations', {
    name: over.name ?? `Water Board ${seq}`,
    kind: over.kind ?? 'government',
    domain: over.domain ?? `water${seq}.gov.in`,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { _id: string; name: string; domain: string; verified: boolean };
}

async function shareIdea(by: TestUser, organizationIds: string[] = []) {
  const res = await call(by, 'POST', '/api/ideas', {
    title: `Rainwater sensors ${++seq}`,
    description: 'Cheap sensors on every roof tank report levels to the ward office.',
    category: 'Environment',
    organizationIds,
  });
  return res;
}

/** Delivers the outbox and reads the verification token from the e-mail sent to `email`. */
async function tokenMailedTo(email: string): Promise<string> {
  await t.app.ctx.mailWorker.runOnce();
  const mail = [...t.mail.sent].reverse().find((m) => m.to === email);
  expect(mail, `no mail to ${email}`).toBeTruthy();
  const token = /\/organizations\/verify\?token=([A-Za-z0-9_-]+)/.exec(mail!.text)?.[1];
  expect(token).toBeTruthy();
  return token!;
}

async function verifiedMember(orgId: string, domain: string): Promise<TestUser> {
  const member = await signup(t.app);
  const email = `officer${++seq}@${domain}`;
  expect((await call(member, 'POST', `/api/organizations/${orgId}/claim`, { email })).statusCode).toBe(200);
  const token = await tokenMailedTo(email);
  const res = await call(member, 'POST', '/api/organizations/verify', { token });
  expect(res.statusCode, res.body).toBe(200);
  return member;
}

describe('organisations', () => {
  it('creates an unverified organisation; the same name in another case is a 409', async () => {
    const u = await signup(t.app);
    const org = await newOrg(u, {
      name: 'Acme Foundation',
      kind: 'ngo',
      domain: 'HTTPS://www.Acme.org/about',
    });
    expect(org).toMatchObject({ name: 'Acme Foundation', verified: false, domain: 'acme.org' });
    const dup = await call(u, 'POST', '/api/organizations', {
      name: 'ACME foundation',
      kind: 'ngo',
      domain: 'acme.org',
    });
    expect(dup.statusCode).toBe(409);
    expectErrorBody(dup.json());
    expect(
      (await call(null, 'POST', '/api/organizations', { name: 'X Org', kind: 'ngo', domain: 'x.org' }))
        .statusCode,
    ).toBe(401);
    const bad = await call(u, 'POST', '/api/organizations', {
      name: 'Bad Kind',
      kind: 'club',
      domain: 'bad.org',
    });
    expect(bad.statusCode).toBe(400);
  });

  it('searches by name, verified ones first', async () => {
    const u = await signup(t.app);
    const a = await newOrg(u, { name: `Zephyr Transit ${seq}` });
    const b = await newOrg(u, { name: `Zephyr Power ${seq}` });
    await verifiedMember(b._id, b.domain);
    const res = await call(null, 'GET', '/api/organizations?q=zephyr');
    expect(res.statusCode).toBe(200);
    const ids = res.json().map((o: { _id: string }) => o._id);
    expect(ids).toEqual([b._id, a._id]);
    expect(res.json()[0]).toMatchObject({ verified: true, memberCount: 1 });
  });

  it('verifies by a token read from the e-mail: hashed at rest, single use, the caller becomes a member', async () => {
    const creator = await signup(t.app);
    const org = await newOrg(creator);
    const member = await signup(t.app);

    const outside = await call(member, 'POST', `/api/organizations/${org._id}/claim`, {
      email: 'me@gmail.com',
    });
    expect(outside.statusCode).toBe(400);
    expect(outside.json().message).toBe(ORGANIZATION_TEXT.emailOutsideDomain);
    const lookalike = await call(member, 'POST', `/api/organizations/${org._id}/claim`, {
      email: `me@not${org.domain}`,
    });
    expect(lookalike.statusCode).toBe(400);

    const email = `clerk@ward7.${org.domain}`; // a subdomain is at the domain
    const claim = await call(member, 'POST', `/api/organizations/${org._id}/claim`, { email });
    expect(claim.statusCode, claim.body).toBe(200);
    const [queued] = await db().select().from(mailOutbox).where(eq(mailOutbox.to, email));
    expect(queued!.text).not.toMatch(/token=/);

    const token = await tokenMailedTo(email);
    const [stored] = await db().select().from(organizationClaims).where(eq(organizationClaims.email, email));
    expect(JSON.stringify(stored)).not.toContain(token);

    // Another account cannot use the link.
    const stranger = await signup(t.app);
    expect((await call(stranger, 'POST', '/api/organizations/verify', { token })).statusCode).toBe(400);

    const ok = await call(member, 'POST', '/api/organizations/verify', { token });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().organization).toMatchObject({
      _id: org._id,
      verified: true,
      isMember: true,
      memberCount: 1,
    });

    const again = await call(member, 'POST', '/api/organizations/verify', { token });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(ORGANIZATION_TEXT.verifyInvalid);

    const mine = await call(member, 'GET', '/api/organizations/mine');
    expect(mine.json().map((o: { _id: string }) => o._id)).toEqual([org._id]);
    // Already a member: no second e-mail.
    expect((await call(member, 'POST', `/api/organizations/${org._id}/claim`, { email })).statusCode).toBe(
      409,
    );
  });

  it('refuses a link after 24 hours', async () => {
    const u = await signup(t.app);
    const org = await newOrg(u);
    const email = `late${seq}@${org.domain}`;
    expect((await call(u, 'POST', `/api/organizations/${org._id}/claim`, { email })).statusCode).toBe(200);
    const token = await tokenMailedTo(email);
    t.clock.advance(24 * 3_600_000 + 1_000);
    try {
      // A day later the session has idled out: sign in again.
      const login = await call(null, 'POST', '/api/auth/login', {
        email: u.user.email,
        password: 'correct horse battery',
      });
      expect(login.statusCode, login.body).toBe(200);
      const again = { ...u, auth: { authorization: `Bearer ${login.json().token}` } };
      const res = await call(again, 'POST', '/api/organizations/verify', { token });
      expect(res.statusCode).toBe(400);
      expect((await call(null, 'GET', `/api/organizations/${org._id}`)).json().verified).toBe(false);
    } finally {
      t.clock.advance(-(24 * 3_600_000 + 1_000));
    }
  });

  it('limits verification e-mails per person', async () => {
    const u = await signup(t.app);
    const org = await newOrg(u);
    const codes: number[] = [];
    for (let i = 0; i < 7; i++) {
      codes.push(
        (await call(u, 'POST', `/api/organizations/${org._id}/claim`, { email: `p${i}@${org.domain}` }))
          .statusCode,
      );
    }
    expect(codes.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(codes.slice(5)).toEqual([429, 429]);
  });
});

describe('ideas that tag organisations', () => {
  it('tags at most 3 organisations, which must exist; members are notified and see it in their inbox', async () => {
    const author = await signup(t.app);
    const orgs = [await newOrg(author), await newOrg(author), await newOrg(author), await newOrg(author)];
    const member = await verifiedMember(orgs[0]!._id, orgs[0]!.domain);

    const four = await shareIdea(
      author,
      orgs.map((o) => o._id),
    );
    expect(four.statusCode).toBe(400);
    const unknown = await shareIdea(author, ['00000000-0000-4000-8000-000000000000']);
    expect(unknown.statusCode).toBe(400);

    const res = await shareIdea(
      author,
      orgs.slice(0, 3).map((o) => o._id),
    );
    expect(res.statusCode, res.body).toBe(201);
    const ideaId = res.json()._id as string;
    const detail = (await call(null, 'GET', `/api/ideas/${ideaId}`)).json();
    expect(detail.organizations.map((o: { _id: string }) => o._id)).toEqual(
      orgs.slice(0, 3).map((o) => o._id),
    );
    expect(detail.organizations[0]).toMatchObject({
      name: orgs[0]!.name,
      kind: 'government',
      verified: true,
    });

    const notes = await db().select().from(notifications).where(eq(notifications.userId, member.user.id));
    expect(notes.filter((n) => n.type === 'idea_organization' && n.link === `/idea/${ideaId}`)).toHaveLength(
      1,
    );

    const inbox = await call(member, 'GET', `/api/organizations/${orgs[0]!._id}/inbox`);
    expect(inbox.statusCode).toBe(200);
    expect(inbox.json()[0]).toMatchObject({ _id: ideaId, responseStatus: null });
    expect((await call(author, 'GET', `/api/organizations/${orgs[0]!._id}/inbox`)).statusCode).toBe(403);
    expect((await call(null, 'GET', `/api/organizations/${orgs[0]!._id}/inbox`)).statusCode).toBe(401);

    // The author changes the tags: still at most 3.
    const put = await call(author, 'PUT', `/api/ideas/${ideaId}/organizations`, {
      organizationIds: [orgs[3]!._id],
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().organizations.map((o: { _id: string }) => o._id)).toEqual([orgs[3]!._id]);
    const tooMany = await call(author, 'PUT', `/api/ideas/${ideaId}/organizations`, {
      organizationIds: orgs.map((o) => o._id),
    });
    expect(tooMany.statusCode).toBe(400);
    const stranger = await signup(t.app);
    expect(
      (await call(stranger, 'PUT', `/api/ideas/${ideaId}/organizations`, { organizationIds: [] })).statusCode,
    ).toBe(403);
  });

  it('pages the organisation’s tagged ideas with a cursor, without repeats, hidden ideas left out', async () => {
    const author = await signup(t.app);
    const org = await newOrg(author);
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      t.clock.advance(1_000);
      ids.push((await shareIdea(author, [org._id])).json()._id);
    }
    expect((await call(author, 'PUT', `/api/ideas/${ids[0]}/hide`)).statusCode).toBe(200);
    const first = await call(null, 'GET', `/api/organizations/${org._id}?limit=2`);
    expect(first.statusCode).toBe(200);
    const seen = first.json().ideas.map((i: { _id: string }) => i._id);
    let cursor = first.json().nextCursor as string | null;
    while (cursor) {
      const next = await call(null, 'GET', `/api/organizations/${org._id}/ideas?limit=2&cursor=${cursor}`);
      expect(next.statusCode).toBe(200);
      seen.push(...next.json().map((i: { _id: string }) => i._id));
      cursor = (next.headers['x-next-cursor'] as string | undefined) ?? null;
    }
    expect(seen).toEqual([...ids.slice(1)].reverse());
  });
});

describe('official responses', () => {
  it('a verified member of a tagged organisation responds; non-members 403, an untagged organisation 409', async () => {
    const author = await signup(t.app);
    const tagged = await newOrg(author);
    const untagged = await newOrg(author);
    const member = await verifiedMember(tagged._id, tagged.domain);
    const otherMember = await verifiedMember(untagged._id, untagged.domain);
    const ideaId = (await shareIdea(author, [tagged._id])).json()._id as string;
    const follower = await signup(t.app);
    expect((await call(follower, 'POST', `/api/ideas/${ideaId}/follow`)).statusCode).toBe(200);
    const body = (organizationId: string) => ({
      organizationId,
      status: 'adopted',
      message: 'We will pilot this in Ward 7.',
    });

    const outsider = await signup(t.app);
    const r403 = await call(outsider, 'POST', `/api/ideas/${ideaId}/responses`, body(tagged._id));
    expect(r403.statusCode).toBe(403);
    expectErrorBody(r403.json());
    // A member of another organisation is not a member of this one.
    expect(
      (await call(otherMember, 'POST', `/api/ideas/${ideaId}/responses`, body(tagged._id))).statusCode,
    ).toBe(403);
    const r409 = await call(otherMember, 'POST', `/api/ideas/${ideaId}/responses`, body(untagged._id));
    expect(r409.statusCode).toBe(409);
    expect(r409.json().message).toBe(ORGANIZATION_TEXT.notTagged);
    expect((await call(null, 'POST', `/api/ideas/${ideaId}/responses`, body(tagged._id))).statusCode).toBe(
      401,
    );

    const ok = await call(member, 'POST', `/api/ideas/${ideaId}/responses`, body(tagged._id));
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json()).toMatchObject({
      status: 'adopted',
      verified: true,
      organization: { _id: tagged._id, verified: true },
    });

    const detail = (await call(null, 'GET', `/api/ideas/${ideaId}`)).json();
    expect(detail.responses).toHaveLength(1);
    expect(detail.responses[0]).toMatchObject({
      message: 'We will pilot this in Ward 7.',
      organization: { name: tagged.name },
      responder: { id: member.user.id },
    });
    const notes = await db().select().from(notifications).where(eq(notifications.userId, author.user.id));
    expect(
      notes.filter((n) => n.type === 'idea_response' && n.link?.startsWith(`/idea/${ideaId}`)),
    ).toHaveLength(1);
    const toFollower = await db()
      .select()
      .from(notifications)
      .where(eq(notifications.userId, follower.user.id));
    expect(toFollower.filter((n) => n.type === 'idea_response')).toHaveLength(1);
    expect(toFollower[0]!.title).toContain(`${tagged.name} responded: Adopted`);
    const inbox = (await call(member, 'GET', `/api/organizations/${tagged._id}/inbox`)).json();
    expect(inbox.find((i: { _id: string }) => i._id === ideaId)).toMatchObject({ responseStatus: 'adopted' });
  });

  it('hidden ideas take no responses from anyone but their author (404)', async () => {
    const author = await signup(t.app);
    const org = await newOrg(author);
    const member = await verifiedMember(org._id, org.domain);
    const ideaId = (await shareIdea(author, [org._id])).json()._id as string;
    expect((await call(author, 'PUT', `/api/ideas/${ideaId}/hide`)).statusCode).toBe(200);
    const res = await call(member, 'POST', `/api/ideas/${ideaId}/responses`, {
      organizationId: org._id,
      status: 'acknowledged',
      message: 'Seen',
    });
    expect(res.statusCode).toBe(404);
  });
});
