// A client that sends its headers and then trickles (or stops sending) its body held the request —
// a socket, its buffers, a place in every limit — for 100 s and more. A request must now arrive
// within REQUEST_TIMEOUT (30 s; 300 ms here) of its headers, an upload within that plus its size at
// a slow uplink's rate (plugins/request-deadline.ts).
import { connect, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { MSG } from '@agora/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bodyDeadlineMs } from '../../src/plugins/request-deadline.js';
import { createQuestion, multipart } from '../../src/modules/questions/questions.fixtures.js';
import { buildTestApp, dbKind, signup, type TestApp, type TestUser } from '../helpers.js';

const TIMEOUT_MS = 300;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Conn {
  socket: Socket;
  /** Everything the server sent so far. */
  received(): string;
  /** Resolves with the milliseconds from connecting until the server closed the connection. */
  closed: Promise<number>;
}

function open(port: number): Promise<Conn> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    let data = '';
    const socket = connect(port, '127.0.0.1');
    const closed = new Promise<number>((r) => socket.once('close', () => r(performance.now() - started)));
    socket.on('data', (d) => (data += d.toString('latin1')));
    socket.on('error', () => {});
    socket.once('connect', () => resolve({ socket, received: () => data, closed }));
    socket.once('error', reject);
  });
}

const head = (path: string, length: number, extra = '') =>
  `POST ${path} HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\n${extra}\r\n`;

const statuses = (text: string) => [...text.matchAll(/HTTP\/1\.1 (\d{3}) /g)].map((m) => Number(m[1]));

/** Waits (up to 10 s) until the server has answered `n` requests on the connection. */
async function answered(c: Conn, n: number): Promise<number[]> {
  for (let i = 0; i < 200 && statuses(c.received()).length < n; i++) await sleep(50);
  return statuses(c.received());
}

describe(`slow request bodies (${dbKind})`, () => {
  let t: TestApp;
  let port: number;
  let asker: TestUser;
  let answerer: TestUser;
  beforeAll(async () => {
    t = await buildTestApp({ config: { requestTimeoutMs: TIMEOUT_MS } });
    asker = await signup(t.app);
    answerer = await signup(t.app);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(() => t.close());

  it('ends a request whose body stops arriving with 408 and closes the connection', async () => {
    const c = await open(port);
    c.socket.write(head('/api/auth/login', 200));
    c.socket.write('{"email":"nobody@example.com",');
    const ms = await c.closed;
    expect(ms).toBeGreaterThanOrEqual(TIMEOUT_MS - 20);
    expect(ms).toBeLessThan(TIMEOUT_MS + 2000);
    const text = c.received();
    expect(statuses(text)).toEqual([408]);
    expect(text).toMatch(/\r\nConnection: close\r\n/i);
    const body = JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4));
    expect(body).toEqual({ error: MSG.requestTooSlow, message: MSG.requestTooSlow, code: 'REQUEST_TIMEOUT' });
  });

  it('ends a body trickled a few bytes at a time, however long it would go on', async () => {
    const c = await open(port);
    // Signed in: an unsigned request to this route is refused before its body is read.
    c.socket.write(head('/api/ideas', 10_000, `Authorization: Bearer ${asker.token}\r\n`));
    let sent = 0;
    const drip = setInterval(() => {
      if (!c.socket.destroyed) c.socket.write('[');
      sent++;
    }, 20);
    const ms = await c.closed;
    clearInterval(drip);
    expect(sent).toBeLessThan(200);
    expect(ms).toBeLessThan(TIMEOUT_MS + 2000);
    expect(statuses(c.received())).toEqual([408]);
  });

  it('closes a connection that keeps trickling a body after its request was answered', async () => {
    // An upload without a session is answered 401 at once; its body would still be read to the end.
    const c = await open(port);
    c.socket.write(
      'POST /api/jobs/logo HTTP/1.1\r\nHost: localhost\r\nContent-Type: multipart/form-data; boundary=x\r\n' +
        'Content-Length: 100000\r\n\r\n--x\r\n',
    );
    const drip = setInterval(() => c.socket.destroyed || c.socket.write('a'), 20);
    const ms = await c.closed;
    clearInterval(drip);
    expect(statuses(c.received())).toEqual([401]);
    expect(ms).toBeLessThan(TIMEOUT_MS + 2000);
  });

  it('keeps keep-alive working: the deadline is per request, not per connection', async () => {
    const c = await open(port);
    const login = JSON.stringify({ email: 'nobody@example.com', password: 'not the password' });
    c.socket.write(head('/api/auth/login', login.length) + login);
    expect(await answered(c, 1)).toEqual([401]);
    // Idle between requests for longer than the deadline, then a body in two parts within it.
    await sleep(TIMEOUT_MS * 2);
    c.socket.write(head('/api/auth/login', login.length) + login.slice(0, 10));
    await sleep(TIMEOUT_MS / 3);
    c.socket.write(login.slice(10));
    expect(await answered(c, 2)).toEqual([401, 401]);
    expect(c.socket.destroyed).toBe(false);
    c.socket.destroy();
  });

  it('gives an upload the time its size needs on a slow uplink', async () => {
    const q = await createQuestion(t.app, asker, { title: 'Attachments over a slow line' });
    const file = Buffer.alloc(1536 * 1024, 0x61);
    const form = await multipart(
      {},
      { field: 'attachment', name: 'notes.txt', data: file, type: 'text/plain' },
    );
    // 1.5 MB in 16 parts over about a second: three times the deadline of a small body.
    expect(bodyDeadlineMs(TIMEOUT_MS, form.payload.length)).toBeGreaterThan(3000);
    const c = await open(port);
    c.socket.write(
      `POST /api/questions/${q._id}/answers/upload HTTP/1.1\r\nHost: localhost\r\n` +
        `Authorization: ${answerer.auth.authorization}\r\nContent-Type: ${form.headers['content-type']}\r\n` +
        `Content-Length: ${form.payload.length}\r\n\r\n`,
    );
    const parts = 16;
    const size = Math.ceil(form.payload.length / parts);
    for (let i = 0; i < parts; i++) {
      c.socket.write(form.payload.subarray(i * size, (i + 1) * size));
      await sleep(60);
    }
    expect(await answered(c, 1)).toEqual([201]);
    for (let i = 0; i < 100 && !c.received().includes('notes.txt'); i++) await sleep(50);
    expect(c.received()).toContain('notes.txt');
    c.socket.destroy();
  });
});

describe('bodyDeadlineMs', () => {
  it('gives a body up to the JSON limit the timeout, and an upload more by its size at 256 KiB/s', () => {
    expect(bodyDeadlineMs(30_000, 2_000)).toBe(30_000);
    // A 25 MB project file: 30 s and about 100 s more.
    const upload = bodyDeadlineMs(30_000, 25 * 1024 * 1024);
    expect(upload).toBeGreaterThan(125_000);
    expect(upload).toBeLessThan(132_000);
  });
});
