import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  CHECKOUT_OPEN_MS,
  DAY_MS,
  MSG,
  QUESTION_CATEGORIES,
  QUESTION_LIMITS,
  QUESTION_TEXT,
} from '@agora/shared';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildTestApp,
  expectErrorBody,
  makeAdmin,
  signup,
  type TestApp,
  type TestUser,
} from '../../../test/helpers.js';
import { answers, files, notifications, payments, questions } from '../../db/schema/index.js';
import { tasks } from '../../tasks.js';
import { setMinReward } from '../settings/settings.service.js';
import { payThroughApi } from '../wallet/money.fixtures.js';
import { createQuestion, makePng, multipart, postAnswer, sampleQuestion } from './questions.fixtures.js';
import { createQuestionsService } from './questions.service.js';

let t: TestApp;
let asker: TestUser;
let alice: TestUser;
let bob: TestUser;

beforeAll(async () => {
  t = await buildTestApp();
  asker = await signup(t.app, { name: 'Quinn Asker', role: 'questioner' });
  alice = await signup(t.app, { name: 'Alice Answerer', role: 'answerer' });
  bob = await signup(t.app, { name: 'Bob Builder' });
});
afterAll(() => t.close());

const countRows = async (table: typeof questions | typeof answers | typeof files) =>
  (await t.database.db.select({ n: count() }).from(table))[0]!.n;

describe('creating a question', () => {
  it('creates an unpaid question with the reward in paise and the wire shape of CONTRACT §3', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/questions',
      headers: asker.auth,
      payload: { ...sampleQuestion, title: '  Padded title  ', reward: 25, isPaid: true, status: 'answered' },
    });
    expect(res.statusCode).toBe(201);
    const q = res.json();
    expect(q).toMatchObject({
      title: 'Padded title',
      category: 'Technology',
      status: 'open',
      isPaid: false,
      paymentAmount: null,
      rewardAmount: 2500,
      answerCount: 0,
      views: 0,
      answers: [],
      aiRanked: false,
      image: null,
      author: { id: asker.user.id, displayName: 'Quinn Asker' },
    });
    expect(q._id).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Date(q.createdAt).toISOString()).toBe(q.createdAt);
  });

  it('defaults the reward to the server minimum and refuses less than it', async () => {
    await setMinReward(t.database.db, 15, new Date());
    try {
      const q = await createQuestion(t.app, asker, { title: 'Reward default' });
      expect(q.rewardAmount).toBe(1500);
      const low = await t.app.inject({
        method: 'POST',
        url: '/api/questions',
        headers: asker.auth,
        payload: { ...sampleQuestion, reward: 14 },
      });
      expect(low.statusCode).toBe(400);
      expect(low.json()).toMatchObject({ code: 'VALIDATION', error: QUESTION_TEXT.rewardTooSmall(15) });
    } finally {
      await setMinReward(t.database.db, 10, new Date());
    }
  });

  it('refuses bad input with the spec message or a CONTRACT error, and stores nothing', async () => {
    const before = await countRows(questions);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ title: '   ', description: 'x', category: 'Technology' }, MSG.questionRequired],
      [{ title: 'x', description: '\n\t ', category: 'Technology' }, MSG.questionRequired],
      [{ title: 'x', description: 'y' }, MSG.questionRequired],
      [{}, MSG.questionRequired],
      [{ title: 'x'.repeat(10_000), description: 'y', category: 'Technology' }, QUESTION_TEXT.titleTooLong],
      [{ title: 'x', description: 'y', category: 'Astrology' }, QUESTION_TEXT.unknownCategory],
      [{ title: 'x', description: 'y', category: 'Technology', reward: 12.5 }, QUESTION_TEXT.rewardWhole],
      [{ title: 'x', description: 'y', category: 'Technology', reward: 'ten' }, QUESTION_TEXT.rewardWhole],
      [{ title: 'x', description: 'y', category: 'Technology', reward: -5 }, QUESTION_TEXT.rewardWhole],
    ];
    for (const [payload, message] of cases) {
      const res = await t.app.inject({ method: 'POST', url: '/api/questions', headers: asker.auth, payload });
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expectErrorBody(res.json());
      expect(res.json()).toMatchObject({ code: 'VALIDATION', error: message });
    }
    expect(await countRows(questions)).toBe(before);
  });

  it('requires a session, and refuses answerer accounts (spec 01 §2 roles rule)', async () => {
    const anon = await t.app.inject({ method: 'POST', url: '/api/questions', payload: sampleQuestion });
    expect(anon.statusCode).toBe(401);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/questions',
      headers: alice.auth,
      payload: sampleQuestion,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe(QUESTION_TEXT.answererCannotAsk);
  });

  it('accepts multipart with a real image and serves it back', async () => {
    const png = makePng(3, 2);
    const body = await multipart(
      { ...sampleQuestion, title: 'With an image', reward: '12' },
      { field: 'image', name: 'diagram.png', data: png, type: 'image/png' },
    );
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/questions',
      headers: { ...asker.auth, ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(201);
    const q = res.json();
    expect(q).toMatchObject({ title: 'With an image', rewardAmount: 1200 });
    expect(q.image).toMatch(/^\/uploads\/[0-9a-f]{32}\.png$/);
    const img = await t.app.inject({ url: q.image });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    expect(img.rawPayload.equals(png)).toBe(true);
  });

  it('refuses a PNG header on a text file, a text file, and a 6 MB image — storing nothing', async () => {
    const beforeQ = await countRows(questions);
    const beforeF = await countRows(files);
    const fake = Buffer.concat([
      makePng().subarray(0, 8),
      Buffer.from('just some text pretending '.repeat(20)),
    ]);
    for (const data of [fake, Buffer.from('hello, plain text')]) {
      const body = await multipart(sampleQuestion, {
        field: 'image',
        name: 'photo.png',
        data,
        type: 'image/png',
      });
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/questions',
        headers: { ...asker.auth, ...body.headers },
        payload: body.payload,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: MSG.invalidImage });
    }
    const big = Buffer.concat([makePng(), Buffer.alloc(6 * 1024 * 1024)]);
    const body = await multipart(sampleQuestion, {
      field: 'image',
      name: 'big.png',
      data: big,
      type: 'image/png',
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/questions',
      headers: { ...asker.auth, ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(413);
    expectErrorBody(res.json());
    expect(res.json().error).toBe(MSG.imageTooLarge);
    // Invalid fields with a valid image: nothing stored either.
    const bad = await multipart(
      { title: ' ', description: 'd', category: 'Technology' },
      { field: 'image', name: 'ok.png', data: makePng() },
    );
    const badRes = await t.app.inject({
      method: 'POST',
      url: '/api/questions',
      headers: { ...asker.auth, ...bad.headers },
      payload: bad.payload,
    });
    expect(badRes.statusCode).toBe(400);
    expect(badRes.json().error).toBe(MSG.questionRequired);
    expect(await countRows(questions)).toBe(beforeQ);
    expect(await countRows(files)).toBe(beforeF);
  });
});

describe('answering', () => {
  it('stores one answer, keeps answer_count in step and notifies the author', async () => {
    const q = await createQuestion(t.app, asker, { title: 'Answer me' });
    const res = await postAnswer(
      t.app,
      alice,
      q._id,
      '  Debounce with **setTimeout** and clear it on change.  ',
    );
    expect(res.statusCode).toBe(201);
    const a = res.json();
    expect(a).toMatchObject({
      content: 'Debounce with **setTimeout** and clear it on change.',
      author: { id: alice.user.id, displayName: 'Alice Answerer' },
      authorId: alice.user.id,
      questionId: q._id,
      isAccepted: false,
      likes: 0,
      attachments: [],
      aiRank: null,
    });
    expect(a._id).toBe(a.id);
    const detail = await t.app.inject({ url: `/api/questions/${q._id}`, headers: asker.auth });
    expect(detail.json().answerCount).toBe(1);
    const notes = await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, asker.user.id));
    expect(notes.some((n) => n.type === 'answer' && n.link === `/questions?question=${q._id}`)).toBe(true);
  });

  it('refuses a second answer from the same user with 409, also when two requests race', async () => {
    const q = await createQuestion(t.app, asker, { title: 'Race me' });
    const [r1, r2, r3] = await Promise.all([
      postAnswer(t.app, bob, q._id, 'first try'),
      postAnswer(t.app, bob, q._id, 'second try'),
      postAnswer(t.app, bob, q._id, 'third try'),
    ]);
    const codes = [r1!.statusCode, r2!.statusCode, r3!.statusCode].sort();
    expect(codes).toEqual([201, 409, 409]);
    for (const r of [r1!, r2!, r3!].filter((r) => r.statusCode === 409)) {
      expect(r.json()).toMatchObject({ code: 'ALREADY_ANSWERED', error: MSG.alreadyAnswered });
    }
    const again = await postAnswer(t.app, bob, q._id, 'later');
    expect(again.statusCode).toBe(409);
    const [row] = await t.database.db.select().from(questions).where(eq(questions.id, q._id));
    expect(row!.answerCount).toBe(1);
    const stored = await t.database.db
      .select({ n: count() })
      .from(answers)
      .where(and(eq(answers.questionId, q._id), eq(answers.authorId, bob.user.id)));
    expect(stored[0]!.n).toBe(1);
  });

  it('refuses the author, blank content, closed and missing questions', async () => {
    const q = await createQuestion(t.app, asker, { title: 'Rules' });
    const own = await postAnswer(t.app, asker, q._id, 'my own answer');
    expect(own.statusCode).toBe(403);
    expect(own.json().error).toBe(QUESTION_TEXT.authorCannotAnswer);
    const blank = await postAnswer(t.app, alice, q._id, '   \n ');
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error).toBe(MSG.emptyAnswer);
    const anon = await t.app.inject({
      method: 'POST',
      url: `/api/questions/${q._id}/answers`,
      payload: { content: 'hi' },
    });
    expect(anon.statusCode).toBe(401);
    const missing = await postAnswer(t.app, alice, '00000000-0000-4000-8000-000000000000');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toBe(MSG.questionNotFound);
    expect((await postAnswer(t.app, alice, 'not-a-uuid')).statusCode).toBe(404);
    await t.app.inject({ method: 'POST', url: `/api/questions/${q._id}/mark-answered`, headers: asker.auth });
    const closed = await postAnswer(t.app, alice, q._id);
    expect(closed.statusCode).toBe(409);
    expect(closed.json()).toMatchObject({ code: 'QUESTION_CLOSED', error: QUESTION_TEXT.questionClosed });
    const [row] = await t.database.db.select().from(questions).where(eq(questions.id, q._id));
    expect(row!.answerCount).toBe(0);
  });
});

describe('attachments', () => {
  const upload = async (
    user: TestUser | null,
    questionId: string,
    name: string,
    data: Buffer,
    type?: string,
  ) => {
    const body = await multipart({}, { field: 'attachment', name, data, type });
    return t.app.inject({
      method: 'POST',
      url: `/api/questions/${questionId}/answers/upload`,
      headers: { ...(user?.auth ?? {}), ...body.headers },
      payload: body.payload,
    });
  };

  it('stores a file typed by its content under a random name and returns the attachment', async () => {
    const q = await createQuestion(t.app, asker, { title: 'Attach' });
    const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.from('1 0 obj << >> endobj\n'.repeat(20))]);
    const res = await upload(alice, q._id, '../../etc/passwd', pdf, 'text/plain');
    expect(res.statusCode).toBe(201);
    const { attachment } = res.json();
    expect(attachment).toMatchObject({
      originalName: 'passwd',
      mimetype: 'application/pdf',
      size: pdf.length,
    });
    expect(attachment.filename).toMatch(/^[0-9a-f]{32}\.pdf$/);
    expect(attachment.url).toBe(`/uploads/${attachment.filename}`);
    const served = await t.app.inject({ url: attachment.url });
    expect(served.headers['content-disposition']).toMatch(/^attachment; filename="passwd"/);

    const answer = await postAnswer(t.app, alice, q._id, 'See the attached PDF.', [attachment]);
    expect(answer.statusCode).toBe(201);
    expect(answer.json().attachments).toEqual([attachment]);
  });

  it('refuses anonymous uploads, fakes, oversize files and the question author', async () => {
    const q = await createQuestion(t.app, asker, { title: 'Attach rules' });
    const before = await countRows(files);
    const anon = await upload(null, q._id, 'a.txt', Buffer.from('hello'));
    expect(anon.statusCode).toBe(401);
    const fake = Buffer.concat([makePng().subarray(0, 8), Buffer.from('text '.repeat(50))]);
    const fakeRes = await upload(alice, q._id, 'shot.png', fake, 'image/png');
    expect(fakeRes.statusCode).toBe(400);
    expect(fakeRes.json().error).toBe(QUESTION_TEXT.invalidAttachment);
    const exe = await upload(
      alice,
      q._id,
      'tool.exe',
      Buffer.concat([Buffer.from('MZ'), Buffer.alloc(300, 1)]),
    );
    expect(exe.statusCode).toBe(400);
    const big = await upload(alice, q._id, 'big.txt', Buffer.alloc(11 * 1024 * 1024, 0x61));
    expect(big.statusCode).toBe(413);
    expect(big.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', error: QUESTION_TEXT.attachmentTooLarge });
    const author = await upload(asker, q._id, 'a.txt', Buffer.from('hello'));
    expect(author.statusCode).toBe(403);
    const missing = await upload(
      alice,
      '00000000-0000-4000-8000-000000000000',
      'a.txt',
      Buffer.from('hello'),
    );
    expect(missing.statusCode).toBe(404);
    const noFile = await t.app.inject({
      method: 'POST',
      url: `/api/questions/${q._id}/answers/upload`,
      headers: { ...alice.auth, ...(await multipart({ note: 'x' })).headers },
      payload: (await multipart({ note: 'x' })).payload,
    });
    expect(noFile.statusCode).toBe(400);
    expect(await countRows(files)).toBe(before);
  });

  it('accepts only attachments that this user uploaded', async () => {
    const q = await createQuestion(t.app, asker, { title: 'Whose file' });
    const mine = (await upload(bob, q._id, 'notes.txt', Buffer.from('bob notes'))).json().attachment;
    const forged = { ...mine, filename: 'f'.repeat(32), url: `/uploads/${'f'.repeat(32)}` };
    const res = await postAnswer(t.app, alice, q._id, 'stealing', [mine]);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(QUESTION_TEXT.attachmentNotYours);
    expect((await postAnswer(t.app, alice, q._id, 'forged', [forged])).statusCode).toBe(400);
    expect(
      (await postAnswer(t.app, bob, q._id, 'bad url', [{ ...mine, url: 'https://evil.example/x' }]))
        .statusCode,
    ).toBe(400);
    // The client's claims about the file are ignored: stored facts come from the upload.
    const ok = await postAnswer(t.app, bob, q._id, 'mine', [{ ...mine, mimetype: 'text/html', size: 1 }]);
    expect(ok.statusCode).toBe(201);
    expect(ok.json().attachments[0]).toMatchObject({ mimetype: 'text/plain', size: 9 });
    const second = await upload(bob, q._id, 'more.txt', Buffer.from('again'));
    expect(second.statusCode).toBe(409);
  });
});

describe('answer visibility (CONTRACT §4)', () => {
  it('shows the author every answer, another user only their own, a visitor none', async () => {
    const q = await createQuestion(t.app, asker, { title: 'Who sees what' });
    await postAnswer(t.app, alice, q._id, 'Alice says this.');
    t.clock.advance(1000);
    await postAnswer(t.app, bob, q._id, 'Bob says that.');
    const carol = await signup(t.app, { name: 'Carol Curious' });
    const view = async (u: TestUser | null) => {
      const res = await t.app.inject({ url: `/api/questions/${q._id}`, headers: u?.auth ?? {} });
      expect(res.statusCode).toBe(200);
      return res.json();
    };
    const byAuthor = await view(asker);
    expect(byAuthor.answers.map((a: { content: string }) => a.content)).toEqual([
      'Alice says this.',
      'Bob says that.',
    ]);
    expect((await view(alice)).answers.map((a: { content: string }) => a.content)).toEqual([
      'Alice says this.',
    ]);
    expect((await view(bob)).answers.map((a: { content: string }) => a.content)).toEqual(['Bob says that.']);
    const other = await view(carol);
    expect(other.answers).toEqual([]);
    expect(other.answerCount).toBe(2);
    const visitor = await view(null);
    expect(visitor.answers).toEqual([]);
    expect(visitor.answerCount).toBe(2);

    // Lists never leak either.
    const pub = await t.app.inject({ url: '/api/questions/public?limit=100', headers: carol.auth });
    const listed = pub.json().find((x: { _id: string }) => x._id === q._id);
    expect(listed.answers).toEqual([]);
    expect(listed.answerCount).toBe(2);
    const answered = await t.app.inject({
      url: '/api/questions?answered=true&limit=100',
      headers: alice.auth,
    });
    const mine = answered.json().find((x: { _id: string }) => x._id === q._id);
    expect(mine.answers.map((a: { authorId: string }) => a.authorId)).toEqual([alice.user.id]);
    const own = await t.app.inject({ url: '/api/questions?own=true&limit=100', headers: asker.auth });
    expect(own.json().find((x: { _id: string }) => x._id === q._id).answers).toHaveLength(2);
  });

  it('counts views of others but not the author, and 404s hidden or missing questions', async () => {
    const q = await createQuestion(t.app, asker, { title: 'Views' });
    await t.app.inject({ url: `/api/questions/${q._id}` });
    await t.app.inject({ url: `/api/questions/${q._id}`, headers: alice.auth });
    await t.app.inject({ url: `/api/questions/${q._id}?view=false`, headers: alice.auth });
    const mine = await t.app.inject({ url: `/api/questions/${q._id}`, headers: asker.auth });
    expect(mine.json().views).toBe(2);
    await t.database.db.update(questions).set({ hidden: true }).where(eq(questions.id, q._id));
    for (const u of [null, alice]) {
      const res = await t.app.inject({ url: `/api/questions/${q._id}`, headers: u?.auth ?? {} });
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toBe(MSG.questionNotFound);
    }
    expect((await t.app.inject({ url: `/api/questions/${q._id}`, headers: asker.auth })).statusCode).toBe(
      200,
    );
    expect((await postAnswer(t.app, alice, q._id)).statusCode).toBe(404);
    const pub = await t.app.inject({ url: '/api/questions/public?limit=100' });
    expect(pub.json().some((x: { _id: string }) => x._id === q._id)).toBe(false);
    expect((await t.app.inject({ url: '/api/questions/nope' })).statusCode).toBe(404);
    expect(
      (await t.app.inject({ url: '/api/questions/00000000-0000-4000-8000-000000000000' })).statusCode,
    ).toBe(404);
  });

  it('requires a session for own and answered lists and reports their totals', async () => {
    expect((await t.app.inject({ url: '/api/questions?own=true' })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/questions?answered=true' })).statusCode).toBe(401);
    const fresh = await signup(t.app);
    const q = await createQuestion(t.app, asker, { title: 'Count me' });
    await postAnswer(t.app, fresh, q._id);
    const res = await t.app.inject({ url: '/api/questions?answered=true', headers: fresh.auth });
    expect(res.headers['x-total-count']).toBe('1');
    expect(res.json()).toHaveLength(1);
  });
});

describe('unpaid questions (the reward is paid up front)', () => {
  it("keeps an unpaid question its author's (and admins') until the reward is paid", async () => {
    const title = 'Draft until paid: how do I size a connection pool?';
    const q = await createQuestion(
      t.app,
      asker,
      { title, description: 'The checkout was closed before paying.', category: 'Technology' },
      { paid: false },
    );
    expect(q.isPaid).toBe(false);
    const listed = async () =>
      ((await t.app.inject({ url: '/api/questions/public?limit=50' })).json() as Array<{ _id: string }>).some(
        (x) => x._id === q._id,
      );
    const technology = async () =>
      ((await t.app.inject({ url: '/api/questions/categories' })).json() as Record<string, number>)
        .Technology;
    const searchHit = async () =>
      (
        (
          await t.app.inject({ url: `/api/questions/public?q=${encodeURIComponent('connection pool')}` })
        ).json() as Array<{
          _id: string;
        }>
      ).some((x) => x._id === q._id);
    const countBefore = await technology();

    // Nobody else can find, read or answer it.
    expect(await listed()).toBe(false);
    expect(await searchHit()).toBe(false);
    expect((await t.app.inject({ url: `/api/questions/${q._id}` })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/questions/${q._id}`, headers: bob.auth })).statusCode).toBe(404);
    const answer = await postAnswer(t.app, bob, q._id, 'An answer to a question nobody paid for yet.');
    expect(answer.statusCode).toBe(404);
    expect(answer.json().error).toBe(MSG.questionNotFound);
    // Its author sees it (own list and detail), marked unpaid; so does an admin.
    const own = (
      await t.app.inject({ url: '/api/questions?own=true&limit=50', headers: asker.auth })
    ).json() as Array<{
      _id: string;
      isPaid: boolean;
    }>;
    expect(own.find((x) => x._id === q._id)?.isPaid).toBe(false);
    expect((await t.app.inject({ url: `/api/questions/${q._id}`, headers: asker.auth })).statusCode).toBe(
      200,
    );
    const admin = await signup(t.app, { name: 'Admin Ada' });
    await makeAdmin(t, admin);
    expect((await t.app.inject({ url: `/api/questions/${q._id}`, headers: admin.auth })).statusCode).toBe(
      200,
    );

    // Paid: public, counted, searchable and open to answers.
    await payThroughApi(t.app, asker, q._id, q.rewardAmount / 100);
    expect(await listed()).toBe(true);
    expect(await searchHit()).toBe(true);
    expect(await technology()).toBe((countBefore ?? 0) + 1);
    const detail = await t.app.inject({ url: `/api/questions/${q._id}` });
    expect(detail.statusCode).toBe(200);
    expect(detail.json().isPaid).toBe(true);
    expect(
      (await postAnswer(t.app, bob, q._id, 'Now there is a reward: size the pool to the cores.')).statusCode,
    ).toBe(201);
  });
});

describe('mark answered and reopen', () => {
  it('lets only the author change the status, and answers follow it', async () => {
    const q = await createQuestion(t.app, asker, { title: 'Status' });
    const other = await t.app.inject({
      method: 'POST',
      url: `/api/questions/${q._id}/mark-answered`,
      headers: alice.auth,
    });
    expect(other.statusCode).toBe(403);
    expect(other.json().error).toBe(QUESTION_TEXT.onlyAuthor);
    const done = await t.app.inject({
      method: 'POST',
      url: `/api/questions/${q._id}/mark-answered`,
      headers: asker.auth,
    });
    expect(done.statusCode).toBe(200);
    expect(done.json().status).toBe('answered');
    expect((await postAnswer(t.app, alice, q._id)).statusCode).toBe(409);
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/questions/${q._id}/reopen`, headers: bob.auth }))
        .statusCode,
    ).toBe(403);
    const reopened = await t.app.inject({
      method: 'POST',
      url: `/api/questions/${q._id}/reopen`,
      headers: asker.auth,
    });
    expect(reopened.json().status).toBe('open');
    expect((await postAnswer(t.app, alice, q._id)).statusCode).toBe(201);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/questions/00000000-0000-4000-8000-000000000000/reopen',
          headers: asker.auth,
        })
      ).statusCode,
    ).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: `/api/questions/${q._id}/reopen` })).statusCode).toBe(
      401,
    );
  });
});

describe('listing, filtering, search and paging', () => {
  let lister: TestApp;
  let u: TestUser;
  const made: Array<{ _id: string; title: string; category: string }> = [];

  beforeAll(async () => {
    lister = await buildTestApp();
    u = await signup(lister.app, { role: 'questioner' });
    const topics = [
      ['Kubernetes pod keeps restarting', 'Technology'],
      ['Pricing a small bakery business', 'Business'],
      ['Teaching fractions to ten year olds', 'Education'],
      ['Stretching routine for back pain', 'Health & Wellness'],
      ['Watercolour paper buckles when wet', 'Creative Arts'],
      ['Why is the sky blue at noon', 'Science'],
      ['Minimalist wardrobe for travel', 'Lifestyle'],
      ['Choosing a name for a pet turtle', 'Other'],
    ] as const;
    for (let i = 0; i < 25; i++) {
      const [title, category] = topics[i % topics.length]!;
      lister.clock.advance(60_000);
      made.push((await createQuestion(lister.app, u, { title: `${title} #${i}`, category })) as never);
    }
    // Two answered, one hidden.
    await lister.app.inject({
      method: 'POST',
      url: `/api/questions/${made[0]!._id}/mark-answered`,
      headers: u.auth,
    });
    await lister.app.inject({
      method: 'POST',
      url: `/api/questions/${made[8]!._id}/mark-answered`,
      headers: u.auth,
    });
    await lister.database.db.update(questions).set({ hidden: true }).where(eq(questions.id, made[1]!._id));
  });
  afterAll(() => lister.close());

  const get = (url: string, headers: Record<string, string> = {}) => lister.app.inject({ url, headers });
  const ids = (res: { json(): Array<{ _id: string }> }) => res.json().map((q) => q._id);

  async function walk(base: string, limit: number) {
    const seen: string[] = [];
    let cursor: string | undefined;
    for (let pages = 0; pages < 20; pages++) {
      const res = await get(
        `${base}${base.includes('?') ? '&' : '?'}limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`,
      );
      expect(res.statusCode).toBe(200);
      expect(res.json().length).toBeLessThanOrEqual(limit);
      seen.push(...ids(res));
      cursor = res.headers['x-next-cursor'] as string | undefined;
      if (!cursor) break;
    }
    return seen;
  }

  it('pages newest first with an opaque cursor, never showing hidden questions', async () => {
    const seen = await walk('/api/questions/public', 7);
    expect(seen).toHaveLength(24);
    expect(new Set(seen).size).toBe(24);
    expect(seen).not.toContain(made[1]!._id);
    const expected = made
      .filter((_, i) => i !== 1)
      .map((q) => q._id)
      .reverse();
    expect(seen).toEqual(expected);
    const first = await get('/api/questions/public');
    expect(first.json()).toHaveLength(20);
    expect(first.headers['x-next-cursor']).toBeTruthy();
  });

  it('sorts date-old, solved, date-unsolved, all and random on the server', async () => {
    const old = await walk('/api/questions/public?sort=date-old', 10);
    expect(old).toEqual(made.filter((_, i) => i !== 1).map((q) => q._id));
    expect(await walk('/api/questions/public?sort=solved', 10)).toEqual([made[8]!._id, made[0]!._id]);
    const unsolved = await walk('/api/questions/public?sort=date-unsolved', 10);
    expect(unsolved).toHaveLength(22);
    expect(unsolved).not.toContain(made[0]!._id);
    expect(await walk('/api/questions/public?sort=all', 10)).toHaveLength(24);
    const random = await walk('/api/questions/public?sort=random', 5);
    expect(random).toHaveLength(24);
    expect(new Set(random).size).toBe(24);
    expect(random).not.toEqual(old);
  });

  it('filters by repeatable category and searches with prefix matching', async () => {
    const tech = await get('/api/questions/public?category=Technology&limit=100');
    expect(tech.json().every((q: { category: string }) => q.category === 'Technology')).toBe(true);
    expect(tech.json()).toHaveLength(4);
    const two = await get('/api/questions/public?category=Technology&category=Science&limit=100');
    expect(two.json()).toHaveLength(7);
    const search = await get('/api/questions/public?q=kuber&limit=100');
    expect(search.json().map((q: { title: string }) => q.title.replace(/ #\d+$/, ''))).toEqual(
      Array(4).fill('Kubernetes pod keeps restarting'),
    );
    const phrase = await get(`/api/questions/public?q=${encodeURIComponent('watercolour buck')}&limit=100`);
    expect(phrase.json()).toHaveLength(3);
    const injection = await get(`/api/questions/public?q=${encodeURIComponent("':* & | ! ( ) \\")}`);
    expect(injection.statusCode).toBe(200);
    const nothing = await get('/api/questions/public?q=zzzqqq');
    expect(nothing.json()).toEqual([]);
  });

  it('refuses unknown categories, sorts, oversized limits and forged cursors with 400', async () => {
    for (const url of [
      '/api/questions/public?category=Astrology',
      '/api/questions/public?sort=popular',
      '/api/questions/public?limit=101',
      '/api/questions/public?limit=0',
      '/api/questions/public?cursor=garbage',
      `/api/questions/public?cursor=${Buffer.from('{"kind":"date","dir":"desc","ts":"x","id":"y"}').toString('base64url')}`,
      // JSON that is not an object: null, a number, an array.
      ...['null', '1', '[]'].map(
        (v) => `/api/questions/public?cursor=${Buffer.from(v).toString('base64url')}`,
      ),
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(400);
      expectErrorBody(res.json());
    }
    const page = await get('/api/questions/public?limit=2');
    const wrongSort = await get(`/api/questions/public?sort=random&cursor=${page.headers['x-next-cursor']}`);
    expect(wrongSort.statusCode).toBe(400);
  });

  it('counts all eight categories in one call, hidden excluded', async () => {
    const res = await get('/api/questions/categories');
    expect(Object.keys(res.json()).sort()).toEqual([...QUESTION_CATEGORIES].sort());
    expect(res.json()).toMatchObject({ Technology: 4, Business: 2, Science: 3, Other: 3 });
  });

  it('suggests up to five similar questions for a title being typed', async () => {
    const res = await get(`/api/questions/similar?q=${encodeURIComponent('my pod is restarting again')}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().length).toBeGreaterThan(0);
    expect(res.json().length).toBeLessThanOrEqual(5);
    expect(res.json()[0].title).toMatch(/^Kubernetes pod/);
    expect((await get('/api/questions/similar?q=')).statusCode).toBe(400);
  });

  it('suggests only questions sharing enough of the typed words, each once', async () => {
    // One word in common with the Kubernetes and the bakery questions, out of six: unrelated.
    const loose = await get(
      `/api/questions/similar?q=${encodeURIComponent('Kubernetes pricing for a tiny home server cluster')}`,
    );
    expect(loose.statusCode).toBe(200);
    expect(loose.json()).toEqual([]);
    const close = await get(`/api/questions/similar?q=${encodeURIComponent('pod restarting')}&limit=10`);
    const titles = close.json().map((q: { title: string }) => q.title);
    expect(titles.length).toBeGreaterThan(0);
    expect(titles.every((t: string) => t.startsWith('Kubernetes pod keeps restarting'))).toBe(true);
    expect(new Set(close.json().map((q: { _id: string }) => q._id)).size).toBe(titles.length);
  });

  it('documents the routes in the OpenAPI document', async () => {
    const doc = (await get('/api/docs/json')).json();
    for (const path of ['/api/questions/public', '/api/questions/{id}', '/api/questions/{id}/rank-answers']) {
      expect(Object.keys(doc.paths)).toContain(path);
    }
  });

  it('lists own questions (hidden too) with a total', async () => {
    const res = await get('/api/questions?own=true&limit=100', u.auth);
    expect(res.json()).toHaveLength(25);
    expect(res.headers['x-total-count']).toBe('25');
  });
});

describe('AI ranking', () => {
  async function questionWithAnswers() {
    const q = await createQuestion(t.app, asker, {
      title: 'How do I reverse a linked list in Python?',
      description: 'I need an iterative solution for a singly linked list and want to understand it.',
    });
    const carol = await signup(t.app);
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
      'Python lists have a reverse() method, maybe use that for the linked list.',
    );
    return q;
  }

  it('ranks with the built-in ranker, stores the ranking and orders answers by it', async () => {
    const q = await questionWithAnswers();
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/questions/${q._id}/rank-answers`,
      headers: asker.auth,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.aiRanking).toMatchObject({ available: true, ranker: 'builtin', message: MSG.aiRanked });
    expect(body.aiRanking.scores).toHaveLength(3);
    expect(body.rankedAnswers.map((a: { aiRank: number }) => a.aiRank)).toEqual([1, 2, 3]);
    expect(body.rankedAnswers[0].content).toMatch(/flip each/);
    expect(body.rankedAnswers[2].content).toBe('google it');
    for (const s of body.aiRanking.scores) expect(s.reason.length).toBeGreaterThan(5);
    const detail = (await t.app.inject({ url: `/api/questions/${q._id}`, headers: asker.auth })).json();
    expect(detail.aiRanked).toBe(true);
    expect(detail.aiRankedAt).toBe(t.clock.now().toISOString());
    expect(detail.answers.map((a: { _id: string }) => a._id)).toEqual(
      body.rankedAnswers.map((a: { _id: string }) => a._id),
    );
    // An answerer sees their own rank and reason, nobody else's answers.
    const mine = (await t.app.inject({ url: `/api/questions/${q._id}`, headers: bob.auth })).json();
    expect(mine.answers).toHaveLength(1);
    expect(mine.answers[0].aiRank).toBe(1);
    // Every ranked answerer is told their place, once: a rerun with the same result is quiet.
    const rankedNotes = async (userId: string) =>
      t.database.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, userId), eq(notifications.type, 'answer_ranked')));
    const bobs = await rankedNotes(bob.user.id);
    expect(bobs).toHaveLength(1);
    expect(bobs[0]).toMatchObject({
      title: 'Your answer was ranked',
      body: `#1 of 3 on "${q.title}"`,
      link: `/questions?question=${q._id}`,
    });
    expect((await rankedNotes(alice.user.id))[0]?.body).toMatch(/^#3 of 3/);
    expect(await rankedNotes(asker.user.id)).toHaveLength(0);
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/questions/${q._id}/rank-answers`,
      headers: asker.auth,
    });
    expect(again.statusCode).toBe(200);
    expect(await rankedNotes(bob.user.id)).toHaveLength(1);
  });

  it("refuses someone else's question, a visitor, and fewer than two answers", async () => {
    const q = await questionWithAnswers();
    const other = await t.app.inject({
      method: 'POST',
      url: `/api/questions/${q._id}/rank-answers`,
      headers: alice.auth,
    });
    expect(other.statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/questions/${q._id}/rank-answers` })).statusCode,
    ).toBe(401);
    const lonely = await createQuestion(t.app, asker, { title: 'Lonely' });
    await postAnswer(t.app, alice, lonely._id);
    const one = await t.app.inject({
      method: 'POST',
      url: `/api/questions/${lonely._id}/rank-answers`,
      headers: asker.auth,
    });
    expect(one.statusCode).toBe(409);
    expect(one.json().error).toBe(QUESTION_TEXT.needTwoAnswers);
    const [row] = await t.database.db.select().from(questions).where(eq(questions.id, q._id));
    expect(row!.aiRanked).toBe(false);
  });

  describe('with an OpenAI-compatible endpoint (local stub)', () => {
    let stub: Server;
    let llm: TestApp;
    let mode: 'ok' | 'fail' = 'ok';
    const requests: Array<{
      auth?: string;
      body: { model: string; messages: Array<{ content: string }>; response_format: unknown };
    }> = [];

    beforeAll(async () => {
      stub = createServer((req, res) => {
        let raw = '';
        req.on('data', (c) => (raw += c));
        req.on('end', () => {
          const body = JSON.parse(raw);
          requests.push({ auth: req.headers.authorization, body });
          if (req.url !== '/v1/chat/completions' || mode === 'fail') {
            res.statusCode = 503;
            return res.end('{"error":"overloaded"}');
          }
          // Score answers by length: the longest wins (so the order differs from insertion).
          const user = body.messages[1].content as string;
          const found = [...user.matchAll(/<answer id="(A\d+)">\n([\s\S]*?)\n<\/answer>/g)];
          const rankings = found.map(([, id, text]) => ({
            id,
            relevance: Math.min(10, text!.length / 20),
            correctness: 5,
            completeness: 5,
            reason: `Length ${text!.length}`,
          }));
          res.setHeader('content-type', 'application/json');
          res.end(
            JSON.stringify({
              choices: [{ message: { role: 'assistant', content: JSON.stringify({ rankings }) } }],
            }),
          );
        });
      });
      await new Promise<void>((r) => stub.listen(0, '127.0.0.1', () => r()));
      const port = (stub.address() as AddressInfo).port;
      llm = await buildTestApp({
        env: { AI_BASE_URL: `http://127.0.0.1:${port}/v1`, AI_API_KEY: 'sk-test', AI_MODEL: 'stub-model' },
      });
    });
    afterAll(async () => {
      await llm.close();
      stub.close();
    });

    it('asks the endpoint for JSON and applies its scores', async () => {
      const owner = await signup(llm.app, { role: 'questioner' });
      const q = await createQuestion(llm.app, owner, { title: 'Which is longer?' });
      for (const text of ['short one', 'a considerably longer answer than the first', 'mid length one']) {
        llm.clock.advance(1000);
        await postAnswer(llm.app, await signup(llm.app), q._id, text);
      }
      const res = await llm.app.inject({
        method: 'POST',
        url: `/api/questions/${q._id}/rank-answers`,
        headers: owner.auth,
      });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.aiRanking).toMatchObject({ available: true, ranker: 'llm:stub-model' });
      expect(body.rankedAnswers.map((a: { content: string }) => a.content)).toEqual([
        'a considerably longer answer than the first',
        'mid length one',
        'short one',
      ]);
      expect(body.aiRanking.scores[0].reason).toBe('Length 43');
      const sent = requests.at(-1)!;
      expect(sent.auth).toBe('Bearer sk-test');
      expect(sent.body).toMatchObject({ model: 'stub-model', response_format: { type: 'json_object' } });
      expect(sent.body.messages[1]!.content).toContain('Which is longer?');
    });

    it('keeps the original order and says so when the endpoint fails', async () => {
      mode = 'fail';
      const owner = await signup(llm.app, { role: 'questioner' });
      const q = await createQuestion(llm.app, owner, { title: 'Down' });
      for (const text of ['first answer', 'second, longer answer']) {
        llm.clock.advance(1000);
        await postAnswer(llm.app, await signup(llm.app), q._id, text);
      }
      const res = await llm.app.inject({
        method: 'POST',
        url: `/api/questions/${q._id}/rank-answers`,
        headers: owner.auth,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().aiRanking).toMatchObject({
        available: false,
        message: MSG.aiUnavailable,
        scores: [],
      });
      expect(res.json().rankedAnswers.map((a: { content: string }) => a.content)).toEqual([
        'first answer',
        'second, longer answer',
      ]);
      const [row] = await llm.database.db.select().from(questions).where(eq(questions.id, q._id));
      expect(row!.aiRanked).toBe(false);
      mode = 'ok';
    });
  });
});

describe('upload budgets (every image and attachment is stored on disk)', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await buildTestApp({
      database: t.database,
      config: {
        uploadRateLimitPerHour: {
          hackathons: 20,
          projectSubmissions: 60,
          questionImages: 2,
          answerAttachments: 2,
        },
      },
    });
  });
  afterAll(() => limited.close());

  const send = async (user: TestUser, url: string, fields: Record<string, string>, field: string) => {
    const body = await multipart(fields, { field, name: 'a.png', data: makePng() });
    return limited.app.inject({
      method: 'POST',
      url,
      headers: { ...user.auth, ...body.headers },
      payload: body.payload,
    });
  };

  it('allows question images per account per hour, then 429 with Retry-After; JSON questions are not counted', async () => {
    const spammer = await signup(limited.app, { role: 'questioner' });
    const codes: number[] = [];
    for (let i = 0; i < 3; i++)
      codes.push((await send(spammer, '/api/questions', sampleQuestion, 'image')).statusCode);
    expect(codes).toEqual([201, 201, 429]);
    const refused = await send(spammer, '/api/questions', sampleQuestion, 'image');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expectErrorBody(refused.json());
    const json = await limited.app.inject({
      method: 'POST',
      url: '/api/questions',
      headers: spammer.auth,
      payload: sampleQuestion,
    });
    expect(json.statusCode).toBe(201);
    const other = await signup(limited.app, { role: 'questioner' });
    expect((await send(other, '/api/questions', sampleQuestion, 'image')).statusCode).toBe(201);
  });

  it('allows answer attachments per account per hour, then 429', async () => {
    const q = await createQuestion(limited.app, asker, { title: 'Budgeted attachments' });
    const uploader = await signup(limited.app, { role: 'answerer' });
    const url = `/api/questions/${q._id}/answers/upload`;
    const codes: number[] = [];
    for (let i = 0; i < 3; i++) codes.push((await send(uploader, url, {}, 'attachment')).statusCode);
    expect(codes).toEqual([201, 201, 429]);
    expect((await send(alice, url, {}, 'attachment')).statusCode).toBe(201);
  });
});

describe('unpaid questions: at most ten per account, deleted after a week', () => {
  const ask = (app: TestApp['app'], user: TestUser, title = 'An unpaid question') =>
    app.inject({
      method: 'POST',
      url: '/api/questions',
      headers: user.auth,
      payload: { ...sampleQuestion, title },
    });
  const draftsOf = async (db: TestApp['database']['db'], userId: string) =>
    (
      await db
        .select({ n: count() })
        .from(questions)
        .where(and(eq(questions.authorId, userId), eq(questions.isPaid, false)))
    )[0]!.n;

  it('refuses an eleventh unpaid question with 409 and the sentence, storing nothing; paying or deleting one makes room', async () => {
    const drafter = await signup(t.app, { role: 'questioner' });
    const ids: string[] = [];
    for (let i = 0; i < QUESTION_LIMITS.unpaidDraftsMax; i++) {
      const res = await ask(t.app, drafter, `Unpaid question ${i}`);
      expect(res.statusCode, res.body).toBe(201);
      ids.push(res.json()._id);
    }
    const refused = await ask(t.app, drafter);
    expect(refused.statusCode).toBe(409);
    expectErrorBody(refused.json());
    expect(refused.json()).toMatchObject({ code: 'TOO_MANY_UNPAID', error: QUESTION_TEXT.tooManyUnpaid });
    expect(QUESTION_TEXT.tooManyUnpaid).toBe(
      'You have 10 unpaid questions. Pay for or delete one before asking another.',
    );
    // With an image: refused before any byte is stored.
    const filesBefore = await countRows(files);
    const mp = await multipart(sampleQuestion, { field: 'image', name: 'a.png', data: makePng() });
    const withImage = await t.app.inject({
      method: 'POST',
      url: '/api/questions',
      headers: { ...drafter.auth, ...mp.headers },
      payload: mp.payload,
    });
    expect(withImage.statusCode).toBe(409);
    expect(await countRows(files)).toBe(filesBefore);
    expect(await draftsOf(t.database.db, drafter.user.id)).toBe(QUESTION_LIMITS.unpaidDraftsMax);

    // Paying one makes room for one more; so does deleting one.
    const reward = (await t.app.inject({ url: `/api/questions/${ids[0]}`, headers: drafter.auth })).json()
      .rewardAmount as number;
    await payThroughApi(t.app, drafter, ids[0]!, reward / 100);
    expect((await ask(t.app, drafter)).statusCode).toBe(201);
    expect((await ask(t.app, drafter)).statusCode).toBe(409);
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/questions/${ids[1]}`,
      headers: drafter.auth,
    });
    expect(del.statusCode).toBe(204);
    expect((await ask(t.app, drafter)).statusCode).toBe(201);
    expect(await draftsOf(t.database.db, drafter.user.id)).toBe(QUESTION_LIMITS.unpaidDraftsMax);
    // Another account is not held back by this one.
    expect((await ask(t.app, bob)).statusCode).toBe(201);
  });

  it('keeps to ten when one account sends many questions at once', async () => {
    const racer = await signup(t.app, { role: 'questioner' });
    const results = await Promise.all(Array.from({ length: 16 }, (_, i) => ask(t.app, racer, `Racing ${i}`)));
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 201)).toHaveLength(QUESTION_LIMITS.unpaidDraftsMax);
    expect(codes.filter((c) => c === 409)).toHaveLength(16 - QUESTION_LIMITS.unpaidDraftsMax);
    expect(await draftsOf(t.database.db, racer.user.id)).toBe(QUESTION_LIMITS.unpaidDraftsMax);
  });

  describe('expiry (its own database: the clock moves a week)', () => {
    let x: TestApp;
    beforeAll(async () => {
      x = await buildTestApp();
    });
    afterAll(() => x.close());

    const expire = () => tasks.find((task) => task.name === 'questions.expire-drafts')!.handler(x.app.ctx);
    /** Sessions idle out while the clock moves days: sign in again. */
    async function signIn(u: TestUser): Promise<TestUser> {
      const res = await x.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: u.user.email, password: 'correct horse battery' },
      });
      expect(res.statusCode, res.body).toBe(200);
      return { ...u, token: res.json().token, auth: { authorization: `Bearer ${res.json().token}` } };
    }
    const exists = async (id: string) =>
      (await x.database.db.select({ id: questions.id }).from(questions).where(eq(questions.id, id)))
        .length === 1;
    const order = (u: TestUser, questionId: string, amount: number) =>
      x.app.inject({
        method: 'POST',
        url: '/api/payments/create-order',
        headers: u.auth,
        payload: { questionId, amount },
      });

    it('deletes a week-old unpaid question with its image and keeps its orders detached; one being paid, a paid one and a younger one stay', async () => {
      let author = await signup(x.app, { role: 'questioner' });
      const mp = await multipart(
        { ...sampleQuestion, title: 'Draft with a picture' },
        { field: 'image', name: 'pic.png', data: makePng(4, 4) },
      );
      const withImage = await x.app.inject({
        method: 'POST',
        url: '/api/questions',
        headers: { ...author.auth, ...mp.headers },
        payload: mp.payload,
      });
      expect(withImage.statusCode, withImage.body).toBe(201);
      const a = withImage.json();
      const imageKey = (a.image as string).replace('/uploads/', '');
      const b = (await ask(x.app, author, 'Draft with an abandoned checkout')).json();
      expect((await order(author, b._id, b.rewardAmount / 100)).statusCode).toBe(200);
      const c = (await ask(x.app, author, 'Draft being paid when its week is up')).json();
      const paid = await createQuestion(x.app, author, { title: 'A paid question' });

      x.clock.advance(6 * DAY_MS);
      author = await signIn(author);
      const young = (await ask(x.app, author, 'A draft six days younger')).json();
      x.clock.advance(DAY_MS + 60_000);
      author = await signIn(author);
      // A checkout started now: the question may still be paid, so it stays.
      expect((await order(author, c._id, c.rewardAmount / 100)).statusCode).toBe(200);

      await expire();
      expect(await exists(a._id)).toBe(false);
      expect(await exists(b._id)).toBe(false);
      expect(await exists(c._id)).toBe(true);
      expect(await exists(paid._id)).toBe(true);
      expect(await exists(young._id)).toBe(true);
      // The image went with its question: no row, no bytes, not served.
      expect(await x.database.db.select().from(files).where(eq(files.key, imageKey))).toHaveLength(0);
      expect(await x.app.ctx.storage.get(imageKey)).toBeNull();
      expect((await x.app.inject({ url: `/uploads/${imageKey}` })).statusCode).toBe(404);
      // The abandoned order is kept, cancelled and detached, as the author's delete leaves it.
      const [kept] = await x.database.db.select().from(payments).where(eq(payments.questionTitle, b.title));
      expect(kept).toMatchObject({ status: 'cancelled', questionId: null, questionTitle: b.title });
      // The author is told.
      const told = await x.database.db
        .select()
        .from(notifications)
        .where(
          and(
            eq(notifications.userId, author.user.id),
            eq(notifications.title, 'Your unpaid question was removed'),
          ),
        );
      expect(told).toHaveLength(2);
      expect(told.map((n) => n.body)).toEqual(
        expect.arrayContaining([a.title, b.title].map((title) => expect.stringContaining(`"${title}"`))),
      );

      // Once its checkout window is over, the last one goes too; a second run finds nothing.
      x.clock.advance(CHECKOUT_OPEN_MS + 60_000);
      await expire();
      expect(await exists(c._id)).toBe(false);
      expect(await exists(young._id)).toBe(true);
      const again = await createQuestionsService(x.app.ctx).expireDrafts();
      expect(again).toEqual({ deleted: 0, kept: 0 });
    });

    it('deletes each expired draft once when two instances run the task together', async () => {
      let author = await signup(x.app, { role: 'questioner' });
      const ids: string[] = [];
      for (let i = 0; i < 6; i++) ids.push((await ask(x.app, author, `Old draft ${i}`)).json()._id);
      x.clock.advance(QUESTION_LIMITS.unpaidDraftDays * DAY_MS + 60_000);
      author = await signIn(author);
      // Every draft in this database is now past its week (these, and the younger one above).
      const due = (
        await x.database.db.select({ n: count() }).from(questions).where(eq(questions.isPaid, false))
      )[0]!.n;
      expect(due).toBeGreaterThanOrEqual(ids.length);
      const runs = await Promise.all([
        createQuestionsService(x.app.ctx).expireDrafts(),
        createQuestionsService(x.app.ctx).expireDrafts(),
      ]);
      expect(runs[0]!.deleted + runs[1]!.deleted).toBe(due);
      for (const id of ids) expect(await exists(id)).toBe(false);
      // Its drafts gone, the account may ask again.
      expect((await ask(x.app, author)).statusCode).toBe(201);
    });
  });
});
