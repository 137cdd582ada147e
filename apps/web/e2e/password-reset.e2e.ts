import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiSignup, launchBrowser, newPage, type RunningServer, startServer } from './support';

/** A local SMTP sink on a free loopback port: the e-mails the server really sends. */
class SmtpSink {
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
  async waitFor(to: string, timeoutMs = 45_000): Promise<string> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const mail = this.mails.find((m) => m.to.includes(to));
      // quoted-printable: soft line breaks and '=' escapes.
      if (mail) return mail.raw.replace(/=\r?\n/g, '').replace(/=3D/gi, '=');
      if (Date.now() > deadline) throw new Error(`no e-mail to ${to} in ${timeoutMs} ms`);
      await new Promise((r) => setTimeout(r, 250));
    }
  }
}

let sink: SmtpSink;
let server: RunningServer;
let browser: Browser;
beforeAll(async () => {
  sink = new SmtpSink();
  const port = await sink.start();
  server = await startServer({ SMTP_URL: `smtp://127.0.0.1:${port}` });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await sink?.stop();
});

describe('password reset', () => {
  it('from "Forgot password?" on /login to signing in with the new password; old sessions end', async () => {
    const email = `reset-${Date.now()}@example.com`;
    const old = await apiSignup(server.url, {
      name: 'Rhea Forgetful',
      email,
      password: 'the old passphrase',
    });
    const { page, context } = await newPage(browser);

    await page.goto(`${server.url}/login`);
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL('**/forgot-password');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByTestId('forgot-sent').waitFor();

    const mail = await sink.waitFor(email);
    const link = /https?:\/\/[^\s]+\/reset-password\?token=[A-Za-z0-9_-]+/.exec(mail)?.[0];
    expect(link, mail).toBeTruthy();
    const target = new URL(link!);
    await page.goto(`${server.url}${target.pathname}${target.search}`);
    await page.getByRole('textbox', { name: 'New password', exact: true }).fill('my brand new passphrase');
    await page
      .getByRole('textbox', { name: 'Repeat the new password', exact: true })
      .fill('my brand new passphrase');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page.getByTestId('reset-done').waitFor();

    // Every earlier session of the account has ended.
    const me = await fetch(`${server.url}/api/auth/me`, {
      headers: { authorization: `Bearer ${old.token}` },
    });
    expect(me.status).toBe(401);

    await page.getByRole('link', { name: 'Go to login' }).click();
    await page.waitForURL('**/login');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill('my brand new passphrase');
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL((u) => !u.pathname.startsWith('/login'));

    // The link worked once.
    await page.goto(`${server.url}${target.pathname}${target.search}`);
    await page.getByRole('textbox', { name: 'New password', exact: true }).fill('a third passphrase here');
    await page
      .getByRole('textbox', { name: 'Repeat the new password', exact: true })
      .fill('a third passphrase here');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page.getByText('This reset link is invalid or has expired').waitFor();
    await context.close();
  });
});
