// The bounty board of the Inquiry Space: GET /api/questions/public?sort=ending-soon | reward-high and
// the minReward / maxReward filters (rupees), with their keyset pages.
import { DAY_MS, QUESTION_TEXT } from '@agora/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, expectErrorBody, signup, type TestApp, type TestUser } from '../../../test/helpers.js';
import { questions } from '../../db/schema/index.js';
import { SEARCH_WINDOW } from './questions.repo.js';
import { createQuestion } from './questions.fixtures.js';

let t: TestApp;
let asker: TestUser;
const HOUR_MS = 3_600_000;

type Row = typeof questions.$inferInsert;
type Item = {
  _id: string;
  title: string;
  category: string;
  status: string;
  rewardAmount: number;
  createdAt: string;
  escrow: { state: string; deadline: string } | null;
};

/** Questions written straight to the table: rewards, deadlines and states the API takes days to reach. */
async function insert(rows: Array<Partial<Row> & { title: string }>): Promise<string[]> {
  const now = t.clock.now().getTime();
  const values = rows.map(
    (r): Row => ({
      authorId: asker.user.id,
      description: 'A question of the bounty board test',
      category: 'Technology',
      status: 'open',
      createdAt: new Date(now - HOUR_MS),
      ...r,
      updatedAt: r.createdAt ?? new Date(now - HOUR_MS),
    }),
  );
  const out = await t.database.db.insert(questions).values(values).returning({ id: questions.id });
  return out.map((r) => r.id);
}

/** A paid question whose reward (rupees) is held until `deadline`. */
const held = (title: string, rupees: number, deadline: Date, over: Partial<Row> = {}) => ({
  title,
  rewardAmount: rupees * 100,
  isPaid: true,
  paymentAmount: rupees * 100,
  escrowState: 'held',
  escrowHeldAt: new Date(t.clock.now().getTime() - 2 * HOUR_MS),
  escrowDeadline: deadline,
  ...over,
});

const get = (url: string) => t.app.inject({ url });

async function list(url: string): Promise<Item[]> {
  const res = await get(url);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Item[];
}

/** Every page of a list through X-Next-Cursor, each page checked to be at most `limit` long. */
async function allPages(url: string, limit: number): Promise<Item[]> {
  const out: Item[] = [];
  let cursor: string | undefined;
  for (let i = 0; i < 200; i++) {
    const sep = url.includes('?') ? '&' : '?';
    const res = await get(
      `${url}${sep}limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    const items = res.json() as Item[];
    expect(items.length).toBeLessThanOrEqual(limit);
    out.push(...items);
    cursor = res.headers['x-next-cursor'] as string | undefined;
    if (!cursor) return out;
    expect(items.length).toBe(limit);
  }
  throw new Error('more than 200 pages');
}

const titles = (items: Item[]) => items.map((q) => q.title);
const inDay = (days: number) => new Date(t.clock.now().getTime() + days * DAY_MS);

beforeAll(async () => {
  // The response cache is a separate concern (its own tests): every request here reads the database.
  t = await buildTestApp({ config: { responseCache: { enabled: false, ttlMs: 0 } } });
  asker = await signup(t.app, { name: 'Bounty Asker', role: 'questioner' });
});
afterAll(() => t.close());

describe('sort=ending-soon', () => {
  let ids: Record<string, string>;
  beforeAll(async () => {
    const names = [
      'ES in 3 days',
      'ES in 1 day',
      'ES tie a',
      'ES tie b',
      'ES tie c',
      'ES past deadline',
      'ES refunded',
      'ES distributed',
      'ES answered',
      'ES hidden',
      'ES free',
    ];
    const tie = inDay(2);
    const inserted = await insert([
      held('ES in 3 days', 50, inDay(3)),
      held('ES in 1 day', 20, inDay(1), { category: 'Science' }),
      held('ES tie a', 10, tie),
      held('ES tie b', 10, tie),
      held('ES tie c', 100, tie),
      // Held, but its deadline is behind the clock: it no longer takes answers.
      held('ES past deadline', 30, new Date(t.clock.now().getTime() - 60_000)),
      held('ES refunded', 30, inDay(1), { escrowState: 'refunded', escrowSettledAt: t.clock.now() }),
      held('ES distributed', 30, inDay(1), {
        escrowState: 'distributed',
        escrowSettledAt: t.clock.now(),
        rewardsDistributedAt: t.clock.now(),
      }),
      held('ES answered', 30, inDay(1), { status: 'answered' }),
      held('ES hidden', 30, inDay(1), { hidden: true }),
      { title: 'ES free', rewardAmount: 0 },
    ]);
    ids = Object.fromEntries(names.map((n, i) => [n, inserted[i]!]));
  });

  it('lists only open questions whose reward is held, nearest deadline first, ties by id', async () => {
    const items = (await list('/api/questions/public?sort=ending-soon')).filter((q) =>
      q.title.startsWith('ES '),
    );
    const ties = ['ES tie a', 'ES tie b', 'ES tie c'].sort((a, b) => (ids[a]! < ids[b]! ? -1 : 1));
    expect(titles(items)).toEqual(['ES in 1 day', ...ties, 'ES in 3 days']);
    for (const q of items) {
      expect(q.escrow?.state).toBe('held');
      expect(q.status).toBe('open');
    }
    const deadlines = items.map((q) => q.escrow!.deadline);
    expect([...deadlines].sort()).toEqual(deadlines);
  });

  it('drops a question once the clock passes its deadline', async () => {
    const before = titles(await list('/api/questions/public?sort=ending-soon&limit=100'));
    expect(before).toContain('ES in 1 day');
    t.clock.advance(DAY_MS + 60_000);
    try {
      const after = titles(await list('/api/questions/public?sort=ending-soon&limit=100'));
      expect(after).not.toContain('ES in 1 day');
      expect(after).toContain('ES in 3 days');
    } finally {
      t.clock.advance(-(DAY_MS + 60_000));
    }
  });

  it('combines with category, reward bounds and the status filter', async () => {
    expect(titles(await list('/api/questions/public?sort=ending-soon&category=Science'))).toEqual([
      'ES in 1 day',
    ]);
    const ranged = await list('/api/questions/public?sort=ending-soon&status=open&minReward=20&maxReward=50');
    expect(titles(ranged)).toEqual(['ES in 1 day', 'ES in 3 days']);
  });

  it('pages through equal deadlines without a duplicate or a gap', async () => {
    const whole = await list('/api/questions/public?sort=ending-soon&limit=100');
    const paged = await allPages('/api/questions/public?sort=ending-soon', 2);
    expect(paged.map((q) => q._id)).toEqual(whole.map((q) => q._id));
  });

  it('refuses a cursor of another sort', async () => {
    const first = await get('/api/questions/public?sort=reward-high&limit=1');
    const cursor = first.headers['x-next-cursor'] as string;
    expect(cursor).toBeTruthy();
    const res = await get(`/api/questions/public?sort=ending-soon&cursor=${encodeURIComponent(cursor)}`);
    expect(res.statusCode).toBe(400);
    expectErrorBody(res.json());
  });
});

describe('sort=reward-high and the reward filters', () => {
  beforeAll(async () => {
    const now = t.clock.now().getTime();
    // Equal rewards and equal creation times: the id decides, and pages must neither skip nor repeat.
    const same = new Date(now - 3 * HOUR_MS);
    const rows: Array<Partial<Row> & { title: string }> = [];
    for (let i = 0; i < 9; i++) {
      const rupees = [25, 75, 75][i % 3]!;
      rows.push(
        held(`RH ${rupees} #${i}`, rupees, inDay(5), {
          category: i % 2 ? 'Business' : 'Technology',
          createdAt: i < 6 ? same : new Date(now - (10 + i) * HOUR_MS),
          status: i === 4 ? 'answered' : 'open',
          escrowState: i === 4 ? 'distributed' : 'held',
          escrowSettledAt: i === 4 ? t.clock.now() : null,
          rewardsDistributedAt: i === 4 ? t.clock.now() : null,
        }),
      );
    }
    // Not on the public list: an unpaid draft with a large reward, and a hidden one.
    rows.push({ title: 'RH unpaid draft', rewardAmount: 900_000 });
    rows.push(held('RH hidden', 9_000, inDay(5), { hidden: true }));
    await insert(rows);
  });

  it('orders by reward, then newest, then id; never an unpaid or hidden question', async () => {
    const items = await list('/api/questions/public?sort=reward-high&limit=100');
    expect(titles(items)).not.toContain('RH unpaid draft');
    expect(titles(items)).not.toContain('RH hidden');
    for (let i = 1; i < items.length; i++) {
      const [a, b] = [items[i - 1]!, items[i]!];
      const order =
        b.rewardAmount - a.rewardAmount ||
        Date.parse(b.createdAt) - Date.parse(a.createdAt) ||
        (b._id < a._id ? -1 : 1);
      expect(order, `${a.title} before ${b.title}`).toBeLessThan(0);
    }
    // The largest public reward leads: ES tie c (₹100), then the ₹75 ones.
    expect(items[0]!.title).toBe('ES tie c');
    expect(items[1]!.rewardAmount).toBe(7500);
    // Questions with no reward come last.
    expect(items[items.length - 1]!.rewardAmount).toBe(0);
  });

  it('filters by reward in rupees, both bounds inclusive, with the category and status filters', async () => {
    const range = await list('/api/questions/public?sort=reward-high&minReward=25&maxReward=75&limit=100');
    expect(range.length).toBeGreaterThan(0);
    expect(range.every((q) => q.rewardAmount >= 2500 && q.rewardAmount <= 7500)).toBe(true);
    expect(range.filter((q) => q.rewardAmount === 2500).length).toBe(3);
    expect(range.filter((q) => q.rewardAmount === 7500).length).toBe(6);

    const business = await list(
      '/api/questions/public?sort=reward-high&category=Business&status=open&minReward=75&limit=100',
    );
    expect(titles(business).sort()).toEqual(['RH 75 #1', 'RH 75 #5', 'RH 75 #7']);

    const exact = await list('/api/questions/public?minReward=25&maxReward=25&limit=100');
    expect(titles(exact).sort()).toEqual(['RH 25 #0', 'RH 25 #3', 'RH 25 #6']);

    const free = await list('/api/questions/public?maxReward=0&limit=100');
    expect(free.length).toBeGreaterThan(0);
    expect(free.every((q) => q.rewardAmount === 0)).toBe(true);
  });

  it('combines a reward range with a text search, in every order', async () => {
    for (const sort of ['date-new', 'date-old', 'reward-high', 'ending-soon']) {
      const items = await list(`/api/questions/public?sort=${sort}&q=RH&minReward=70&limit=100`);
      expect(items.length, sort).toBe(sort === 'ending-soon' ? 5 : 6);
      expect(
        items.every((q) => q.rewardAmount === 7500),
        sort,
      ).toBe(true);
    }
  });

  it('pages through equal rewards without a duplicate or a gap, with and without a range', async () => {
    for (const url of [
      '/api/questions/public?sort=reward-high',
      '/api/questions/public?sort=reward-high&minReward=25&maxReward=75',
      '/api/questions/public?sort=date-new&minReward=25&maxReward=75',
      '/api/questions/public?sort=date-old&minReward=1',
    ]) {
      const whole = await list(`${url}&limit=100`);
      expect(whole.length, url).toBeGreaterThan(3);
      const paged = await allPages(url, 2);
      expect(
        paged.map((q) => q._id),
        url,
      ).toEqual(whole.map((q) => q._id));
      expect(new Set(paged.map((q) => q._id)).size, url).toBe(paged.length);
    }
  });

  it('refuses impossible bounds with 400 and the contract body', async () => {
    for (const [query, message] of [
      ['minReward=50&maxReward=10', QUESTION_TEXT.rewardFilterOrder],
      ['minReward=-1', QUESTION_TEXT.rewardFilterWhole],
      ['maxReward=2.5', QUESTION_TEXT.rewardFilterWhole],
      ['minReward=abc', QUESTION_TEXT.rewardFilterWhole],
      ['maxReward=10000001', QUESTION_TEXT.rewardFilterWhole],
    ] as const) {
      const res = await get(`/api/questions/public?sort=reward-high&${query}`);
      expect(res.statusCode, query).toBe(400);
      const body = res.json();
      expectErrorBody(body);
      expect(body.code, query).toBe('VALIDATION');
      expect(body.message, query).toBe(message);
    }
  });

  it('the same filters apply to the Answered and own lists', async () => {
    const own = await t.app.inject({
      url: '/api/questions?own=true&sort=reward-high&minReward=75&limit=100',
      headers: asker.auth,
    });
    expect(own.statusCode).toBe(200);
    const items = own.json() as Item[];
    // The author sees their hidden question too, and their draft (900,000 paise = ₹9,000).
    expect(titles(items)).toEqual(expect.arrayContaining(['RH hidden', 'RH unpaid draft', 'ES tie c']));
    expect(items.every((q) => q.rewardAmount >= 7500)).toBe(true);
  });
});

describe('a date order with a reward range few questions match', () => {
  it('finds them beyond the window of newest questions', async () => {
    const now = t.clock.now().getTime();
    // More free questions than the window holds, all newer than the two rare rewards.
    const rows: Array<Partial<Row> & { title: string }> = Array.from(
      { length: SEARCH_WINDOW + 50 },
      (_, i) => ({
        title: `Filler ${i}`,
        createdAt: new Date(now - (i + 1) * 1000),
      }),
    );
    rows.push(held('Rare reward old', 4_321, inDay(9), { createdAt: new Date(now - 400 * DAY_MS) }));
    rows.push(held('Rare reward older', 4_321, inDay(9), { createdAt: new Date(now - 401 * DAY_MS) }));
    await insert(rows);
    expect(titles(await list('/api/questions/public?minReward=4321&maxReward=4321'))).toEqual([
      'Rare reward old',
      'Rare reward older',
    ]);
    expect(titles(await list('/api/questions/public?sort=date-old&minReward=4000&maxReward=5000'))).toEqual([
      'Rare reward older',
      'Rare reward old',
    ]);
    const page1 = await get('/api/questions/public?minReward=4321&limit=1');
    expect(titles(page1.json())).toEqual(['Rare reward old']);
    const page2 = await list(
      `/api/questions/public?minReward=4321&limit=1&cursor=${encodeURIComponent(String(page1.headers['x-next-cursor']))}`,
    );
    expect(titles(page2)).toEqual(['Rare reward older']);
  });
});

describe('a question paid through the checkout', () => {
  it('joins ending-soon with the deadline its escrow shows', async () => {
    const q = await createQuestion(t.app, asker, { title: 'Paid through checkout', reward: 15 });
    const items = await list('/api/questions/public?sort=ending-soon&limit=100');
    const found = items.find((x) => x._id === q._id);
    expect(found?.escrow?.state).toBe('held');
    expect(Date.parse(found!.escrow!.deadline)).toBeGreaterThan(t.clock.now().getTime());
  });
});
