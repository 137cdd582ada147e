// A small populated world for the cross-cutting tests (fuzzing, authorization matrix): four people
// and one of every kind of object, each owned by `owner`, in every state that matters for who may
// see it (hidden, pending, paid, distributed, withdrawn). Rows of other areas are written as their
// APIs write them; money moves through the public API so the ledger stays consistent.
import { eq } from 'drizzle-orm';
import {
  makeAnswer,
  makeHackathon,
  makeIdea,
  makeJob,
  makeQuestion,
  payQuestion,
} from '../../src/modules/admin/admin.fixtures.js';
import {
  contactMessages,
  hackathonParticipants,
  hackathonSubmissions,
  questions,
  users,
  withdrawals,
} from '../../src/db/schema/index.js';
import { storeUpload } from '../../src/lib/uploads.js';
import { makeAdmin, signup, type TestApp, type TestUser } from '../helpers.js';

export const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

export interface World {
  admin: TestUser;
  /** Author, organiser, poster of everything below. */
  owner: TestUser;
  /** A signed-in stranger; also answers the owner's question and joins the hackathon. */
  other: TestUser;
  /** Answers the owner's paid question and holds a pending withdrawal. */
  answerer: TestUser;
  ids: {
    /** Paid (its order is `order`), unanswered. */
    question: string;
    /** Asked with a reward, never paid: only its author and admins see it. */
    unpaidQuestion: string;
    /** Paid, answered by answerer and other, not yet distributed. */
    paidQuestion: string;
    hiddenQuestion: string;
    answerOfAnswerer: string;
    answerOfOther: string;
    /** Already distributed (answerer holds the money). */
    distributedQuestion: string;
    idea: string;
    hiddenIdea: string;
    comment: string;
    hackathon: string;
    pendingHackathon: string;
    submission: string;
    job: string;
    pendingJob: string;
    withdrawal: string;
    order: string;
    contactMessage: string;
  };
}

export async function buildWorld(t: TestApp): Promise<World> {
  const { app } = t;
  const db = t.database.db;
  const admin = await signup(app, { name: 'Admin Asha' });
  await makeAdmin(t, admin);
  const owner = await signup(app, { name: 'Owner Omar', role: 'questioner' });
  const other = await signup(app, { name: 'Other Oona' });
  const answerer = await signup(app, { name: 'Answerer Anil', role: 'answerer' });

  // Questions are asked with a reward and paid through create-order (the question's reward) →
  // sandbox checkout → verify, as the web client does; an unpaid one is seen only by its author and
  // admins.
  const question = await makeQuestion(db, owner, { rewardAmount: 2000 });
  const order = await payQuestion(app, owner, question.id, 20);
  const unpaidQuestion = await makeQuestion(db, owner, { rewardAmount: 2000 });
  const hiddenQuestion = await makeQuestion(db, owner, { rewardAmount: 2000 });
  await payQuestion(app, owner, hiddenQuestion.id, 20);
  await db.update(questions).set({ hidden: true }).where(eq(questions.id, hiddenQuestion.id));
  const paidQuestion = await makeQuestion(db, owner, { rewardAmount: 10_000 });
  await payQuestion(app, owner, paidQuestion.id, 100);
  const answerOfAnswerer = await makeAnswer(db, paidQuestion.id, answerer);
  const answerOfOther = await makeAnswer(db, paidQuestion.id, other);

  // A distributed question: the answerer's wallet holds ₹50, half of it asked for withdrawal.
  const distributed = await makeQuestion(db, owner, { rewardAmount: 5000 });
  await payQuestion(app, owner, distributed.id, 50);
  const dAnswer = await makeAnswer(db, distributed.id, answerer);
  await api(t, owner, 'POST', '/api/rewards/distribute', {
    questionId: distributed.id,
    rewards: [{ answererId: answerer.user.id, answerId: dAnswer.id, percentage: 100 }],
  });
  await api(t, answerer, 'PUT', '/api/wallet/bank-details', { upiId: 'anil@okbank' });
  await api(t, answerer, 'POST', '/api/withdrawals/request', { amount: 2500 });
  const [wd] = await db
    .select({ id: withdrawals.id })
    .from(withdrawals)
    .where(eq(withdrawals.userId, answerer.user.id));

  const idea = await makeIdea(db, owner);
  const hiddenIdea = await makeIdea(db, owner, { hidden: true });
  const comment = (await api(t, other, 'POST', `/api/ideas/${idea.id}/comments`, {
    content: 'A comment by other',
  })) as { _id: string };

  const now = Date.now();
  const hackathon = await makeHackathon(db, owner, {
    status: 'published',
    startDate: new Date(now - 86_400_000),
    endDate: new Date(now + 5 * 86_400_000),
  });
  const pendingHackathon = await makeHackathon(db, owner, { status: 'pending' });
  await db.insert(hackathonParticipants).values({ hackathonId: hackathon.id, userId: other.user.id });
  const file = await storeUpload(
    app.ctx,
    { buffer: PDF, filename: 'project.pdf' },
    {
      ownerId: other.user.id,
      purpose: 'hackathon-submission',
      allowed: ['application/pdf'],
      invalidMessage: 'x',
    },
  );
  const [submission] = await db
    .insert(hackathonSubmissions)
    .values({
      hackathonId: hackathon.id,
      userId: other.user.id,
      teamName: 'Team Other',
      projectTitle: 'Project',
      projectDescription: 'Built a thing',
      fileKey: file.key,
      fileName: 'project.pdf',
    })
    .returning({ id: hackathonSubmissions.id });

  const job = await makeJob(db, owner, { status: 'approved' });
  const pendingJob = await makeJob(db, owner, { status: 'pending' });

  const [contact] = await db
    .insert(contactMessages)
    .values({ name: 'Visitor', email: 'v@example.com', message: 'Hello', subject: 'Hi', category: 'Other' })
    .returning({ id: contactMessages.id });

  return {
    admin,
    owner,
    other,
    answerer,
    ids: {
      question: question.id,
      unpaidQuestion: unpaidQuestion.id,
      paidQuestion: paidQuestion.id,
      hiddenQuestion: hiddenQuestion.id,
      answerOfAnswerer: answerOfAnswerer.id,
      answerOfOther: answerOfOther.id,
      distributedQuestion: distributed.id,
      idea: idea.id,
      hiddenIdea: hiddenIdea.id,
      comment: comment._id,
      hackathon: hackathon.id,
      pendingHackathon: pendingHackathon.id,
      submission: submission!.id,
      job: job.id,
      pendingJob: pendingJob.id,
      withdrawal: wd!.id,
      order: order.orderId,
      contactMessage: contact!.id,
    },
  };
}

export async function api(
  t: TestApp,
  who: TestUser,
  method: 'POST' | 'PUT' | 'PATCH',
  url: string,
  payload: unknown,
): Promise<unknown> {
  const res = await t.app.inject({ method, url, headers: who.auth, payload: payload as object });
  if (res.statusCode >= 300) throw new Error(`${method} ${url} → ${res.statusCode} ${res.body}`);
  return res.statusCode === 204 ? null : res.json();
}

/** Puts the four people back as they were (the fuzzer may suspend or demote them through admin). */
export async function resetPeople(t: TestApp, w: World): Promise<void> {
  const db = t.database.db;
  for (const [u, role] of [
    [w.admin, 'admin'],
    [w.owner, 'questioner'],
    [w.other, 'user'],
    [w.answerer, 'answerer'],
  ] as const) {
    await db.update(users).set({ role, status: 'active' }).where(eq(users.id, u.user.id));
  }
}
