// A mixed write workload over real HTTP (questions, answers, ideas, likes, payments through the
// sandbox checkout, reward distributions, withdrawals and their settlement by an admin), recording
// every write the server acknowledged with a 2xx so a later check can prove none was lost.
import { ADMIN } from './server-process.js';

export interface Res {
  status: number;
  body: unknown;
}

/** A network failure (the server was killed mid-request): the outcome of that write is unknown. */
export class Unreachable extends Error {}

export async function call(
  base: string,
  method: string,
  path: string,
  opts: { token?: string; body?: unknown; timeoutMs?: number } = {},
): Promise<Res> {
  let res: Response;
  try {
    res = await fetch(base + path, {
      method,
      headers: {
        ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
        ...(opts.body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      body: opts.body !== undefined ? JSON.stringify(opts.body) : undefined,
      signal: AbortSignal.timeout(opts.timeoutMs ?? 30_000),
    });
  } catch (err) {
    throw new Unreachable((err as Error).message);
  }
  const text = await res.text().catch(() => {
    throw new Unreachable('response cut off');
  });
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    // not JSON (only error pages would be; they are counted as errors by status)
  }
  return { status: res.status, body };
}

export interface Person {
  id: string;
  email: string;
  password: string;
  token: string;
}

/** Every write the server acknowledged. */
export interface Acked {
  questions: Set<string>;
  answers: Map<string, { questionId: string; authorId: string }>;
  ideas: Set<string>;
  likes: { ideaId: string; userId: string }[];
  paid: Map<string, number>;
  distributed: Set<string>;
  withdrawals: Map<
    string,
    { id: string; userId: string; amount: number; status: 'pending' | 'completed' | 'failed' }
  >;
}

export function emptyAcked(): Acked {
  return {
    questions: new Set(),
    answers: new Map(),
    ideas: new Set(),
    likes: [],
    paid: new Map(),
    distributed: new Set(),
    withdrawals: new Map(),
  };
}

export class Rng {
  constructor(private s: number) {}
  next(): number {
    this.s = (this.s + 0x6d2b79f5) >>> 0;
    let t = this.s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }
  pick<T>(xs: readonly T[]): T {
    return xs[Math.floor(this.next() * xs.length)]!;
  }
}

export interface Tally {
  ops: number;
  byOp: Record<string, number>;
  status: Record<string, number>;
  /** 5xx answers and unexpected failures while the server was up. */
  errors: string[];
  unknown: number;
}

export function emptyTally(): Tally {
  return { ops: 0, byOp: {}, status: {}, errors: [], unknown: 0 };
}

type Op = 'question' | 'answer' | 'idea' | 'like' | 'pay' | 'distribute' | 'withdraw' | 'settle' | 'read';

/**
 * The workload's people and what it knows about the world. It survives restarts: after a crash the
 * same people keep working (their sessions are kept in the database too).
 */
export class Workload {
  base = '';
  admin!: Person;
  askers: Person[] = [];
  answerers: Person[] = [];
  acked = emptyAcked();
  private open: string[] = [];
  private answered = new Set<string>();
  private answersOf = new Map<string, { answerId: string; authorId: string }[]>();
  private ideaList: string[] = [];
  private likePairs = new Set<string>();
  private paidFresh: string[] = [];
  /** The reward each question asked for, in rupees: its one order pays exactly that. */
  private rewardOf = new Map<string, number>();
  private inFlightWithdrawal = new Set<string>();
  private seq = 0;
  private authors = new Map<string, string>();

  constructor(
    private rng: Rng,
    private opts: { reads?: boolean } = {},
  ) {}

  async setup(base: string, counts = { askers: 3, answerers: 6 }): Promise<void> {
    this.base = base;
    const login = await call(base, 'POST', '/api/auth/login', { body: ADMIN });
    if (login.status !== 200) throw new Error(`admin login ${login.status} ${JSON.stringify(login.body)}`);
    this.admin = {
      id: '',
      email: ADMIN.email,
      password: ADMIN.password,
      token: (login.body as { token: string }).token,
    };
    for (let i = 0; i < counts.askers; i++) this.askers.push(await this.signup('asker', 'questioner'));
    for (let i = 0; i < counts.answerers; i++) {
      const p = await this.signup('answerer', 'answerer');
      const bank = await call(base, 'PUT', '/api/wallet/bank-details', {
        token: p.token,
        body: { upiId: `p${i}@okbank` },
      });
      if (bank.status !== 200) throw new Error(`bank details ${bank.status}`);
      this.answerers.push(p);
    }
  }

  /** After a restart: same people, same sessions (they live in the database). */
  reconnect(base: string): void {
    this.base = base;
    this.inFlightWithdrawal.clear();
  }

  private async signup(kind: string, role: string): Promise<Person> {
    const email = `${kind}-${Date.now().toString(36)}-${this.rng.int(0, 1e9)}@crash.test`;
    const password = `pw-${this.rng.int(1e6, 9e6)}-unguessable`;
    const res = await call(this.base, 'POST', '/api/auth/signup', {
      body: { name: `${kind} ${this.askers.length + this.answerers.length}`, email, password, role },
    });
    if (res.status !== 201) throw new Error(`signup ${res.status} ${JSON.stringify(res.body)}`);
    const b = res.body as { token: string; user: { id: string } };
    return { id: b.user.id, email, password, token: b.token };
  }

  private pickOp(): Op {
    const weighted: [Op, number][] = [
      ['question', 2],
      ['answer', 5],
      ['idea', 2],
      ['like', 4],
      ['pay', 2],
      ['distribute', 2],
      ['withdraw', 2],
      ['settle', 1],
      ['read', this.opts.reads ? 6 : 0],
    ];
    const total = weighted.reduce((s, [, w]) => s + w, 0);
    let x = this.rng.next() * total;
    for (const [op, w] of weighted) {
      x -= w;
      if (x < 0) return op;
    }
    return 'answer';
  }

  /** One operation. Throws Unreachable when the server is gone (the write's fate is unknown). */
  async step(tally: Tally): Promise<void> {
    const op = this.pickOp();
    tally.ops++;
    tally.byOp[op] = (tally.byOp[op] ?? 0) + 1;
    const note = (res: Res, what: string) => {
      // Refusals are expected (no balance yet, already answered…); keep which operation got them.
      const k = res.status >= 400 ? `${what.split(' ')[0]} ${res.status}` : String(res.status);
      tally.status[k] = (tally.status[k] ?? 0) + 1;
      if (res.status >= 500)
        tally.errors.push(`${what} → ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
      return res.status >= 200 && res.status < 300;
    };
    const b = this.base;
    const n = ++this.seq;
    switch (op) {
      case 'question': {
        const asker = this.rng.pick(this.askers);
        const reward = this.rng.int(10, 60);
        const res = await call(b, 'POST', '/api/questions', {
          token: asker.token,
          body: {
            title: `Crash question ${n}`,
            description: `Does write ${n} survive a crash?`,
            category: 'Technology',
            reward,
          },
        });
        if (note(res, op)) {
          const id = (res.body as { _id: string })._id;
          this.acked.questions.add(id);
          this.authors.set(id, asker.id);
          this.rewardOf.set(id, reward);
          // Unpaid questions are their author's alone: answerable once paid.
          this.paidFresh.push(id);
        }
        return;
      }
      case 'answer': {
        if (!this.open.length) return;
        const q = this.rng.pick(this.open);
        const who = this.rng.pick(this.answerers);
        const key = `${q}:${who.id}`;
        if (this.answered.has(key)) return;
        this.answered.add(key);
        const res = await call(b, 'POST', `/api/questions/${q}/answers`, {
          token: who.token,
          body: { content: `Answer ${n} by ${who.email}` },
        });
        if (note(res, op)) {
          const id = (res.body as { _id: string })._id;
          this.acked.answers.set(id, { questionId: q, authorId: who.id });
          const list = this.answersOf.get(q) ?? [];
          list.push({ answerId: id, authorId: who.id });
          this.answersOf.set(q, list);
        }
        return;
      }
      case 'idea': {
        const who = this.rng.pick([...this.askers, ...this.answerers]);
        const res = await call(b, 'POST', '/api/ideas', {
          token: who.token,
          body: {
            title: `Crash idea ${n}`,
            description: 'An idea that must not vanish',
            category: 'Technology',
          },
        });
        if (note(res, op)) {
          const id = (res.body as { _id: string })._id;
          this.acked.ideas.add(id);
          this.ideaList.push(id);
        }
        return;
      }
      case 'like': {
        if (!this.ideaList.length) return;
        const idea = this.rng.pick(this.ideaList);
        const who = this.rng.pick([...this.askers, ...this.answerers]);
        const key = `${idea}:${who.id}`;
        // Each pair is liked once only (a second call would toggle it off).
        if (this.likePairs.has(key)) return;
        this.likePairs.add(key);
        const res = await call(b, 'POST', `/api/ideas/${idea}/like`, { token: who.token });
        if (note(res, op) && (res.body as { liked: boolean }).liked)
          this.acked.likes.push({ ideaId: idea, userId: who.id });
        return;
      }
      case 'pay': {
        const q = this.paidFresh.shift();
        if (!q) return;
        const token = (this.askers.find((a) => a.id === this.authors.get(q)) ?? this.askers[0]!).token;
        const rupees = this.rewardOf.get(q) ?? 10;
        const order = await call(b, 'POST', '/api/payments/create-order', {
          token,
          body: { questionId: q, amount: rupees },
        });
        if (!note(order, 'pay/create-order')) return;
        const orderId = (order.body as { orderId: string }).orderId;
        const signed = await call(b, 'POST', '/api/payments/sandbox/pay', { token, body: { orderId } });
        if (!note(signed, 'pay/sandbox')) return;
        const verify = await call(b, 'POST', '/api/payments/verify', {
          token,
          body: { ...(signed.body as object), questionId: q },
        });
        if (note(verify, 'pay/verify')) {
          this.acked.paid.set(q, rupees * 100);
          this.open.push(q);
        }
        return;
      }
      case 'distribute': {
        const candidates = [...this.acked.paid.keys()].filter(
          (q) => !this.acked.distributed.has(q) && (this.answersOf.get(q)?.length ?? 0) > 0,
        );
        if (!candidates.length) return;
        const q = this.rng.pick(candidates);
        const answers = this.answersOf.get(q)!.slice(0, 3);
        const token = (this.askers.find((a) => a.id === this.authors.get(q)) ?? this.askers[0]!).token;
        const pct = answers.map((_, i) => (i === 0 ? 100 - 10 * (answers.length - 1) : 10));
        const res = await call(b, 'POST', '/api/rewards/distribute', {
          token,
          body: {
            questionId: q,
            rewards: answers.map((a, i) => ({
              answererId: a.authorId,
              answerId: a.answerId,
              percentage: pct[i],
            })),
          },
        });
        if (note(res, op)) this.acked.distributed.add(q);
        return;
      }
      case 'withdraw': {
        const who = this.rng.pick(this.answerers);
        const requestId = `crash-${who.id.slice(0, 8)}-${n}-${this.rng.int(0, 1e9)}`;
        const amount = this.rng.int(100, 1500);
        const res = await call(b, 'POST', '/api/withdrawals/request', {
          token: who.token,
          body: { amount, requestId },
        });
        if (note(res, op)) {
          const w = (res.body as { withdrawal: { _id: string } }).withdrawal;
          this.acked.withdrawals.set(requestId, { id: w._id, userId: who.id, amount, status: 'pending' });
        }
        return;
      }
      case 'settle': {
        const pending = [...this.acked.withdrawals.values()].filter(
          (w) => w.status === 'pending' && !this.inFlightWithdrawal.has(w.id),
        );
        if (!pending.length) return;
        const w = this.rng.pick(pending);
        this.inFlightWithdrawal.add(w.id);
        const complete = this.rng.next() < 0.6;
        const res = await call(
          b,
          'POST',
          `/api/admin/withdrawals/${w.id}/${complete ? 'complete' : 'fail'}`,
          {
            token: this.admin.token,
            body: complete ? { payoutReference: `UTR${n}` } : { reason: 'Bank refused the transfer' },
          },
        );
        if (note(res, op)) w.status = complete ? 'completed' : 'failed';
        this.inFlightWithdrawal.delete(w.id);
        return;
      }
      case 'read': {
        const who = this.rng.pick([...this.askers, ...this.answerers]);
        const path = this.rng.pick([
          '/api/questions/public?limit=20',
          '/api/ideas?limit=20',
          '/api/wallet',
          '/api/wallet/transactions',
          '/api/questions/categories',
          '/api/hackathons',
          '/api/jobs',
          '/api/notifications',
          this.open.length ? `/api/questions/${this.rng.pick(this.open)}` : '/api/health',
        ]);
        note(await call(b, 'GET', path, { token: who.token }), `read ${path}`);
        return;
      }
    }
  }
}

/** Runs `workers` loops of steps until stop() resolves; network failures end a loop quietly. */
export async function drive(
  w: Workload,
  workers: number,
  until: Promise<unknown>,
  tally: Tally,
): Promise<void> {
  let stopped = false;
  void until.then(() => {
    stopped = true;
  });
  await Promise.all(
    Array.from({ length: workers }, async () => {
      while (!stopped) {
        try {
          await w.step(tally);
        } catch (err) {
          if (err instanceof Unreachable) {
            // Cut off by the kill: that write's fate is unknown (present or absent, never half).
            tally.unknown++;
            if (stopped) return;
            tally.errors.push(`server unreachable while it should be up: ${err.message}`);
            return;
          }
          tally.errors.push(`workload bug: ${(err as Error).stack ?? err}`);
          return;
        }
      }
    }),
  );
}
