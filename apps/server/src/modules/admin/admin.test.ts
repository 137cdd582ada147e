import { randomUUID } from 'node:crypto';
import { ADMIN_MESSAGES, MSG, OVERVIEW_SERIES, overviewPoints, QUESTION_TEXT } from '@agora/shared';
import { and, eq, isNull } from 'drizzle-orm';
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
  auditLog,
  files,
  hackathonParticipants,
  hackathons,
  ideaComments,
  ideaLikes,
  mailOutbox,
  notifications,
  jobs,
  payments,
  sessions,
  users,
} from '../../db/schema/index.js';
import {
  makeAnswer,
  makeHackathon,
  makeIdea,
  makeJob,
  makeQuestion,
  payQuestion,
  twoPendingWithdrawals,
} from './admin.fixtures.js';

let t: TestApp;
let admin: TestUser;
let member: TestUser;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await signup(t.app, { name: 'Ada Admin', email: 'ada.admin@example.com' });
  await makeAdmin(t, admin);
  member = await signup(t.app, { name: 'Mo Member', email: 'mo.member@example.com' });
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const req = (method: Method, url: string, who?: TestUser, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: who?.auth ?? {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

async function auditRows(entityType: string, entityId: string) {
  return t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityType, entityType), eq(auditLog.entityId, entityId)));
}

/** Walks every page of a list through X-Next-Cursor. */
async function walk<T>(url: string, who: TestUser): Promise<{ items: T[]; pages: number }> {
  const items: T[] = [];
  let cursor: string | undefined;
  let pages = 0;
  for (;;) {
    const sep = url.includes('?') ? '&' : '?';
    const res = await req('GET', cursor ? `${url}${sep}cursor=${encodeURIComponent(cursor)}` : url, who);
    expect(res.statusCode).toBe(200);
    items.push(...res.json());
    pages++;
    cursor = res.headers['x-next-cursor'] as string | undefined;
    if (!cursor) return { items, pages };
    if (pages > 50) throw new Error('paging does not end');
  }
}

describe('authorization of every admin endpoint', () => {
  const id = randomUUID();
  const updatedAt = new Date().toISOString();
  // [method, url, body, status an admin gets for an unknown id / a valid call]
  const endpoints: Array<[Method, string, unknown, number]> = [
    ['GET', '/api/admin/overview', undefined, 200],
    ['GET', '/api/admin/users?q=x&role=user', undefined, 200],
    ['PATCH', `/api/admin/users/${id}`, { role: 'answerer' }, 404],
    ['GET', '/api/admin/questions', undefined, 200],
    ['PATCH', `/api/admin/questions/${id}`, { hidden: true }, 404],
    ['DELETE', `/api/admin/questions/${id}`, undefined, 404],
    ['GET', '/api/admin/ideas', undefined, 200],
    ['PATCH', `/api/admin/ideas/${id}`, { hidden: true }, 404],
    ['DELETE', `/api/admin/ideas/${id}`, undefined, 404],
    ['GET', '/api/admin/hackathons?status=pending', undefined, 200],
    ['POST', `/api/admin/hackathons/${id}/approve`, { updatedAt }, 404],
    ['POST', `/api/admin/hackathons/${id}/reject`, { reason: 'No', updatedAt }, 404],
    ['GET', '/api/admin/jobs?status=pending', undefined, 200],
    ['POST', `/api/admin/jobs/${id}/approve`, { updatedAt }, 404],
    ['POST', `/api/admin/jobs/${id}/reject`, { reason: 'No', updatedAt }, 404],
    ['GET', '/api/admin/withdrawals?status=pending', undefined, 200],
    ['GET', `/api/admin/withdrawals/${id}/payout-details`, undefined, 404],
    ['POST', `/api/admin/withdrawals/${id}/complete`, { payoutReference: 'UTR1' }, 404],
    ['POST', `/api/admin/withdrawals/${id}/fail`, { reason: 'Bounced' }, 404],
    ['GET', '/api/admin/contact-messages', undefined, 200],
    ['PUT', '/api/admin/settings/min-reward', { minRewardAmount: 12 }, 200],
    ['POST', '/api/admin/mail/retry-failed', undefined, 200],
    ['GET', '/api/admin/audit-log', undefined, 200],
  ];

  it.each(endpoints)(
    '%s %s: visitor 401, user 403, admin allowed',
    async (method, url, body, adminStatus) => {
      const visitor = await req(method, url, undefined, body);
      expect(visitor.statusCode).toBe(401);
      expectErrorBody(visitor.json());
      expect(visitor.json()).toMatchObject({ code: 'UNAUTHORIZED', error: MSG.authRequired });

      const user = await req(method, url, member, body);
      expect(user.statusCode).toBe(403);
      expect(user.json()).toMatchObject({ code: 'FORBIDDEN', error: MSG.forbidden });

      const ok = await req(method, url, admin, body);
      expect(ok.statusCode).toBe(adminStatus);
      if (adminStatus >= 400) expectErrorBody(ok.json());
    },
  );

  it('checks the role before validating input, and a refused token is 401 too', async () => {
    const bad = await req('PUT', '/api/admin/settings/min-reward', undefined, { minRewardAmount: 'lots' });
    expect(bad.statusCode).toBe(401);
    const badUser = await req('PATCH', `/api/admin/users/not-a-uuid`, member, { role: 'boss' });
    expect(badUser.statusCode).toBe(403);
    const forged = await t.app.inject({
      method: 'GET',
      url: '/api/admin/users',
      headers: { authorization: 'Bearer not.a.token' },
    });
    expect(forged.statusCode).toBe(401);
  });

  it('a non-admin call changes nothing (the min reward stays put)', async () => {
    await req('PUT', '/api/admin/settings/min-reward', member, { minRewardAmount: 99 });
    const res = await t.app.inject({ method: 'GET', url: '/api/settings/min-reward' });
    expect(res.json().minRewardAmount).not.toBe(99);
  });
});

describe('users', () => {
  let people: TestUser[];
  beforeAll(async () => {
    people = [];
    for (let i = 0; i < 5; i++) {
      people.push(
        await signup(t.app, {
          name: `Zed Pager ${i}`,
          email: `zed.pager${i}@paging.test`,
          role: i % 2 ? 'answerer' : 'questioner',
        }),
      );
    }
  });

  it('searches name and e-mail case-insensitively, filters by role, pages with X-Next-Cursor', async () => {
    const byName = await req('GET', '/api/admin/users?q=zed%20PAGER', admin);
    expect(byName.json()).toHaveLength(5);
    const byEmail = await req('GET', '/api/admin/users?q=paging.test&role=answerer', admin);
    expect(
      byEmail
        .json()
        .map((u: { email: string }) => u.email)
        .sort(),
    ).toEqual(['zed.pager1@paging.test', 'zed.pager3@paging.test']);
    // A LIKE pattern character is literal: "%" matches nobody here.
    expect((await req('GET', '/api/admin/users?q=%25', admin)).json()).toEqual([]);

    const { items, pages } = await walk<{ id: string; createdAt: string }>(
      '/api/admin/users?q=pager&limit=2',
      admin,
    );
    expect(pages).toBe(3);
    expect(new Set(items.map((u) => u.id)).size).toBe(5);
    const times = items.map((u) => Date.parse(u.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it('refuses a malformed cursor and an unknown role with 400', async () => {
    expect((await req('GET', '/api/admin/users?cursor=garbage', admin)).statusCode).toBe(400);
    expect((await req('GET', '/api/admin/users?role=king', admin)).statusCode).toBe(400);
    expect((await req('PATCH', `/api/admin/users/${people[0]!.user.id}`, admin, {})).statusCode).toBe(400);
    expect(
      (await req('PATCH', `/api/admin/users/${people[0]!.user.id}`, admin, { status: 'banned' })).statusCode,
    ).toBe(400);
  });

  it('changes a role and audits who, what, when, before and after', async () => {
    // Someone of their own: the people above stay as they were for the searches by role.
    const target = await signup(t.app, { name: 'Rory Role', role: 'questioner' });
    const before = Date.now();
    const res = await req('PATCH', `/api/admin/users/${target.user.id}`, admin, { role: 'answerer' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: target.user.id, role: 'answerer', status: 'active' });
    const rows = await auditRows('user', target.user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actorId: admin.user.id,
      action: 'user.role',
      before: { role: 'questioner', status: 'active' },
      after: { role: 'answerer', status: 'active' },
    });
    expect(rows[0]!.createdAt.getTime()).toBeGreaterThanOrEqual(before - 60_000);

    const log = await req('GET', `/api/admin/audit-log?entityType=user&entityId=${target.user.id}`, admin);
    expect(log.json()[0]).toMatchObject({
      action: 'user.role',
      actor: { id: admin.user.id, displayName: 'Ada Admin', email: 'ada.admin@example.com' },
      before: { role: 'questioner' },
      after: { role: 'answerer' },
    });
  });

  it('suspension revokes every session at once; reactivation lets the user sign in again', async () => {
    const target = people[1]!;
    // A second session of the same user (another device).
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'zed.pager1@paging.test', password: 'correct horse battery' },
    });
    const otherAuth = { authorization: `Bearer ${other.json().token}` };
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: target.auth })).statusCode,
    ).toBe(200);

    const res = await req('PATCH', `/api/admin/users/${target.user.id}`, admin, { status: 'suspended' });
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('suspended');

    for (const h of [target.auth, otherAuth]) {
      const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: h });
      expect(me.statusCode).toBe(401);
    }
    const open = await t.database.db
      .select()
      .from(sessions)
      .where(and(eq(sessions.userId, target.user.id), isNull(sessions.revokedAt)));
    expect(open).toHaveLength(0);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'zed.pager1@paging.test', password: 'correct horse battery' },
    });
    expect(login.statusCode).toBe(403);
    expect(login.json().error).toBe(MSG.accountSuspended);
    expect(
      (await req('GET', '/api/admin/users?status=suspended', admin)).json().map((u: { id: string }) => u.id),
    ).toContain(target.user.id);

    const back = await req('PATCH', `/api/admin/users/${target.user.id}`, admin, { status: 'active' });
    expect(back.json().status).toBe('active');
    const relogin = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'zed.pager1@paging.test', password: 'correct horse battery' },
    });
    expect(relogin.statusCode).toBe(200);
    // Old tokens stay dead: reactivation does not resurrect revoked sessions.
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: target.auth })).statusCode,
    ).toBe(401);

    const actions = (await auditRows('user', target.user.id)).map((r) => r.action).sort();
    expect(actions).toEqual(['user.reactivate', 'user.suspend']);
  });

  it('an admin cannot suspend or demote themselves (and nothing is written)', async () => {
    const bodies = [{ status: 'suspended' }, { role: 'user' }, { role: 'answerer', status: 'active' }];
    // The same id in capitals names the same row: it must not slip past the check.
    for (const [body, id] of bodies.flatMap((b) => [
      [b, admin.user.id],
      [b, admin.user.id.toUpperCase()],
    ])) {
      const res = await req('PATCH', `/api/admin/users/${id}`, admin, body);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({
        code: 'CANNOT_CHANGE_SELF',
        error: ADMIN_MESSAGES.cannotChangeSelf,
      });
    }
    const [me] = await t.database.db.select().from(users).where(eq(users.id, admin.user.id));
    expect(me).toMatchObject({ role: 'admin', status: 'active' });
    expect(await auditRows('user', admin.user.id)).toHaveLength(0);
  });

  it('a change to the same value writes no audit entry', async () => {
    const target = people[2]!;
    const res = await req('PATCH', `/api/admin/users/${target.user.id}`, admin, { role: 'questioner' });
    expect(res.statusCode).toBe(200);
    expect(await auditRows('user', target.user.id)).toHaveLength(0);
  });
});

describe('questions', () => {
  it('lists with search and filters; hides and closes with audit entries', async () => {
    const q = await makeQuestion(t.database.db, member, { title: 'Unique moderation topic' });
    const found = await req('GET', '/api/admin/questions?q=moderation%20topic', admin);
    expect(found.json()).toHaveLength(1);
    expect(found.json()[0]).toMatchObject({
      _id: q.id,
      status: 'open',
      hidden: false,
      isPaid: false,
      rewardsDistributed: false,
      author: { id: member.user.id, email: 'mo.member@example.com' },
    });

    const hide = await req('PATCH', `/api/admin/questions/${q.id}`, admin, { hidden: true });
    expect(hide.statusCode).toBe(200);
    expect(hide.json()).toMatchObject({ hidden: true, status: 'open' });
    const close = await req('PATCH', `/api/admin/questions/${q.id}`, admin, { status: 'closed' });
    expect(close.json()).toMatchObject({ hidden: true, status: 'closed' });

    const hidden = await req('GET', '/api/admin/questions?hidden=true&status=closed', admin);
    expect(hidden.json().map((x: { _id: string }) => x._id)).toContain(q.id);
    const visible = await req('GET', '/api/admin/questions?hidden=false', admin);
    expect(visible.json().map((x: { _id: string }) => x._id)).not.toContain(q.id);

    const rows = await auditRows('question', q.id);
    expect(rows.map((r) => [r.action, r.before, r.after])).toEqual(
      expect.arrayContaining([
        ['question.hide', { status: 'open', hidden: false }, { status: 'open', hidden: true }],
        ['question.close', { status: 'open', hidden: true }, { status: 'closed', hidden: true }],
      ]),
    );
    expect((await req('GET', '/api/admin/questions?hidden=maybe', admin)).statusCode).toBe(400);
    expect((await req('PATCH', `/api/admin/questions/${q.id}`, admin, { status: 'gone' })).statusCode).toBe(
      400,
    );
  });

  it('a question a moderator closed cannot be reopened or marked answered by its author; an admin can reopen it', async () => {
    const q = await makeQuestion(t.database.db, member, { title: 'Closed by moderation' });
    await req('PATCH', `/api/admin/questions/${q.id}`, admin, { status: 'closed' });
    for (const [action, message] of [
      ['reopen', QUESTION_TEXT.closedByModerator],
      ['mark-answered', QUESTION_TEXT.closedByModeratorAnswered],
    ]) {
      const res = await req('POST', `/api/questions/${q.id}/${action}`, member);
      expect(res.statusCode, action).toBe(409);
      expect(res.json().error).toBe(message);
    }
    expect((await req('GET', `/api/questions/${q.id}`, member)).json().status).toBe('closed');
    const reopened = await req('PATCH', `/api/admin/questions/${q.id}`, admin, { status: 'open' });
    expect(reopened.json()).toMatchObject({ status: 'open' });
    expect((await req('POST', `/api/questions/${q.id}/mark-answered`, member)).json().status).toBe(
      'answered',
    );
  });

  it('deletes an unpaid question with its answers and abandoned orders (not while a checkout may be open), and audits it', async () => {
    const q = await makeQuestion(t.database.db, member, { title: 'Delete me please', rewardAmount: 5000 });
    await makeAnswer(t.database.db, q.id, admin);
    // An order that was created but never paid must not block the deletion.
    const order = await t.app.inject({
      method: 'POST',
      url: '/api/payments/create-order',
      headers: member.auth,
      payload: { questionId: q.id, amount: 50 },
    });
    expect(order.statusCode).toBe(200);

    // Within the hour its author may still be paying: refused, so a payment never loses its order.
    const early = await req('DELETE', `/api/admin/questions/${q.id}`, admin);
    expect(early.statusCode).toBe(409);
    expect(early.json().error).toBe(ADMIN_MESSAGES.paymentInProgress);
    // An hour on, the order counts as abandoned.
    await t.database.db
      .update(payments)
      .set({ createdAt: new Date(t.clock.now().getTime() - 61 * 60_000) })
      .where(eq(payments.questionId, q.id));

    const del = await req('DELETE', `/api/admin/questions/${q.id}`, admin);
    expect(del.statusCode).toBe(204);
    expect((await req('GET', '/api/admin/questions?q=Delete%20me%20please', admin)).json()).toEqual([]);
    expect(await t.database.db.select().from(payments).where(eq(payments.questionId, q.id))).toEqual([]);
    // The abandoned order is kept, cancelled and detached: a late capture is refunded to the payer's wallet.
    const [kept] = await t.database.db
      .select()
      .from(payments)
      .where(eq(payments.orderId, order.json().orderId));
    expect(kept).toMatchObject({ status: 'cancelled', questionId: null, questionTitle: 'Delete me please' });
    const [entry] = await auditRows('question', q.id);
    expect(entry).toMatchObject({
      action: 'question.delete',
      actorId: admin.user.id,
      before: { title: 'Delete me please', authorId: member.user.id, answerCount: 1 },
      after: null,
    });
    expect((await req('DELETE', `/api/admin/questions/${q.id}`, admin)).statusCode).toBe(404);
  });

  it('refuses to delete a paid, undistributed question but closes it', async () => {
    const q = await makeQuestion(t.database.db, member, { title: 'Paid and waiting' });
    await payQuestion(t.app, member, q.id, 40);
    const listed = (await req('GET', '/api/admin/questions?q=Paid%20and%20waiting', admin)).json()[0];
    expect(listed).toMatchObject({ isPaid: true, paymentAmount: 4000, rewardsDistributed: false });

    const del = await req('DELETE', `/api/admin/questions/${q.id}`, admin);
    expect(del.statusCode).toBe(409);
    expect(del.json()).toMatchObject({
      code: 'QUESTION_PAID_UNDISTRIBUTED',
      error: ADMIN_MESSAGES.paidQuestionUndistributed,
    });
    expect(await auditRows('question', q.id)).toHaveLength(0);

    const close = await req('PATCH', `/api/admin/questions/${q.id}`, admin, { status: 'closed' });
    expect(close.statusCode).toBe(200);
    expect(close.json()).toMatchObject({ status: 'closed', isPaid: true });
    expect((await req('GET', '/api/admin/questions?paid=true&status=closed', admin)).json()[0]._id).toBe(
      q.id,
    );
  });
});

describe('ideas', () => {
  it('lists and deletes an idea with its likes and comments, audited', async () => {
    const idea = await makeIdea(t.database.db, member, { title: 'Solar kettles for all' });
    await t.database.db.insert(ideaLikes).values({ ideaId: idea.id, userId: admin.user.id });
    await t.database.db
      .insert(ideaComments)
      .values({ ideaId: idea.id, authorId: admin.user.id, content: 'Nice' });
    const list = await req('GET', '/api/admin/ideas?q=solar', admin);
    expect(list.json()).toHaveLength(1);
    expect(list.json()[0]).toMatchObject({ _id: idea.id, author: { id: member.user.id } });

    expect((await req('DELETE', `/api/admin/ideas/${idea.id}`, admin)).statusCode).toBe(204);
    expect((await req('GET', '/api/admin/ideas?q=solar', admin)).json()).toEqual([]);
    expect(await t.database.db.select().from(ideaComments).where(eq(ideaComments.ideaId, idea.id))).toEqual(
      [],
    );
    const [entry] = await auditRows('idea', idea.id);
    expect(entry).toMatchObject({
      action: 'idea.delete',
      before: { title: 'Solar kettles for all' },
      after: null,
    });
  });

  it('hides an idea from everyone but its author and admins, and shows it again, audited', async () => {
    const idea = await makeIdea(t.database.db, member, { title: 'Rainwater meters' });
    const other = await signup(t.app, { name: 'Ola Other', email: 'ola.other@example.com' });
    const publicIds = async () =>
      (await req('GET', '/api/ideas?limit=100', other)).json().ideas.map((i: { _id: string }) => i._id);
    expect(await publicIds()).toContain(idea.id);

    const hidden = await req('PATCH', `/api/admin/ideas/${idea.id}`, admin, { hidden: true });
    expect(hidden.statusCode).toBe(200);
    expect(hidden.json()).toMatchObject({ _id: idea.id, hidden: true });
    expect(await publicIds()).not.toContain(idea.id);
    expect((await req('GET', `/api/ideas/${idea.id}`, other)).statusCode).toBe(404);
    expect((await req('GET', `/api/ideas/${idea.id}`)).statusCode).toBe(404);
    // Its author still has it (in their hidden ideas), and an admin can read what they moderate.
    expect((await req('GET', `/api/ideas/${idea.id}`, member)).statusCode).toBe(200);
    expect((await req('GET', `/api/ideas/${idea.id}`, admin)).statusCode).toBe(200);
    expect((await req('GET', '/api/admin/ideas?hidden=true&q=rainwater', admin)).json()).toHaveLength(1);

    // Hiding again changes nothing and writes nothing.
    expect((await req('PATCH', `/api/admin/ideas/${idea.id}`, admin, { hidden: true })).statusCode).toBe(200);
    const shown = await req('PATCH', `/api/admin/ideas/${idea.id}`, admin, { hidden: false });
    expect(shown.json()).toMatchObject({ hidden: false });
    expect(await publicIds()).toContain(idea.id);
    expect((await auditRows('idea', idea.id)).map((r) => r.action).sort()).toEqual([
      'idea.hide',
      'idea.unhide',
    ]);
  });

  it('an admin’s hide is not the author’s to undo; an author’s hide is not the admin’s to lift', async () => {
    const idea = await makeIdea(t.database.db, member, { title: 'Moderated compost bins' });
    expect((await req('PATCH', `/api/admin/ideas/${idea.id}`, admin, { hidden: true })).json()).toMatchObject(
      {
        hidden: true,
        hiddenByAdmin: true,
      },
    );
    // The author sees why, and cannot show it again (but may still delete it).
    expect((await req('GET', `/api/ideas/${idea.id}`, member)).json()).toMatchObject({
      hidden: true,
      hiddenByAdmin: true,
    });
    const restore = await req('PUT', `/api/ideas/${idea.id}/restore`, member);
    expect(restore.statusCode).toBe(403);
    expect(restore.json().error).toBe(MSG.ideaHiddenByAdmin);
    const mine = (await req('GET', `/api/ideas/user/${member.user.id}/hidden`, member)).json().ideas;
    expect(mine.find((i: { _id: string }) => i._id === idea.id)).toMatchObject({ hiddenByAdmin: true });
    // Hiding it again as its author keeps the moderator's lock.
    expect((await req('PUT', `/api/ideas/${idea.id}/hide`, member)).json()).toMatchObject({
      hiddenByAdmin: true,
    });
    // …and is the author's own choice too: when the admin lifts theirs, it stays hidden until the
    // author restores it.
    expect(
      (await req('PATCH', `/api/admin/ideas/${idea.id}`, admin, { hidden: false })).json(),
    ).toMatchObject({
      hidden: true,
      hiddenByAdmin: false,
    });
    expect((await req('GET', `/api/ideas/${idea.id}`)).statusCode).toBe(404);
    expect((await req('PUT', `/api/ideas/${idea.id}/restore`, member)).statusCode).toBe(200);
    expect((await req('GET', `/api/ideas/${idea.id}`)).statusCode).toBe(200);

    // The author hides it themselves: an admin cannot publish it for them, but may lock it hidden.
    expect((await req('PUT', `/api/ideas/${idea.id}/hide`, member)).json()).toMatchObject({
      hidden: true,
      hiddenByAdmin: false,
    });
    const lift = await req('PATCH', `/api/admin/ideas/${idea.id}`, admin, { hidden: false });
    expect(lift.statusCode).toBe(409);
    expect(lift.json().error).toBe(ADMIN_MESSAGES.ideaHiddenByAuthor);
    expect((await req('GET', `/api/ideas/${idea.id}`)).statusCode).toBe(404);
    const locked = await req('PATCH', `/api/admin/ideas/${idea.id}`, admin, { hidden: true });
    expect(locked.json()).toMatchObject({ hidden: true, hiddenByAdmin: true });
    expect((await req('PUT', `/api/ideas/${idea.id}/restore`, member)).statusCode).toBe(403);
    // Lifting that lock does not publish it: the author had hidden it, and it stays theirs to show.
    const lifted = await req('PATCH', `/api/admin/ideas/${idea.id}`, admin, { hidden: false });
    expect(lifted.json()).toMatchObject({ hidden: true, hiddenByAdmin: false });
    expect((await req('GET', `/api/ideas/${idea.id}`)).statusCode).toBe(404);
    expect((await req('PUT', `/api/ideas/${idea.id}/restore`, member)).statusCode).toBe(200);
    expect((await req('GET', `/api/ideas/${idea.id}`)).statusCode).toBe(200);
    expect((await req('DELETE', `/api/ideas/${idea.id}`, member)).statusCode).toBe(200);
  });
});

describe('hackathon review queue', () => {
  it('lists pending oldest first with their age, approves and rejects with mail, notification and audit', async () => {
    const organiser = await signup(t.app, { name: 'Olu Organiser', email: 'olu.org@example.com' });
    const now = t.clock.now().getTime();
    const older = await makeHackathon(t.database.db, organiser, {
      title: 'Older hack',
      createdAt: new Date(now - 50 * 3_600_000),
    });
    const newer = await makeHackathon(t.database.db, organiser, {
      title: 'Newer hack',
      createdAt: new Date(now - 2 * 3_600_000),
    });
    const queue = (await req('GET', '/api/admin/hackathons?status=pending', admin)).json();
    const ids = queue.map((h: { _id: string }) => h._id);
    expect(ids.indexOf(older.id)).toBeLessThan(ids.indexOf(newer.id));
    const olderRow = queue.find((h: { _id: string }) => h._id === older.id);
    expect(olderRow.ageMinutes).toBe(50 * 60);
    expect(olderRow).toMatchObject({ status: 'pending', author: { id: organiser.user.id } });
    const newerRow = queue.find((h: { _id: string }) => h._id === newer.id);

    // Each decision names the version the admin read (review-version.test.ts covers a stale one).
    const approve = await req('POST', `/api/admin/hackathons/${older.id}/approve`, admin, {
      updatedAt: olderRow.updatedAt,
    });
    expect(approve.statusCode).toBe(200);
    expect(approve.json()).toMatchObject({ _id: older.id, status: 'published' });

    const noReason = await req('POST', `/api/admin/hackathons/${newer.id}/reject`, admin, {
      reason: '   ',
      updatedAt: newerRow.updatedAt,
    });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().error).toBe(ADMIN_MESSAGES.reasonRequired);
    const reject = await req('POST', `/api/admin/hackathons/${newer.id}/reject`, admin, {
      reason: 'Dates overlap a holiday',
      updatedAt: newerRow.updatedAt,
    });
    expect(reject.json()).toMatchObject({ status: 'rejected', rejectionReason: 'Dates overlap a holiday' });

    const mails = await t.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, 'olu.org@example.com'));
    expect(mails).toHaveLength(2);
    expect(mails.some((m) => m.text.includes('Dates overlap a holiday'))).toBe(true);
    const notes = await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, organiser.user.id));
    expect(notes.map((n) => n.link).sort()).toEqual(
      [`/hackathon/${newer.id}`, `/hackathon/${older.id}`].sort(),
    );

    expect((await auditRows('hackathon', older.id))[0]).toMatchObject({
      action: 'hackathon.approve',
      actorId: admin.user.id,
      before: { status: 'pending' },
      after: { status: 'published' },
    });
    expect((await auditRows('hackathon', newer.id))[0]).toMatchObject({
      action: 'hackathon.reject',
      after: { status: 'rejected', rejectionReason: 'Dates overlap a holiday' },
    });

    // Reviewed once: a second decision is a conflict and leaves no trace.
    const again = await req('POST', `/api/admin/hackathons/${older.id}/reject`, admin, {
      reason: 'Changed my mind',
      updatedAt: olderRow.updatedAt,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('ALREADY_REVIEWED');
    expect(await auditRows('hackathon', older.id)).toHaveLength(1);
    const [row] = await t.database.db.select().from(hackathons).where(eq(hackathons.id, older.id));
    expect(row!.status).toBe('published');

    const pendingNow = (await req('GET', '/api/admin/hackathons', admin))
      .json()
      .map((h: { _id: string }) => h._id);
    expect(pendingNow).not.toContain(older.id);
    const published = (await req('GET', '/api/admin/hackathons?status=published', admin)).json();
    expect(published.map((h: { _id: string }) => h._id)).toContain(older.id);
  });
});

describe('job review queue', () => {
  it('approves and rejects jobs, e-mailing and notifying the poster, audited', async () => {
    const poster = await signup(t.app, { name: 'Pia Poster', email: 'pia.poster@example.com' });
    // A word no other test's job has: the search finds exactly these two, in any test order.
    const j1 = await makeJob(t.database.db, poster, { title: 'Backend millwright' });
    const j2 = await makeJob(t.database.db, poster, { title: 'Frontend millwright' });
    const queue = (await req('GET', '/api/admin/jobs?status=pending&q=millwright', admin)).json();
    expect(queue.map((j: { _id: string }) => j._id)).toEqual([j1.id, j2.id]);
    expect(queue[0]).toMatchObject({ poster: { id: poster.user.id }, companyName: 'Acme', ageMinutes: 0 });

    const [seen1, seen2] = queue.map((j: { updatedAt: string }) => j.updatedAt);
    expect(
      (await req('POST', `/api/admin/jobs/${j1.id}/approve`, admin, { updatedAt: seen1 })).json(),
    ).toMatchObject({ status: 'approved' });
    expect(
      (
        await req('POST', `/api/admin/jobs/${j2.id}/reject`, admin, {
          reason: 'Salary missing',
          updatedAt: seen2,
        })
      ).json(),
    ).toMatchObject({ status: 'rejected', rejectionReason: 'Salary missing' });

    const mails = await t.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, 'pia.poster@example.com'));
    expect(mails).toHaveLength(2);
    const notes = await req('GET', '/api/notifications', poster);
    expect(notes.json().unreadCount).toBe(2);
    expect(
      notes
        .json()
        .notifications.map((n: { link: string }) => n.link)
        .sort(),
    ).toEqual([`/job/${j1.id}`, `/job/${j2.id}`].sort());
    expect((await auditRows('job', j2.id))[0]).toMatchObject({
      action: 'job.reject',
      before: { status: 'pending', rejectionReason: null },
      after: { status: 'rejected', rejectionReason: 'Salary missing' },
    });
    const twice = await req('POST', `/api/admin/jobs/${j1.id}/approve`, admin, { updatedAt: seen1 });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('ALREADY_REVIEWED');
  });
});

describe('withdrawals', () => {
  it('completes one and fails another: wallet, notifications and audit follow', async () => {
    const asker = await signup(t.app, { name: 'Asha Asker', role: 'questioner' });
    const a = await signup(t.app, { name: 'Wanda Withdrawer', role: 'answerer' });
    const b = await signup(t.app, { name: 'Fabio Failed', role: 'answerer' });
    await twoPendingWithdrawals(t.app, t.database.db, { asker, a, b });

    const queue = (await req('GET', '/api/admin/withdrawals?status=pending', admin)).json();
    const wa = queue.find((w: { user: { id: string } }) => w.user.id === a.user.id);
    const wb = queue.find((w: { user: { id: string } }) => w.user.id === b.user.id);
    expect(wa).toMatchObject({ amount: 3000, status: 'pending', payout: { upiId: 'answerer.a@okbank' } });
    expect(wb).toMatchObject({ amount: 2000, status: 'pending' });

    const details = await req('GET', `/api/admin/withdrawals/${wa._id}/payout-details`, admin);
    expect(details.json()).toMatchObject({ upiId: 'answerer.a@okbank', bankAccount: null });

    const walletOf = async (u: TestUser) =>
      (await t.app.inject({ method: 'GET', url: '/api/wallet', headers: u.auth })).json();
    expect((await walletOf(a)).balance).toBe(2000);
    expect((await walletOf(b)).balance).toBe(3000);

    const missingRef = await req('POST', `/api/admin/withdrawals/${wa._id}/complete`, admin, {
      payoutReference: '',
    });
    expect(missingRef.statusCode).toBe(400);
    const done = await req('POST', `/api/admin/withdrawals/${wa._id}/complete`, admin, {
      payoutReference: 'UTR-123456',
    });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ status: 'completed', payoutReference: 'UTR-123456' });
    const failed = await req('POST', `/api/admin/withdrawals/${wb._id}/fail`, admin, {
      reason: 'UPI id inactive',
    });
    expect(failed.json()).toMatchObject({ status: 'failed', failureReason: 'UPI id inactive' });

    expect((await walletOf(a)).balance).toBe(2000);
    expect((await walletOf(b)).balance).toBe(5000);
    const txB = (
      await t.app.inject({ method: 'GET', url: '/api/wallet/transactions', headers: b.auth })
    ).json();
    expect(txB.find((x: { type: string }) => x.type === 'withdrawal')).toMatchObject({
      status: 'failed',
      amount: 2000,
    });

    const noteA = (await req('GET', '/api/notifications', a)).json().notifications;
    expect(
      noteA.some((n: { type: string; link: string }) => n.type === 'withdrawal' && n.link === '/wallet'),
    ).toBe(true);
    const noteB = (await req('GET', '/api/notifications', b)).json().notifications;
    expect(noteB.find((n: { type: string }) => n.type === 'withdrawal').body).toContain('UPI id inactive');

    expect((await auditRows('withdrawal', wb._id)).find((r) => r.action === 'withdrawal.fail')).toMatchObject(
      {
        actorId: admin.user.id,
        before: { status: 'pending', amount: 2000, walletBalance: 3000 },
        after: { status: 'failed', failureReason: 'UPI id inactive', walletBalance: 5000 },
      },
    );
    expect(
      (await auditRows('withdrawal', wa._id)).find((r) => r.action === 'withdrawal.complete'),
    ).toMatchObject({
      after: { status: 'completed', payoutReference: 'UTR-123456', walletBalance: 2000 },
    });

    // Processed once: no second decision either way, and the money does not move again.
    const twice = await req('POST', `/api/admin/withdrawals/${wb._id}/fail`, admin, { reason: 'again' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ code: 'ALREADY_PROCESSED', error: ADMIN_MESSAGES.alreadyProcessed });
    expect(
      (await req('POST', `/api/admin/withdrawals/${wa._id}/fail`, admin, { reason: 'oops' })).statusCode,
    ).toBe(409);
    expect((await walletOf(b)).balance).toBe(5000);
    expect((await walletOf(a)).balance).toBe(2000);
    const pending = (await req('GET', '/api/admin/withdrawals', admin))
      .json()
      .map((w: { _id: string }) => w._id);
    expect(pending).not.toContain(wa._id);
    const completed = (await req('GET', '/api/admin/withdrawals?status=completed', admin)).json();
    expect(completed.map((w: { _id: string }) => w._id)).toContain(wa._id);
  });
});

describe('contact messages and settings', () => {
  it('lists contact messages newest first with search', async () => {
    for (const subject of ['Billing question', 'Partnership idea']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/contact',
        payload: { name: 'Casey', email: 'casey@example.com', subject, message: `About ${subject}` },
      });
      expect(res.statusCode).toBe(201);
    }
    const all = (await req('GET', '/api/admin/contact-messages?q=casey', admin)).json();
    expect(all.map((m: { subject: string }) => m.subject)).toEqual(['Partnership idea', 'Billing question']);
    const one = (await req('GET', '/api/admin/contact-messages?q=billing', admin)).json();
    expect(one).toHaveLength(1);
    expect(one[0]).toMatchObject({
      name: 'Casey',
      email: 'casey@example.com',
      message: 'About Billing question',
    });
  });

  it('sets the minimum reward, validated and audited', async () => {
    const before = (await t.app.inject({ method: 'GET', url: '/api/settings/min-reward' })).json()
      .minRewardAmount;
    for (const bad of [0, 1.5, -3, '20']) {
      const res = await req('PUT', '/api/admin/settings/min-reward', admin, { minRewardAmount: bad });
      expect(res.statusCode).toBe(400);
    }
    const res = await req('PUT', '/api/admin/settings/min-reward', admin, { minRewardAmount: 25 });
    expect(res.json()).toEqual({ minRewardAmount: 25 });
    expect((await t.app.inject({ method: 'GET', url: '/api/settings/min-reward' })).json()).toEqual({
      minRewardAmount: 25,
    });
    const entries = await auditRows('settings', 'minRewardAmount');
    expect(entries.at(-1)).toMatchObject({
      action: 'settings.min_reward',
      before: { minRewardAmount: before },
      after: { minRewardAmount: 25 },
    });
  });
});

describe('mail outbox', () => {
  it('puts mail the worker gave up on back in the queue, audited', async () => {
    await t.database.db.insert(mailOutbox).values({
      to: 'gaveup@example.com',
      subject: 'Lost?',
      text: 'No',
      status: 'failed',
      attempts: 12,
      lastError: 'connect ECONNREFUSED',
    });
    const overview = (await req('GET', '/api/admin/overview', admin)).json();
    expect(overview.totals.mailFailed).toBe(1);
    const res = await req('POST', '/api/admin/mail/retry-failed', admin);
    expect(res.json()).toEqual({ requeued: 1 });
    const [row] = await t.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, 'gaveup@example.com'));
    expect(row).toMatchObject({ status: 'pending', attempts: 0 });
    await t.app.ctx.mailWorker.runOnce();
    expect(t.mail.sent.map((m) => m.to)).toContain('gaveup@example.com');
    const log = (await req('GET', '/api/admin/audit-log?action=mail.retry_failed', admin)).json();
    expect(log[0]).toMatchObject({ entityType: 'mail_outbox', after: { requeued: 1 } });
  });
});

describe('audit log', () => {
  it('is newest first, filterable and paged', async () => {
    const { items } = await walk<{ _id: string; createdAt: string; action: string }>(
      '/api/admin/audit-log?limit=3',
      admin,
    );
    const total = await t.database.db.select().from(auditLog);
    expect(items).toHaveLength(total.length);
    expect(new Set(items.map((e) => e._id)).size).toBe(total.length);
    const times = items.map((e) => Date.parse(e.createdAt));
    expect([...times].sort((x, y) => y - x)).toEqual(times);
    const onlyJobs = (await req('GET', '/api/admin/audit-log?entityType=job', admin)).json();
    expect(onlyJobs.length).toBeGreaterThan(0);
    expect(onlyJobs.every((e: { entityType: string }) => e.entityType === 'job')).toBe(true);
    const byAction = (await req('GET', '/api/admin/audit-log?action=user.suspend', admin)).json();
    expect(byAction).toHaveLength(1);
  });
});

describe('overview', () => {
  it('gives daily series over the chosen range (UTC days, zeros on empty days) and totals', async () => {
    const db = t.database.db;
    const at = (iso: string) => new Date(iso);
    const mk = (email: string, createdAt: Date) =>
      db.insert(users).values({ email, name: email, displayName: email, createdAt });
    await mk('early@ov.test', at('2024-02-29T23:59:59Z'));
    await mk('a@ov.test', at('2024-03-01T00:00:00Z'));
    await mk('b@ov.test', at('2024-03-01T23:59:59.999Z'));
    await mk('c@ov.test', at('2024-03-03T12:00:00Z'));
    const q = await makeQuestion(db, member, { createdAt: at('2024-03-02T08:00:00Z') });
    await db.insert(payments).values({
      questionId: q.id,
      userId: member.user.id,
      provider: 'sandbox',
      orderId: `order_ov_${q.id}`,
      amount: 5000,
      status: 'paid',
      paidAt: at('2024-03-02T09:00:00Z'),
    });
    await makeIdea(db, member, { createdAt: at('2024-03-03T01:00:00Z') });
    await makeJob(db, member, { createdAt: at('2024-03-01T05:00:00Z') });
    const h = await makeHackathon(db, member, { status: 'published' });
    await db.insert(hackathonParticipants).values({
      hackathonId: h.id,
      userId: admin.user.id,
      registeredAt: at('2024-03-02T10:00:00Z'),
    });

    const res = await req('GET', '/api/admin/overview?from=2024-03-01&to=2024-03-03', admin);
    expect(res.statusCode).toBe(200);
    const o = res.json();
    expect(o.from).toBe('2024-03-01');
    // One column per metric, a value for each day from `from`.
    const col = (k: string) => o.series[k];
    for (const k of OVERVIEW_SERIES) expect(col(k)).toHaveLength(3);
    expect(Object.keys(o.series).sort()).toEqual([...OVERVIEW_SERIES].sort());
    expect(col('signups')).toEqual([2, 0, 1]);
    expect(overviewPoints(o).map((p) => p.date)).toEqual(['2024-03-01', '2024-03-02', '2024-03-03']);
    expect(overviewPoints(o)[2]).toMatchObject({ date: '2024-03-03', signups: 1, ideas: 1, questions: 0 });
    expect(col('questions')).toEqual([0, 1, 0]);
    expect(col('paidAmount')).toEqual([0, 5000, 0]);
    expect(col('ideas')).toEqual([0, 0, 1]);
    expect(col('jobsPosted')).toEqual([1, 0, 0]);
    expect(col('hackathonRegistrations')).toEqual([0, 1, 0]);
    expect(col('answers')).toEqual([0, 0, 0]);
    expect(o.rangeTotals).toMatchObject({
      signups: 3,
      questions: 1,
      paidAmount: 5000,
      ideas: 1,
      jobsPosted: 1,
    });

    const allUsers = await db.select().from(users);
    const pendingJobs = (await db.select().from(jobs)).filter((j) => j.status === 'pending').length;
    expect(o.totals.users).toBe(allUsers.length);
    expect(o.totals.pendingJobs).toBe(pendingJobs);
    expect(o.totals.paidAmount).toBeGreaterThanOrEqual(5000 + 4000 + 10000);

    const def = (await req('GET', '/api/admin/overview', admin)).json();
    expect(def.series.signups).toHaveLength(30);
    expect(def.series.jobsPosted).toHaveLength(30);
    const points = overviewPoints(def);
    expect(points).toHaveLength(30);
    expect(points[29]).toMatchObject({ date: def.to, signups: def.series.signups[29] });
    expect(def.to).toBe(t.clock.now().toISOString().slice(0, 10));
  });

  it('alerts when uploads waiting to be used or paid for pass the site-wide figure', async () => {
    expect((await req('GET', '/api/admin/overview', admin)).json().alerts).toEqual([]);
    // The same database seen by a server whose site-wide figure is 1 KB, and a 3 MB logo nobody used yet.
    const tight = await buildTestApp({
      database: t.database,
      config: { unclaimedUploads: { perUserFiles: 20, perUserBytes: 50 * 1024 * 1024, siteBytes: 1024 } },
    });
    const key = `${randomUUID().replace(/-/g, '')}.png`;
    try {
      await t.database.db.insert(files).values({
        key,
        ownerId: member.user.id,
        mimetype: 'image/png',
        size: 3 * 1024 * 1024,
        originalName: 'logo.png',
        purpose: 'job-logo',
      });
      const res = await tight.app.inject({ url: '/api/admin/overview', headers: admin.auth });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().alerts).toEqual([
        { code: 'UPLOADS_SITE_CAP', message: expect.stringContaining('above the site-wide 1 KB') },
      ]);
      expect(res.json().alerts[0].message).toMatch(/take [3-9](\.\d)? MB,/);
      // Under the default figure, nothing to say.
      expect((await req('GET', '/api/admin/overview', admin)).json().alerts).toEqual([]);
    } finally {
      await t.database.db.delete(files).where(eq(files.key, key));
      await tight.close();
    }
  });

  it('refuses a reversed, impossible or too long range with 400', async () => {
    for (const qs of [
      'from=2024-03-05&to=2024-03-01',
      'from=2024-02-30&to=2024-03-01',
      'from=2023-01-01&to=2024-03-01',
      'from=yesterday',
    ]) {
      const res = await req('GET', `/api/admin/overview?${qs}`, admin);
      expect(res.statusCode).toBe(400);
      expectErrorBody(res.json());
    }
  });
});
