// An admin approves or rejects the version of a job or hackathon they read, never a later one: the
// poster of a pending posting could otherwise swap its text (a fee scam, say) after the admin read
// it and before they approved it. Approve/reject carry the `updatedAt` the admin saw; a change since
// is 409 CHANGED_SINCE_REVIEW and the item stays pending, untouched.
import { ADMIN_MESSAGES, type AdminHackathon, type AdminJob } from '@agora/shared';
import { and, eq, sql } from 'drizzle-orm';
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
import { auditLog, hackathons, jobs, mailOutbox } from '../../db/schema/index.js';
import { createHackathonsService } from '../hackathons/hackathons.service.js';
import { createJobsService } from '../jobs/jobs.service.js';

const DAY = 86_400_000;
const SCAM = 'SCAM: send ₹5,000 registration fee to apply';

let t: TestApp;
let admin: TestUser;
let adminSession: SessionUser;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await signup(t.app, { name: 'Ada Admin' });
  await makeAdmin(t, admin);
  adminSession = {
    id: admin.user.id,
    sessionId: '00000000-0000-0000-0000-000000000000',
    email: admin.user.email,
    name: 'Ada Admin',
    displayName: 'Ada',
    role: 'admin',
  };
});
afterAll(() => t.close());

// ---------- the two kinds of reviewed item, driven through the public API ----------

const jobBody = (title: string) => ({
  title,
  description: 'Build and run the APIs behind our marketplace.',
  company: { name: 'Acme Labs', website: 'https://acme.example.com', logo: '' },
  location: { city: 'Pune', state: 'Maharashtra', country: 'India' },
  category: 'Engineering',
  type: 'Full-time',
  level: 'Mid-level',
  salary: '₹12,00,000 - ₹18,00,000',
  requirements: 'Three years of production experience.',
  contactEmail: 'jobs@acme.example.com',
  isRemote: false,
});

async function hackathonForm(title: string) {
  const now = t.clock.now().getTime();
  const fields: Record<string, string> = {
    title,
    description: 'Build tools that cut energy use, in teams of up to four.',
    organizer: JSON.stringify({ name: 'Ravi Org', email: 'ravi@example.com', phone: '+91 90000 00000' }),
    eventDetails: JSON.stringify({
      startDate: new Date(now + 3 * DAY).toISOString(),
      endDate: new Date(now + 5 * DAY).toISOString(),
      duration: '48 hours',
      location: 'Bengaluru, Hall 2',
      locationType: 'hybrid',
    }),
    prizes: JSON.stringify({ prizePool: '₹1,00,000', judgingCriteria: 'Impact, craft' }),
    category: 'AI/ML',
    tags: JSON.stringify(['green']),
  };
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.append(k, v);
  const res = new Response(fd);
  return {
    payload: Buffer.from(await res.arrayBuffer()),
    headers: { 'content-type': res.headers.get('content-type')! },
  };
}

interface Kind {
  name: 'jobs' | 'hackathons';
  approved: string;
  /** Submits one as `poster` (pending) and returns its id. */
  create(poster: TestUser, title: string): Promise<string>;
  /** The poster's edit (the whole posting), through the public API; its status code. */
  tryEdit(poster: TestUser, id: string, title: string): Promise<number>;
  /** The stored row as the database has it. */
  row(id: string): Promise<{ title: string; status: string; reviewedAt: Date | null; updatedAt: Date }>;
  /** The area's own review call, without the admin service's row lock and check in front of it. */
  approveDirect(id: string, seen: Date): Promise<unknown>;
}

const kinds: Kind[] = [
  {
    name: 'jobs',
    approved: 'approved',
    async create(poster, title) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/jobs',
        headers: poster.auth,
        payload: jobBody(title),
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().job._id;
    },
    async tryEdit(poster, id, title) {
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/jobs/${id}`,
        headers: poster.auth,
        payload: jobBody(title),
      });
      return res.statusCode;
    },
    async row(id) {
      const [r] = await t.database.db.select().from(jobs).where(eq(jobs.id, id));
      return r!;
    },
    approveDirect: (id, seen) => createJobsService(t.app.ctx).approve(adminSession, id, undefined, seen),
  },
  {
    name: 'hackathons',
    approved: 'published',
    async create(poster, title) {
      const body = await hackathonForm(title);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/hackathons/submit',
        payload: body.payload,
        headers: { ...body.headers, ...poster.auth },
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().hackathon._id;
    },
    async tryEdit(poster, id, title) {
      const body = await hackathonForm(title);
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/hackathons/${id}`,
        payload: body.payload,
        headers: { ...body.headers, ...poster.auth },
      });
      return res.statusCode;
    },
    async row(id) {
      const [r] = await t.database.db.select().from(hackathons).where(eq(hackathons.id, id));
      return r!;
    },
    approveDirect: (id, seen) =>
      createHackathonsService(t.app.ctx).approve(adminSession, id, undefined, seen),
  },
];

type Reviewed = AdminJob | AdminHackathon;

async function edit(kind: Kind, poster: TestUser, id: string, title: string) {
  expect(await kind.tryEdit(poster, id, title)).toBe(200);
}

/** The item as the admin's review queue shows it (searched by its current title). */
async function adminView(kind: Kind, id: string, title: string): Promise<Reviewed> {
  const res = await t.app.inject({
    url: `/api/admin/${kind.name}?status=all&q=${encodeURIComponent(title)}&limit=50`,
    headers: admin.auth,
  });
  expect(res.statusCode, res.body).toBe(200);
  const item = (res.json() as Reviewed[]).find((x) => x._id === id);
  expect(item, `${id} in the ${kind.name} queue`).toBeDefined();
  return item!;
}

const decide = (kind: Kind, id: string, decision: 'approve' | 'reject', body?: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: `/api/admin/${kind.name}/${id}/${decision}`,
    headers: admin.auth,
    ...(body === undefined ? {} : { payload: body }),
  });

async function trail(kind: Kind, id: string) {
  const audits = await t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityType, kind.name.slice(0, -1)), eq(auditLog.entityId, id)));
  return audits.length;
}

async function mailsTo(poster: TestUser) {
  const rows = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, poster.user.email));
  return rows.length;
}

let seq = 0;
const title = (what: string) => `${what} ${++seq} ${Math.random().toString(36).slice(2, 8)}`;

describe.each(kinds)('admin review of $name carries the updatedAt the admin read', (kind) => {
  it('the version the admin read is approved, and the queue shows that version to the millisecond', async () => {
    const poster = await signup(t.app);
    const name = title('Backend engineer');
    const id = await kind.create(poster, name);
    const seen = await adminView(kind, id, name);
    expect(seen.updatedAt).toBe((await kind.row(id)).updatedAt.toISOString());
    expect(seen.updatedAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);

    const ok = await decide(kind, id, 'approve', { updatedAt: seen.updatedAt });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ _id: id, title: name, status: kind.approved });
    expect((await kind.row(id)).status).toBe(kind.approved);
  });

  it('an edit after the admin read it (even within the same millisecond) is not approved or rejected unseen', async () => {
    const poster = await signup(t.app);
    const name = title('Frontend engineer');
    const id = await kind.create(poster, name);
    const seen = await adminView(kind, id, name);
    const mailsBefore = await mailsTo(poster);
    // The server clock does not move between the admin's read and the poster's edit: the edit is
    // still a new version.
    await edit(kind, poster, id, SCAM);
    const edited = await kind.row(id);
    expect(edited.updatedAt.toISOString()).not.toBe(seen.updatedAt);

    const approve = await decide(kind, id, 'approve', { updatedAt: seen.updatedAt });
    expect(approve.statusCode, approve.body).toBe(409);
    expectErrorBody(approve.json());
    expect(approve.json()).toMatchObject({
      code: 'CHANGED_SINCE_REVIEW',
      error: ADMIN_MESSAGES.changedSinceReview,
    });
    const reject = await decide(kind, id, 'reject', { reason: 'Spam', updatedAt: seen.updatedAt });
    expect(reject.statusCode, reject.body).toBe(409);
    expect(reject.json().code).toBe('CHANGED_SINCE_REVIEW');

    // Still pending, exactly as the poster left it; nobody was told anything, nothing was audited.
    const after = await kind.row(id);
    expect(after).toMatchObject({ title: SCAM, status: 'pending', reviewedAt: null });
    expect(after.updatedAt.getTime()).toBe(edited.updatedAt.getTime());
    expect(await mailsTo(poster)).toBe(mailsBefore);
    expect(await trail(kind, id)).toBe(0);

    // Read again, the admin decides on what they now see.
    const reread = await adminView(kind, id, SCAM);
    expect(reread.title).toBe(SCAM);
    const rejected = await decide(kind, id, 'reject', {
      reason: 'Asks applicants for money',
      updatedAt: reread.updatedAt,
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json()).toMatchObject({
      status: 'rejected',
      rejectionReason: 'Asks applicants for money',
    });
  });

  it('a missing or malformed updatedAt is a 400 and changes nothing', async () => {
    const poster = await signup(t.app);
    const name = title('Data engineer');
    const id = await kind.create(poster, name);
    const seen = await adminView(kind, id, name);
    const bad: Array<['approve' | 'reject', Record<string, unknown> | undefined]> = [
      ['approve', undefined],
      ['approve', {}],
      ['approve', { updatedAt: '' }],
      ['approve', { updatedAt: 'yesterday' }],
      ['approve', { updatedAt: seen.updatedAt.slice(0, 10) }],
      ['approve', { updatedAt: '2026-02-30T10:00:00.000Z' }],
      ['approve', { updatedAt: Date.parse(seen.updatedAt) }],
      ['approve', { updatedAt: null }],
      ['reject', { reason: 'Spam' }],
      ['reject', { reason: 'Spam', updatedAt: 'not a date' }],
    ];
    for (const [decision, body] of bad) {
      const res = await decide(kind, id, decision, body);
      expect(res.statusCode, `${decision} ${JSON.stringify(body)}: ${res.body}`).toBe(400);
      expectErrorBody(res.json());
      expect(res.json()).toMatchObject({ code: 'VALIDATION', error: ADMIN_MESSAGES.reviewedVersionRequired });
    }
    // A reason is still required alongside it.
    const noReason = await decide(kind, id, 'reject', { reason: '  ', updatedAt: seen.updatedAt });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().error).toBe(ADMIN_MESSAGES.reasonRequired);
    expect(await kind.row(id)).toMatchObject({ title: name, status: 'pending', reviewedAt: null });
    expect(await trail(kind, id)).toBe(0);
  });

  it('compares at the millisecond the API shows, whatever finer time the database keeps', async () => {
    const poster = await signup(t.app);
    const name = title('Platform engineer');
    const id = await kind.create(poster, name);
    const table = kind.name === 'jobs' ? jobs : hackathons;
    await t.database.db.execute(
      sql`update ${table} set updated_at = '2030-01-02 03:04:05.678901+00' where id = ${id}`,
    );
    const seen = await adminView(kind, id, name);
    expect(seen.updatedAt).toBe('2030-01-02T03:04:05.678Z');
    // The same instant written with an offset is the same version; a millisecond off is not.
    const off = await decide(kind, id, 'approve', { updatedAt: '2030-01-02T03:04:05.679Z' });
    expect(off.statusCode, off.body).toBe(409);
    expect(off.json().code).toBe('CHANGED_SINCE_REVIEW');
    const ok = await decide(kind, id, 'approve', { updatedAt: '2030-01-02T08:34:05.678+05:30' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().status).toBe(kind.approved);
  });

  it("the area's review statement itself refuses a version that is not the current one", async () => {
    const poster = await signup(t.app);
    const name = title('SRE');
    const id = await kind.create(poster, name);
    const seen = new Date((await adminView(kind, id, name)).updatedAt);
    await edit(kind, poster, id, SCAM);
    // No lock or check in front of it: the conditional UPDATE alone decides.
    await expect(kind.approveDirect(id, seen)).rejects.toMatchObject({
      status: 409,
      code: 'CHANGED_SINCE_REVIEW',
    });
    expect(await kind.row(id)).toMatchObject({ title: SCAM, status: 'pending', reviewedAt: null });
    const current = new Date((await adminView(kind, id, SCAM)).updatedAt);
    await expect(kind.approveDirect(id, current)).resolves.toMatchObject({ status: kind.approved });
  });

  it('an edit racing the approve is never published unseen: the approve wins on the text read, or is refused', async () => {
    const outcomes = new Set<string>();
    for (let round = 0; round < 6; round++) {
      const poster = await signup(t.app);
      const name = title('Race');
      const id = await kind.create(poster, name);
      const seen = await adminView(kind, id, name);
      const [approve, edited] = await Promise.all([
        decide(kind, id, 'approve', { updatedAt: seen.updatedAt }),
        kind.tryEdit(poster, id, SCAM),
      ]);
      const final = await kind.row(id);
      // Whatever the order, what is listed is what the admin read.
      if (final.status === kind.approved) expect(final.title).toBe(name);
      if (approve.statusCode === 200) {
        expect(approve.json().title).toBe(name);
      } else {
        expect(approve.statusCode, approve.body).toBe(409);
        expect(approve.json().code).toBe('CHANGED_SINCE_REVIEW');
        expect(final).toMatchObject({ title: SCAM, status: 'pending', reviewedAt: null });
      }
      // An edit that went through is waiting for review (a job edited after its approval goes
      // back to pending; a published hackathon refuses the edit).
      if (edited === 200) expect(final).toMatchObject({ title: SCAM, status: 'pending' });
      else expect(edited).toBe(409);
      outcomes.add(`${approve.statusCode}/${edited}`);
    }
    expect(outcomes.size).toBeGreaterThan(0);
  });
});

describe('editing a reviewed item', () => {
  it('an approved job edited by its poster goes back to review (unlisted) under a new version', async () => {
    const kind = kinds[0]!;
    const poster = await signup(t.app);
    const name = title('Approved then edited');
    const id = await kind.create(poster, name);
    const seen = await adminView(kind, id, name);
    expect((await decide(kind, id, 'approve', { updatedAt: seen.updatedAt })).statusCode).toBe(200);
    const approved = await adminView(kind, id, name);
    await edit(kind, poster, id, SCAM);
    expect(await kind.row(id)).toMatchObject({ title: SCAM, status: 'pending', reviewedAt: null });
    expect((await t.app.inject({ url: `/api/jobs/${id}` })).statusCode).toBe(404);
    // The admin's earlier read (of the approved version) cannot approve the edit either.
    const stale = await decide(kind, id, 'approve', { updatedAt: approved.updatedAt });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('CHANGED_SINCE_REVIEW');
  });

  it('a published hackathon cannot be edited by its organiser', async () => {
    const kind = kinds[1]!;
    const poster = await signup(t.app);
    const name = title('Published hack');
    const id = await kind.create(poster, name);
    const seen = await adminView(kind, id, name);
    expect((await decide(kind, id, 'approve', { updatedAt: seen.updatedAt })).statusCode).toBe(200);
    const body = await hackathonForm(SCAM);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/hackathons/${id}`,
      payload: body.payload,
      headers: { ...body.headers, ...poster.auth },
    });
    expect(res.statusCode).toBe(409);
    expect(await kind.row(id)).toMatchObject({ title: name, status: 'published' });
  });
});

describe('the OpenAPI document', () => {
  it('declares the reviewed version in the body of every approve and reject', async () => {
    const doc = (await t.app.inject('/api/docs/json')).json();
    for (const kind of ['jobs', 'hackathons']) {
      for (const decision of ['approve', 'reject']) {
        const op = doc.paths[`/api/admin/${kind}/{id}/${decision}`]?.post;
        expect(op, `${kind} ${decision}`).toBeDefined();
        expect(op.requestBody.required).toBe(true);
        const schema = op.requestBody.content['application/json'].schema;
        expect(schema.required).toContain('updatedAt');
        expect(schema.properties.updatedAt).toMatchObject({ type: 'string', format: 'date-time' });
        if (decision === 'reject') expect(schema.required).toContain('reason');
      }
    }
  });
});
