// Rewards by merit and stated criteria: the split a ranking suggests, ranking refused once the
// reward is paid out, and the asker's acceptance criteria on the question.
import { QUESTION_LIMITS, QUESTION_TEXT, splitPaise, suggestSplit } from '@agora/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, expectErrorBody, signup, type TestApp, type TestUser } from '../../../test/helpers.js';
import type { SessionUser } from '../../context.js';
import { answers as answersTable } from '../../db/schema/index.js';
import type { Ranker } from '../../platform/ranker.js';
import { createQuestion, multipart, postAnswer, sampleQuestion } from './questions.fixtures.js';
import { createQuestionsService } from './questions.service.js';

let t: TestApp;
let asker: TestUser;
let alice: TestUser;
let bob: TestUser;
let carol: TestUser;

beforeAll(async () => {
  t = await buildTestApp();
  asker = await signup(t.app, { name: 'Mira Asker', role: 'questioner' });
  alice = await signup(t.app, { name: 'Alice Answerer' });
  bob = await signup(t.app, { name: 'Bob Answerer' });
  carol = await signup(t.app, { name: 'Carol Answerer' });
});
afterAll(() => t.close());

const post = (url: string, user: TestUser, payload?: object) =>
  t.app.inject({ method: 'POST', url, headers: user.auth, ...(payload ? { payload } : {}) });
const get = (url: string, user: TestUser) => t.app.inject({ url, headers: user.auth });

const sessionUser = (u: TestUser): SessionUser => ({
  id: u.user.id,
  sessionId: 'test',
  email: u.user.email,
  name: u.user.name,
  displayName: u.user.name,
  role: 'user',
});

/** A paid question of `rupees` with three answers of clearly different quality. */
async function paidQuestionWithAnswers(rupees = 100) {
  const q = await createQuestion(t.app, asker, {
    title: `How do I reverse a linked list in Python? ${Math.random().toString(36).slice(2, 7)}`,
    description: 'I need an iterative solution for a singly linked list and want to understand it.',
    reward: rupees,
  });
  await postAnswer(t.app, alice, q._id, 'google it');
  await postAnswer(
    t.app,
    bob,
    q._id,
    'Walk the list once and flip each `next` pointer, because you must remember the previous node.\n\n```python\ndef reverse(head):\n    prev = None\n    while head:\n        head.next, prev, head = prev, head, head.next\n    return prev\n```\n\nThis reverses the linked list in O(n) time and O(1) space.',
  );
  await postAnswer(
    t.app,
    carol,
    q._id,
    'Iterate with three pointers (prev, current, next) and reverse each link as you go; return prev at the end. It runs in linear time.',
  );
  const view = (await get(`/api/questions/${q._id}/rewards`, asker)).json();
  return { q, view };
}

describe('rewards by merit: the suggested split', () => {
  it('rank returns suggestedSplit: whole percents summing to 100, only answers of this question', async () => {
    const { q, view } = await paidQuestionWithAnswers();
    // Another question's answers exist too: none of them may be named.
    const other = await paidQuestionWithAnswers();
    const before = (await get(`/api/questions/${q._id}/rewards`, asker)).json();
    expect(before.suggestedSplit).toBeNull();

    for (const path of ['rank-answers', 'rank']) {
      const res = await post(`/api/questions/${q._id}/${path}`, asker);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      // The existing fields stay.
      expect(body.aiRanking.available).toBe(true);
      expect(body.aiRanking.scores).toHaveLength(3);
      expect(body.rankedAnswers.map((a: { aiRank: number }) => a.aiRank)).toEqual([1, 2, 3]);
      const split = body.suggestedSplit as Array<{ answerId: string; percent: number }>;
      expect(split.length).toBeGreaterThan(0);
      expect(split.length).toBeLessThanOrEqual(3);
      expect(split.reduce((s, x) => s + x.percent, 0)).toBe(100);
      for (const s of split) expect(Number.isInteger(s.percent) && s.percent >= 1).toBe(true);
      const mine = new Set(view.question.answers.map((a: { _id: string }) => a._id));
      const theirs = new Set(other.view.question.answers.map((a: { _id: string }) => a._id));
      for (const s of split) {
        expect(mine.has(s.answerId)).toBe(true);
        expect(theirs.has(s.answerId)).toBe(false);
      }
      // The documented rule, applied to this ranking's scores.
      expect(split).toEqual(suggestSplit(body.aiRanking.scores));
      // 'google it' is far behind the best answer: it is not worth paying.
      const google = body.rankedAnswers.find((a: { content: string }) => a.content === 'google it');
      expect(split.some((s) => s.answerId === google._id)).toBe(false);

      // The rewards page gets the same suggestion from the stored ranking.
      const after = (await get(`/api/questions/${q._id}/rewards`, asker)).json();
      expect(after.suggestedSplit).toEqual(split);
    }
  });

  it('the server credits exactly what the shared split previews: 70/30 of ₹33.33', async () => {
    const { q, view } = await paidQuestionWithAnswers(33);
    // ₹33.33 is not a whole-rupee reward: the paid amount is set to it directly (same as a payment).
    await t.database.db.execute(sql`update questions set payment_amount = 3333 where id = ${q._id}::uuid`);
    const [first, second] = view.question.answers as Array<{ _id: string; authorId: string }>;
    const res = await post('/api/rewards/distribute', asker, {
      questionId: q._id,
      rewards: [
        { answerId: first!._id, answererId: first!.authorId, percentage: 70 },
        { answerId: second!._id, answererId: second!.authorId, percentage: 30 },
      ],
    });
    expect(res.statusCode).toBe(200);
    const credited = res.json().rewards.map((r: { amount: number }) => r.amount);
    expect(credited).toEqual(splitPaise(3333, [70, 30]));
    expect(credited).toEqual([2334, 999]);
    // The reward view after payout names who got what.
    const after = (await get(`/api/questions/${q._id}/rewards`, asker)).json();
    expect(after.question.escrowState).toBe('distributed');
    expect(
      after.rewards.map((r: { percentage: number; amount: number }) => [r.percentage, r.amount]),
    ).toEqual([
      [70, 2334],
      [30, 999],
    ]);
  });
});

describe('ranking after payout', () => {
  it('is refused with 409 and leaves the ranking the payout went by', async () => {
    const { q, view } = await paidQuestionWithAnswers();
    expect((await post(`/api/questions/${q._id}/rank-answers`, asker)).statusCode).toBe(200);
    const ranksBefore = (await get(`/api/questions/${q._id}`, asker))
      .json()
      .answers.map((a: { _id: string; aiRank: number }) => [a._id, a.aiRank]);
    const a = view.question.answers[0] as { _id: string; authorId: string };
    const paid = await post('/api/rewards/distribute', asker, {
      questionId: q._id,
      rewards: [{ answerId: a._id, answererId: a.authorId, percentage: 100 }],
    });
    expect(paid.statusCode).toBe(200);
    for (const path of ['rank-answers', 'rank']) {
      const res = await post(`/api/questions/${q._id}/${path}`, asker);
      expect(res.statusCode).toBe(409);
      expectErrorBody(res.json());
      expect(res.json()).toMatchObject({ code: 'REWARD_PAID_OUT', error: QUESTION_TEXT.rankAfterPayout });
    }
    const ranksAfter = (await get(`/api/questions/${q._id}`, asker))
      .json()
      .answers.map((x: { _id: string; aiRank: number }) => [x._id, x.aiRank]);
    expect(ranksAfter).toEqual(ranksBefore);
  });

  it('a payout that lands while the ranker runs wins: the late ranking is refused, not saved', async () => {
    const { q, view } = await paidQuestionWithAnswers();
    const a = view.question.answers[1] as { _id: string; authorId: string };
    // A slow ranker: the author distributes the reward while it is still thinking.
    const slow: Ranker = {
      name: 'slow',
      async rank(input) {
        const paid = await post('/api/rewards/distribute', asker, {
          questionId: q._id,
          rewards: [{ answerId: a._id, answererId: a.authorId, percentage: 100 }],
        });
        expect(paid.statusCode).toBe(200);
        return input.answers.map((x, i) => ({ answerId: x.id, score: 90 - i * 10, reason: 'slow ranker' }));
      },
    };
    const service = createQuestionsService(t.app.ctx, slow);
    await expect(service.rank(sessionUser(asker), q._id, () => {})).rejects.toMatchObject({
      status: 409,
      code: 'REWARD_PAID_OUT',
    });
    const ranked = await t.database.db
      .select({ aiRank: answersTable.aiRank })
      .from(answersTable)
      .where(eq(answersTable.questionId, q._id));
    expect(ranked.every((r) => r.aiRank === null)).toBe(true);
  });
});

describe('acceptance criteria', () => {
  const criteria = 'A rewarded answer must include runnable code and explain why it works.';

  it('round-trips through create (JSON and multipart), the question and the reward view', async () => {
    const res = await post('/api/questions', asker, {
      ...sampleQuestion,
      reward: 10,
      acceptanceCriteria: `  ${criteria}  `,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().acceptanceCriteria).toBe(criteria);
    const id = res.json()._id;
    expect((await get(`/api/questions/${id}`, asker)).json().acceptanceCriteria).toBe(criteria);
    expect((await get(`/api/questions/${id}/rewards`, asker)).json().question.acceptanceCriteria).toBe(
      criteria,
    );

    const form = await multipart({ ...sampleQuestion, reward: '10', acceptanceCriteria: criteria });
    const viaForm = await t.app.inject({
      method: 'POST',
      url: '/api/questions',
      headers: { ...asker.auth, ...form.headers },
      payload: form.payload,
    });
    expect(viaForm.statusCode).toBe(201);
    expect(viaForm.json().acceptanceCriteria).toBe(criteria);

    // Not stated, or only blanks: none.
    const none = await post('/api/questions', asker, { ...sampleQuestion, reward: 10 });
    expect(none.json().acceptanceCriteria).toBeNull();
    const blank = await post('/api/questions', asker, {
      ...sampleQuestion,
      reward: 10,
      acceptanceCriteria: '   ',
    });
    expect(blank.json().acceptanceCriteria).toBeNull();
  });

  it('takes 500 characters and refuses 501 with the shared message', async () => {
    const max = QUESTION_LIMITS.acceptanceCriteriaMax;
    const ok = await post('/api/questions', asker, {
      ...sampleQuestion,
      reward: 10,
      acceptanceCriteria: 'x'.repeat(max),
    });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().acceptanceCriteria).toHaveLength(max);
    const long = await post('/api/questions', asker, {
      ...sampleQuestion,
      reward: 10,
      acceptanceCriteria: 'x'.repeat(max + 1),
    });
    expect(long.statusCode).toBe(400);
    expectErrorBody(long.json());
    expect(long.json()).toMatchObject({ code: 'VALIDATION', error: QUESTION_TEXT.acceptanceCriteriaTooLong });
  });

  it('the database refuses criteria longer than 500 characters or empty, whatever the code asks', async () => {
    const { q } = await paidQuestionWithAnswers();
    for (const value of ['x'.repeat(QUESTION_LIMITS.acceptanceCriteriaMax + 1), '']) {
      await expect(
        t.database.db.execute(
          sql`update questions set acceptance_criteria = ${value} where id = ${q._id}::uuid`,
        ),
      ).rejects.toThrow();
    }
  });
});
