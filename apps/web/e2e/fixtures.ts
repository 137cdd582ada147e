import { test as base, expect } from '@playwright/test';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { type RunningServer, SERVER_START_MS, startServer } from './support';

/**
 * The server of the file being run: a Playwright worker runs one file at a time, so a module-level
 * value is this file's. `serverForThisFile` sets it; the `baseURL` fixture reads it, so `page.goto('/x')`
 * goes to this file's server.
 */
let current: RunningServer | null = null;

/**
 * Starts the real, built server on a fresh embedded database before the file's first test and stops
 * it after its last (extra env per file, e.g. SMTP_URL). The tests of the file run one after another.
 */
export function serverForThisFile(env: Record<string, string> | (() => Record<string, string>) = {}): {
  readonly url: string;
} {
  test.describe.configure({ mode: 'serial' });
  test.beforeAll(async () => {
    test.setTimeout(SERVER_START_MS + 20_000);
    current = await startServer(typeof env === 'function' ? env() : env);
  });
  test.afterAll(async () => {
    await current?.stop();
    current = null;
  });
  return {
    get url() {
      if (!current)
        throw new Error('the server is not running (serverForThisFile starts it before the tests)');
      return current.url;
    },
  };
}

export const test = base.extend({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
  baseURL: async ({}, use) => {
    await use(current?.url);
  },
});

export { expect };

/** A local SMTP server on a free loopback port: the e-mails the server really sends, as received. */
export class SmtpSink {
  readonly mails: Array<{ to: string[]; raw: string }> = [];
  private server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    onData: (stream, session, cb) => {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        this.mails.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        cb();
      });
    },
  });
  async start(): Promise<number> {
    await new Promise<void>((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(0, '127.0.0.1', () => resolve());
    });
    return (this.server.server.address() as AddressInfo).port;
  }
  stop(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
  /** The first e-mail to `to`, decoded from quoted-printable, once it has arrived. */
  async mailTo(to: string, timeoutMs = 45_000): Promise<string> {
    let raw: string | undefined;
    await expect
      .poll(() => (raw = this.mails.find((m) => m.to.includes(to))?.raw), {
        message: `an e-mail to ${to}`,
        timeout: timeoutMs,
      })
      .toBeDefined();
    return raw!.replace(/=\r?\n/g, '').replace(/=3D/gi, '=');
  }
}
