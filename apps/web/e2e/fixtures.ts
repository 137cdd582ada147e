import { test as base, type Browser, type BrowserContext, expect, type Page } from '@playwright/test';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SMTPServer } from 'smtp-server';
import { apiJson, type RunningServer, SERVER_START_MS, signInPage, startServer } from './support';

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

/**
 * A page of its own (a new browser context on this file's server), signed in as `session` when one is
 * given, for a journey with several people; `problems` collects the page's uncaught errors (and,
 * with `consoleErrors`, its console errors and CSP violations).
 */
export async function openAs(
  browser: Browser,
  session: { token: string; user: unknown } | null,
  opts: { width?: number; height?: number; consoleErrors?: boolean } = {},
): Promise<{ context: BrowserContext; page: Page; problems: string[] }> {
  if (!current) throw new Error('the server is not running (serverForThisFile starts it before the tests)');
  const context = await browser.newContext({
    baseURL: current.url,
    viewport: { width: opts.width ?? 1280, height: opts.height ?? 800 },
  });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (e) => problems.push(e.message));
  if (opts.consoleErrors) {
    // Console errors (a failed request is the test's own business) and CSP violations count too.
    page.on('console', (m) => {
      if (m.type() === 'error' && !/Failed to load resource/.test(m.text())) problems.push(m.text());
    });
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (e) => {
        console.error(`CSP violation: ${e.violatedDirective} ${e.blockedURI}`);
      });
    });
  }
  if (session) await signInPage(page, current.url, session);
  return { context, page, problems };
}

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

const CLOCK_PRELOAD = path.join(path.dirname(fileURLToPath(import.meta.url)), 'hackathons-clock.mjs');

/**
 * This file's server (serverForThisFile) with a wall clock the journey moves from outside
 * (docs/decisions/069-hackathon-e2e-clock.md): hackathons-clock.mjs is preloaded and shifts the
 * server's time by the offset in a file of this run's own.
 */
export function serverWithMovableClock(env: Record<string, string> = {}): {
  readonly url: string;
  moveClock(offsetMs: number, hackathonId?: string): Promise<void>;
} {
  let dir = '';
  const file = () => path.join(dir, 'offset');
  const server = serverForThisFile(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'agora-clock-'));
    writeFileSync(file(), '0');
    return { NODE_OPTIONS: `--import ${CLOCK_PRELOAD}`, E2E_CLOCK_OFFSET_FILE: file(), ...env };
  });
  test.afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });
  return {
    get url() {
      return server.url;
    },
    /**
     * Sets the server's clock to now + offsetMs (the preload re-reads the file every 100 ms). Given a
     * hackathon, waits until the server runs on it: a hackathon's page reports the server's time.
     * Without one (no other answer reports the time), the journey waits for what the moved clock
     * brings about (e.g. a deadline passing), which is the check it makes anyway.
     */
    async moveClock(offsetMs, hackathonId) {
      writeFileSync(file(), String(offsetMs));
      if (hackathonId === undefined) return;
      await expect
        .poll(
          async () => {
            const h = await apiJson<{ serverTime: string }>(
              server.url,
              'GET',
              `/api/hackathons/${hackathonId}`,
              null,
            );
            return Math.abs(Date.parse(h.serverTime) - (Date.now() + offsetMs));
          },
          { message: 'the server runs on the moved clock', timeout: 10_000 },
        )
        .toBeLessThan(5000);
    },
  };
}
