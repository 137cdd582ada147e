/**
 * "Propose as a hackathon challenge": the organiser form takes the idea it grows from, the
 * hackathon links back to the idea while everyone can see it, and the idea lists the hackathon.
 */
import { MSG } from '@agora/shared';
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
import { hackathons } from '../../db/schema/index.js';
import { createHackathonsService } from './hackathons.service.js';

const DAY = 24 * 3_600_000;

let t: TestApp;
let admin: SessionUser;
let founder: TestUser;
let organiser: TestUser;
let seq = 0;

beforeAll(async () => {
  t = await buildTestApp({
    config: {
      uploadRateLimitPerHour: {
        hackathons: 1_000,
        projectSubmissions: 1_000,
        questionImages: 1_000,
        answerAttachments: 1_000,
      },
    },
  });
  const a = await signup(t.app, { name: 'Ada Admin' });
  await makeAdmin(t, a);
  admin = { ...a.user, sessionId: '', displayName: a.user.name, role: 'admin' } as SessionUser;
  founder = await signup(t.app, { name: 'Farah Founder' });
  organiser = await signup(t.app, { name: 'Olu Organiser' });
}, 60_000);
afterAll(() => t?.close());

const call = (who: TestUser | null, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: who ? who.auth : {}, ...(payload ? { payload } : {}) });

async function shareIdea(by: TestUser = founder): Promise<{ _id: string; title: string }> {
  const res = await call(by, 'POST', '/api/ideas', {
    title: `Neighbourhood tool library ${++seq}`,
    description: 'Neighbours lend each other drills and ladders from one shed.',
    category: 'Social Impact',
  });
  expect(res.statusCode, res.body).toBe(201);
  return { _id: res.json()._id, title: res.json().title };
}

/** The organiser form as a browser sends it (multipart text parts, JSON parts as text). */
async function submitHackathon(by: TestUser, extra: Record<string, string> = {}) {
  const now = t.clock.now().getTime();
  const fd = new FormData();
  const fields: Record<string, string> = {
    title: 'Tool library hackathon',
    description: 'Build the booking page and the shelf sensors for a neighbourhood tool library.',
    organizer: JSON.stringify({ name: 'Olu Organiser', email: 'olu@example.com' }),
    eventDetails: JSON.stringify({
      startDate: new Date(now + 3 * DAY).toISOString(),
      endDate: new Date(now + 5 * DAY).toISOString(),
      locationType: 'online',
    }),
    prizes: JSON.stringify({ prizePool: '₹50,000' }),
    category: 'Other',
    ...extra,
  };
  for (const [k, v] of Object.entries(fields)) fd.append(k, v);
  const body = new Response(fd);
  return t.app.inject({
    method: 'POST',
    url: '/api/hackathons/submit',
    payload: Buffer.from(await body.arrayBuffer()),
    headers: { 'content-type': body.headers.get('content-type')!, ...by.auth },
  });
}

/** The admin's approval, through the review service (it links no idea, so it needs no lookup). */
async function approve(id: string) {
  const published = await createHackathonsService(t.app.ctx).approve(admin, id);
  expect(published.status).toBe('published');
}

describe('a hackathon proposed from an idea', () => {
  it('links back to the idea, and the idea lists it (its organiser’s while pending, everyone’s once published)', async () => {
    const idea = await shareIdea();
    const res = await submitHackathon(organiser, { ideaId: idea._id });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json().hackathon;
    expect(created.idea).toEqual({ _id: idea._id, title: idea.title });
    const [row] = await t.database.db
      .select({ ideaId: hackathons.ideaId })
      .from(hackathons)
      .where(eq(hackathons.id, created._id));
    expect(row!.ideaId).toBe(idea._id);

    // Under review: the organiser sees it on the idea, nobody else does.
    expect((await call(organiser, 'GET', `/api/ideas/${idea._id}`)).json().hackathons).toEqual([
      { _id: created._id, title: 'Tool library hackathon', status: 'pending' },
    ]);
    expect((await call(null, 'GET', `/api/ideas/${idea._id}`)).json().hackathons).toEqual([]);

    await approve(created._id);
    const detail = await call(null, 'GET', `/api/hackathons/${created._id}`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json().idea).toEqual({ _id: idea._id, title: idea.title });
    expect((await call(null, 'GET', `/api/ideas/${idea._id}`)).json().hackathons).toEqual([
      { _id: created._id, title: 'Tool library hackathon', status: 'published' },
    ]);
  });

  it('stops linking to an idea once it is hidden or merged into another', async () => {
    const hidden = await shareIdea();
    const merged = await shareIdea();
    const kept = await shareIdea();
    const fromHidden = (await submitHackathon(organiser, { ideaId: hidden._id })).json().hackathon._id;
    const fromMerged = (await submitHackathon(organiser, { ideaId: merged._id })).json().hackathon._id;
    await approve(fromHidden);
    await approve(fromMerged);

    expect((await call(founder, 'PUT', `/api/ideas/${hidden._id}/hide`)).statusCode).toBe(200);
    const merge = await call(founder, 'POST', `/api/ideas/${merged._id}/merge`, { intoId: kept._id });
    expect(merge.statusCode, merge.body).toBe(200);

    for (const id of [fromHidden, fromMerged]) {
      const detail = await call(null, 'GET', `/api/hackathons/${id}`);
      expect(detail.statusCode).toBe(200);
      expect(detail.json().idea).toBeNull();
    }
    // The idea's author, who still sees the hidden idea, does not get the link either: it is public.
    expect((await call(founder, 'GET', `/api/hackathons/${fromHidden}`)).json().idea).toBeNull();
  });

  it('refuses an idea that does not exist, is hidden (even to its author) or was merged, and stores nothing', async () => {
    const hidden = await shareIdea();
    expect((await call(founder, 'PUT', `/api/ideas/${hidden._id}/hide`)).statusCode).toBe(200);
    const merged = await shareIdea();
    const kept = await shareIdea();
    expect(
      (await call(founder, 'POST', `/api/ideas/${merged._id}/merge`, { intoId: kept._id })).statusCode,
    ).toBe(200);
    const before = await t.database.db.$count(hackathons);

    for (const [by, ideaId] of [
      [organiser, '00000000-0000-4000-8000-000000000000'],
      [organiser, hidden._id],
      [founder, hidden._id],
      [organiser, merged._id],
    ] as const) {
      const res = await submitHackathon(by, { ideaId });
      expect(res.statusCode, `${ideaId}: ${res.body}`).toBe(404);
      expectErrorBody(res.json());
      expect(res.json().error).toBe(MSG.ideaNotFound);
    }
    const malformed = await submitHackathon(organiser, { ideaId: 'not-an-idea' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().code).toBe('VALIDATION');
    expect(await t.database.db.$count(hackathons)).toBe(before);
  });

  it('works as before without an idea: no link', async () => {
    const res = await submitHackathon(organiser, { ideaId: '' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().hackathon.idea).toBeNull();
    const plain = await submitHackathon(organiser);
    expect(plain.statusCode).toBe(201);
    await approve(plain.json().hackathon._id);
    expect((await call(null, 'GET', `/api/hackathons/${plain.json().hackathon._id}`)).json().idea).toBeNull();
  });

  it('keeps the link through an edit that does not send it', async () => {
    const idea = await shareIdea();
    const created = (await submitHackathon(organiser, { ideaId: idea._id })).json().hackathon;
    const fd = new FormData();
    const now = t.clock.now().getTime();
    const fields: Record<string, string> = {
      title: 'Tool library hackathon, second edition',
      description: created.description,
      organizer: JSON.stringify({ name: 'Olu Organiser', email: 'olu@example.com' }),
      eventDetails: JSON.stringify({
        startDate: new Date(now + 4 * DAY).toISOString(),
        endDate: new Date(now + 6 * DAY).toISOString(),
        locationType: 'online',
      }),
      prizes: JSON.stringify({ prizePool: '₹50,000' }),
      category: 'Other',
    };
    for (const [k, v] of Object.entries(fields)) fd.append(k, v);
    const body = new Response(fd);
    const edit = await t.app.inject({
      method: 'PUT',
      url: `/api/hackathons/${created._id}`,
      payload: Buffer.from(await body.arrayBuffer()),
      headers: { 'content-type': body.headers.get('content-type')!, ...organiser.auth },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json().hackathon.idea).toEqual({ _id: idea._id, title: idea.title });
  });
});
