import { and, asc, eq, inArray, lte, or, sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Db, Executor } from '../db/client.js';
import { mailOutbox } from '../db/schema/index.js';
import type { Clock } from './clock.js';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface MailTransport {
  /** `messageId` is stable per outbox row, so a retried delivery can be recognised as the same mail. */
  send(from: string, msg: MailMessage, messageId?: string): Promise<void>;
  close?(): void;
}

export class SmtpTransport implements MailTransport {
  private transporter;
  constructor(url: string) {
    this.transporter = nodemailer.createTransport(url, {
      connectionTimeout: 5000,
      greetingTimeout: 5000,
      socketTimeout: 10_000,
    } as never);
  }
  async send(from: string, msg: MailMessage, messageId?: string): Promise<void> {
    await this.transporter.sendMail({
      from,
      to: msg.to,
      subject: msg.subject,
      text: msg.text,
      html: msg.html,
      ...(messageId ? { messageId } : {}),
    });
  }
  close() {
    this.transporter.close();
  }
}

/** Without SMTP the message stays in the outbox table and is logged (subject and recipient only). */
export class LogTransport implements MailTransport {
  constructor(private log: (obj: object, msg: string) => void) {}
  async send(_from: string, msg: MailMessage): Promise<void> {
    this.log({ to: msg.to, subject: msg.subject }, 'mail (no SMTP configured)');
  }
}

/** Writes a message to the outbox inside the caller's transaction: the event and its mail commit together. */
export async function enqueueMail(exec: Executor, msg: MailMessage): Promise<void> {
  await exec
    .insert(mailOutbox)
    .values({ to: msg.to, subject: msg.subject, text: msg.text, html: msg.html ?? null });
}

/** Retry policy. An outage of several hours is survived; then the row is marked failed (kept, retryable). */
export const MAIL_POLICY = {
  maxAttempts: 12,
  baseDelayMs: 30_000,
  maxDelayMs: 60 * 60_000,
  batchSize: 20,
  /**
   * A claimed row is hidden from other workers for this long. If the process dies mid-send the
   * row becomes due again afterwards: delivery is at-least-once, never lost.
   */
  leaseMs: 10 * 60_000,
} as const;

/** Delay before attempt n+1 after n failed attempts: 30 s, 60 s, 2 min … capped at 1 h, plus ≤10 % jitter. */
export function backoffMs(attempts: number, random: () => number = Math.random): number {
  const base = Math.min(MAIL_POLICY.maxDelayMs, MAIL_POLICY.baseDelayMs * 2 ** Math.max(0, attempts - 1));
  return Math.round(base * (1 + 0.1 * random()));
}

const CONNECTION_ERRORS = new Set([
  'ECONNECTION',
  'ETIMEDOUT',
  'ESOCKET',
  'EDNS',
  'ETLS',
  'ECONNREFUSED',
  'ECONNRESET',
  'EHOSTUNREACH',
  'ENOTFOUND',
]);

/** The server is unreachable: nothing else in this batch can go out either. */
export function isConnectionFailure(err: unknown): boolean {
  const code = (err as { code?: string }).code;
  return typeof code === 'string' && CONNECTION_ERRORS.has(code);
}

/**
 * The server refused this message for good (5xx to the recipient or to the content). Everything
 * else — outages, timeouts, 4xx, authentication trouble — is worth retrying.
 */
export function isPermanentFailure(err: unknown): boolean {
  const e = err as { code?: string; responseCode?: number };
  return (e.code === 'EENVELOPE' || e.code === 'EMESSAGE') && (e.responseCode ?? 0) >= 500;
}

interface PeriodicTask {
  name: string;
  everyMs: number;
  nextAt: number;
  fn: () => Promise<unknown>;
}

/**
 * Delivers the outbox. Rows are claimed with FOR UPDATE SKIP LOCKED and a lease, so several
 * server instances never send one row twice at the same time; failures are retried with
 * exponential backoff and finally marked `failed` (never deleted). It also runs small periodic
 * jobs (hackathon reminders) on the same timer, each guarded so one failing job stops nothing.
 */
export class MailWorker {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<number> | null = null;
  private tasks: PeriodicTask[] = [];
  constructor(
    private db: Db,
    private transport: MailTransport,
    private from: string,
    private clock: Clock,
    private onError: (err: unknown) => void = () => {},
    private random: () => number = Math.random,
  ) {}

  start(intervalMs = 5000): void {
    if (this.timer) return;
    this.timer = setInterval(() => {
      this.tick().catch(this.onError);
    }, intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running?.catch(() => {});
    this.transport.close?.();
  }

  /** Registers a job run every `everyMs` on the worker's timer (first run on the first tick). */
  addPeriodic(name: string, everyMs: number, fn: () => Promise<unknown>): void {
    this.tasks = this.tasks.filter((t) => t.name !== name);
    this.tasks.push({ name, everyMs, nextAt: 0, fn });
  }

  /** One timer tick: due periodic jobs, then mail. */
  async tick(): Promise<number> {
    await this.runDueTasks();
    return this.runOnce();
  }

  async runDueTasks(): Promise<void> {
    const now = this.clock.now().getTime();
    for (const task of this.tasks) {
      if (task.nextAt > now) continue;
      task.nextAt = now + task.everyMs;
      try {
        await task.fn();
      } catch (err) {
        this.onError(err);
      }
    }
  }

  /** Sends every due message once; returns how many were delivered. */
  runOnce(): Promise<number> {
    if (!this.running) {
      this.running = this.deliver().finally(() => {
        this.running = null;
      });
    }
    return this.running;
  }

  /** Claims due rows: pushes their next attempt past the lease so no other worker takes them meanwhile. */
  private async claim(now: Date) {
    const due = this.db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(
        and(
          eq(mailOutbox.status, 'pending'),
          // A row never tried nor leased still has next_attempt_at = created_at exactly (both the
          // DB's now()): it is due at once, even if the worker's clock lags the database's.
          or(lte(mailOutbox.nextAttemptAt, now), eq(mailOutbox.nextAttemptAt, mailOutbox.createdAt)),
        ),
      )
      .orderBy(asc(mailOutbox.nextAttemptAt), asc(mailOutbox.createdAt))
      .limit(MAIL_POLICY.batchSize)
      .for('update', { skipLocked: true });
    const rows = await this.db
      .update(mailOutbox)
      .set({ nextAttemptAt: new Date(now.getTime() + MAIL_POLICY.leaseMs) })
      .where(and(inArray(mailOutbox.id, due), eq(mailOutbox.status, 'pending')))
      .returning();
    return rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  }

  private async deliver(): Promise<number> {
    const rows = await this.claim(this.clock.now());
    let sent = 0;
    for (let i = 0; i < rows.length; i++) {
      const row = rows[i]!;
      try {
        await this.transport.send(
          this.from,
          { to: row.to, subject: row.subject, text: row.text, html: row.html ?? undefined },
          `<${row.id}@agora.outbox>`,
        );
      } catch (err) {
        const attempts = row.attempts + 1;
        const permanent = isPermanentFailure(err);
        const failed = permanent || attempts >= MAIL_POLICY.maxAttempts;
        const retryAt = new Date(this.clock.now().getTime() + backoffMs(attempts, this.random));
        await this.db
          .update(mailOutbox)
          .set({
            attempts,
            lastError: String((err as Error)?.message ?? err).slice(0, 500),
            status: failed ? 'failed' : 'pending',
            nextAttemptAt: retryAt,
          })
          .where(eq(mailOutbox.id, row.id));
        if (isConnectionFailure(err)) {
          // The server is down: hand the rest of the batch back untried (no attempt counted) for
          // the same retry time, instead of waiting out a timeout for each of them.
          const rest = rows.slice(i + 1).map((r) => r.id);
          if (rest.length > 0) {
            await this.db
              .update(mailOutbox)
              .set({ nextAttemptAt: retryAt })
              .where(and(inArray(mailOutbox.id, rest), eq(mailOutbox.status, 'pending')));
          }
          break;
        }
        continue;
      }
      await this.db
        .update(mailOutbox)
        .set({
          status: 'sent',
          sentAt: this.clock.now(),
          attempts: sql`${mailOutbox.attempts} + 1`,
          lastError: null,
        })
        .where(eq(mailOutbox.id, row.id));
      sent++;
    }
    return sent;
  }
}
