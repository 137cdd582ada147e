import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { freshDatabase, testConfig } from '../../test/helpers.js';
import { buildApp } from '../app.js';
import type { AppContext } from '../context.js';
import type { Database } from '../db/client.js';
import { hackathonParticipants, hackathons, mailOutbox, notifications, users } from '../db/schema/index.js';
import { tasks } from '../tasks.js';
import { ManualClock } from './clock.js';
import {
  backoffMs,
  enqueueMail,
  MAIL_LINK_SLOT,
  MAIL_POLICY,
  type MailLinks,
  type MailMessage,
  type MailTransport,
  MailWorker,
  SmtpTransport,
} from './mail.js';

interface Received {
  from: string;
  to: string[];
  raw: string;
}

/** A real SMTP server (the smtp-server package) on 127.0.0.1, recording every accepted message. */
class TestSmtp {
  received: Received[] = [];
  rejectRecipient: string | null = null;
  /** Answer DATA with this SMTP code (4xx = try later) instead of accepting. */
  dataError: number | null = null;
  private server: SMTPServer | null = null;

  async start(port: number): Promise<void> {
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['AUTH', 'STARTTLS'],
      logger: false,
      onRcptTo: (address, _session, cb) => {
        if (address.address === this.rejectRecipient) {
          const err = new Error('Mailbox unavailable') as Error & { responseCode: number };
          err.responseCode = 550;
          return cb(err);
        }
        cb();
      },
      onData: (stream, session, cb) => {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          if (this.dataError) {
            const err = new Error('Try again later') as Error & { responseCode: number };
            err.responseCode = this.dataError;
            return cb(err);
          }
          this.received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          cb();
        });
      },
    });
    await new Promise<void>((resolve, reject) => {
      this.server!.once('error', reject);
      this.server!.listen(port, '127.0.0.1', () => resolve());
    });
  }

  async stop(): Promise<void> {
    const s = this.server;
    this.server = null;
    if (s) await new Promise<void>((resolve) => s.close(() => resolve()));
  }
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as { port: number }).port;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

async function runTask(ctx: AppContext, name: string) {
  const task = tasks.find((t) => t.name === name);
  if (!task) throw new Error(`no task ${name}`);
  await task.handler(ctx);
}

const msg = (to: string, subject: string): MailMessage => ({ to, subject, text: `Body of ${subject}` });

let database: Database;
let clock: ManualClock;
let smtp: TestSmtp;
let port: number;
const workers: MailWorker[] = [];

function worker(
  transport: MailTransport = new SmtpTransport(`smtp://127.0.0.1:${port}`),
  links: MailLinks = {},
) {
  // No jitter in tests: retry times are exact.
  const w = new MailWorker(
    database.db,
    transport,
    'Agora <no-reply@agora.test>',
    clock,
    () => {},
    () => 0,
    links,
  );
  workers.push(w);
  return w;
}

async function outbox() {
  return database.db.select().from(mailOutbox).orderBy(mailOutbox.createdAt);
}

beforeAll(async () => {
  database = await freshDatabase();
});
afterAll(() => database.close());
beforeEach(async () => {
  await database.db.delete(mailOutbox);
  clock = new ManualClock('2026-03-01T10:00:00Z');
  smtp = new TestSmtp();
  port = await freePort();
});
afterEach(async () => {
  for (const w of workers.splice(0)) await w.stop();
  await smtp.stop();
});

describe('backoff', () => {
  it('doubles from 30 s and is capped at one hour', () => {
    const delays = Array.from({ length: 12 }, (_, i) => backoffMs(i + 1, () => 0));
    expect(delays.slice(0, 4)).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(Math.max(...delays)).toBe(MAIL_POLICY.maxDelayMs);
    for (let i = 1; i < delays.length; i++) expect(delays[i]).toBeGreaterThanOrEqual(delays[i - 1]!);
    expect(backoffMs(1, () => 1)).toBe(33_000);
    // Several hours of outage pass before a message is given up.
    expect(delays.slice(0, MAIL_POLICY.maxAttempts - 1).reduce((a, b) => a + b, 0)).toBeGreaterThan(
      4 * 3_600_000,
    );
  });
});

describe('delivery through a real SMTP server', () => {
  it('delivers an outbox row and marks it sent, with a stable Message-ID', async () => {
    await smtp.start(port);
    await database.db.transaction((tx) =>
      enqueueMail(tx, msg('organiser@example.com', 'Approved: Hack Week')),
    );
    const sent = await worker().runOnce();
    expect(sent).toBe(1);
    expect(smtp.received).toHaveLength(1);
    const got = smtp.received[0]!;
    expect(got.to).toEqual(['organiser@example.com']);
    expect(got.from).toBe('no-reply@agora.test');
    expect(got.raw).toContain('Subject: Approved: Hack Week');
    expect(got.raw).toContain('Body of Approved: Hack Week');
    const [row] = await outbox();
    expect(row).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
    expect(row!.sentAt?.toISOString()).toBe('2026-03-01T10:00:00.000Z');
    expect(got.raw).toContain(`Message-ID: <${row!.id}@agora.outbox>`);
    // Sent rows are never sent again.
    expect(await worker().runOnce()).toBe(0);
    expect(smtp.received).toHaveLength(1);
  });

  it('keeps mail queued while SMTP is down and delivers it, once each, when it is back', async () => {
    for (const s of ['one', 'two', 'three']) await enqueueMail(database.db, msg(`${s}@example.com`, s));
    const w = worker();
    expect(await w.runOnce()).toBe(0);
    let rows = await outbox();
    expect(rows.every((r) => r.status === 'pending')).toBe(true);
    // The first attempt found the server down; the rest of the batch went back untried.
    expect(rows.map((r) => r.attempts).sort()).toEqual([0, 0, 1]);
    const tried = rows.find((r) => r.attempts === 1)!;
    expect(tried.lastError).toBeTruthy();
    const retryAt = clock.now().getTime() + backoffMs(1, () => 0);
    expect(rows.every((r) => r.nextAttemptAt.getTime() === retryAt)).toBe(true);

    // Not due yet: nothing is attempted (no hammering of a dead server).
    clock.advance(10_000);
    expect(await w.runOnce()).toBe(0);
    expect((await outbox()).map((r) => r.attempts).sort()).toEqual([0, 0, 1]);

    await smtp.start(port);
    clock.advance(backoffMs(1, () => 0));
    expect(await w.runOnce()).toBe(3);
    rows = await outbox();
    expect(rows.every((r) => r.status === 'sent')).toBe(true);
    expect(smtp.received.map((r) => r.to[0]).sort()).toEqual([
      'one@example.com',
      'three@example.com',
      'two@example.com',
    ]);
    expect(await w.runOnce()).toBe(0);
    expect(smtp.received).toHaveLength(3);
  });

  it('logs an unreachable SMTP server once per failure streak, with host and code, and its return', async () => {
    const lines: Array<{ level: 'warn' | 'info'; obj: Record<string, unknown>; msg: string }> = [];
    const transport = new SmtpTransport(`smtp://mailer:s3cret-pass@127.0.0.1:${port}`, {
      warn: (obj, msg) => lines.push({ level: 'warn', obj: obj as Record<string, unknown>, msg }),
      info: (obj, msg) => lines.push({ level: 'info', obj: obj as Record<string, unknown>, msg }),
    });
    const w = worker(transport);
    for (const s of ['one', 'two', 'three']) await enqueueMail(database.db, msg(`${s}@example.com`, s));
    // Three attempts an hour apart while the server is down: one line, not one per attempt.
    for (let i = 0; i < 3; i++) {
      expect(await w.runOnce()).toBe(0);
      clock.advance(MAIL_POLICY.maxDelayMs * 2);
    }
    expect((await outbox()).map((r) => r.attempts).sort()).toEqual([0, 0, 3]);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: 'warn',
      obj: { host: `127.0.0.1:${port}`, code: expect.stringMatching(/^E[A-Z]+$/) },
    });
    expect(lines[0]!.msg).toMatch(/cannot reach the SMTP server/);
    // The URL's credentials are never logged.
    expect(JSON.stringify(lines)).not.toContain('s3cret-pass');

    await smtp.start(port);
    expect(await w.runOnce()).toBe(3);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatchObject({ level: 'info', obj: { host: `127.0.0.1:${port}` } });

    // A new outage is a new streak: logged again, once.
    await smtp.stop();
    for (const s of ['four', 'five']) await enqueueMail(database.db, msg(`${s}@example.com`, s));
    expect(await w.runOnce()).toBe(0);
    clock.advance(MAIL_POLICY.maxDelayMs * 2);
    expect(await w.runOnce()).toBe(0);
    expect(lines.map((l) => l.level)).toEqual(['warn', 'info', 'warn']);
  });

  it('marks a message the server refuses for good as failed at once; the others still go', async () => {
    await smtp.start(port);
    smtp.rejectRecipient = 'nobody@example.com';
    await enqueueMail(database.db, msg('nobody@example.com', 'bounce'));
    await enqueueMail(database.db, msg('somebody@example.com', 'fine'));
    expect(await worker().runOnce()).toBe(1);
    const rows = await outbox();
    const bad = rows.find((r) => r.to === 'nobody@example.com')!;
    expect(bad).toMatchObject({ status: 'failed', attempts: 1 });
    expect(bad.lastError).toMatch(/550|unavailable/i);
    expect(rows.find((r) => r.to === 'somebody@example.com')!.status).toBe('sent');
  });

  it('retries a temporary refusal with growing delays, then marks it failed (kept, not deleted)', async () => {
    await smtp.start(port);
    smtp.dataError = 451;
    await enqueueMail(database.db, msg('later@example.com', 'temporary'));
    const w = worker();
    const gaps: number[] = [];
    for (let attempt = 1; attempt <= MAIL_POLICY.maxAttempts; attempt++) {
      expect(await w.runOnce()).toBe(0);
      const [row] = await outbox();
      expect(row!.attempts).toBe(attempt);
      if (attempt < MAIL_POLICY.maxAttempts) {
        expect(row!.status).toBe('pending');
        const gap = row!.nextAttemptAt.getTime() - clock.now().getTime();
        gaps.push(gap);
        clock.advance(gap);
      } else {
        expect(row!.status).toBe('failed');
        expect(row!.lastError).toMatch(/451|later/i);
      }
    }
    expect(gaps[0]).toBe(30_000);
    expect(gaps[1]).toBe(60_000);
    expect(gaps.at(-1)).toBe(MAIL_POLICY.maxDelayMs);
    clock.advance(MAIL_POLICY.maxDelayMs * 2);
    expect(await w.runOnce()).toBe(0);
    expect(smtp.received).toHaveLength(0);
    expect(await outbox()).toHaveLength(1);
  });
});

describe('never lost, never doubled', () => {
  it('a message claimed by a worker that died mid-send is delivered by another after the lease', async () => {
    await smtp.start(port);
    await enqueueMail(database.db, msg('lease@example.com', 'leased'));
    let started!: () => void;
    const sending = new Promise<void>((r) => {
      started = r;
    });
    // This worker's send never finishes (the process "died" holding the claim).
    const stuck = new MailWorker(
      database.db,
      {
        send: () => {
          started();
          return new Promise<void>(() => {});
        },
      },
      'a@b.c',
      clock,
    );
    void stuck.runOnce();
    await sending;
    const other = worker();
    expect(await other.runOnce()).toBe(0);
    clock.advance(MAIL_POLICY.leaseMs + 1);
    expect(await other.runOnce()).toBe(1);
    expect(smtp.received.map((r) => r.to[0])).toEqual(['lease@example.com']);
  });

  it('three workers running at once deliver every message exactly once', async () => {
    await smtp.start(port);
    // More than two batches, so the workers really compete for rows.
    const n = MAIL_POLICY.batchSize * 2 + 5;
    for (let i = 0; i < n; i++) await enqueueMail(database.db, msg(`r${i}@example.com`, `m${i}`));
    const counts = await Promise.all([worker(), worker(), worker()].map((w) => w.runOnce()));
    expect(counts.reduce((x, y) => x + y, 0)).toBe(n);
    expect(smtp.received).toHaveLength(n);
    expect(new Set(smtp.received.map((r) => r.to[0])).size).toBe(n);
    expect((await outbox()).every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);
  });
});

/** Records what it sends; with `hold`, each send waits until release() (a slow SMTP server). */
class SlowTransport implements MailTransport {
  sent: string[] = [];
  started: string[] = [];
  private waiters: Array<() => void> = [];
  constructor(
    private hold = false,
    private delayMs = 0,
  ) {}
  async send(_from: string, m: MailMessage): Promise<void> {
    this.started.push(m.to);
    if (this.hold) await new Promise<void>((r) => this.waiters.push(r));
    if (this.delayMs) await new Promise((r) => setTimeout(r, this.delayMs));
    this.sent.push(m.to);
  }
  release(): void {
    this.hold = false;
    for (const w of this.waiters.splice(0)) w();
  }
}

async function until(cond: () => boolean, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('outbox claims, leases and shutdown', () => {
  it('a claim takes at most the batch size, however many rows are due', async () => {
    const n = 650;
    await database.db
      .insert(mailOutbox)
      .values(
        Array.from({ length: n }, (_, i) => ({ to: `b${i}@example.com`, subject: `s${i}`, text: 'x' })),
      );
    const t = new SlowTransport();
    expect(await worker(t).runOnce()).toBe(MAIL_POLICY.batchSize);
    const rows = await outbox();
    expect(rows.filter((r) => r.status === 'sent')).toHaveLength(MAIL_POLICY.batchSize);
    // Nothing else was claimed: every other row is unleased and still due.
    const pending = rows.filter((r) => r.status === 'pending');
    expect(pending).toHaveLength(n - MAIL_POLICY.batchSize);
    expect(pending.every((r) => r.leaseToken === null && r.attempts === 0)).toBe(true);
  });

  it('two workers on one outbox, with a slow server, deliver every message exactly once', async () => {
    const n = MAIL_POLICY.batchSize * 3 + 7;
    for (let i = 0; i < n; i++) await enqueueMail(database.db, msg(`w${i}@example.com`, `m${i}`));
    const a = new SlowTransport(false, 5);
    const b = new SlowTransport(false, 5);
    const counts = await Promise.all([worker(a).drain(), worker(b).drain()]);
    expect(counts[0] + counts[1]).toBe(n);
    const all = [...a.sent, ...b.sent];
    expect(all).toHaveLength(n);
    expect(new Set(all).size).toBe(n);
    expect(a.sent.length).toBeGreaterThan(0);
    expect(b.sent.length).toBeGreaterThan(0);
    expect((await outbox()).every((r) => r.status === 'sent' && r.attempts === 1 && !r.leaseToken)).toBe(
      true,
    );
  });

  it('never sends a message whose expired lease another worker has taken since', async () => {
    for (let i = 0; i < 3; i++) await enqueueMail(database.db, msg(`l${i}@example.com`, `l${i}`));
    const slow = new SlowTransport(true);
    const first = worker(slow).runOnce();
    await until(() => slow.started.length === 1);
    // The first worker stalls past its lease; another claims the three rows and sends them.
    clock.advance(MAIL_POLICY.leaseMs + 1);
    const fast = new SlowTransport();
    expect(await worker(fast).runOnce()).toBe(3);
    slow.release();
    expect(await first).toBe(1);
    // Only the message already on the wire went twice; the two others were checked and skipped.
    expect(slow.sent).toEqual(['l0@example.com']);
    expect(fast.sent.sort()).toEqual(['l0@example.com', 'l1@example.com', 'l2@example.com']);
  });

  it('stop() lets the message in flight finish and be marked sent, and hands the rest back at once', async () => {
    for (let i = 0; i < 4; i++) await enqueueMail(database.db, msg(`s${i}@example.com`, `s${i}`));
    const slow = new SlowTransport(true);
    const w = worker(slow);
    void w.runOnce();
    await until(() => slow.started.length === 1);
    const stopped = w.stop();
    slow.release();
    await stopped;
    const rows = await outbox();
    expect(rows.filter((r) => r.status === 'sent').map((r) => r.to)).toEqual(['s0@example.com']);
    expect(slow.sent).toEqual(['s0@example.com']);
    // The three untouched rows are due now (no lease to wait out) and go out through another worker.
    const other = new SlowTransport();
    expect(await worker(other).runOnce()).toBe(3);
    expect(other.sent.sort()).toEqual(['s1@example.com', 's2@example.com', 's3@example.com']);
  });
});

/** An e-mail as its reader sees it: quoted-printable soft breaks and `=3D` undone. */
const readable = (raw: string) => raw.replace(/=\r?\n/g, '').replace(/=3D/gi, '=');

describe('links that let their holder in are never stored', () => {
  const id = '6f1c2d3e-4a5b-4c6d-8e9f-0a1b2c3d4e5f';
  const linked = (to: string): MailMessage => ({
    to,
    subject: 'Your link',
    text: `Open this:\n\n${MAIL_LINK_SLOT}\n\nThanks`,
    link: { kind: 'test-link', id },
  });
  /** A minter that hands out a new token each time, and records what it was asked. */
  function minter(answer: 'mint' | 'gone' = 'mint') {
    const calls: string[] = [];
    const links: MailLinks = {
      'test-link': async (_db, rowId) => {
        calls.push(rowId);
        return answer === 'gone' ? null : `https://agora.test/open?token=tok${calls.length}x${rowId}`;
      },
    };
    return { calls, links };
  }

  it('stores a placeholder and a reference, mints the link as it sends, and keeps no reference after', async () => {
    await smtp.start(port);
    await enqueueMail(database.db, linked('holder@example.com'));
    const [queued] = await outbox();
    expect(queued!.text).toContain(MAIL_LINK_SLOT);
    expect(queued!.linkRef).toBe(`test-link:${id}`);
    expect(JSON.stringify(queued)).not.toContain('token=');

    const m = minter();
    expect(await worker(undefined, m.links).runOnce()).toBe(1);
    expect(m.calls).toEqual([id]);
    const got = readable(smtp.received[0]!.raw);
    expect(got).toContain(`https://agora.test/open?token=tok1x${id}`);
    expect(got).not.toContain(MAIL_LINK_SLOT);
    const [row] = await outbox();
    expect(row).toMatchObject({ status: 'sent', linkRef: null, text: queued!.text });
    expect(JSON.stringify(row)).not.toContain('tok1');
  });

  it('a retried message gets a newly minted link', async () => {
    await smtp.start(port);
    smtp.dataError = 451;
    await enqueueMail(database.db, linked('retry@example.com'));
    const m = minter();
    const w = worker(undefined, m.links);
    expect(await w.runOnce()).toBe(0);
    const [pending] = await outbox();
    expect(pending).toMatchObject({ status: 'pending', linkRef: `test-link:${id}` });
    smtp.dataError = null;
    clock.advance(MAIL_POLICY.baseDelayMs);
    expect(await w.runOnce()).toBe(1);
    expect(m.calls).toHaveLength(2);
    expect(readable(smtp.received[0]!.raw)).toContain(`token=tok2x${id}`);
  });

  it('does not send a message whose link no longer applies (used, replaced, expired)', async () => {
    await smtp.start(port);
    await enqueueMail(database.db, linked('late@example.com'));
    expect(await worker(undefined, minter('gone').links).runOnce()).toBe(0);
    expect(smtp.received).toHaveLength(0);
    const [row] = await outbox();
    expect(row).toMatchObject({ status: 'failed', attempts: 1 });
    expect(row!.lastError).toMatch(/used, replaced or expired/);
  });

  it('keeps a message whose kind of link this instance cannot mint for a later attempt', async () => {
    await smtp.start(port);
    await enqueueMail(database.db, linked('unknown@example.com'));
    expect(await worker().runOnce()).toBe(0);
    expect(smtp.received).toHaveLength(0);
    const [row] = await outbox();
    expect(row).toMatchObject({ status: 'pending', attempts: 1, linkRef: `test-link:${id}` });
  });

  it('refuses a message with a link but no place for it, and a malformed reference', async () => {
    await expect(
      enqueueMail(database.db, { ...linked('x@example.com'), text: 'No slot here' }),
    ).rejects.toThrow(/MAIL_LINK_SLOT/);
    // The database refuses a reference that is not "<kind>:<uuid>" (e.g. a link put there).
    await expect(
      database.db.insert(mailOutbox).values({
        to: 'x@example.com',
        subject: 's',
        text: MAIL_LINK_SLOT,
        linkRef: 'https://agora.test/reset-password?token=abc',
      }),
    ).rejects.toThrow();
    expect(await outbox()).toHaveLength(0);
  });
});

describe('the app with SMTP_URL', () => {
  it('sends through SMTP and reminds participants of a hackathon starting within 24 hours', async () => {
    await smtp.start(port);
    const dataDir = mkdtempSync(path.join(tmpdir(), 'agora-mail-'));
    const appClock = new ManualClock(new Date());
    const app = await buildApp({
      config: testConfig(
        dataDir,
        {},
        { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'Agora <mail@agora.test>' },
      ),
      database,
      clock: appClock,
      logger: false,
    });
    try {
      await app.ready();
      const [organiser, participant] = await database.db
        .insert(users)
        .values([
          { email: 'org.mail@example.com', name: 'Org', displayName: 'Org' },
          { email: 'joiner.mail@example.com', name: 'Joiner', displayName: 'Joiner' },
        ])
        .returning();
      const start = new Date(appClock.now().getTime() + 3 * 3_600_000);
      const [h] = await database.db
        .insert(hackathons)
        .values({
          authorId: organiser!.id,
          title: 'Reminder Hack',
          description: 'x',
          category: 'AI/ML',
          organizerName: 'Org',
          organizerEmail: 'org.mail@example.com',
          startDate: start,
          endDate: new Date(start.getTime() + 86_400_000),
          prizePool: '100',
          status: 'published',
        })
        .returning();
      await database.db.insert(hackathonParticipants).values({ hackathonId: h!.id, userId: participant!.id });

      // One run of the reminders task: the notification and its mail are queued; the worker delivers.
      await runTask(app.ctx, 'hackathons.starting-soon-reminders');
      const notes = await database.db
        .select()
        .from(notifications)
        .where(eq(notifications.userId, participant!.id));
      expect(notes).toHaveLength(1);
      expect(notes[0]).toMatchObject({ type: 'hackathon_starting', link: `/hackathon/${h!.id}` });
      await app.ctx.mailWorker.runOnce();
      const mail = smtp.received.filter((r) => r.to.includes('joiner.mail@example.com'));
      expect(mail).toHaveLength(1);
      expect(mail[0]!.from).toBe('mail@agora.test');
      expect(mail[0]!.raw).toContain('Reminder Hack');

      // Reminded once: the next run (10 minutes later) sends nothing new.
      appClock.advance(11 * 60_000);
      await runTask(app.ctx, 'hackathons.starting-soon-reminders');
      expect(
        await database.db.select().from(notifications).where(eq(notifications.userId, participant!.id)),
      ).toHaveLength(1);
    } finally {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('e-mails a password reset link that works, and the outbox never holds it', async () => {
    await smtp.start(port);
    const dataDir = mkdtempSync(path.join(tmpdir(), 'agora-mail-'));
    const app = await buildApp({
      config: testConfig(dataDir, {}, { SMTP_URL: `smtp://127.0.0.1:${port}` }),
      database,
      clock: new ManualClock(new Date()),
      logger: false,
    });
    try {
      await app.ready();
      const email = 'reset.mail@example.com';
      const signup = await app.inject({
        method: 'POST',
        url: '/api/auth/signup',
        payload: { name: 'Reset Mail', email, password: 'the old passphrase' },
      });
      expect(signup.statusCode).toBe(201);
      const forgot = await app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        payload: { email },
      });
      expect(forgot.statusCode).toBe(200);
      const [queued] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
      expect(queued!.text).toContain(MAIL_LINK_SLOT);
      expect(queued!.text).not.toMatch(/token=/);

      await app.ctx.mailWorker.runOnce();
      const mail = smtp.received.filter((r) => r.to.includes(email));
      expect(mail).toHaveLength(1);
      const token = /\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(readable(mail[0]!.raw))?.[1];
      expect(token).toBeTruthy();
      const [row] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
      expect(row).toMatchObject({ status: 'sent', linkRef: null });
      expect(JSON.stringify(row)).not.toContain(token!);

      const reset = await app.inject({
        method: 'POST',
        url: '/api/auth/reset-password',
        payload: { token, password: 'a new passphrase here' },
      });
      expect(reset.statusCode, reset.body).toBe(200);
      const login = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email, password: 'a new passphrase here' },
      });
      expect(login.statusCode).toBe(200);
    } finally {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
