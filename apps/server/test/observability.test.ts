import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOG_REDACT } from '../src/app.js';
import { openPglite } from '../src/db/client.js';
import { enqueueMail } from '../src/platform/mail.js';
import { makeAnswer, makeQuestion, payThroughApi } from '../src/modules/wallet/money.fixtures.js';
import { APP_COMMIT, APP_VERSION } from '../src/version.js';
import { buildTestApp, expectErrorBody, signup, TEST_DATABASE_URL, type TestApp } from './helpers.js';

const TOKEN = 'metrics-token-0123456789abcdef';
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Log lines written through a stream, parsed. */
function logCapture() {
  const lines: Array<Record<string, unknown>> = [];
  const stream = new Writable({
    write(chunk, _enc, cb) {
      for (const l of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(l));
      cb();
    },
  });
  return { lines, stream };
}

/** The value of one sample of the exposition text, or undefined when it is absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    if (line.startsWith('#')) continue;
    const m = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{(.*)\})? (.+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const got = Object.fromEntries([...(m[3] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((x) => [x[1], x[2]]));
    if (Object.entries(labels).every(([k, v]) => got[k] === v)) return Number(m[4]);
  }
  return undefined;
}

describe('GET /metrics when metrics are off (the default)', () => {
  let t: TestApp;
  let webDist: string;
  beforeAll(async () => {
    webDist = mkdtempSync(path.join(tmpdir(), 'agora-web-'));
    mkdirSync(path.join(webDist, 'assets'));
    writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Agora SPA</title>');
    t = await buildTestApp({ config: { webDist } });
  });
  afterAll(async () => {
    await t.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  it('answers 404 JSON, never the web app, for /metrics and the bare /api', async () => {
    for (const url of ['/metrics', '/metrics/', '/metrics?x=1', '/api', '/api?x=1', '/uploads']) {
      const res = await t.app.inject(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toContain('application/json');
      expect(res.body, url).not.toContain('Agora SPA');
      expectErrorBody(res.json());
    }
    // A bearer token changes nothing: there is no token to match.
    const withToken = await t.app.inject({ url: '/metrics', headers: bearer(TOKEN) });
    expect(withToken.statusCode).toBe(404);
    // The web app still answers its own routes.
    expect((await t.app.inject('/questions')).body).toContain('Agora SPA');
  });
});

describe('GET /metrics with METRICS_TOKEN', () => {
  let t: TestApp;
  const logs = logCapture();
  beforeAll(async () => {
    t = await buildTestApp({
      env: { METRICS_TOKEN: TOKEN },
      config: { logLevel: 'warn' },
      logger: { level: 'warn', stream: logs.stream, redact: LOG_REDACT },
    });
  });
  afterAll(() => t.close());

  const scrape = () => t.app.inject({ url: '/metrics', headers: bearer(TOKEN) });

  it('refuses a scrape without the token or with a wrong one (401, CONTRACT body)', async () => {
    for (const headers of [
      {},
      bearer('metrics-token-0123456789abcdeX'),
      bearer(''),
      bearer(`${TOKEN}x`),
      { authorization: TOKEN },
      { authorization: `Basic ${TOKEN}` },
    ]) {
      const res = await t.app.inject({ url: '/metrics', headers });
      expect(res.statusCode).toBe(401);
      expectErrorBody(res.json());
      expect(res.body).not.toContain('agora_');
    }
  });

  it('serves the Prometheus text with the token: requests by route pattern, never a raw id', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    expect((await t.app.inject('/api/questions/public?limit=2')).statusCode).toBe(200);
    expect((await t.app.inject('/api/questions/public?limit=3')).statusCode).toBe(200);
    expect((await t.app.inject(`/api/questions/${id}`)).statusCode).toBe(404);
    expect((await t.app.inject(`/api/no-such-thing/${id}`)).statusCode).toBe(404);

    const res = await scrape();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.headers['cache-control']).toContain('no-store');
    const text = res.body;
    expect(
      sample(text, 'agora_http_requests_total', {
        method: 'GET',
        route: '/api/questions/public',
        status: '200',
        status_class: '2xx',
      }),
    ).toBe(2);
    expect(
      sample(text, 'agora_http_requests_total', {
        route: '/api/questions/:id',
        status: '404',
        status_class: '4xx',
      }),
    ).toBe(1);
    expect(sample(text, 'agora_http_requests_total', { route: 'unmatched', status: '404' })).toBe(1);
    // The 401s of the test before are counted too, under the route's pattern.
    expect(sample(text, 'agora_http_requests_total', { route: '/metrics', status: '401' })).toBe(6);
    expect(text).not.toContain(id);
    expect(text).not.toContain('limit=');
    // The histogram: cumulative buckets ending in +Inf = count.
    const labels = { method: 'GET', route: '/api/questions/public', status_class: '2xx' };
    expect(sample(text, 'agora_http_request_duration_seconds_count', labels)).toBe(2);
    expect(sample(text, 'agora_http_request_duration_seconds_bucket', { ...labels, le: '+Inf' })).toBe(2);
    expect(sample(text, 'agora_http_request_duration_seconds_sum', labels)).toBeGreaterThan(0);
    expect(text).toContain('# TYPE agora_http_request_duration_seconds histogram');
    expect(text).toContain('# TYPE agora_http_requests_total counter');
  });

  it('reports build info, the event loop and process, and the database pool', async () => {
    const text = (await scrape()).body;
    expect(sample(text, 'agora_build_info', { version: APP_VERSION, commit: APP_COMMIT })).toBe(1);
    expect(APP_VERSION).not.toBe('');
    expect(sample(text, 'agora_nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'agora_process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(sample(text, 'agora_db_pool_max')).toBe(TEST_DATABASE_URL ? 5 : 1);
    expect(sample(text, 'agora_db_pool_waiting')).toBe(0);
    expect(sample(text, 'agora_db_pool_in_use')).toBeGreaterThanOrEqual(TEST_DATABASE_URL ? 0 : 1);
    expect(sample(text, 'agora_db_pool_idle')).toBeGreaterThanOrEqual(0);
    // Every task has its failure counter from the start, at 0.
    expect(sample(text, 'agora_task_failures_total', { task: 'mail.deliver-outbox' })).toBe(0);
  });

  it('reports the outbox, escrow and withdrawals from the database, withdrawals past PAYOUT_SLA', async () => {
    const author = await signup(t.app, { name: 'Metrics Author' });
    const answerer = await signup(t.app, { name: 'Metrics Answerer' });
    // Held in escrow: ₹50 and ₹20.
    for (const rupees of [50, 20]) {
      const q = await makeQuestion(t.database.db, author);
      await payThroughApi(t.app, author, q.id, rupees);
    }
    // ₹30 paid, given to the answerer, who asks for ₹10 of it.
    const q = await makeQuestion(t.database.db, author);
    await payThroughApi(t.app, author, q.id, 30);
    const a = await makeAnswer(t.database.db, q.id, answerer);
    const dist = await t.app.inject({
      method: 'POST',
      url: '/api/rewards/distribute',
      headers: author.auth,
      payload: {
        questionId: q.id,
        rewards: [{ answerId: a.id, answererId: answerer.user.id, percentage: 100 }],
      },
    });
    expect(dist.statusCode).toBe(200);
    const details = await t.app.inject({
      method: 'PUT',
      url: '/api/wallet/bank-details',
      headers: answerer.auth,
      payload: { upiId: 'metrics@okbank' },
    });
    expect(details.statusCode).toBe(200);
    const w = await t.app.inject({
      method: 'POST',
      url: '/api/withdrawals/request',
      headers: answerer.auth,
      payload: { amount: 1000 },
    });
    expect(w.statusCode).toBe(201);
    await enqueueMail(t.database.db, { to: 'a@example.com', subject: 'one', text: 'x' });
    await enqueueMail(t.database.db, { to: 'b@example.com', subject: 'two', text: 'y' });

    // Scrapes share one database reading for a few seconds: the clock moves past it.
    t.clock.advance(600_000);
    let text = (await scrape()).body;
    expect(sample(text, 'agora_metrics_database_ok')).toBe(1);
    expect(sample(text, 'agora_escrow_held')).toBe(2);
    expect(sample(text, 'agora_escrow_held_amount_paise')).toBe(7000);
    expect(sample(text, 'agora_withdrawals_pending')).toBe(1);
    expect(sample(text, 'agora_withdrawals_pending_past_sla')).toBe(0);
    // The sign-ups' welcome mails (if any) and the two above wait in the outbox.
    expect(sample(text, 'agora_outbox_pending')).toBeGreaterThanOrEqual(2);
    expect(sample(text, 'agora_outbox_failed')).toBe(0);
    expect(sample(text, 'agora_outbox_oldest_pending_age_seconds')).toBeGreaterThanOrEqual(500);

    t.clock.advance(t.config.payoutSlaMs);
    text = (await scrape()).body;
    expect(sample(text, 'agora_withdrawals_pending_past_sla')).toBe(1);
    expect(sample(text, 'agora_outbox_oldest_pending_age_seconds')).toBeGreaterThanOrEqual(
      t.config.payoutSlaMs / 1000,
    );
  });
});

describe('metrics when the database is down', () => {
  it('still answers the scrape with what is known, says the database figures are stale, and logs', async () => {
    const database = TEST_DATABASE_URL ? undefined : await openPglite(null);
    await database?.migrate();
    const logs = logCapture();
    const t = await buildTestApp({
      ...(database ? { database } : {}),
      env: { METRICS_TOKEN: TOKEN },
      logger: { level: 'warn', stream: logs.stream, redact: LOG_REDACT },
    });
    try {
      const first = await t.app.inject({ url: '/metrics', headers: bearer(TOKEN) });
      expect(sample(first.body, 'agora_metrics_database_ok')).toBe(1);
      await t.database.close();
      t.clock.advance(60_000);
      const res = await t.app.inject({ url: '/metrics', headers: bearer(TOKEN) });
      expect(res.statusCode).toBe(200);
      expect(sample(res.body, 'agora_metrics_database_ok')).toBe(0);
      expect(sample(res.body, 'agora_outbox_pending')).toBe(0);
      expect(sample(res.body, 'agora_build_info', { version: APP_VERSION })).toBe(1);
      expect(sample(res.body, 'agora_http_requests_total', { route: '/metrics', status: '200' })).toBe(1);
      expect(logs.lines.some((l) => l.level === 40 && String(l.msg).startsWith('metrics: database'))).toBe(
        true,
      );
    } finally {
      await t.app.close();
      rmSync(t.dataDir, { recursive: true, force: true });
    }
  });
});

describe('METRICS_PORT', () => {
  it('serves GET /metrics without a token on its own listener; the main port has no /metrics', async () => {
    const t = await buildTestApp({ config: { metrics: { token: null, port: 0 }, host: '127.0.0.1' } });
    try {
      const port = await t.app.listenMetrics(0);
      expect((await t.app.inject('/api/questions/public')).statusCode).toBe(200);
      const res = await fetch(`http://127.0.0.1:${port}/metrics`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
      const text = await res.text();
      expect(
        sample(text, 'agora_http_requests_total', { route: '/api/questions/public', status: '200' }),
      ).toBe(1);
      expect(sample(text, 'agora_build_info', { version: APP_VERSION, commit: APP_COMMIT })).toBe(1);
      const other = await fetch(`http://127.0.0.1:${port}/api/questions/public`);
      expect(other.status).toBe(404);
      expectErrorBody(await other.json());
      const main = await t.app.inject('/metrics');
      expect(main.statusCode).toBe(404);
      expectErrorBody(main.json());
    } finally {
      await t.close();
    }
    // app.close() closed the listener too.
  });
});

describe('background task metrics and logs', () => {
  it('logs a failing task at error with its name and message, and counts it', async () => {
    const logs = logCapture();
    const t = await buildTestApp({
      env: { METRICS_TOKEN: TOKEN },
      logger: { level: 'info', stream: logs.stream, redact: LOG_REDACT },
    });
    try {
      await t.app.startTasks([
        {
          name: 'test.always-fails',
          everySeconds: 3600,
          handler: async () => {
            throw new Error('the ledger is on fire');
          },
        },
      ]);
      const deadline = Date.now() + 20_000;
      let failed: Record<string, unknown> | undefined;
      while (!failed && Date.now() < deadline) {
        failed = logs.lines.find((l) => l.level === 50 && l.task === 'test.always-fails');
        if (!failed) await new Promise((r) => setTimeout(r, 50));
      }
      expect(failed).toMatchObject({ level: 50, task: 'test.always-fails', error: 'the ledger is on fire' });
      expect(String(failed!.msg)).toContain('the ledger is on fire');
      const text = (await t.app.inject({ url: '/metrics', headers: bearer(TOKEN) })).body;
      expect(sample(text, 'agora_task_failures_total', { task: 'test.always-fails' })).toBeGreaterThanOrEqual(
        1,
      );
      expect(
        sample(text, 'agora_task_run_duration_seconds_count', {
          task: 'test.always-fails',
          outcome: 'failed',
        }),
      ).toBeGreaterThanOrEqual(1);
      expect(sample(text, 'agora_task_queue_depth', { task: 'test.always-fails' })).toBeGreaterThanOrEqual(0);
    } finally {
      await t.close();
    }
  });
});

describe('the access line', () => {
  it('carries the client address, the signed-in user id and the user agent', async () => {
    const logs = logCapture();
    const t = await buildTestApp({ logger: { level: 'info', stream: logs.stream, redact: LOG_REDACT } });
    try {
      const u = await signup(t.app);
      logs.lines.length = 0;
      const me = await t.app.inject({
        url: '/api/auth/me',
        headers: { ...u.auth, 'user-agent': 'AgoraTest/1.0 (ops)' },
      });
      const anon = await t.app.inject({
        url: '/api/questions/public',
        headers: { 'user-agent': 'x'.repeat(1000) },
      });
      const access = logs.lines.filter((l) => l.msg === 'request');
      expect(access).toHaveLength(2);
      expect(access[0]).toMatchObject({
        reqId: me.headers['x-request-id'],
        url: '/api/auth/me',
        status: 200,
        ip: '127.0.0.1',
        userId: u.user.id,
        ua: 'AgoraTest/1.0 (ops)',
      });
      expect(access[1]).toMatchObject({ reqId: anon.headers['x-request-id'], ip: '127.0.0.1' });
      expect(access[1]).not.toHaveProperty('userId');
      expect(String(access[1]!.ua)).toHaveLength(256);
      expect(JSON.stringify(logs.lines)).not.toContain(u.token);
    } finally {
      await t.close();
    }
  });

  it('uses the client address from X-Forwarded-For only behind TRUST_PROXY', async () => {
    const logs = logCapture();
    const t = await buildTestApp({
      env: { TRUST_PROXY: 'loopback' },
      logger: { level: 'info', stream: logs.stream, redact: LOG_REDACT },
    });
    try {
      await t.app.inject({ url: '/api/questions/public', headers: { 'x-forwarded-for': '203.0.113.7' } });
      expect(logs.lines.find((l) => l.msg === 'request')).toMatchObject({ ip: '203.0.113.7' });
    } finally {
      await t.close();
    }
  });
});

describe('X-Request-Id', () => {
  const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

  async function idsFor(env: Record<string, string>, given: string[]) {
    const logs = logCapture();
    const t = await buildTestApp({ env, logger: { level: 'info', stream: logs.stream, redact: LOG_REDACT } });
    try {
      const out: Array<{ header: string; logged: unknown }> = [];
      for (const id of given) {
        logs.lines.length = 0;
        const res = await t.app.inject({ url: '/api/questions/public', headers: { 'x-request-id': id } });
        const header = String(res.headers['x-request-id']);
        out.push({ header, logged: logs.lines.find((l) => l.msg === 'request')?.reqId });
      }
      return out;
    } finally {
      await t.close();
    }
  }

  it('becomes the request id when a trusted proxy sends a valid one: echoed and in the access line', async () => {
    const [r] = await idsFor({ TRUST_PROXY: '127.0.0.1' }, ['lb-7f3a.9_Z-01']);
    expect(r).toEqual({ header: 'lb-7f3a.9_Z-01', logged: 'lb-7f3a.9_Z-01' });
    const [long] = await idsFor({ TRUST_PROXY: 'loopback' }, ['a'.repeat(128)]);
    expect(long!.header).toBe('a'.repeat(128));
  });

  it('is ignored without TRUST_PROXY, from a peer that is not a trusted proxy, and when invalid', async () => {
    for (const r of await idsFor({}, ['lb-7f3a'])) {
      expect(r.header).toMatch(UUID);
      expect(r.logged).toBe(r.header);
    }
    // The peer (127.0.0.1) is not one of these proxies.
    for (const r of await idsFor({ TRUST_PROXY: '10.0.0.0/8' }, ['lb-7f3a'])) expect(r.header).toMatch(UUID);
    const invalid = ['a'.repeat(129), 'has space', 'semi;colon', 'new\\nline', '', 'ünïcode', '{"json":1}'];
    for (const r of await idsFor({ TRUST_PROXY: 'loopback' }, invalid)) {
      expect(r.header).toMatch(UUID);
      expect(r.logged).toBe(r.header);
    }
  });
});
