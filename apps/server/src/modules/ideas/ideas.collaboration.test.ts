import { COLLABORATION_TEXT } from '@agora/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, expectErrorBody, signup, type TestApp, type TestUser } from '../../../test/helpers.js';
import { notifications } from '../../db/schema/index.js';

let t: TestApp;
const db = () => t.database.db;
let seq = 0;

const call = (
  who: TestUser | null,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
) => t.app.inject({ method, url, headers: who ? who.auth : {}, ...(payload ? { payload } : {}) });

beforeAll(async () => {
  t = await buildTestApp();
}, 60_000);
afterAll(() => t?.close());

async function shareIdea(by: TestUser): Promise<string> {
  const res = await call(by, 'POST', '/api/ideas', {
    title: `Tool library ${++seq}`,
    description: 'Neighbours lend each other drills and ladders from one shed.',
    category: 'Social Impact',
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json()._id;
}

describe('collaboration requests', () => {
  it('anyone but the author asks once while pending; the author is notified', async () => {
    const author = await signup(t.app);
    const mentor = await signup(t.app);
    const ideaId = await shareIdea(author);

    const own = await call(author, 'POST', `/api/ideas/${ideaId}/collaboration-requests`, {
      role: 'mentor',
      message: 'Me',
    });
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toBe(COLLABORATION_TEXT.ownIdea);
    expect(
      (await call(null, 'POST', `/api/ideas/${ideaId}/collaboration-requests`, { role: 'mentor' }))
        .statusCode,
    ).toBe(401);
    expect(
      (await call(mentor, 'POST', `/api/ideas/${ideaId}/collaboration-requests`, { role: 'captain' }))
        .statusCode,
    ).toBe(400);

    const first = await call(mentor, 'POST', `/api/ideas/${ideaId}/collaboration-requests`, {
      role: 'mentor',
      message: 'I ran a library of things for five years.',
    });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({ role: 'mentor', status: 'pending', user: { id: mentor.user.id } });

    const second = await call(mentor, 'POST', `/api/ideas/${ideaId}/collaboration-requests`, {
      role: 'expert',
    });
    expect(second.statusCode).toBe(409);
    expectErrorBody(second.json());

    const notes = await db().select().from(notifications).where(eq(notifications.userId, author.user.id));
    expect(notes.filter((n) => n.type === 'idea_collaboration')).toHaveLength(1);
    expect(notes.find((n) => n.type === 'idea_collaboration')!.title).toContain('as a mentor');

    const mine = await call(mentor, 'GET', `/api/ideas/${ideaId}/collaboration-requests/mine`);
    expect(mine.json().request).toMatchObject({ _id: first.json()._id });
  });

  it('only the author lists and answers requests, once; accepting puts the person on the team', async () => {
    const author = await signup(t.app);
    const expert = await signup(t.app);
    const helper = await signup(t.app);
    const stranger = await signup(t.app);
    const ideaId = await shareIdea(author);
    const a = (
      await call(expert, 'POST', `/api/ideas/${ideaId}/collaboration-requests`, { role: 'expert' })
    ).json();
    const b = (
      await call(helper, 'POST', `/api/ideas/${ideaId}/collaboration-requests`, { role: 'collaborator' })
    ).json();

    expect((await call(stranger, 'GET', `/api/ideas/${ideaId}/collaboration-requests`)).statusCode).toBe(403);
    const list = await call(author, 'GET', `/api/ideas/${ideaId}/collaboration-requests`);
    expect(list.statusCode).toBe(200);
    expect(
      list
        .json()
        .map((r: { _id: string }) => r._id)
        .sort(),
    ).toEqual([a._id, b._id].sort());

    expect((await call(stranger, 'POST', `/api/collaboration-requests/${a._id}/accept`)).statusCode).toBe(
      403,
    );
    expect((await call(expert, 'POST', `/api/collaboration-requests/${a._id}/accept`)).statusCode).toBe(403);
    const accepted = await call(author, 'POST', `/api/collaboration-requests/${a._id}/accept`);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().status).toBe('accepted');
    const twice = await call(author, 'POST', `/api/collaboration-requests/${a._id}/decline`);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(COLLABORATION_TEXT.alreadyDecided);
    expect((await call(author, 'POST', `/api/collaboration-requests/${b._id}/decline`)).statusCode).toBe(200);

    const detail = (await call(null, 'GET', `/api/ideas/${ideaId}`)).json();
    expect(detail.team).toEqual([{ id: expert.user.id, displayName: expect.any(String), role: 'expert' }]);
    const toExpert = await db().select().from(notifications).where(eq(notifications.userId, expert.user.id));
    expect(toExpert.some((n) => n.type === 'idea_collaboration' && n.title.startsWith('You joined'))).toBe(
      true,
    );

    // On the team: no new request; a declined person may ask again.
    expect(
      (await call(expert, 'POST', `/api/ideas/${ideaId}/collaboration-requests`, { role: 'mentor' }))
        .statusCode,
    ).toBe(409);
    expect(
      (await call(helper, 'POST', `/api/ideas/${ideaId}/collaboration-requests`, { role: 'mentor' }))
        .statusCode,
    ).toBe(201);
    expect(
      (await call(author, 'POST', '/api/collaboration-requests/00000000-0000-4000-8000-000000000000/accept'))
        .statusCode,
    ).toBe(404);
  });

  it('a member leaves the team; someone not on it gets 404', async () => {
    const author = await signup(t.app);
    const member = await signup(t.app);
    const ideaId = await shareIdea(author);
    const r = (
      await call(member, 'POST', `/api/ideas/${ideaId}/collaboration-requests`, { role: 'collaborator' })
    ).json();
    expect((await call(author, 'POST', `/api/collaboration-requests/${r._id}/accept`)).statusCode).toBe(200);
    expect((await call(author, 'DELETE', `/api/ideas/${ideaId}/team/me`)).statusCode).toBe(404);
    expect((await call(member, 'DELETE', `/api/ideas/${ideaId}/team/me`)).statusCode).toBe(204);
    expect((await call(null, 'GET', `/api/ideas/${ideaId}`)).json().team).toEqual([]);
    expect((await call(member, 'DELETE', `/api/ideas/${ideaId}/team/me`)).statusCode).toBe(404);
  });

  it('a hidden idea takes no requests (404)', async () => {
    const author = await signup(t.app);
    const other = await signup(t.app);
    const ideaId = await shareIdea(author);
    expect((await call(author, 'PUT', `/api/ideas/${ideaId}/hide`)).statusCode).toBe(200);
    expect(
      (await call(other, 'POST', `/api/ideas/${ideaId}/collaboration-requests`, { role: 'mentor' }))
        .statusCode,
    ).toBe(404);
  });
});

describe('from an idea to a bounty', () => {
  it('a question asked with ideaId is listed on the idea; its asker sees it before payment, visitors after', async () => {
    const author = await signup(t.app);
    const ideaId = await shareIdea(author);
    const ask = await call(author, 'POST', '/api/questions', {
      title: 'Build the lending shelf booking page',
      description: 'A page where neighbours book a drill for a day.',
      category: 'Technology',
      ideaId,
    });
    expect(ask.statusCode, ask.body).toBe(201);
    expect(ask.json().ideaId).toBe(ideaId);

    const mine = (await call(author, 'GET', `/api/ideas/${ideaId}`)).json();
    expect(mine.bounties).toEqual([
      {
        _id: ask.json()._id,
        title: 'Build the lending shelf booking page',
        reward: ask.json().rewardAmount,
        status: 'open',
      },
    ]);
    // Unpaid, it is its asker's draft: nobody else sees it on the idea.
    expect((await call(null, 'GET', `/api/ideas/${ideaId}`)).json().bounties).toEqual([]);

    const unknown = await call(author, 'POST', '/api/questions', {
      title: 'Orphan bounty',
      description: 'From an idea that does not exist.',
      category: 'Technology',
      ideaId: '00000000-0000-4000-8000-000000000000',
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().details[0].field).toBe('body.ideaId');
  });
});
