import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createQuestion, postAnswer } from '../../src/modules/questions/questions.fixtures.js';
import { buildTestApp, signup, type TestApp, type TestUser } from '../helpers.js';

interface Bell {
  notifications: Array<{
    _id: string;
    type: string;
    title: string;
    body: string;
    count: number;
    read: boolean;
  }>;
  unreadCount: number;
}

// Five new accounts pushed 150 notifications to one user in 1.6 s: each follow, like, comment and
// answer was a row of its own. Now many people doing the same thing make one notification.
describe('many senders cannot pile up one user’s notifications', () => {
  let t: TestApp;
  let victim: TestUser;
  let senders: TestUser[];
  beforeAll(async () => {
    t = await buildTestApp();
    victim = await signup(t.app, { name: 'Victim Person' });
    senders = [];
    for (let i = 1; i <= 5; i++) senders.push(await signup(t.app, { name: `Sender ${i}` }));
  });
  afterAll(() => t.close());

  const bell = async (): Promise<Bell> =>
    (await t.app.inject({ url: '/api/notifications?limit=100', headers: victim.auth })).json();
  const as = (u: TestUser, method: 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: u.auth, payload });

  it('five accounts following, liking, commenting and answering as fast as they can: four notifications', async () => {
    const idea = (
      await as(victim, 'POST', '/api/ideas', {
        title: 'A target idea',
        description: 'Something people will react to.',
        category: 'Healthcare',
      })
    ).json();
    const question = await createQuestion(t.app, victim, { title: 'A target question' });
    const results = await Promise.all(
      senders.flatMap((s) => [
        as(s, 'POST', '/api/users/follow', { targetUserId: victim.user.id }),
        as(s, 'POST', '/api/users/unfollow', { targetUserId: victim.user.id }),
        as(s, 'POST', '/api/users/follow', { targetUserId: victim.user.id }),
        as(s, 'POST', `/api/ideas/${idea._id}/like`),
        as(s, 'POST', `/api/ideas/${idea._id}/comments`, { content: 'first' }),
        as(s, 'POST', `/api/ideas/${idea._id}/comments`, { content: 'second' }),
        postAnswer(t.app, s, question._id, `An answer from ${s.user.name}`),
      ]),
    );
    expect(results.filter((r) => r.statusCode >= 300).map((r) => r.body)).toEqual([]);

    const { notifications, unreadCount } = await bell();
    expect(unreadCount).toBe(4);
    const byType = Object.fromEntries(notifications.map((n) => [n.type, n]));
    expect(Object.keys(byType).sort()).toEqual(['answer', 'follower', 'idea_comment', 'idea_like']);
    expect(byType.follower).toMatchObject({
      count: 5,
      title: expect.stringMatching(/^Sender \d and 4 others followed you$/),
    });
    expect(byType.idea_like).toMatchObject({
      count: 5,
      title: expect.stringMatching(/^Sender \d and 4 others liked your idea$/),
    });
    expect(byType.idea_comment).toMatchObject({ count: 10, title: '10 new comments on your idea' });
    expect(byType.answer).toMatchObject({
      count: 5,
      title: '5 new answers to your question',
      body: expect.stringMatching(/^Sender \d and 4 others answered "A target question"$/),
    });
  });

  it('reading them ends the groups: the next event is a new notification, the old ones stay read', async () => {
    const before = await bell();
    await as(victim, 'POST', '/api/notifications/read', { all: true });
    const late = await signup(t.app, { name: 'Late Sender' });
    await as(late, 'POST', '/api/users/follow', { targetUserId: victim.user.id });
    // Following again after the read does not notify again (once per follower, for good).
    await as(senders[0]!, 'POST', '/api/users/unfollow', { targetUserId: victim.user.id });
    await as(senders[0]!, 'POST', '/api/users/follow', { targetUserId: victim.user.id });
    const after = await bell();
    expect(after.unreadCount).toBe(1);
    expect(after.notifications).toHaveLength(before.notifications.length + 1);
    expect(after.notifications[0]).toMatchObject({
      type: 'follower',
      title: 'Late Sender started following you',
      count: 1,
      read: false,
    });
  });
});
