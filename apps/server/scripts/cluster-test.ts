// npm run test:cluster — two production-bundle instances on one PostgreSQL database, one Redis and
// one S3 protocol server (s3rver), checked across each other: sessions, uploads, payments, cached
// lists, outbox delivery while one instance stops, periodic tasks, and cold starts together.
//
// Uses apps/server/dist/main.js as built by `npm run build` (builds it when missing or out of date).
//   TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test) — a server where databases
//   may be created; REDIS_URL (default redis://127.0.0.1:6379).
// Prints one line per check and ends with `cluster: N passed, M failed` (exit 1 on a failure).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import S3rver from 's3rver';
import { SMTPServer } from 'smtp-server';
import { ensureBuilt, TARGETS } from '../../../scripts/fresh-build.mjs';
import {
  freePort,
  freshPostgres,
  repoRoot,
  type ServerProcess,
  spawnServer,
  waitHealthy,
} from './reliability/server-process.js';

const PG_BASE = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
const MAIL_COUNT = 200;
const SMTP_DELAY_MS = 100;
const BUCKET = 'agora-cluster';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// ---------- the production bundle ----------

function serverBundle(): string {
  // Built when missing or older than its sources (a stale bundle would test yesterday's code).
  ensureBuilt(['web', 'server']);
  return path.join(repoRoot, TARGETS.server.output);
}

// ---------- the slow SMTP sink ----------

class SlowSmtp {
  /** Message-ID of every message accepted, in order (duplicates included). */
  received: string[] = [];
  private server: SMTPServer;
  port = 0;
  constructor(delayMs: number) {
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['AUTH', 'STARTTLS'],
      logger: false,
      onData: (stream, _session, cb) => {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          setTimeout(() => {
            const raw = Buffer.concat(chunks).toString('utf8');
            const id = /^message-id:\s*(<[^>]+>)/im.exec(raw)?.[1] ?? `no-id-${this.received.length}`;
            this.received.push(id);
            cb();
          }, delayMs);
        });
      },
    });
  }
  async start(): Promise<void> {
    this.port = await freePort();
    await new Promise<void>((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(this.port, '127.0.0.1', () => resolve());
    });
  }
  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

// ---------- HTTP helpers ----------

interface Res {
  status: number;
  body: unknown;
  raw: Buffer;
}

async function call(
  base: string,
  method: string,
  url: string,
  opts: { token?: string; body?: unknown; form?: FormData } = {},
): Promise<Res> {
  const headers: Record<string, string> = {};
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  let body: BodyInit | undefined;
  if (opts.form) body = opts.form;
  else if (opts.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(opts.body);
  }
  const res = await fetch(base + url, { method, headers, body });
  const raw = Buffer.from(await res.arrayBuffer());
  let parsed: unknown = null;
  try {
    parsed = JSON.parse(raw.toString('utf8'));
  } catch {
    parsed = raw.toString('utf8');
  }
  return { status: res.status, body: parsed, raw };
}

function expectStatus(r: Res, status: number, what: string): Record<string, unknown> {
  if (r.status !== status) {
    throw new Error(`${what}: expected ${status}, got ${r.status} ${JSON.stringify(r.body).slice(0, 300)}`);
  }
  return r.body as Record<string, unknown>;
}

async function signup(base: string, role: 'questioner' | 'answerer', label: string) {
  const email = `${label}-${randomBytes(4).toString('hex')}@cluster.test`;
  const body = expectStatus(
    await call(base, 'POST', '/api/auth/signup', {
      body: { name: `Cluster ${label}`, email, password: 'cluster password 123', role },
    }),
    201,
    'sign up',
  );
  return { token: body.token as string, id: (body.user as { id: string }).id };
}

// ---------- the cluster ----------

interface Cluster {
  a: ServerProcess;
  b: ServerProcess;
}

function instanceEnv(dbUrl: string, s3Port: number, smtpPort: number, redisUrl: string) {
  return {
    DATABASE_URL: dbUrl,
    REDIS_URL: redisUrl,
    // Every instance shares these (docs/operating.md, "Running several instances").
    JWT_SECRET: 'cluster-test-jwt-secret-0123456789-abcdefghijklmnop',
    STORAGE: 's3',
    S3_BUCKET: BUCKET,
    S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
    S3_REGION: 'us-east-1',
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    S3_FORCE_PATH_STYLE: 'true',
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    MAIL_FROM: 'Agora <cluster@agora.test>',
    // "task run" lines (debug) show which instance ran which task.
    LOG_LEVEL: 'debug',
  };
}

async function startPair(entry: string, env: Record<string, string>, dirs: string[]): Promise<Cluster> {
  const mk = () => {
    const d = mkdtempSync(path.join(tmpdir(), 'agora-cluster-'));
    dirs.push(d);
    return d;
  };
  const [pa, pb] = [await freePort(), await freePort()];
  const a = spawnServer(entry, { dataDir: mk(), port: pa, env });
  const b = spawnServer(entry, { dataDir: mk(), port: pb, env });
  try {
    await Promise.all([waitHealthy(a, 90_000), waitHealthy(b, 90_000)]);
  } catch (err) {
    await Promise.all([a.kill('SIGKILL'), b.kill('SIGKILL')]);
    throw err;
  }
  return { a, b };
}

/** "task run" log lines of one task: [time]. */
function taskRuns(server: ServerProcess, task: string, since: number): number[] {
  const times: number[] = [];
  for (const line of server.output().split('\n')) {
    if (!line.includes('"task run"') || !line.includes(`"task":"${task}"`)) continue;
    try {
      const o = JSON.parse(line) as { time: number };
      if (o.time >= since) times.push(o.time);
    } catch {
      // not a log line
    }
  }
  return times;
}

// ---------- checks ----------

const results: Array<{ name: string; ok: boolean; detail?: string }> = [];

async function check(name: string, fn: () => Promise<unknown>): Promise<void> {
  const started = Date.now();
  try {
    const note = await fn();
    results.push({ name, ok: true });
    console.log(`ok    ${name} (${Date.now() - started} ms)${typeof note === 'string' ? ` — ${note}` : ''}`);
  } catch (err) {
    const detail = (err as Error).message ?? String(err);
    results.push({ name, ok: false, detail });
    console.log(`FAIL  ${name}: ${detail.split('\n').slice(0, 12).join('\n      ')}`);
  }
}

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

async function main() {
  const entry = serverBundle();
  const dirs: string[] = [];
  const s3dir = mkdtempSync(path.join(tmpdir(), 'agora-s3rver-'));
  dirs.push(s3dir);
  const s3Port = await freePort();
  const s3 = new S3rver({
    port: s3Port,
    address: '127.0.0.1',
    silent: true,
    directory: s3dir,
    configureBuckets: [{ name: BUCKET, configs: [] }],
  });
  await s3.run();
  const smtp = new SlowSmtp(SMTP_DELAY_MS);
  await smtp.start();
  // The instances use Redis keys under the default prefix: a logical database of their own (1–15,
  // unless REDIS_URL names one) keeps them apart from other servers on the same Redis.
  const redis = new URL(REDIS_URL);
  if (redis.pathname.length <= 1) redis.pathname = `/${1 + Math.floor(Math.random() * 15)}`;
  const db = await freshPostgres(PG_BASE, 'cluster');
  const env = instanceEnv(db.url, s3Port, smtp.port, redis.toString());
  const drops: Array<() => Promise<void>> = [db.drop];
  let cluster: Cluster | null = null;

  try {
    await check('both instances start on one empty database', async () => {
      cluster = await startPair(entry, env, dirs);
    });
    if (!cluster) throw new Error('the cluster did not start; nothing else can be checked');
    const { a, b } = cluster as Cluster;

    let questioner = { token: '', id: '' };
    await check('sign in on A, use the token on B, log out on B → A refuses it', async () => {
      const u = await signup(a.url, 'questioner', 'session');
      expectStatus(await call(b.url, 'GET', '/api/auth/me', { token: u.token }), 200, 'token of A on B');
      const out = await call(b.url, 'POST', '/api/auth/logout', { token: u.token });
      if (out.status >= 300) throw new Error(`logout on B: ${out.status}`);
      expectStatus(
        await call(a.url, 'GET', '/api/auth/me', { token: u.token }),
        401,
        'logged-out token on A',
      );
      questioner = await signup(a.url, 'questioner', 'asker');
    });

    let questionId = '';
    await check('sandbox pay on A, verify on B', async () => {
      const q = expectStatus(
        await call(a.url, 'POST', '/api/questions', {
          token: questioner.token,
          body: {
            title: 'Cluster question',
            description: 'Paid on one, verified on the other',
            category: 'Technology',
            reward: 25,
          },
        }),
        201,
        'create question',
      );
      questionId = q._id as string;
      const order = expectStatus(
        await call(a.url, 'POST', '/api/payments/create-order', {
          token: questioner.token,
          body: { questionId, amount: 25 },
        }),
        200,
        'create order on A',
      );
      const signed = expectStatus(
        await call(a.url, 'POST', '/api/payments/sandbox/pay', {
          token: questioner.token,
          body: { orderId: order.orderId },
        }),
        200,
        'sandbox pay on A',
      );
      expectStatus(
        await call(b.url, 'POST', '/api/payments/verify', {
          token: questioner.token,
          body: { ...signed, questionId },
        }),
        200,
        'verify on B',
      );
    });

    await check('upload through A, download through B', async () => {
      if (!questionId) throw new Error('needs the question of the previous check');
      // Independent of the payment check: a question is answerable once paid.
      const c = new pg.Client({ connectionString: db.url });
      await c.connect();
      await c
        .query(
          'update questions set is_paid = true, payment_amount = coalesce(payment_amount, 2500) where id = $1',
          [questionId],
        )
        .finally(() => c.end());
      const answerer = await signup(a.url, 'answerer', 'uploader');
      const form = new FormData();
      form.append('attachment', new Blob([PNG], { type: 'image/png' }), 'dot.png');
      const up = expectStatus(
        await call(a.url, 'POST', `/api/questions/${questionId}/answers/upload`, {
          token: answerer.token,
          form,
        }),
        201,
        'upload on A',
      );
      const url = (up.attachment as { url: string }).url;
      const down = await call(b.url, 'GET', url);
      if (down.status !== 200)
        throw new Error(`download on B: ${down.status} ${String(down.body).slice(0, 200)}`);
      if (!down.raw.equals(PNG)) throw new Error('download on B: the bytes differ');
    });

    await check("a write on A shows in B's cached anonymous list within 1 s", async () => {
      const author = await signup(a.url, 'answerer', 'idea');
      // Warm B's cache for the anonymous list.
      for (let i = 0; i < 2; i++) expectStatus(await call(b.url, 'GET', '/api/ideas'), 200, 'list on B');
      const title = `Cluster idea ${randomBytes(3).toString('hex')}`;
      expectStatus(
        await call(a.url, 'POST', '/api/ideas', {
          token: author.token,
          body: { title, description: 'Written on A, listed on B', category: 'Technology' },
        }),
        201,
        'create idea on A',
      );
      const written = Date.now();
      for (;;) {
        const list = expectStatus(await call(b.url, 'GET', '/api/ideas'), 200, 'list on B');
        if ((list.ideas as Array<{ title: string }>).some((i) => i.title === title)) {
          return `seen after ${Date.now() - written} ms`;
        }
        if (Date.now() - written > 1000) throw new Error('not in B’s list after 1 s');
        await sleep(50);
      }
    });

    await check('a periodic task runs once per period across both instances', async () => {
      const task = 'mail.deliver-outbox';
      const period = 5_000;
      const since = Date.now();
      const windowMs = 6 * period;
      await sleep(windowMs);
      const runsA = taskRuns(a, task, since);
      const runsB = taskRuns(b, task, since);
      const total = runsA.length + runsB.length;
      const periods = windowMs / period;
      // Once per instance would be about 2 × periods.
      if (total < periods - 1 || total > periods + 1) {
        throw new Error(`${total} runs in ${periods} periods (A ${runsA.length}, B ${runsB.length})`);
      }
      const c = new pg.Client({ connectionString: db.url });
      await c.connect();
      try {
        const { rows } = await c.query(
          'select singleton_on, count(*)::int as n from pgboss.job where name = $1 group by 1 having count(*) > 1',
          [task],
        );
        if (rows.length > 0) throw new Error(`${rows.length} periods with more than one job`);
      } finally {
        await c.end();
      }
      return `${total} runs in ${periods} periods (A ${runsA.length}, B ${runsB.length})`;
    });

    await check(
      `${MAIL_COUNT} e-mails through a slow SMTP sink, A stopped with SIGTERM mid-run: each delivered once`,
      async () => {
        const c = new pg.Client({ connectionString: db.url });
        await c.connect();
        try {
          await c.query('delete from mail_outbox');
          smtp.received.length = 0;
          await c.query(
            `insert into mail_outbox ("to", subject, text)
             select 'reader' || g || '@cluster.test', 'Cluster mail ' || g, 'Message ' || g
               from generate_series(1, $1::int) g`,
            [MAIL_COUNT],
          );
          const deadline = Date.now() + 60_000;
          while (smtp.received.length < MAIL_COUNT / 5) {
            if (Date.now() > deadline) throw new Error(`only ${smtp.received.length} delivered in 60 s`);
            await sleep(50);
          }
          const code = await a.kill('SIGTERM');
          if (code !== 0) throw new Error(`A exited with ${code} on SIGTERM:\n${a.output().slice(-2000)}`);
          const atStop = smtp.received.length;
          const end = Date.now() + 120_000;
          for (;;) {
            const { rows } = await c.query(
              `select count(*) filter (where status = 'sent')::int as sent, count(*)::int as total from mail_outbox`,
            );
            if (rows[0].sent === MAIL_COUNT) break;
            if (Date.now() > end) throw new Error(`${rows[0].sent} of ${MAIL_COUNT} marked sent after 2 min`);
            await sleep(200);
          }
          await sleep(500);
          const ids = smtp.received;
          const unique = new Set(ids);
          const { rows } = await c.query(`select '<' || id || '@agora.outbox>' as mid from mail_outbox`);
          const missing = rows.filter((r) => !unique.has(r.mid as string)).length;
          if (ids.length !== MAIL_COUNT || unique.size !== MAIL_COUNT || missing > 0) {
            throw new Error(
              `${ids.length} deliveries, ${unique.size} distinct, ${missing} never delivered, ${ids.length - unique.size} duplicates`,
            );
          }
          return `${atStop} delivered when A stopped, the rest by B`;
        } finally {
          await c.end();
        }
      },
    );

    await Promise.all([a.kill('SIGTERM'), b.kill('SIGTERM')]);
    cluster = null;

    for (let i = 1; i <= 3; i++) {
      await check(`cold start ${i} of 3: both instances together on an empty database`, async () => {
        const fresh = await freshPostgres(PG_BASE, 'cluster_cold');
        drops.push(fresh.drop);
        const pair = await startPair(entry, { ...env, DATABASE_URL: fresh.url }, dirs);
        const codes = await Promise.all([pair.a.kill('SIGTERM'), pair.b.kill('SIGTERM')]);
        if (codes.some((c) => c !== 0)) {
          const tail = (p: typeof pair.a) => p.output().split('\n').slice(-15).join('\n');
          throw new Error(
            `exit codes on SIGTERM: ${codes.join(', ')}\nA:\n${tail(pair.a)}\nB:\n${tail(pair.b)}`,
          );
        }
      });
    }
  } finally {
    const c = cluster as Cluster | null;
    if (c) await Promise.all([c.a.kill('SIGKILL'), c.b.kill('SIGKILL')]);
    await smtp.stop().catch(() => {});
    await s3.close().catch(() => {});
    for (const drop of drops) await drop().catch(() => {});
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  }
}

main()
  .catch((err) => {
    results.push({ name: 'cluster test', ok: false, detail: String(err) });
    console.log(`FAIL  ${(err as Error).message ?? err}`);
  })
  .finally(() => {
    const passed = results.filter((r) => r.ok).length;
    const failed = results.length - passed;
    console.log(`cluster: ${passed} passed, ${failed} failed`);
    process.exit(failed > 0 ? 1 : 0);
  });
