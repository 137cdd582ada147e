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
  MAIL_POLICY,
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

function worker(transport: MailTransport = new SmtpTransport(`smtp://127.0.0.1:${port}`)) {
  // No jitter in tests: retry times are exact.
  const w = new MailWorker(
    database.db,
    transport,
    'Agora <no-reply@agora.test>',
    clock,
    () => {},
    () => 0,
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
});
