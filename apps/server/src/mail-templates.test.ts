/**
 * Every kind of e-mail, rendered by its production builder, queued, delivered by the outbox worker,
 * turned into the MIME message nodemailer sends over SMTP, and read back with mailparser: both
 * parts, inline styles, nothing remote, dark-mode safe, the right headers, and an unsubscribe link
 * that works against the app. The cases are keyed by the registry (src/mail-templates.ts): a kind
 * added there without a case here fails.
 */
import { eq } from 'drizzle-orm';
import { type ParsedMail, simpleParser } from 'mailparser';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, signup, type TestApp, type TestUser } from '../test/helpers.js';
import { jobAlerts } from './db/schema/index.js';
import { type ComposedMail, composeMail, type MailStream } from './lib/mail-template.js';
import { MAIL_TEMPLATES, type MailKind } from './mail-templates.js';
import { applicationStatusMail } from './modules/applications/applications.mail.js';
import { passwordResetMail } from './modules/auth/auth.mail.js';
import {
  hackathonJudgeInviteMail,
  hackathonResultsMail,
  judgingMessages,
} from './modules/hackathons/hackathons.judging.mail.js';
import {
  hackathonReviewMail,
  reminderNotices,
  reviewMessages,
} from './modules/hackathons/hackathons.mail.js';
import { teamInviteMail } from './modules/hackathons/hackathons.teams.mail.js';
import type { AlertJob } from './modules/jobs/jobs.alerts.service.js';
import { alertMail } from './modules/job-alerts/job-alerts.mail.js';
import { jobExpiringMail, jobReviewMail } from './modules/jobs/jobs.mail.js';
import { ideaUpdateMail } from './modules/ideas/ideas.mail.js';
import { notificationMail } from './modules/notifications/notifications.mail.js';
import { organizationVerifyMail } from './modules/organizations/organizations.mail.js';
import { digestMail } from './modules/questions/category-follows.mail.js';
import { unsubscribeUrl } from './modules/questions/category-follows.service.js';
import { referralAnsweredMail, referralAskedMail } from './modules/referrals/referrals.mail.js';
import { rewardDeadlineMail, rewardSettledMail } from './modules/wallet/wallet.mail.js';
import { MAIL_LINK_SLOT, type MailMessage, nodemailerMessage } from './platform/mail.js';

// A browser's HTML parser (jsdom), loaded by name as seo.test.ts does: it ships no types.
const jsdomName = 'jsdom';
const { JSDOM } = (await import(jsdomName)) as {
  JSDOM: new (html: string) => { window: { document: Document } };
};

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
}, 60_000);
afterAll(() => t?.close());

interface Env {
  u: TestUser;
  /** The user as the builders take a recipient. */
  to: { id: string; email: string; displayName: string };
}

/** What a case built, and (for mail one can stop) what shows that its link stopped it. */
interface Built {
  mail: ComposedMail;
  /** Reads what the unsubscribe should have turned off: true while it is still on. */
  stillOn?: () => Promise<boolean>;
  /** Puts it back on first (each case starts from "on"). */
  turnOn?: () => Promise<void>;
}

const me = async (u: TestUser) =>
  (await t.app.inject({ url: '/api/users/me', headers: u.auth })).json().user as Record<string, unknown>;
const setMe = async (u: TestUser, body: Record<string, unknown>) => {
  const res = await t.app.inject({ method: 'PUT', url: '/api/users/me', headers: u.auth, payload: body });
  expect(res.statusCode, res.body).toBe(200);
};
const preference = (field: 'emailNotifications' | 'emailReminders' | 'categoryDigest') => (u: TestUser) => ({
  stillOn: async () => (await me(u))[field] === true,
  turnOn: () => setMe(u, { [field]: true }),
});

const url = (path: string) => `${t.config.publicUrl}${path}`;

/** One case per kind: the message as production builds it, for the user of the case. */
const CASES: Record<MailKind, (e: Env) => Promise<Built>> = {
  'password-reset': async (e) => ({
    // The outbox holds the slot; the worker mints the link (platform/mail.test.ts covers that).
    mail: composeMail(passwordResetMail, { displayName: e.to.displayName }, e.to.email),
  }),
  'hackathon-review': async (e) => {
    const m = reviewMessages(
      { id: 'h1', title: 'Rain <Hack> & "Friends"' },
      { name: e.to.displayName },
      { status: 'rejected', reason: 'Dates clash with <another> event' },
      url('/hackathon/h1'),
    );
    return { mail: notificationMail(t.config, e.to, hackathonReviewMail, m.mail) };
  },
  'hackathon-starting': async (e) => {
    const [notice] = reminderNotices(
      {
        id: '6a1f7a43-4a0e-4d5c-9a57-0d1b7c6f1e11',
        title: 'Monsoon Hack',
        startDate: new Date('2030-07-01T04:30:00Z'),
      },
      t.config,
      [{ userId: e.to.id, email: e.to.email }],
    );
    return { mail: notice!.mail, ...preference('emailReminders')(e.u) };
  },
  'hackathon-judge-invite': async (e) => ({
    // To an address that may have no account: essential, no unsubscribe.
    mail: composeMail(
      hackathonJudgeInviteMail,
      judgingMessages.invite({ id: 'h1', title: 'Rain <Hack> & "Friends"' }, 'Org <O>', t.config.publicUrl)
        .mail,
      e.to.email,
    ),
  }),
  'hackathon-results': async (e) => ({
    mail: notificationMail(
      t.config,
      e.to,
      hackathonResultsMail,
      judgingMessages.results({ id: 'h1', title: 'Monsoon <Hack>' }, t.config.publicUrl).mail,
    ),
    ...preference('emailNotifications')(e.u),
  }),
  'hackathon-team-invite': async (e) => ({
    mail: notificationMail(t.config, e.to, teamInviteMail, {
      hackathonId: 'h1',
      hackathonTitle: 'Rain <Hack> & "Friends"',
      teamName: 'Null & <Void>',
      inviteeName: e.to.displayName,
      captainName: 'Asha',
      url: url('/hackathon/h1?tab=teams'),
    }),
    ...preference('emailNotifications')(e.u),
  }),
  'job-review': async (e) => ({
    mail: notificationMail(t.config, e.to, jobReviewMail, {
      title: 'Rust Engineer',
      company: 'Acme',
      approved: true,
      reason: null,
      listedUntil: '28 December 2030',
      url: url('/job/j1'),
      myJobsUrl: url('/my-jobs'),
    }),
  }),
  'job-expiring': async (e) => ({
    mail: notificationMail(t.config, e.to, jobExpiringMail, {
      displayName: e.to.displayName,
      title: 'Rust Engineer',
      company: 'Acme',
      until: '28 December 2030',
      myJobsUrl: url('/my-jobs'),
    }),
    ...preference('emailReminders')(e.u),
  }),
  'application-status': async (e) => ({
    mail: notificationMail(t.config, e.to, applicationStatusMail, {
      jobTitle: 'Rust Engineer',
      company: 'Acme',
      applicantName: e.to.displayName,
      status: 'interview',
      url: url('/my-applications'),
    }),
    ...preference('emailNotifications')(e.u),
  }),
  'referral-request': async (e) => ({
    mail: notificationMail(t.config, e.to, referralAskedMail, {
      applicantName: 'Asha',
      referrerName: e.to.displayName,
      jobTitle: 'Rust Engineer',
      company: 'Acme',
      message: 'Would you refer me?\nThanks!',
      url: url('/referrals'),
    }),
    ...preference('emailNotifications')(e.u),
  }),
  'referral-answer': async (e) => ({
    mail: notificationMail(t.config, e.to, referralAnsweredMail, {
      applicantName: e.to.displayName,
      referrerName: 'Ravi',
      jobTitle: 'Rust Engineer',
      company: 'Acme',
      accepted: true,
      url: url('/my-applications'),
    }),
    ...preference('emailNotifications')(e.u),
  }),
  'reward-settled': async (e) => ({
    mail: notificationMail(t.config, e.to, rewardSettledMail, {
      outcome: 'auto-distributed',
      questionTitle: 'Why is the sky blue?',
      amount: '₹1,234.50',
      answers: 2,
      url: url('/question/q1'),
    }),
    ...preference('emailNotifications')(e.u),
  }),
  'reward-deadline': async (e) => ({
    mail: notificationMail(t.config, e.to, rewardDeadlineMail, {
      questionTitle: 'Why is the sky blue?',
      amount: '₹500.00',
      left: '3 days',
      url: url('/question/q1/rewards'),
    }),
    ...preference('emailReminders')(e.u),
  }),
  'job-alert': async (e) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/job-alerts',
      headers: e.u.auth,
      payload: { q: 'rust', location: 'Pune', frequency: 'daily' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().alert._id as string;
    const [row] = await t.database.db.select().from(jobAlerts).where(eq(jobAlerts.id, id));
    const job = (n: number): AlertJob => ({
      id: `00000000-0000-4000-8000-00000000000${n}`,
      posterId: e.to.id,
      title: `Rust Developer ${n}`,
      companyName: 'Tree & Co',
      city: 'Pune',
      state: 'Maharashtra',
      country: 'India',
      isRemote: n === 2,
      category: 'Engineering',
      level: 'Mid',
      employmentType: 'Full-time',
      reviewedAt: new Date(),
    });
    return {
      mail: alertMail(t.app.ctx, e.to, row!, [job(1), job(2)], true),
      stillOn: async () =>
        (await t.database.db.select().from(jobAlerts).where(eq(jobAlerts.id, id))).length === 1,
    };
  },
  'category-digest': async (e) => ({
    mail: digestMail(
      e.to.email,
      [
        { id: 'q1', title: 'How do I profile a slow Node service?', category: 'Technology' },
        { id: 'q2', title: 'Why is the sky blue?', category: 'Science' },
      ],
      {
        publicUrl: t.config.publicUrl,
        unsubscribe: unsubscribeUrl(t.config.publicUrl, t.config.jwtSecret, e.to.id),
      },
    ),
    ...preference('categoryDigest')(e.u),
  }),
  'idea-update': async (e) => ({
    mail: notificationMail(t.config, e.to, ideaUpdateMail, {
      ideaTitle: 'Neighbourhood <tool> library & "more"',
      headline: 'Status changed to Prototyping',
      detail: 'We are building the first shelf <b>now</b>',
      url: url('/idea/i1'),
    }),
    ...preference('emailNotifications')(e.u),
  }),
  'organization-verify': async (e) => ({
    // The outbox holds the slot; the worker mints the link (organizations.test.ts reads it).
    mail: composeMail(
      organizationVerifyMail,
      { displayName: e.to.displayName, organizationName: 'Rain <Water> & "Sons"' },
      e.to.email,
    ),
  }),
};

/** The raw message nodemailer would put on the wire for what the transport was handed. */
async function wire(msg: MailMessage): Promise<Buffer> {
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const info = await composer.sendMail(nodemailerMessage('Agora <mail@agora.test>', msg, '<x@agora.outbox>'));
  return info.message as Buffer;
}

/** Queues the message, lets the worker deliver it, and reads back what would have gone out. */
async function deliver(mail: ComposedMail): Promise<{ sent: MailMessage; parsed: ParsedMail; raw: string }> {
  const { enqueueMail } = await import('./platform/mail.js');
  const before = t.mail.sent.length;
  await enqueueMail(t.database.db, mail);
  await t.app.ctx.mailWorker.drain(5_000);
  const sent = t.mail.sent.slice(before).find((m) => m.to === mail.to && m.subject === mail.subject);
  expect(sent, `${mail.kind} was not delivered`).toBeDefined();
  const raw = await wire(sent!);
  return { sent: sent!, parsed: await simpleParser(raw), raw: raw.toString('utf8') };
}

const header = (parsed: ParsedMail, name: string) =>
  parsed.headerLines.find((h) => h.key === name.toLowerCase())?.line.replace(/^[^:]+:\s*/, '');

const STREAMS_WITH_UNSUBSCRIBE: MailStream[] = ['notifications', 'reminders', 'job-alert', 'digest'];

describe('every kind of e-mail, as it goes out', () => {
  it('has a case for each kind in the registry, and none more', () => {
    expect(Object.keys(CASES).sort()).toEqual(Object.keys(MAIL_TEMPLATES).sort());
    expect(Object.keys(MAIL_TEMPLATES).length).toBeGreaterThanOrEqual(12);
  });

  for (const kind of Object.keys(CASES) as MailKind[]) {
    it(`${kind}: multipart from one template, safe HTML, the right headers, a working unsubscribe`, async () => {
      const u = await signup(t.app, { name: `Reader ${kind}` });
      const e: Env = { u, to: { id: u.user.id, email: u.user.email, displayName: `Reader ${kind}` } };
      const built = await CASES[kind](e);
      const template = MAIL_TEMPLATES[kind]!;
      expect(built.mail.kind).toBe(kind);
      expect(built.mail.stream).toBe(template.stream);

      const { parsed, raw } = await deliver(built.mail);

      // Both parts, as one multipart/alternative message.
      expect(raw).toMatch(/^Content-Type: multipart\/alternative/im);
      expect(parsed.subject).toBe(built.mail.subject);
      expect(parsed.text?.trim().length).toBeGreaterThan(40);
      expect(typeof parsed.html).toBe('string');
      const html = parsed.html as string;
      expect(parsed.text).toContain('The Agora team');

      // No images, nothing remote to load; dark-mode declarations.
      expect(html).not.toMatch(/<img\b/i);
      expect(html).not.toMatch(/\bsrc\s*=/i);
      expect(html).not.toMatch(/url\(/i);
      expect(html).not.toMatch(/<link\b/i);
      expect(html).toContain('<meta name="color-scheme" content="light dark">');
      expect(html).toContain('<meta name="supported-color-schemes" content="light dark">');
      expect(html).toContain('@media (prefers-color-scheme: dark)');

      const doc = new JSDOM(html).window.document;
      for (const br of doc.querySelectorAll('br')) br.replaceWith('\n');
      // Inline styles on everything that shows text, and a background under every coloured text.
      const styled = [...doc.body.querySelectorAll('table, td, p, a, h2, ul, li, blockquote')];
      expect(styled.length).toBeGreaterThan(5);
      for (const el of styled) expect(el.getAttribute('style'), el.outerHTML.slice(0, 80)).toBeTruthy();
      expect(doc.body.getAttribute('style')).toMatch(/background-color:/);
      expect(doc.querySelector('.ag-card')?.getAttribute('style')).toMatch(/background-color:#ffffff/);
      // The same words in both parts: every paragraph of the HTML is in the text, every link too.
      for (const el of doc.body.querySelectorAll('p, li, h2, blockquote')) {
        const words = (el.textContent ?? '').replace(/\s+/g, ' ').trim();
        if (!words || el.querySelector('a')) continue;
        expect(parsed.text!.replace(/\s+/g, ' ')).toContain(words);
      }
      for (const a of doc.querySelectorAll('a[href]')) {
        expect(parsed.text).toContain(a.getAttribute('href'));
      }

      // Sent by Agora itself: auto-responders stay quiet (RFC 3834).
      expect(header(parsed, 'Auto-Submitted')).toBe('auto-generated');

      const listUnsubscribe = header(parsed, 'List-Unsubscribe');
      if (!STREAMS_WITH_UNSUBSCRIBE.includes(template.stream)) {
        expect(template.stream).toBe('essential');
        expect(listUnsubscribe).toBeUndefined();
        expect(header(parsed, 'List-Unsubscribe-Post')).toBeUndefined();
        return;
      }
      expect(header(parsed, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
      const link = /^<(https?:\/\/[^>]+)>$/.exec(listUnsubscribe ?? '')?.[1];
      expect(link, listUnsubscribe).toBeDefined();
      expect(parsed.text).toContain(link!);
      expect(html).toContain(link!.replace(/&/g, '&amp;'));

      // What a mail client's "Unsubscribe" does (RFC 8058): POST the body, no session.
      await built.turnOn?.();
      expect(await built.stillOn!()).toBe(true);
      const target = new URL(link!);
      // A forged signature changes nothing.
      const token = target.searchParams.get('token')!;
      const tail = token.endsWith('xx') ? 'yy' : 'xx';
      const forged = await t.app.inject({
        method: 'POST',
        url: `${target.pathname}?token=${encodeURIComponent(`${token.slice(0, -2)}${tail}`)}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
      expect(forged.statusCode).toBe(400);
      expect(await built.stillOn!()).toBe(true);
      const res = await t.app.inject({
        method: 'POST',
        url: target.pathname + target.search,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(await built.stillOn!()).toBe(false);
    });
  }

  it('puts the password-reset link where the slot is, in both parts', async () => {
    const mail = composeMail(passwordResetMail, { displayName: 'Ann' }, 'ann@example.com');
    expect(mail.text).toContain(MAIL_LINK_SLOT);
    expect(mail.html).toContain(`href="${MAIL_LINK_SLOT}"`);
    expect(mail.headers).toBeUndefined();
  });

  it('escapes what users wrote in the HTML part, and keeps it as written in the text part', async () => {
    const m = notificationMail(
      t.config,
      { id: '6a1f7a43-4a0e-4d5c-9a57-0d1b7c6f1e11', email: 'x@example.com' },
      hackathonReviewMail,
      reviewMessages(
        { id: 'h1', title: '<script>alert(1)</script>' },
        { name: 'Org "O\'Neil"' },
        { status: 'rejected', reason: '<b>no</b>' },
        url('/hackathon/h1'),
      ).mail,
    );
    expect(m.html).not.toContain('<script>');
    expect(m.html).not.toContain('<b>no</b>');
    expect(m.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(m.text).toContain('<b>no</b>');
    expect(m.text).toContain('Hello Org "O\'Neil",');
  });

  it('refuses an unsubscribe on essential mail, and a notification mail without one', () => {
    expect(() =>
      composeMail(passwordResetMail, { displayName: 'A' }, 'a@example.com', {
        unsubscribe: { url: 'https://x.test/u', label: 'Stop' },
      }),
    ).toThrow(/cannot be unsubscribed/);
    expect(() =>
      composeMail(
        rewardDeadlineMail,
        { questionTitle: 'q', amount: '₹1', left: '1 day', url: 'https://x.test' },
        'a@example.com',
      ),
    ).toThrow(/needs its unsubscribe link/);
  });
});
