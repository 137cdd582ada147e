import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Db, Executor } from '../db/client.js';
import { mailOutbox } from '../db/schema/index.js';
import type { Clock } from './clock.js';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /**
   * A link that lets its holder in (a password reset) is never stored: the body carries
   * MAIL_LINK_SLOT where it goes, and the link is minted from this reference when the message is
   * sent. A transport never sees it (the body it gets holds the link).
   */
  link?: MailLinkRef;
  /**
   * Extra headers, sent as they are (List-Unsubscribe on what a user can stop); the worker adds
   * AUTOMATIC_MAIL_HEADERS to every message.
   */
  headers?: Record<string, string>;
}

/** What a message's link is minted from: `kind` names the minter (src/mail-links.ts), `id` its row. */
export interface MailLinkRef {
  kind: string;
  id: string;
}

/**
 * Mints the link of a message at the moment it is sent, or null when it no longer applies (used,
 * replaced, expired). The link then exists only in the e-mail: not in the outbox, so not in a backup.
 */
export type MailLinkMinter = (db: Db, id: string, now: Date) => Promise<string | null>;
export type MailLinks = Readonly<Record<string, MailLinkMinter>>;

/** Where a minted link goes in a body; what the stored body says in its place. */
export const MAIL_LINK_SLOT = '[link not stored: it is only in the e-mail sent]';

function outboxValues(msg: MailMessage) {
  if (msg.link && !msg.text.includes(MAIL_LINK_SLOT)) {
    throw new Error('A message with a link must say where it goes (MAIL_LINK_SLOT)');
  }
  return {
    to: msg.to,
    subject: msg.subject,
    text: msg.text,
    html: msg.html ?? null,
    linkRef: msg.link ? `${msg.link.kind}:${msg.link.id}` : null,
    headers: msg.headers ?? null,
  };
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The body as sent: the minted link in its slot (text, and html escaped as HTML). */
function withLink(msg: MailMessage, link: string): MailMessage {
  return {
    to: msg.to,
    subject: msg.subject,
    text: msg.text.split(MAIL_LINK_SLOT).join(link),
    html: msg.html?.split(escapeHtml(MAIL_LINK_SLOT)).join(escapeHtml(link)),
  };
}

/**
 * Headers on every message Agora sends. All of it is sent by Agora itself, never typed by a
 * person: notifications, reminders, alerts and digests, and also the password reset, which a user
 * asks for but a program writes and sends (RFC 3834 §5: "auto-generated"). Auto-responders
 * (out-of-office, vacation) must not answer such mail, so 46 reminders sent at once do not come
 * back as 46 replies; Exchange and Outlook read their own header for the same thing.
 */
export const AUTOMATIC_MAIL_HEADERS: Readonly<Record<string, string>> = {
  'Auto-Submitted': 'auto-generated',
  'X-Auto-Response-Suppress': 'OOF, AutoReply',
};

/**
 * What nodemailer is asked to send for a message: both parts (text and html become one
 * multipart/alternative message, text first) and the headers as they are.
 */
export function nodemailerMessage(from: string, msg: MailMessage, messageId?: string) {
  return {
    from,
    to: msg.to,
    subject: msg.subject,
    text: msg.text,
    ...(msg.html ? { html: msg.html } : {}),
    ...(msg.headers ? { headers: msg.headers } : {}),
    ...(messageId ? { messageId } : {}),
  };
}

export interface MailTransport {
  /** `messageId` is stable per outbox row, so a retried delivery can be recognised as the same mail. */
  send(from: string, msg: MailMessage, messageId?: string): Promise<void>;
  close?(): void;
}

/** Where SMTP trouble is reported (the server's log). */
export interface SmtpLog {
  warn(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
}

export class SmtpTransport implements MailTransport {
  private transporter;
  /** `host:port` of SMTP_URL, never its user or password: what the log names. */
  readonly host: string;
  /** In a streak of connection failures: logged once when it starts and once when it ends. */
  private unreachable = false;
  constructor(
    url: string,
    private readonly log?: SmtpLog,
  ) {
    const u = new URL(url);
    this.host = `${u.hostname}:${u.port || (u.protocol === 'smtps:' ? '465' : '587')}`;
    this.transporter = nodemailer.createTransport(url, {
      connectionTimeout: 5000,
      greetingTimeout: 5000,
      socketTimeout: 10_000,
    } as never);
  }
  async send(from: string, msg: MailMessage, messageId?: string): Promise<void> {
    try {
      await this.transporter.sendMail(nodemailerMessage(from, msg, messageId));
    } catch (err) {
      if (isConnectionFailure(err) && !this.unreachable) {
        this.unreachable = true;
        const e = err as { code?: string; message?: string };
        this.log?.warn(
          { host: this.host, code: e.code, error: String(e.message ?? err).slice(0, 300) },
          'mail: cannot reach the SMTP server; messages stay in the outbox and are retried',
        );
      }
      throw err;
    }
    if (this.unreachable) {
      this.unreachable = false;
      this.log?.info({ host: this.host }, 'mail: the SMTP server is reachable again');
    }
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
  await exec.insert(mailOutbox).values(outboxValues(msg));
}

/** Puts given-up mail back in the queue (after SMTP was fixed); returns how many rows. */
export async function requeueFailedMail(exec: Executor, now: Date): Promise<number> {
  const rows = await exec
    .update(mailOutbox)
    .set({ status: 'pending', attempts: 0, nextAttemptAt: now, lastError: null })
    .where(eq(mailOutbox.status, 'failed'))
    .returning({ id: mailOutbox.id });
  return rows.length;
}

/** Several messages in one statement (same rule: inside the caller's transaction). */
export async function enqueueMails(exec: Executor, msgs: MailMessage[]): Promise<void> {
  if (msgs.length === 0) return;
  await exec.insert(mailOutbox).values(msgs.map(outboxValues));
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

/** A claimed outbox row, as the claim returns it. */
interface ClaimedRow {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  link_ref: string | null;
  headers: Record<string, string> | null;
  attempts: number;
  createdAt: number;
}

/**
 * Delivers the outbox. A worker claims a batch (at most `batchSize` rows, FOR UPDATE SKIP LOCKED)
 * under a lease token of its own, and before each send renews the lease only if it still holds
 * it: a row whose lease expired and was claimed by another instance is never sent by this one.
 * Failures are retried with exponential backoff and finally marked `failed` (never deleted). The
 * task runner calls `drain()` (platform/mail.tasks.ts); stop() lets the message being sent finish
 * and be marked sent, and hands the rest of the claim back at once.
 */
export class MailWorker {
  private running: Promise<{ claimed: number; sent: number }> | null = null;
  private stopping = false;
  constructor(
    private db: Db,
    private transport: MailTransport,
    private from: string,
    private clock: Clock,
    private onError: (err: unknown) => void = () => {},
    private random: () => number = Math.random,
    private links: MailLinks = {},
  ) {}

  /** Asks a running delivery to finish the message it is sending and hand the rest back. */
  requestStop(): void {
    this.stopping = true;
  }

  /** Stops delivering: waits for the message in flight (marked sent), then closes the transport. */
  async stop(): Promise<void> {
    this.stopping = true;
    await this.running?.catch(() => {});
    this.transport.close?.();
  }

  /** Sends one batch of due messages; returns how many were delivered. */
  async runOnce(): Promise<number> {
    return (await this.batch()).sent;
  }

  /** Sends batches until the outbox has nothing due, the time budget is spent or stop() is called. */
  async drain(budgetMs = 60_000): Promise<number> {
    const started = Date.now();
    let sent = 0;
    while (!this.stopping && Date.now() - started < budgetMs) {
      const r = await this.batch();
      sent += r.sent;
      if (r.claimed < MAIL_POLICY.batchSize || r.sent === 0) break;
    }
    return sent;
  }

  private batch(): Promise<{ claimed: number; sent: number }> {
    if (this.stopping) return Promise.resolve({ claimed: 0, sent: 0 });
    if (!this.running) {
      this.running = this.deliver().finally(() => {
        this.running = null;
      });
    }
    return this.running;
  }

  private leaseUntil(): Date {
    return new Date(this.clock.now().getTime() + MAIL_POLICY.leaseMs);
  }

  /**
   * Claims due rows under a fresh lease token. The row set is chosen in a MATERIALIZED CTE,
   * evaluated once: the `id IN (SELECT … LIMIT n FOR UPDATE SKIP LOCKED)` form may be re-planned
   * as a join that re-runs the subquery and claims far more than the batch.
   */
  private async claim(token: string): Promise<ClaimedRow[]> {
    const now = this.clock.now();
    const { rows } = (await this.db.execute(sql`
      with due as materialized (
        select id from ${mailOutbox}
         where status = 'pending'
           -- A row never tried nor leased still has next_attempt_at = created_at exactly (both the
           -- DB's now()): it is due at once, even if the worker's clock lags the database's.
           and (next_attempt_at <= ${now.toISOString()}::timestamptz or next_attempt_at = created_at)
         order by next_attempt_at, created_at
         limit ${MAIL_POLICY.batchSize}
         for update skip locked
      )
      update ${mailOutbox} m
         set next_attempt_at = ${this.leaseUntil().toISOString()}::timestamptz, lease_token = ${token}
        from due
       where m.id = due.id and m.status = 'pending'
      returning m.id, m."to", m.subject, m.text, m.html, m.link_ref, m.headers, m.attempts, m.created_at`)) as unknown as {
      rows: Array<Omit<ClaimedRow, 'createdAt'> & { created_at: Date | string }>;
    };
    return rows
      .map(({ created_at, ...r }) => ({ ...r, createdAt: new Date(created_at).getTime() }))
      .sort((a, b) => a.createdAt - b.createdAt);
  }

  /** Renews the lease if this worker still holds it; false when another worker owns the row now. */
  private async renew(id: string, token: string): Promise<boolean> {
    const rows = await this.db
      .update(mailOutbox)
      .set({ nextAttemptAt: this.leaseUntil() })
      .where(and(eq(mailOutbox.id, id), eq(mailOutbox.leaseToken, token), eq(mailOutbox.status, 'pending')))
      .returning({ id: mailOutbox.id });
    return rows.length === 1;
  }

  /** Hands rows of this claim back, due at `at` (no attempt counted). */
  private async release(ids: string[], token: string, at: Date): Promise<void> {
    if (ids.length === 0) return;
    await this.db
      .update(mailOutbox)
      .set({ nextAttemptAt: at, leaseToken: null })
      .where(
        and(inArray(mailOutbox.id, ids), eq(mailOutbox.leaseToken, token), eq(mailOutbox.status, 'pending')),
      );
  }

  /**
   * The row's link, minted now. A retried message gets a new one (the last one sent works): the
   * token of an earlier attempt was never kept.
   */
  private async mintLink(ref: string): Promise<string | null> {
    const at = ref.indexOf(':');
    const minter = this.links[ref.slice(0, at)];
    if (!minter) throw new Error(`No minter for mail links of kind "${ref.slice(0, at)}"`);
    return minter(this.db, ref.slice(at + 1), this.clock.now());
  }

  private async deliver(): Promise<{ claimed: number; sent: number }> {
    const token = randomUUID();
    const rows = await this.claim(token);
    let sent = 0;
    for (let i = 0; i < rows.length; i++) {
      const row = rows[i]!;
      if (this.stopping) {
        // Shutting down: the rest goes back to the outbox now, for another instance to send.
        await this.release(
          rows.slice(i).map((r) => r.id),
          token,
          this.clock.now(),
        );
        break;
      }
      if (!(await this.renew(row.id, token))) continue;
      try {
        let msg: MailMessage = {
          to: row.to,
          subject: row.subject,
          text: row.text,
          html: row.html ?? undefined,
        };
        if (row.link_ref) {
          const link = await this.mintLink(row.link_ref);
          if (link === null) {
            // Nothing worth sending: the link was used, replaced by a newer one or expired.
            await this.db
              .update(mailOutbox)
              .set({
                attempts: row.attempts + 1,
                lastError: 'Its link was used, replaced or expired before it could be sent',
                status: 'failed',
                leaseToken: null,
              })
              .where(eq(mailOutbox.id, row.id));
            continue;
          }
          msg = withLink(msg, link);
        }
        msg = { ...msg, headers: { ...AUTOMATIC_MAIL_HEADERS, ...(row.headers ?? {}) } };
        await this.transport.send(this.from, msg, `<${row.id}@agora.outbox>`);
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
            leaseToken: null,
          })
          .where(eq(mailOutbox.id, row.id));
        if (isConnectionFailure(err)) {
          // The server is down: hand the rest of the batch back untried (no attempt counted) for
          // the same retry time, instead of waiting out a timeout for each of them.
          await this.release(
            rows.slice(i + 1).map((r) => r.id),
            token,
            retryAt,
          );
          break;
        }
        this.onError(err);
        continue;
      }
      // Delivered: recorded whatever happened to the lease meanwhile.
      await this.db
        .update(mailOutbox)
        .set({
          status: 'sent',
          sentAt: this.clock.now(),
          attempts: sql`${mailOutbox.attempts} + 1`,
          lastError: null,
          leaseToken: null,
          linkRef: null,
        })
        .where(eq(mailOutbox.id, row.id));
      sent++;
    }
    return { claimed: rows.length, sent };
  }
}
