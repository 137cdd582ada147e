import { readdirSync } from 'node:fs';
import path from 'node:path';
import { MSG } from '@agora/shared';
import { and, eq, sql } from 'drizzle-orm';
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
import { files, hackathons, mailOutbox, notifications, sessions } from '../../db/schema/index.js';
import { isWordCompoundFile } from '../../lib/document-check.js';
import { APPROVAL_TOO_LATE, createHackathonsService, START_TOO_SOON } from './hackathons.service.js';
import { SUBMISSION_FILE_INVALID } from './hackathons.submissions.js';

const HOUR = 3_600_000;
const MIN = 60_000;
const DAY = 24 * HOUR;

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << >>\n%%EOF\n');
// A Windows executable ("MZ" header) dressed up as a PDF.
const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 0x90)]);

/**
 * A minimal OLE compound file: the 512-byte header (signature, version 3, 512-byte sectors) and one
 * directory sector holding the root entry and a stream of the given name (names are UTF-16LE).
 */
function compoundFile(streamName: string): Buffer {
  const header = Buffer.alloc(512);
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(header, 0);
  header.writeUInt16LE(0x3e, 24);
  header.writeUInt16LE(3, 26);
  header.writeUInt16LE(0xfffe, 28);
  header.writeUInt16LE(9, 30);
  header.writeUInt16LE(6, 32);
  header.writeUInt32LE(0, 48); // first directory sector
  const dir = Buffer.alloc(512);
  const entry = (at: number, name: string, type: number) => {
    Buffer.from(`${name}\0`, 'utf16le').copy(dir, at);
    dir.writeUInt16LE((name.length + 1) * 2, at + 64);
    dir[at + 66] = type;
  };
  entry(0, 'Root Entry', 5);
  entry(128, streamName, 2);
  return Buffer.concat([header, dir, Buffer.alloc(512)]);
}
const DOC = compoundFile('WordDocument');
// An installer package is a compound file too, with other streams.
const MSI = compoundFile('\u4840\u3f3f\u4577\u446c\u3b6a\u45e4\u4824');

let t: TestApp;
let base: Date;

/**
 * Moves the server clock. Sessions have an idle timeout measured on the same clock, so the test
 * users' sessions are marked as just used (the token itself stays valid for 7 days).
 */
async function setClock(d: Date) {
  t.clock.set(d);
  await t.database.db.update(sessions).set({ lastSeenAt: d });
}
async function advance(ms: number) {
  await setClock(new Date(t.clock.now().getTime() + ms));
}
let service: ReturnType<typeof createHackathonsService>;
let admin: SessionUser;
let organiser: TestUser;
let alice: TestUser;
let bob: TestUser;

type Fields = Record<string, string | { data: Buffer; name: string; type?: string }>;

/** Encodes a multipart body the way a browser's FormData does. */
async function multipart(fields: Fields) {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) {
    if (typeof v === 'string') fd.append(k, v);
    else
      fd.append(
        k,
        new Blob([new Uint8Array(v.data)], { type: v.type ?? 'application/octet-stream' }),
        v.name,
      );
  }
  const res = new Response(fd);
  return {
    payload: Buffer.from(await res.arrayBuffer()),
    headers: { 'content-type': res.headers.get('content-type')! },
  };
}

function formFields(over: Record<string, unknown> = {}): Fields {
  const now = t.clock.now().getTime();
  const base: Record<string, unknown> = {
    title: 'Green Code Sprint',
    description: 'Build tools that cut energy use, in teams of up to four.',
    organizer: { name: 'Ravi Org', email: 'ravi@example.com', phone: '+91 90000 00000' },
    eventDetails: {
      startDate: new Date(now + 3 * DAY).toISOString(),
      endDate: new Date(now + 5 * DAY).toISOString(),
      duration: '48 hours',
      location: 'Bengaluru, Hall 2',
      locationType: 'hybrid',
    },
    prizes: { prizePool: '₹1,00,000', judgingCriteria: 'Impact, craft' },
    category: 'AI/ML',
    tags: ['green', 'energy'],
    requirements: 'A laptop',
    additionalInfo: 'Meals provided',
    ...over,
  };
  const out: Fields = {};
  for (const [k, v] of Object.entries(base)) {
    if (v === undefined) continue;
    out[k] =
      typeof v === 'string' || (v && typeof v === 'object' && 'data' in (v as object))
        ? (v as never)
        : JSON.stringify(v);
  }
  return out;
}

async function submitHackathon(user: TestUser | null, fields: Fields) {
  const body = await multipart(fields);
  return t.app.inject({
    method: 'POST',
    url: '/api/hackathons/submit',
    payload: body.payload,
    headers: { ...body.headers, ...(user ? user.auth : {}) },
  });
}

/** Creates a hackathon through the organiser form and approves it through the review service. */
async function publishedHackathon(over: Record<string, unknown> = {}, by: TestUser = organiser) {
  const res = await submitHackathon(by, formFields(over));
  expect(res.statusCode).toBe(201);
  const id = res.json().hackathon._id as string;
  await service.approve(admin, id);
  return id;
}

function startingIn(ms: number, lengthMs = 2 * DAY) {
  const now = t.clock.now().getTime();
  return {
    eventDetails: {
      startDate: new Date(now + ms).toISOString(),
      endDate: new Date(now + ms + lengthMs).toISOString(),
      duration: '48 hours',
      locationType: 'online',
    },
  };
}

async function get(url: string, user?: TestUser | null) {
  return t.app.inject({ method: 'GET', url, headers: user ? user.auth : {} });
}
async function post(url: string, user?: TestUser | null) {
  return t.app.inject({ method: 'POST', url, headers: user ? user.auth : {} });
}

async function submitProject(id: string, user: TestUser, fields: Fields) {
  const body = await multipart(fields);
  return t.app.inject({
    method: 'POST',
    url: `/api/hackathons/${id}/submit`,
    payload: body.payload,
    headers: { ...body.headers, ...user.auth },
  });
}

const project = (over: Fields = {}): Fields => ({
  teamName: 'Team Photon',
  projectTitle: 'Watt Watcher',
  projectDescription: 'Measures and trims idle power draw.',
  projectUrl: 'https://example.com/watt',
  githubUrl: 'https://github.com/example/watt',
  demoUrl: '',
  teamMembers: JSON.stringify([
    { userId: 'spoofed', userDisplayName: 'Meera', userEmail: 'meera@example.com' },
  ]),
  ...over,
});

/** Upload rows of one purpose owned by a user, and the files in the storage folder. */
async function uploadsOf(userId: string, purpose: string) {
  return t.database.db
    .select()
    .from(files)
    .where(and(eq(files.ownerId, userId), eq(files.purpose, purpose)));
}
function storedFiles(): string[] {
  try {
    return readdirSync(path.join(t.dataDir, 'uploads')).sort();
  } catch {
    return [];
  }
}

beforeAll(async () => {
  // A day of idle time, so sessions made during a test survive the clock moving a few hours.
  // Upload limits raised: these tests submit far more than an account may in an hour (the limits
  // themselves are tested on an app with the defaults, below).
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
  service = createHackathonsService(t.app.ctx);
  const a = await signup(t.app, { name: 'Admin Person' });
  await makeAdmin(t, a);
  admin = { ...a.user, sessionId: '', displayName: a.user.name, role: 'admin' } as SessionUser;
  organiser = await signup(t.app, { name: 'Olga Organiser' });
  alice = await signup(t.app, { name: 'Alice Participant' });
  bob = await signup(t.app, { name: 'Bob Bystander' });
});
afterAll(() => t.close());
beforeEach(async () => {
  await setClock(base);
});

describe('POST /api/hackathons/submit (organiser form)', () => {
  it('refuses a visitor with the spec sentence (check 1)', async () => {
    const res = await submitHackathon(null, formFields());
    expect(res.statusCode).toBe(401);
    expectErrorBody(res.json());
    expect(res.json().error).toBe(MSG.hackathonAuth);
  });

  it('runs checks 2–9 in the order of spec 03 §5', async () => {
    const full = formFields();
    const steps: Array<[Fields, string]> = [
      [{}, MSG.hackathonTitle],
      [{ title: full.title! }, MSG.hackathonDescription],
      [{ title: full.title!, description: full.description! }, MSG.hackathonOrganizer],
      [
        { title: full.title!, description: full.description!, organizer: JSON.stringify({ name: 'R' }) },
        MSG.hackathonOrganizerEmail,
      ],
      [
        {
          title: full.title!,
          description: full.description!,
          organizer: full.organizer!,
          eventDetails: JSON.stringify({ startDate: '2030-04-01T00:00:00Z' }),
        },
        MSG.hackathonDates,
      ],
      [
        {
          title: full.title!,
          description: full.description!,
          organizer: full.organizer!,
          eventDetails: JSON.stringify({
            startDate: '2030-04-02T00:00:00Z',
            endDate: '2030-04-01T00:00:00Z',
          }),
        },
        MSG.hackathonDateOrder,
      ],
      [
        {
          title: full.title!,
          description: full.description!,
          organizer: full.organizer!,
          eventDetails: full.eventDetails!,
        },
        MSG.hackathonPrize,
      ],
      [
        {
          title: full.title!,
          description: full.description!,
          organizer: full.organizer!,
          eventDetails: full.eventDetails!,
          prizes: full.prizes!,
        },
        MSG.hackathonCategory,
      ],
    ];
    for (const [fields, message] of steps) {
      const res = await submitHackathon(organiser, fields);
      expect(res.statusCode, message).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION', error: message, message });
    }
  });

  it('treats blank strings as missing and refuses equal start and end and unknown categories', async () => {
    expect((await submitHackathon(organiser, formFields({ title: '   ' }))).json().error).toBe(
      MSG.hackathonTitle,
    );
    const same = '2030-04-01T00:00:00.000Z';
    const res = await submitHackathon(
      organiser,
      formFields({ eventDetails: { startDate: same, endDate: same } }),
    );
    expect(res.json().error).toBe(MSG.hackathonDateOrder);
    expect(
      (
        await submitHackathon(
          organiser,
          formFields({ eventDetails: { startDate: 'soon', endDate: 'later' } }),
        )
      ).json().error,
    ).toBe(MSG.hackathonDates);
    expect((await submitHackathon(organiser, formFields({ category: 'Gardening' }))).json().error).toBe(
      MSG.hackathonCategory,
    );
  });

  it('names a malformed JSON field clearly', async () => {
    const bad = await submitHackathon(organiser, { ...formFields(), organizer: '{"name": "R",' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe('The organizer field is not valid JSON.');
    const notList = await submitHackathon(organiser, { ...formFields(), tags: '"ai, ml"' });
    expect(notList.statusCode).toBe(400);
    expect(notList.json().error).toBe('The tags field must be a JSON list.');
    const notObject = await submitHackathon(organiser, { ...formFields(), prizes: '[1]' });
    expect(notObject.json().error).toBe('The prizes field must be a JSON object.');
  });

  it('validates e-mail, location type, lengths and a past end date', async () => {
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{ organizer: { name: 'R', email: 'not-an-email' } }, /valid organizer email/],
      [
        { eventDetails: { ...startingIn(DAY).eventDetails, locationType: 'moon' } },
        /Location type must be one of/,
      ],
      [{ title: 'x'.repeat(201) }, /at most 200/],
      [{ tags: Array.from({ length: 21 }, (_, i) => `t${i}`) }, /At most 20 tags/],
      [startingIn(-3 * DAY, DAY), /end date must be in the future/],
    ];
    for (const [over, re] of cases) {
      const res = await submitHackathon(organiser, formFields(over));
      expect(res.statusCode, String(re)).toBe(400);
      expect(res.json().error).toMatch(re);
    }
  });

  it('stores a pending hackathon whatever status the client sends, with trimmed, de-duplicated tags', async () => {
    const res = await submitHackathon(organiser, {
      ...formFields({ tags: [' ai ', 'ai', '', 'ml'] }),
      status: 'published',
      featured: 'true',
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.message).toBe(MSG.hackathonSubmitted);
    expect(body.hackathon).toMatchObject({
      status: 'pending',
      featured: false,
      title: 'Green Code Sprint',
      tags: ['ai', 'ml'],
      category: 'AI/ML',
      organizer: { name: 'Ravi Org', email: 'ravi@example.com', phone: '+91 90000 00000' },
      eventDetails: { duration: '48 hours', locationType: 'hybrid', location: 'Bengaluru, Hall 2' },
      prizes: { prizePool: '₹1,00,000', judgingCriteria: 'Impact, craft' },
      author: { id: organiser.user.id },
      participantCount: 0,
      image: null,
      phase: null,
    });
  });

  it('accepts an image by its content and refuses a non-image or one over 5 MB', async () => {
    const ok = await submitHackathon(organiser, {
      ...formFields(),
      image: { data: PNG, name: 'banner.png', type: 'image/png' },
    });
    expect(ok.statusCode).toBe(201);
    const image = ok.json().hackathon.image as string;
    expect(image).toMatch(/^\/uploads\/[a-f0-9]{32}\.png$/);
    const served = await t.app.inject({ method: 'GET', url: image });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');

    const fake = await submitHackathon(organiser, {
      ...formFields(),
      image: { data: Buffer.from('<?php echo 1; ?>'), name: 'banner.png', type: 'image/png' },
    });
    expect(fake.statusCode).toBe(400);
    expect(fake.json().error).toBe(MSG.hackathonImageInvalid);

    const big = await submitHackathon(organiser, {
      ...formFields(),
      image: {
        data: Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]),
        name: 'big.png',
        type: 'image/png',
      },
    });
    expect(big.statusCode).toBe(413);
    expect(big.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', error: MSG.hackathonImageTooLarge });
  });

  it('refuses a start less than 1 hour away (nobody could register), after the spec checks', async () => {
    const soon = await submitHackathon(organiser, formFields(startingIn(59 * MIN)));
    expect(soon.statusCode).toBe(400);
    expect(soon.json()).toMatchObject({ code: 'VALIDATION', error: START_TOO_SOON });
    expect(soon.json().details[0].field).toBe('eventDetails.startDate');
    // The spec's own checks still come first.
    const noCategory = await submitHackathon(organiser, formFields({ ...startingIn(MIN), category: '' }));
    expect(noCategory.json().error).toBe(MSG.hackathonCategory);
    expect((await submitHackathon(organiser, formFields(startingIn(61 * MIN)))).statusCode).toBe(201);
  });

  it('stores the image only for a valid form, and removes it when the insert fails', async () => {
    const author = await signup(t.app, { name: 'Ivy Imagefail' });
    const before = storedFiles();
    const invalid = await submitHackathon(author, {
      ...formFields(startingIn(10 * MIN)),
      image: { data: PNG, name: 'banner.png', type: 'image/png' },
    });
    expect(invalid.statusCode).toBe(400);
    expect(await uploadsOf(author.user.id, 'hackathon-image')).toHaveLength(0);
    expect(storedFiles()).toEqual(before);

    // A database failure after the image was stored (a trigger stands in for it).
    const db = t.database.db;
    await db.execute(
      sql.raw(`create or replace function test_fail_insert() returns trigger language plpgsql as $$
        begin raise exception 'insert failed for the test'; end $$`),
    );
    await db.execute(
      sql.raw(`create trigger test_fail_insert before insert on hackathons for each row
        when (new.title = 'Explode On Insert') execute function test_fail_insert()`),
    );
    try {
      const failed = await submitHackathon(author, {
        ...formFields({ title: 'Explode On Insert' }),
        image: { data: PNG, name: 'banner.png', type: 'image/png' },
      });
      expect(failed.statusCode).toBe(500);
    } finally {
      await db.execute(sql.raw('drop trigger test_fail_insert on hackathons'));
      await db.execute(sql.raw('drop function test_fail_insert()'));
    }
    expect(await uploadsOf(author.user.id, 'hackathon-image')).toHaveLength(0);
    expect(storedFiles()).toEqual(before);
    expect(await db.select().from(hackathons).where(eq(hackathons.title, 'Explode On Insert'))).toHaveLength(
      0,
    );
  });

  it('refuses a request that is not multipart', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/hackathons/submit',
      payload: { title: 'x' },
      headers: organiser.auth,
    });
    expect(res.statusCode).toBe(400);
    expectErrorBody(res.json());
  });
});

describe('duration, organiser e-mail and results', () => {
  it('derives the duration from the dates, whatever the form sends (a 2-day event never reads "1 week")', async () => {
    const start = new Date(t.clock.now().getTime() + 3 * DAY);
    const res = await submitHackathon(
      organiser,
      formFields({
        eventDetails: {
          startDate: start.toISOString(),
          endDate: new Date(start.getTime() + 57 * HOUR).toISOString(),
          duration: '1 week',
          locationType: 'online',
        },
      }),
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().hackathon.eventDetails.duration).toBe('57 hours');
    const week = await submitHackathon(organiser, formFields(startingIn(3 * DAY, 14 * DAY)));
    expect(week.json().hackathon.eventDetails.duration).toBe('2 weeks');
  });

  it("shows the organiser e-mail to signed-in users only, also through the visitors' response cache", async () => {
    const id = await publishedHackathon({
      title: 'Mail Privacy',
      organizer: { name: 'Quiet Org', email: 'quiet.org@example.com' },
    });
    const visitorList = await get('/api/hackathons?phase=upcoming');
    expect(visitorList.statusCode).toBe(200);
    expect(visitorList.body).not.toContain('quiet.org@example.com');
    const mine = (await get('/api/hackathons?phase=upcoming', bob)).json();
    expect(mine.find((h: { _id: string }) => h._id === id).organizer.email).toBe('quiet.org@example.com');
    // The visitors' answer again (from the cache when it is on): still without the address.
    const again = await get('/api/hackathons?phase=upcoming');
    const h = again.json().find((x: { _id: string }) => x._id === id);
    expect(h.organizer).toEqual({ name: 'Quiet Org', email: null, phone: null });
    const detail = await get(`/api/hackathons/${id}`);
    expect(detail.json().organizer.email).toBeNull();
    expect(detail.body).not.toContain('quiet.org@example.com');
    expect((await get(`/api/hackathons/${id}`, bob)).json().organizer.email).toBe('quiet.org@example.com');
  });

  it('shows the winner and runner-up projects of a past hackathon to everyone, winners first', async () => {
    const id = await publishedHackathon({ title: 'Podium', ...startingIn(2 * HOUR, DAY) });
    await post(`/api/hackathons/${id}/register`, alice);
    await post(`/api/hackathons/${id}/register`, bob);
    await advance(2 * HOUR + MIN);
    const a = (await submitProject(id, alice, project({ projectTitle: 'Second Place Thing' }))).json();
    const b = (
      await submitProject(id, bob, project({ teamName: 'Team Bob', projectTitle: 'First Place Thing' }))
    ).json();
    const mark = (sid: string, status: string) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/hackathons/${id}/submissions/${sid}`,
        payload: { status },
        headers: organiser.auth,
      });
    await mark(a.submission._id, 'runner_up');
    await mark(b.submission._id, 'winner');
    // While it runs, nobody but the organiser sees the placings.
    expect((await get(`/api/hackathons/${id}`)).json().results).toBeUndefined();
    await advance(DAY);
    const past = (await get(`/api/hackathons/${id}`)).json();
    expect(past.phase).toBe('past');
    expect(
      past.results.map((r: { status: string; projectTitle: string }) => [r.status, r.projectTitle]),
    ).toEqual([
      ['winner', 'First Place Thing'],
      ['runner_up', 'Second Place Thing'],
    ]);
    expect(JSON.stringify(past.results)).not.toContain(alice.user.email);
  });
});

describe('PUT /api/hackathons/:id (organiser edits a pending or rejected hackathon)', () => {
  async function put(id: string, user: TestUser | null, fields: Fields) {
    const body = await multipart(fields);
    return t.app.inject({
      method: 'PUT',
      url: `/api/hackathons/${id}`,
      payload: body.payload,
      headers: { ...body.headers, ...(user ? user.auth : {}) },
    });
  }

  it("replaces a pending hackathon's fields and keeps it pending", async () => {
    const id = (await submitHackathon(organiser, formFields({ title: 'Draft One' }))).json().hackathon._id;
    const res = await put(
      id,
      organiser,
      formFields({ title: 'Draft Two', category: 'Fintech', tags: ['x'] }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().hackathon).toMatchObject({
      _id: id,
      title: 'Draft Two',
      category: 'Fintech',
      status: 'pending',
    });
    expect((await get(`/api/hackathons/${id}`, organiser)).json().title).toBe('Draft Two');
  });

  it('resubmits a rejected hackathon for review: pending again, the old reason cleared', async () => {
    const id = (await submitHackathon(organiser, formFields({ title: 'Try Again' }))).json().hackathon._id;
    await service.reject(admin, id, 'Dates are unclear');
    expect((await get(`/api/hackathons/${id}`, organiser)).json().rejectionReason).toBe('Dates are unclear');
    const res = await put(id, organiser, formFields({ title: 'Try Again, clearer' }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().hackathon).toMatchObject({
      status: 'pending',
      rejectionReason: null,
      reviewedAt: null,
    });
    // The admins can decide again.
    expect((await service.approve(admin, id)).status).toBe('published');
  });

  it('replaces the image when a new one comes, keeps it otherwise', async () => {
    const id = (
      await submitHackathon(organiser, formFields({ image: { data: PNG, name: 'a.png', type: 'image/png' } }))
    ).json().hackathon._id;
    const first = (await get(`/api/hackathons/${id}`, organiser)).json().image;
    expect(first).toMatch(/^\/uploads\//);
    const kept = await put(id, organiser, formFields({ title: 'Kept image' }));
    expect(kept.json().hackathon.image).toBe(first);
    const replaced = await put(
      id,
      organiser,
      formFields({ image: { data: PNG, name: 'b.png', type: 'image/png' } }),
    );
    expect(replaced.json().hackathon.image).toMatch(/^\/uploads\//);
    expect(replaced.json().hackathon.image).not.toBe(first);
  });

  it('refuses a published one (409), others (404 unlisted / 403 listed), visitors (401) and a bad form', async () => {
    const pending = (await submitHackathon(organiser, formFields())).json().hackathon._id;
    const published = await publishedHackathon({ title: 'Live One' });
    const live = await put(published, organiser, formFields({ title: 'Changed' }));
    expect(live.statusCode).toBe(409);
    expectErrorBody(live.json());
    expect((await put(pending, bob, formFields())).statusCode).toBe(404);
    expect((await put(published, bob, formFields())).statusCode).toBe(403);
    expect((await put(pending, null, formFields())).statusCode).toBe(401);
    const bad = await put(pending, organiser, formFields({ title: ' ' }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe(MSG.hackathonTitle);
    expect((await get(`/api/hackathons/${published}`)).json().title).toBe('Live One');
  });
});

describe('visibility and review', () => {
  it('shows a pending hackathon only to its organiser and admins', async () => {
    const res = await submitHackathon(organiser, formFields({ title: 'Secret Pending Jam' }));
    const id = res.json().hackathon._id;
    expect((await get(`/api/hackathons/${id}`)).statusCode).toBe(404);
    expect((await get(`/api/hackathons/${id}`, bob)).statusCode).toBe(404);
    expect((await get(`/api/hackathons/${id}/calendar.ics`, bob)).statusCode).toBe(404);
    const own = await get(`/api/hackathons/${id}`, organiser);
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ status: 'pending', isOrganizer: true });
    const adminUser = await signup(t.app);
    await makeAdmin(t, adminUser);
    expect((await get(`/api/hackathons/${id}`, adminUser)).statusCode).toBe(200);
    for (const phase of ['', '?phase=upcoming', '?phase=open', '?phase=past']) {
      const list = await get(`/api/hackathons${phase}`, organiser);
      expect(list.json().map((h: { _id: string }) => h._id)).not.toContain(id);
    }
    const mine = await get('/api/hackathons/my-submissions', organiser);
    expect(mine.json().find((h: { _id: string }) => h._id === id)).toMatchObject({ status: 'pending' });
    expect((await post(`/api/hackathons/${id}/register`, alice)).statusCode).toBe(404);
    expect((await get('/api/hackathons/not-a-uuid')).statusCode).toBe(404);
  });

  it('approves once: publishes, e-mails and notifies the organiser in the same transaction', async () => {
    const id = (await submitHackathon(organiser, formFields({ title: 'Approve Me' }))).json().hackathon._id;
    const approved = await service.approve(admin, id);
    expect(approved).toMatchObject({ _id: id, status: 'published', phase: 'upcoming' });
    expect(approved.reviewedAt).toBe(t.clock.now().toISOString());
    const mails = await t.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, organiser.user.email));
    // E-mails carry absolute links (PUBLIC_URL); in-app notifications keep the path.
    expect(
      mails.some(
        (m) =>
          m.subject === 'Approved: Approve Me' &&
          m.text.includes(`View it: https://agora.example.com/hackathon/${id}\n`),
      ),
    ).toBe(true);
    const notes = await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, organiser.user.id));
    expect(notes.some((n) => n.type === 'hackathon_review' && n.link === `/hackathon/${id}`)).toBe(true);
    // Visible to everyone now; reviewing again is a conflict.
    expect((await get(`/api/hackathons/${id}`)).statusCode).toBe(200);
    await expect(service.approve(admin, id)).rejects.toMatchObject({ status: 409, code: 'NOT_PENDING' });
    await expect(service.reject(admin, id, 'late')).rejects.toMatchObject({ status: 409 });
  });

  it('refuses to approve once the registration deadline has passed; rejecting still works', async () => {
    const res = await submitHackathon(
      organiser,
      formFields({ title: 'Reviewed Too Late', ...startingIn(3 * HOUR) }),
    );
    const id = res.json().hackathon._id;
    await advance(2 * HOUR + MIN); // 59 minutes before the start: registration has closed
    await expect(service.approve(admin, id)).rejects.toMatchObject({
      status: 409,
      code: 'REGISTRATION_DEADLINE_PASSED',
      message: APPROVAL_TOO_LATE,
    });
    const adminUser = await signup(t.app);
    await makeAdmin(t, adminUser);
    // The admin approves the version their review queue shows.
    const queue = await t.app.inject({
      url: '/api/admin/hackathons?status=pending&q=Reviewed%20Too%20Late',
      headers: adminUser.auth,
    });
    const seen = queue.json().find((h: { _id: string }) => h._id === id).updatedAt;
    const viaApi = await t.app.inject({
      method: 'POST',
      url: `/api/admin/hackathons/${id}/approve`,
      headers: adminUser.auth,
      payload: { updatedAt: seen },
    });
    expect(viaApi.statusCode).toBe(409);
    expect(viaApi.json().error).toBe(APPROVAL_TOO_LATE);
    // Nothing changed and nobody was told it was approved.
    expect((await get(`/api/hackathons/${id}`, organiser)).json().status).toBe('pending');
    const mails = await t.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, organiser.user.email));
    expect(mails.some((m) => m.subject === 'Approved: Reviewed Too Late')).toBe(false);
    const rejected = await service.reject(admin, id, 'Reviewed after registration closed');
    expect(rejected.status).toBe('rejected');
  });

  it('rejects with a reason the organiser sees, and only admins may review', async () => {
    const id = (await submitHackathon(organiser, formFields({ title: 'Reject Me' }))).json().hackathon._id;
    const asUser = { ...admin, id: bob.user.id, role: 'user' } as SessionUser;
    await expect(service.approve(asUser, id)).rejects.toMatchObject({ status: 403 });
    await expect(service.reject(admin, id, '   ')).rejects.toMatchObject({ status: 400 });
    await expect(service.approve(admin, '00000000-0000-4000-8000-000000000000')).rejects.toMatchObject({
      status: 404,
    });
    const rejected = await service.reject(admin, id, 'Dates clash with another event');
    expect(rejected).toMatchObject({ status: 'rejected', rejectionReason: 'Dates clash with another event' });
    const own = (await get(`/api/hackathons/${id}`, organiser)).json();
    expect(own).toMatchObject({ status: 'rejected', rejectionReason: 'Dates clash with another event' });
    expect((await get(`/api/hackathons/${id}`, bob)).statusCode).toBe(404);
    // The outbox row is due at the database's "now"; the worker compares it with the server clock.
    await setClock(new Date(Date.now() + MIN));
    await t.app.ctx.mailWorker.runOnce();
    expect(
      t.mail.sent.some((m) => m.to === organiser.user.email && m.subject === 'Not approved: Reject Me'),
    ).toBe(true);
    expect(t.mail.sent.find((m) => m.subject === 'Not approved: Reject Me')!.text).toContain(
      'Dates clash with another event',
    );
  });
});

describe('phases and the registration window (server clock)', () => {
  it('moves a hackathon from upcoming to open to past as the clock advances', async () => {
    const id = await publishedHackathon({ title: 'Phase Walk', ...startingIn(2 * DAY, DAY) });
    const start = t.clock.now().getTime() + 2 * DAY;
    const inTab = async (phase: string) =>
      (await get(`/api/hackathons?phase=${phase}&limit=100`))
        .json()
        .some((h: { _id: string }) => h._id === id);
    const phaseNow = async () => (await get(`/api/hackathons/${id}`)).json().phase;

    expect(await phaseNow()).toBe('upcoming');
    expect([await inTab('upcoming'), await inTab('open'), await inTab('past')]).toEqual([true, false, false]);

    await setClock(new Date(start - 1));
    expect(await phaseNow()).toBe('upcoming');
    await setClock(new Date(start)); // start at or before now → open
    expect(await phaseNow()).toBe('open');
    expect([await inTab('upcoming'), await inTab('open'), await inTab('past')]).toEqual([false, true, false]);
    await setClock(new Date(start + DAY)); // end at or after now → still open
    expect(await phaseNow()).toBe('open');
    await setClock(new Date(start + DAY + 1));
    expect(await phaseNow()).toBe('past');
    expect([await inTab('upcoming'), await inTab('open'), await inTab('past')]).toEqual([false, false, true]);
  });

  it('registers at 61 minutes before the start and refuses at 59 minutes (both directions)', async () => {
    const id = await publishedHackathon({ title: 'Cut-off Edge', ...startingIn(3 * HOUR) });
    const start = t.clock.now().getTime() + 3 * HOUR;

    await setClock(new Date(start - 61 * MIN));
    const joined = await post(`/api/hackathons/${id}/register`, alice);
    expect(joined.statusCode).toBe(200);
    expect(joined.json()).toMatchObject({
      isRegistered: true,
      participantCount: 1,
      message: MSG.hackathonJoined,
    });
    expect((await get(`/api/hackathons/${id}`, alice)).json()).toMatchObject({
      registrationOpen: true,
      isRegistered: true,
      registrationDeadline: new Date(start - HOUR).toISOString(),
    });
    const left = await post(`/api/hackathons/${id}/unregister`, alice);
    expect(left.statusCode).toBe(200);
    expect(left.json()).toMatchObject({ isRegistered: false, participantCount: 0 });
    expect((await post(`/api/hackathons/${id}/register`, alice)).statusCode).toBe(200);

    await setClock(new Date(start - 59 * MIN));
    const late = await post(`/api/hackathons/${id}/register`, bob);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ code: 'REGISTRATION_CLOSED', error: MSG.registrationClosed });
    const stuck = await post(`/api/hackathons/${id}/unregister`, alice);
    expect(stuck.statusCode).toBe(409);
    expect(stuck.json()).toMatchObject({ code: 'REGISTRATION_CLOSED', error: MSG.unregisterClosed });
    expect((await get(`/api/hackathons/${id}`, alice)).json()).toMatchObject({
      registrationOpen: false,
      isRegistered: true,
      participantCount: 1,
    });

    // Exactly one hour before is still inside the window.
    await setClock(new Date(start - 60 * MIN));
    expect((await post(`/api/hackathons/${id}/register`, bob)).statusCode).toBe(200);
    // After the start and after the end, registration stays closed.
    await setClock(new Date(start + MIN));
    const newcomer = await signup(t.app);
    expect((await post(`/api/hackathons/${id}/register`, newcomer)).json().error).toBe(
      MSG.registrationClosed,
    );
  });

  it('never registers twice, never the organiser, never a visitor', async () => {
    const id = await publishedHackathon({ title: 'Once Only' });
    // The spec's client sends a JSON content type with no body.
    const joined = await t.app.inject({
      method: 'POST',
      url: `/api/hackathons/${id}/register`,
      headers: { ...bob.auth, 'content-type': 'application/json' },
    });
    expect(joined.statusCode).toBe(200);
    const again = await post(`/api/hackathons/${id}/register`, bob);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('ALREADY_REGISTERED');
    const own = await post(`/api/hackathons/${id}/register`, organiser);
    expect(own.statusCode).toBe(403);
    expectErrorBody(own.json());
    expect((await post(`/api/hackathons/${id}/register`)).statusCode).toBe(401);
    const notIn = await post(`/api/hackathons/${id}/unregister`, alice);
    expect(notIn.statusCode).toBe(409);
    expect(notIn.json().code).toBe('NOT_REGISTERED');
    // Concurrent double-clicks still register once.
    const carol = await signup(t.app);
    const results = await Promise.all([1, 2, 3].map(() => post(`/api/hackathons/${id}/register`, carol)));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    expect((await get(`/api/hackathons/${id}`)).json().participantCount).toBe(2);
  });
});

describe('organiser-only data', () => {
  it('gives participants’ e-mails and all submissions to the organiser and admins only', async () => {
    const id = await publishedHackathon({ title: 'Private Data', ...startingIn(2 * HOUR) });
    await post(`/api/hackathons/${id}/register`, alice);
    await post(`/api/hackathons/${id}/register`, bob);
    await advance(2 * HOUR);
    expect((await submitProject(id, alice, project())).statusCode).toBe(201);

    const asOrganiser = (await get(`/api/hackathons/${id}`, organiser)).json();
    expect(asOrganiser.participants.map((p: { userEmail: string }) => p.userEmail).sort()).toEqual(
      [alice.user.email, bob.user.email].sort(),
    );
    expect(asOrganiser.submissions).toHaveLength(1);
    expect(asOrganiser.organizer.phone).toBe('+91 90000 00000');

    const adminUser = await signup(t.app);
    await makeAdmin(t, adminUser);
    expect((await get(`/api/hackathons/${id}`, adminUser)).json().participants).toHaveLength(2);

    const asBob = (await get(`/api/hackathons/${id}`, bob)).json();
    expect(asBob.participants).toEqual([
      expect.objectContaining({ userId: bob.user.id, userEmail: bob.user.email }),
    ]);
    expect(asBob.submissions).toEqual([]);
    expect(asBob).toMatchObject({ participantCount: 2, submissionCount: 1, isRegistered: true });
    expect(asBob.organizer.phone).toBeNull();

    const asAlice = (await get(`/api/hackathons/${id}`, alice)).json();
    expect(asAlice.submissions).toHaveLength(1);
    expect(asAlice.submissions[0].userId).toBe(alice.user.id);

    const asVisitor = await get(`/api/hackathons/${id}`);
    expect(asVisitor.json()).toMatchObject({
      participants: [],
      submissions: [],
      participantCount: 2,
      isRegistered: false,
    });
    expect(asVisitor.body).not.toContain(alice.user.email);
    expect(asVisitor.body).not.toContain(bob.user.email);

    const list = await get('/api/hackathons?phase=open', bob);
    expect(list.body).not.toContain(alice.user.email);
    expect(list.json().find((h: { _id: string }) => h._id === id)).toMatchObject({ isRegistered: true });
  });
});

describe('project submissions', () => {
  let id: string;
  let start: number;
  beforeEach(async () => {
    id = await publishedHackathon({ title: 'Submit Things', ...startingIn(2 * HOUR, DAY) });
    start = t.clock.now().getTime() + 2 * HOUR;
    await post(`/api/hackathons/${id}/register`, alice);
  });

  it('accepts only registered users, only while running', async () => {
    const early = await submitProject(id, alice, project());
    expect(early.statusCode).toBe(409);
    expect(early.json().code).toBe('NOT_RUNNING');
    await setClock(new Date(start));
    const stranger = await submitProject(id, bob, project());
    expect(stranger.statusCode).toBe(403);
    expectErrorBody(stranger.json());
    const ok = await submitProject(id, alice, project());
    expect(ok.statusCode).toBe(201);
    expect(ok.json().message).toBe(MSG.projectSubmitted);
    await setClock(new Date(start + DAY + 1));
    expect((await submitProject(id, alice, project())).json().code).toBe('NOT_RUNNING');
  });

  it('requires the three fields and valid URLs', async () => {
    await setClock(new Date(start + MIN));
    for (const missing of ['teamName', 'projectTitle', 'projectDescription']) {
      const res = await submitProject(id, alice, project({ [missing]: '  ' }));
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe(MSG.submissionRequired);
    }
    const badUrl = await submitProject(id, alice, project({ githubUrl: 'javascript:alert(1)' }));
    expect(badUrl.statusCode).toBe(400);
    expect(badUrl.json().error).toMatch(/valid GitHub URL/);
    const badMembers = await submitProject(id, alice, project({ teamMembers: '{oops' }));
    expect(badMembers.json().error).toBe('The teamMembers field is not valid JSON.');
  });

  it('checks the file by content, stores it, and serves it to the organiser and the submitter only', async () => {
    await setClock(new Date(start + MIN));
    const exe = await submitProject(
      id,
      alice,
      project({ submissionFile: { data: EXE, name: 'slides.pdf', type: 'application/pdf' } }),
    );
    expect(exe.statusCode).toBe(400);
    expect(exe.json()).toMatchObject({ code: 'INVALID_FILE', error: SUBMISSION_FILE_INVALID });
    const misnamed = await submitProject(
      id,
      alice,
      project({ submissionFile: { data: PDF, name: 'slides.png' } }),
    );
    expect(misnamed.statusCode).toBe(400);
    const text = await submitProject(
      id,
      alice,
      project({ submissionFile: { data: Buffer.from('hello'), name: 'notes.pdf' } }),
    );
    expect(text.statusCode).toBe(400);

    const ok = await submitProject(
      id,
      alice,
      project({ submissionFile: { data: PDF, name: 'Slides Final.pdf' } }),
    );
    expect(ok.statusCode).toBe(201);
    const sub = ok.json().submission;
    expect(sub).toMatchObject({
      teamName: 'Team Photon',
      fileName: 'Slides Final.pdf',
      status: 'participant',
      demoUrl: null,
      teamMembers: [
        { userId: alice.user.id, userEmail: alice.user.email },
        { userId: '', userDisplayName: 'Meera', userEmail: 'meera@example.com' },
      ],
    });
    expect(sub.fileUrl).toBe(`/api/hackathons/${id}/submissions/${sub._id}/file`);

    const asOrganiser = await get(sub.fileUrl, organiser);
    expect(asOrganiser.statusCode).toBe(200);
    expect(asOrganiser.headers['content-type']).toBe('application/pdf');
    expect(asOrganiser.headers['content-disposition']).toMatch(/^attachment; filename="Slides Final.pdf"/);
    expect(asOrganiser.rawPayload.equals(PDF)).toBe(true);
    expect((await get(sub.fileUrl, alice)).statusCode).toBe(200);
    expect((await get(sub.fileUrl, bob)).statusCode).toBe(404);
    expect((await get(sub.fileUrl)).statusCode).toBe(401);
  });

  it('accepts a .doc only when the compound file is a Word document', async () => {
    expect(isWordCompoundFile(DOC)).toBe(true);
    expect(isWordCompoundFile(MSI)).toBe(false);
    await setClock(new Date(start + MIN));
    const msi = await submitProject(
      id,
      alice,
      project({ submissionFile: { data: MSI, name: 'setup.doc', type: 'application/msword' } }),
    );
    expect(msi.statusCode).toBe(400);
    expect(msi.json()).toMatchObject({ code: 'INVALID_FILE', error: SUBMISSION_FILE_INVALID });
    const doc = await submitProject(
      id,
      alice,
      project({ submissionFile: { data: DOC, name: 'report.doc', type: 'application/msword' } }),
    );
    expect(doc.statusCode).toBe(201);
    expect(doc.json().submission.fileName).toBe('report.doc');
  });

  it('validates everything before storing the file, and removes a replaced file', async () => {
    await setClock(new Date(start + MIN));
    const before = storedFiles();
    // Alice's files from earlier tests (other hackathons) stay; only new ones are looked at here.
    const earlier = new Set((await uploadsOf(alice.user.id, 'hackathon-submission')).map((f) => f.key));
    const newUploads = async () =>
      (await uploadsOf(alice.user.id, 'hackathon-submission')).filter((f) => !earlier.has(f.key));
    const badMember = await submitProject(
      id,
      alice,
      project({
        submissionFile: { data: PDF, name: 'deck.pdf' },
        teamMembers: JSON.stringify([{ userDisplayName: 'Meera', userEmail: 'not-an-email' }]),
      }),
    );
    expect(badMember.statusCode).toBe(400);
    expect(await newUploads()).toHaveLength(0);
    expect(storedFiles()).toEqual(before);

    const first = await submitProject(
      id,
      alice,
      project({ submissionFile: { data: PNG, name: 'shot.png' } }),
    );
    expect(first.statusCode).toBe(201);
    const [firstFile] = await newUploads();
    expect(firstFile).toMatchObject({ originalName: 'shot.png' });
    expect(storedFiles()).toContain(firstFile!.key);

    // Resubmitting without a file keeps it; with a new file the old one is gone (row and bytes).
    expect((await submitProject(id, alice, project())).statusCode).toBe(200);
    expect((await newUploads()).map((f) => f.key)).toEqual([firstFile!.key]);
    const second = await submitProject(
      id,
      alice,
      project({ submissionFile: { data: PDF, name: 'deck.pdf' } }),
    );
    expect(second.statusCode).toBe(200);
    const after = await newUploads();
    expect(after.map((f) => f.originalName)).toEqual(['deck.pdf']);
    expect(storedFiles()).not.toContain(firstFile!.key);
    expect(storedFiles()).toContain(after[0]!.key);
    expect(await t.app.ctx.storage.get(firstFile!.key)).toBeNull();
    const served = await get(second.json().submission.fileUrl, organiser);
    expect(served.rawPayload.equals(PDF)).toBe(true);
  });

  it('answers 413 for a file over 25 MB', async () => {
    await setClock(new Date(start + MIN));
    const big = Buffer.concat([PDF, Buffer.alloc(25 * 1024 * 1024)]);
    const res = await submitProject(id, alice, project({ submissionFile: { data: big, name: 'huge.pdf' } }));
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('updates the user’s submission on a second submit instead of adding one, keeping the file', async () => {
    await setClock(new Date(start + MIN));
    const first = await submitProject(
      id,
      alice,
      project({ submissionFile: { data: PNG, name: 'shot.png' } }),
    );
    expect(first.statusCode).toBe(201);
    await advance(MIN);
    const second = await submitProject(id, alice, project({ projectTitle: 'Watt Watcher 2' }));
    expect(second.statusCode).toBe(200);
    expect(second.json()).toMatchObject({ updated: true });
    expect(second.json().submission).toMatchObject({
      _id: first.json().submission._id,
      projectTitle: 'Watt Watcher 2',
      fileName: 'shot.png',
      submittedAt: first.json().submission.submittedAt,
    });
    const detail = (await get(`/api/hackathons/${id}`, organiser)).json();
    expect(detail.submissions).toHaveLength(1);
    expect(detail.submissionCount).toBe(1);
  });

  it('lets the organiser (or an admin) set the status; nobody else', async () => {
    await setClock(new Date(start + MIN));
    const sid = (await submitProject(id, alice, project())).json().submission._id;
    const patch = (user: TestUser, body: unknown, sub = sid) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/hackathons/${id}/submissions/${sub}`,
        payload: body as object,
        headers: user.auth,
      });
    expect((await patch(alice, { status: 'winner' })).statusCode).toBe(403);
    expect((await patch(bob, { status: 'winner' })).statusCode).toBe(403);
    const bad = await patch(organiser, { status: 'champion' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('VALIDATION');
    expect(
      (await patch(organiser, { status: 'winner' }, '00000000-0000-4000-8000-000000000000')).statusCode,
    ).toBe(404);
    const ok = await patch(organiser, { status: 'winner' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ _id: sid, status: 'winner' });
    const adminUser = await signup(t.app);
    await makeAdmin(t, adminUser);
    expect((await patch(adminUser, { status: 'runner_up' })).json().status).toBe('runner_up');
    expect((await get(`/api/hackathons/${id}`, alice)).json().submissions[0].status).toBe('runner_up');
  });
});

describe('lists, my lists and calendar', () => {
  it('pages with X-Next-Cursor and orders upcoming by start', async () => {
    const fresh = await buildTestApp();
    try {
      const s = createHackathonsService(fresh.app.ctx);
      const a = await signup(fresh.app);
      await makeAdmin(fresh, a);
      const adm = { ...a.user, sessionId: '', displayName: 'A', role: 'admin' } as SessionUser;
      const org = await signup(fresh.app);
      const ids: string[] = [];
      for (const days of [5, 3, 4]) {
        const now = fresh.clock.now().getTime();
        const f = formFields({
          title: `Day ${days}`,
          eventDetails: {
            startDate: new Date(now + days * DAY).toISOString(),
            endDate: new Date(now + (days + 1) * DAY).toISOString(),
          },
        });
        const body = await multipart(f);
        const res = await fresh.app.inject({
          method: 'POST',
          url: '/api/hackathons/submit',
          payload: body.payload,
          headers: { ...body.headers, ...org.auth },
        });
        ids.push(res.json().hackathon._id);
        await s.approve(adm, res.json().hackathon._id);
      }
      const p1 = await fresh.app.inject({ method: 'GET', url: '/api/hackathons?phase=upcoming&limit=2' });
      expect(p1.json().map((h: { title: string }) => h.title)).toEqual(['Day 3', 'Day 4']);
      const cursor = p1.headers['x-next-cursor'] as string;
      expect(cursor).toBeTruthy();
      const p2 = await fresh.app.inject({
        method: 'GET',
        url: `/api/hackathons?phase=upcoming&limit=2&cursor=${cursor}`,
      });
      expect(p2.json().map((h: { title: string }) => h.title)).toEqual(['Day 5']);
      expect(p2.headers['x-next-cursor']).toBeUndefined();
      expect((await fresh.app.inject({ method: 'GET', url: '/api/hackathons?cursor=zzz' })).statusCode).toBe(
        400,
      );
      expect((await fresh.app.inject({ method: 'GET', url: '/api/hackathons?limit=1000' })).statusCode).toBe(
        400,
      );
      expect((await fresh.app.inject({ method: 'GET', url: '/api/hackathons?phase=soon' })).statusCode).toBe(
        400,
      );
      const mine = await fresh.app.inject({
        method: 'GET',
        url: '/api/hackathons/my-submissions?limit=2',
        headers: org.auth,
      });
      expect(mine.headers['x-total-count']).toBe('3');
      expect(mine.json()).toHaveLength(2);
    } finally {
      await fresh.close();
    }
  });

  it('returns my registrations and my organised hackathons with their submissions', async () => {
    const id = await publishedHackathon({ title: 'Mine To List', ...startingIn(2 * HOUR) });
    const dave = await signup(t.app);
    await post(`/api/hackathons/${id}/register`, dave);
    const regs = await get('/api/hackathons/my-registrations', dave);
    expect(regs.statusCode).toBe(200);
    expect(regs.headers['x-total-count']).toBe('1');
    expect(regs.json()).toEqual([expect.objectContaining({ _id: id, isRegistered: true })]);
    expect((await get('/api/hackathons/my-registrations')).statusCode).toBe(401);

    await advance(2 * HOUR);
    await submitProject(id, dave, project({ teamName: 'Dave Team' }));
    const org = (await get('/api/hackathons/my-submissions?limit=100', organiser)).json();
    const mine = org.find((h: { _id: string }) => h._id === id);
    expect(mine).toMatchObject({ submissionCount: 1, participantCount: 1 });
    expect(mine.submissions).toEqual([expect.objectContaining({ teamName: 'Dave Team' })]);
    expect((await get('/api/hackathons/my-submissions', dave)).json()).toEqual([]);
  });

  it('serves a valid iCalendar file', async () => {
    const id = await publishedHackathon({
      title:
        'Calendar; Jam, with “quotes” and a very long title that needs folding across lines because it is long',
      ...startingIn(DAY, 2 * DAY),
    });
    const res = await get(`/api/hackathons/${id}/calendar.ics`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="calendar-jam-with-quotes/);
    const body = res.body;
    expect(body.endsWith('\r\n')).toBe(true);
    const physical = body.split('\r\n').slice(0, -1);
    for (const line of physical) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
    expect(body.replace(/\r\n/g, '')).not.toMatch(/[^\r]\n/);
    const lines = body.replace(/\r\n /g, '').split('\r\n');
    expect(lines.slice(0, 2)).toEqual(['BEGIN:VCALENDAR', 'VERSION:2.0']);
    expect(lines).toContain('BEGIN:VEVENT');
    expect(lines).toContain(`UID:hackathon-${id}@agora`);
    const start = new Date(t.clock.now().getTime() + DAY);
    const fmt = (d: Date) =>
      d
        .toISOString()
        .replace(/[-:]/g, '')
        .replace(/\.\d{3}/, '');
    expect(lines).toContain(`DTSTART:${fmt(start)}`);
    expect(lines).toContain(`DTEND:${fmt(new Date(start.getTime() + 2 * DAY))}`);
    expect(lines.find((l) => l.startsWith('SUMMARY:'))).toBe(
      'SUMMARY:Calendar\\; Jam\\, with “quotes” and a very long title that needs folding across lines because it is long',
    );
    expect(lines.slice(-3)).toEqual(['END:VEVENT', 'END:VCALENDAR', '']);
  });
});

describe('starting-soon reminders', () => {
  it('notifies the participants of hackathons starting within 24 hours, once', async () => {
    const soon = await publishedHackathon({ title: 'Starts Tomorrow', ...startingIn(30 * HOUR) });
    const later = await publishedHackathon({ title: 'Starts Later', ...startingIn(60 * HOUR) });
    const p1 = await signup(t.app);
    const p2 = await signup(t.app);
    for (const p of [p1, p2]) {
      await post(`/api/hackathons/${soon}/register`, p);
      await post(`/api/hackathons/${later}/register`, p);
    }
    await advance(7 * HOUR); // 23 h before "soon", 53 h before "later"
    const first = await service.sendStartingSoonReminders();
    expect(first.notified).toBeGreaterThanOrEqual(2);
    const again = await service.sendStartingSoonReminders();
    expect(again).toEqual({ hackathons: 0, notified: 0 });
    for (const p of [p1, p2]) {
      const notes = await t.database.db
        .select()
        .from(notifications)
        .where(eq(notifications.userId, p.user.id));
      expect(notes.filter((n) => n.type === 'hackathon_starting').map((n) => n.link)).toEqual([
        `/hackathon/${soon}`,
      ]);
      const mails = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, p.user.email));
      expect(mails.map((m) => m.subject)).toEqual(['Starting soon: Starts Tomorrow']);
    }
    // Someone joining after the reminder went out is reminded on joining, once.
    const late = await signup(t.app);
    expect((await post(`/api/hackathons/${soon}/register`, late)).statusCode).toBe(200);
    await service.sendStartingSoonReminders();
    const lateNotes = await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, late.user.id));
    expect(lateNotes.map((n) => [n.type, n.link])).toEqual([['hackathon_starting', `/hackathon/${soon}`]]);

    // Leaving and joining again (late joiner and early participant alike) reminds nobody twice.
    for (const p of [late, p1]) {
      for (let i = 0; i < 2; i++) {
        expect((await post(`/api/hackathons/${soon}/unregister`, p)).statusCode).toBe(200);
        expect((await post(`/api/hackathons/${soon}/register`, p)).statusCode).toBe(200);
      }
      const notes = await t.database.db
        .select()
        .from(notifications)
        .where(eq(notifications.userId, p.user.id));
      expect(notes.filter((n) => n.type === 'hackathon_starting')).toHaveLength(1);
      const mails = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, p.user.email));
      expect(mails.filter((m) => m.subject === 'Starting soon: Starts Tomorrow')).toHaveLength(1);
    }
  });
});

describe('upload rate limits (defaults, per account per hour)', () => {
  let limited: TestApp;
  beforeAll(async () => {
    // Same database (so the same accounts and hackathons), the default limits.
    limited = await buildTestApp({ database: t.database });
  });
  afterAll(() => limited.close());

  async function send(url: string, user: TestUser, fields: Fields) {
    const body = await multipart(fields);
    return limited.app.inject({
      method: 'POST',
      url,
      payload: body.payload,
      headers: { ...body.headers, ...user.auth },
    });
  }

  it('answers 429 with Retry-After after 20 hackathon forms in an hour; other accounts are unaffected', async () => {
    expect(limited.config.uploadRateLimitPerHour.hackathons).toBe(20);
    const spammer = await signup(t.app);
    const codes: number[] = [];
    for (let i = 0; i < 21; i++)
      codes.push((await send('/api/hackathons/submit', spammer, { title: '' })).statusCode);
    expect(codes.slice(0, 20).every((c) => c === 400)).toBe(true);
    expect(codes[20]).toBe(429);
    const refused = await send('/api/hackathons/submit', spammer, formFields());
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expectErrorBody(refused.json());
    expect((await send('/api/hackathons/submit', bob, { title: '' })).statusCode).toBe(400);
  });

  it('answers 429 after 60 project submissions in an hour', async () => {
    expect(limited.config.uploadRateLimitPerHour.projectSubmissions).toBe(60);
    const id = await publishedHackathon({ title: 'Rate Limited Submissions', ...startingIn(2 * HOUR) });
    const url = `/api/hackathons/${id}/submit`;
    const codes: number[] = [];
    // Refused cheaply (not registered), and every attempt still counts.
    for (let i = 0; i < 61; i++) codes.push((await send(url, alice, project())).statusCode);
    expect(codes.slice(0, 60).every((c) => c === 403)).toBe(true);
    expect(codes[60]).toBe(429);
    expect((await send(url, bob, project())).statusCode).toBe(403);
  });
});
