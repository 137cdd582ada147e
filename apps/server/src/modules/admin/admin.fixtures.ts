// Test fixtures of the admin area (imported only by *.test.ts files). Rows that belong to other
// areas are written straight into their tables (the same rows their APIs write) so these tests
// depend on the admin behaviour, not on another area's forms; money moves through the public API.
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { TestUser } from '../../../test/helpers.js';
import { askReward } from '../wallet/money.fixtures.js';
import type { Executor } from '../../db/client.js';
import { answers, hackathons, ideas, jobs, questions } from '../../db/schema/index.js';

const tag = () => randomBytes(3).toString('hex');

export async function makeQuestion(
  db: Executor,
  author: TestUser,
  over: Partial<typeof questions.$inferInsert> = {},
) {
  const [q] = await db
    .insert(questions)
    .values({
      authorId: author.user.id,
      title: `Question ${tag()}`,
      description: 'What is the answer?',
      category: 'Technology',
      ...over,
    })
    .returning({ id: questions.id, title: questions.title });
  return q!;
}

export async function makeAnswer(db: Executor, questionId: string, author: TestUser) {
  const [a] = await db
    .insert(answers)
    .values({ questionId, authorId: author.user.id, content: `Answer ${tag()}` })
    .returning({ id: answers.id });
  const [q] = await db
    .select({ n: questions.answerCount })
    .from(questions)
    .where(eq(questions.id, questionId));
  await db
    .update(questions)
    .set({ answerCount: (q?.n ?? 0) + 1 })
    .where(eq(questions.id, questionId));
  return a!;
}

export async function makeIdea(
  db: Executor,
  author: TestUser,
  over: Partial<typeof ideas.$inferInsert> = {},
) {
  const [i] = await db
    .insert(ideas)
    .values({
      authorId: author.user.id,
      title: `Idea ${tag()}`,
      description: 'An idea',
      category: 'Technology',
      ...over,
    })
    .returning({ id: ideas.id, title: ideas.title });
  return i!;
}

export async function makeHackathon(
  db: Executor,
  author: TestUser,
  over: Partial<typeof hackathons.$inferInsert> = {},
) {
  const start = new Date(Date.now() + 7 * 86_400_000);
  const [h] = await db
    .insert(hackathons)
    .values({
      authorId: author.user.id,
      title: `Hackathon ${tag()}`,
      description: 'Build things',
      category: 'AI/ML',
      organizerName: 'Org Name',
      organizerEmail: 'org@example.com',
      startDate: start,
      endDate: new Date(start.getTime() + 2 * 86_400_000),
      prizePool: '₹1,00,000',
      ...over,
    })
    .returning({ id: hackathons.id, title: hackathons.title, updatedAt: hackathons.updatedAt });
  return h!;
}

export async function makeJob(db: Executor, poster: TestUser, over: Partial<typeof jobs.$inferInsert> = {}) {
  const [j] = await db
    .insert(jobs)
    .values({
      posterId: poster.user.id,
      title: `Engineer ${tag()}`,
      description: 'Write code',
      companyName: 'Acme',
      city: 'Pune',
      category: 'Engineering',
      contactEmail: 'jobs@acme.test',
      ...over,
    })
    .returning({ id: jobs.id, title: jobs.title, updatedAt: jobs.updatedAt });
  return j!;
}

async function call(
  app: FastifyInstance,
  who: TestUser,
  method: 'POST' | 'PUT',
  url: string,
  payload: unknown,
) {
  const res = await app.inject({ method, url, headers: who.auth, payload: payload as object });
  if (res.statusCode >= 300) throw new Error(`${method} ${url} → ${res.statusCode} ${res.body}`);
  return res.json();
}

/** The browser's payment step through the public API: order → sandbox checkout → verify. */
export async function payQuestion(app: FastifyInstance, asker: TestUser, questionId: string, rupees: number) {
  // Fixture questions are written without a reward: the payment names it (create-order takes exactly
  // the question's reward).
  await askReward(app.ctx.db, questionId, rupees);
  const order = await call(app, asker, 'POST', '/api/payments/create-order', { questionId, amount: rupees });
  const signed = await call(app, asker, 'POST', '/api/payments/sandbox/pay', { orderId: order.orderId });
  await call(app, asker, 'POST', '/api/payments/verify', { ...signed, questionId });
  return order as { orderId: string };
}

/**
 * Two answerers each holding a pending withdrawal: a paid question, two answers rewarded 50/50,
 * payout details saved, a withdrawal requested by each — all through the public API.
 */
export async function twoPendingWithdrawals(
  app: FastifyInstance,
  db: Executor,
  people: { asker: TestUser; a: TestUser; b: TestUser },
  amounts = { pay: 100, withdrawA: 3000, withdrawB: 2000 },
) {
  const q = await makeQuestion(db, people.asker);
  await payQuestion(app, people.asker, q.id, amounts.pay);
  const ansA = await makeAnswer(db, q.id, people.a);
  const ansB = await makeAnswer(db, q.id, people.b);
  await call(app, people.asker, 'POST', '/api/rewards/distribute', {
    questionId: q.id,
    rewards: [
      { answererId: people.a.user.id, answerId: ansA.id, percentage: 50 },
      { answererId: people.b.user.id, answerId: ansB.id, percentage: 50 },
    ],
  });
  await call(app, people.a, 'PUT', '/api/wallet/bank-details', { upiId: 'answerer.a@okbank' });
  await call(app, people.b, 'PUT', '/api/wallet/bank-details', { upiId: 'answerer.b@okbank' });
  await call(app, people.a, 'POST', '/api/withdrawals/request', { amount: amounts.withdrawA });
  await call(app, people.b, 'POST', '/api/withdrawals/request', { amount: amounts.withdrawB });
  return { questionId: q.id };
}
