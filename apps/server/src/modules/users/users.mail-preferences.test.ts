import { EMAIL_PREFERENCE_TEXT } from '@agora/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, expectErrorBody, signup, type TestApp, type TestUser } from '../../../test/helpers.js';
import { mailOutbox, notifications } from '../../db/schema/index.js';
import { applicationStatusMail } from '../applications/applications.mail.js';
import { reminderNotices } from '../hackathons/hackathons.mail.js';
import { jobReviewMail } from '../jobs/jobs.mail.js';
import { notificationMail } from '../notifications/notifications.mail.js';
import { notify, notifyOnceMany } from '../notifications/notifications.service.js';
import { unsubscribeToken } from '../questions/category-follows.service.js';
import { mailPreferenceUnsubscribeUrl } from './users.mail-preferences.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
}, 60_000);
afterAll(() => t?.close());

const me = async (u: TestUser) =>
  (await t.app.inject({ url: '/api/users/me', headers: u.auth })).json().user as {
    emailNotifications: boolean;
    emailReminders: boolean;
  };
const put = (u: TestUser, payload: unknown) =>
  t.app.inject({ method: 'PUT', url: '/api/users/me', headers: u.auth, payload: payload as object });
/** The path and query of a user's one-click link. */
const linkOf = (u: TestUser, preference: 'notifications' | 'reminders') => {
  const url = new URL(mailPreferenceUnsubscribeUrl(t.config, u.user.id, preference));
  return url.pathname + url.search;
};
const oneClick = (path: string, accept = '*/*') =>
  t.app.inject({
    method: 'POST',
    url: path,
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept },
    payload: 'List-Unsubscribe=One-Click',
  });
const mailsTo = async (u: TestUser) =>
  t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, u.user.email));

describe('e-mail preferences on the profile', () => {
  it('are on by default, and PUT /api/users/me turns each on and off on its own', async () => {
    const u = await signup(t.app);
    expect(await me(u)).toMatchObject({ emailNotifications: true, emailReminders: true });
    const off = await put(u, { emailReminders: false });
    expect(off.statusCode).toBe(200);
    expect(off.json().user).toMatchObject({ emailNotifications: true, emailReminders: false });
    await put(u, { emailNotifications: false, emailReminders: true });
    expect(await me(u)).toMatchObject({ emailNotifications: false, emailReminders: true });
    const bad = await put(u, { emailNotifications: 'no' });
    expect(bad.statusCode).toBe(400);
    expect(await me(u)).toMatchObject({ emailNotifications: false });
  });
});

describe('the one-click link of notification and reminder e-mails', () => {
  it('a browser GET only asks (a form that POSTs to the same link); nothing changes', async () => {
    const u = await signup(t.app);
    const path = linkOf(u, 'notifications');
    const page = await t.app.inject({ url: path, headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.body).toContain(EMAIL_PREFERENCE_TEXT.confirmQuestion);
    expect(page.body).toContain(`<form method="post" action="${path.replace(/&/g, '&amp;')}">`);
    expect(page.body).toContain(EMAIL_PREFERENCE_TEXT.confirmNotifications);
    const json = await t.app.inject({ url: path });
    expect(json.statusCode).toBe(200);
    expect(json.json()).toEqual({ message: EMAIL_PREFERENCE_TEXT.confirmQuestion });
    expect(await me(u)).toMatchObject({ emailNotifications: true, emailReminders: true });
  });

  it('a POST (the mail client’s one-click, or the page’s button) turns that one preference off, signed out', async () => {
    const u = await signup(t.app);
    const res = await oneClick(linkOf(u, 'notifications'));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: EMAIL_PREFERENCE_TEXT.notificationsOff });
    expect(await me(u)).toMatchObject({ emailNotifications: false, emailReminders: true });
    // Twice is fine.
    expect((await oneClick(linkOf(u, 'notifications'))).statusCode).toBe(200);

    const page = await oneClick(linkOf(u, 'reminders'), 'text/html,application/xhtml+xml');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain(EMAIL_PREFERENCE_TEXT.remindersOff);
    expect(page.body).not.toContain('<form');
    expect(await me(u)).toMatchObject({ emailNotifications: false, emailReminders: false });
  });

  it('a forged, altered, foreign or missing token is refused (400) and changes nothing', async () => {
    const u = await signup(t.app);
    const other = await signup(t.app);
    const good = new URL(mailPreferenceUnsubscribeUrl(t.config, u.user.id, 'reminders')).searchParams.get(
      'token',
    )!;
    const [purpose, id, sig] = good.split('.');
    const bad = [
      `${purpose}.${id}.${sig!.slice(0, -1)}${sig!.endsWith('A') ? 'B' : 'A'}`,
      // Someone else's id under this user's signature.
      `${purpose}.${other.user.id}.${sig}`,
      // This user's link of another kind, under another purpose.
      `notification-mail.${id}.${sig}`,
      // Signed by another server.
      new URL(
        mailPreferenceUnsubscribeUrl(
          { publicUrl: t.config.publicUrl, jwtSecret: 'another-secret-another-secret-another-secret' },
          u.user.id,
          'reminders',
        ),
      ).searchParams.get('token')!,
      // The daily digest's token of the same user stops the digest only.
      unsubscribeToken(t.config.jwtSecret, u.user.id),
      '',
    ];
    for (const token of bad) {
      const res = await oneClick(`/api/users/unsubscribe?token=${encodeURIComponent(token)}`);
      expect(res.statusCode, token).toBe(400);
      expectErrorBody(res.json());
      expect(res.json().message).toBe(EMAIL_PREFERENCE_TEXT.linkInvalid);
    }
    const page = await oneClick('/api/users/unsubscribe?token=x', 'text/html');
    expect(page.statusCode).toBe(400);
    expect(page.body).toContain(EMAIL_PREFERENCE_TEXT.linkInvalid);
    expect(
      (await t.app.inject({ url: '/api/users/unsubscribe?token=x', headers: { accept: 'text/html' } }))
        .statusCode,
    ).toBe(400);
    expect(await me(u)).toMatchObject({ emailNotifications: true, emailReminders: true });
    expect(await me(other)).toMatchObject({ emailNotifications: true, emailReminders: true });
  });
});

describe('what the notifications service queues', () => {
  const hackathon = {
    id: '6a1f7a43-4a0e-4d5c-9a57-0d1b7c6f1e11',
    title: 'Prefs Hack',
    startDate: new Date(),
  };
  const statusMail = (u: TestUser) =>
    notificationMail(t.config, { id: u.user.id, email: u.user.email }, applicationStatusMail, {
      jobTitle: 'Rust Engineer',
      company: 'Acme',
      applicantName: 'A',
      status: 'reviewed',
      url: `${t.config.publicUrl}/my-applications`,
    });
  const reviewMail = (u: TestUser) =>
    notificationMail(t.config, { id: u.user.id, email: u.user.email }, jobReviewMail, {
      title: 'Rust Engineer',
      company: 'Acme',
      approved: false,
      reason: 'No salary',
      listedUntil: '1 January 2031',
      url: `${t.config.publicUrl}/job/j1`,
      myJobsUrl: `${t.config.publicUrl}/my-jobs`,
    });

  it('records every notification, and e-mails each stream only to those who keep it on', async () => {
    const [keeps, noReminders, noNotifications] = await Promise.all([
      signup(t.app),
      signup(t.app),
      signup(t.app),
    ]);
    await oneClick(linkOf(noReminders, 'reminders'));
    await oneClick(linkOf(noNotifications, 'notifications'));
    const db = t.database.db;
    const people = [keeps, noReminders, noNotifications];

    // Reminders: one set-wise call for everyone, as the task makes it.
    const notified = await notifyOnceMany(
      db,
      reminderNotices(
        hackathon,
        t.config,
        people.map((u) => ({ userId: u.user.id, email: u.user.email })),
      ),
    );
    expect(notified.sort()).toEqual(people.map((u) => u.user.id).sort());
    // Notifications, and essential mail (a review's outcome), one by one.
    for (const u of people) {
      await notify(db, u.user.id, { type: 'job_application_status', title: 'Reviewed', mail: statusMail(u) });
      await notify(db, u.user.id, { type: 'job_review', title: 'Not approved', mail: reviewMail(u) });
    }

    const subjects = async (u: TestUser) => (await mailsTo(u)).map((m) => m.subject).sort();
    expect(await subjects(keeps)).toEqual(
      [
        'Reviewed: your application to Rust Engineer at Acme',
        'Starting soon: Prefs Hack',
        'Your job posting "Rust Engineer" was not approved',
      ].sort(),
    );
    expect(await subjects(noReminders)).toEqual(
      [
        'Reviewed: your application to Rust Engineer at Acme',
        'Your job posting "Rust Engineer" was not approved',
      ].sort(),
    );
    expect(await subjects(noNotifications)).toEqual(
      ['Starting soon: Prefs Hack', 'Your job posting "Rust Engineer" was not approved'].sort(),
    );
    // The in-app notifications are all there, whatever was e-mailed.
    for (const u of people) {
      const notes = await db.select().from(notifications).where(eq(notifications.userId, u.user.id));
      expect(notes.map((n) => n.type).sort()).toEqual([
        'hackathon_starting',
        'job_application_status',
        'job_review',
      ]);
    }
  });

  it('refuses a mail whose unsubscribe link names someone else than the notified user', async () => {
    const [a, b] = await Promise.all([signup(t.app), signup(t.app)]);
    await expect(
      notify(t.database.db, a.user.id, { type: 'job_application_status', title: 'x', mail: statusMail(b) }),
    ).rejects.toThrow(/goes with a notification of/);
  });
});
