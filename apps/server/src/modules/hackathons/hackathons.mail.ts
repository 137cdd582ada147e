import type { Config } from '../../config.js';
import { action, mailTemplate, p, quote } from '../../lib/mail-template.js';
import { notificationMail } from '../notifications/notifications.mail.js';

/** The texts hackathon mail and notifications carry (no sending here: callers enqueue them). */

/** The "starting soon" e-mail to a participant (a reminder: the user can turn reminders off). */
export const hackathonStartingMail = mailTemplate<{ title: string; when: string; url: string }>({
  kind: 'hackathon-starting',
  stream: 'reminders',
  render: (d) => ({
    subject: `Starting soon: ${d.title}`,
    blocks: [p(`The hackathon "${d.title}" you joined starts at ${d.when}.`), action('Details', d.url)],
    reason: 'You get this e-mail because you joined this hackathon on Agora.',
  }),
});

/**
 * The admin's decision, to the organiser. Essential: the answer to what they submitted for review
 * (CONTRACT §4: the organiser is e-mailed either way), so no preference stops it.
 */
export const hackathonReviewMail = mailTemplate<{
  organiser: string;
  title: string;
  approved: boolean;
  reason: string | null;
  url: string;
}>({
  kind: 'hackathon-review',
  stream: 'essential',
  render: (d) => ({
    subject: d.approved ? `Approved: ${d.title}` : `Not approved: ${d.title}`,
    greeting: d.organiser,
    blocks: d.approved
      ? [
          p(
            `Good news: your hackathon "${d.title}" has been reviewed and approved by the admin team. It is now published on Agora and participants can register until 1 hour before it starts.`,
          ),
          action('View it', d.url),
        ]
      : [
          p(`The admin team has reviewed your hackathon "${d.title}" and could not approve it.`),
          quote(d.reason ?? '', 'Reason:'),
          p('You are welcome to submit it again with the changes.'),
        ],
    reason: 'You get this e-mail because you submitted this hackathon for review on Agora.',
  }),
});

/** The "starting soon" message, in-app (relative link); its e-mail is hackathonStartingMail. */
export function reminderFor(h: { id: string; title: string; startDate: Date }, publicUrl: string) {
  const when = h.startDate.toUTCString();
  return {
    title: `${h.title} starts soon`,
    body: `The hackathon starts at ${when}.`,
    link: `/hackathon/${h.id}`,
    mail: { title: h.title, when, url: `${publicUrl}/hackathon/${h.id}` },
  };
}

/**
 * The reminder for each participant as notifications-service items: its once-key makes it once per
 * participant and hackathon, however often they leave and join again; the e-mail goes with a new
 * notification only, and only to participants who keep reminders on.
 */
export function reminderNotices(
  h: { id: string; title: string; startDate: Date },
  config: Pick<Config, 'publicUrl' | 'jwtSecret'>,
  participants: Array<{ userId: string; email: string }>,
) {
  const m = reminderFor(h, config.publicUrl);
  return participants.map((p) => ({
    userId: p.userId,
    onceKey: `hackathon_starting:${h.id}`,
    type: 'hackathon_starting' as const,
    title: m.title,
    body: m.body,
    link: m.link,
    mail: notificationMail(config, { id: p.userId, email: p.email }, hackathonStartingMail, m.mail),
  }));
}

/** The admin decision on a hackathon, to its organiser: the notification and the e-mail's data. */
export function reviewMessages(
  h: { id: string; title: string },
  organiser: { name: string },
  decision: { status: 'published' | 'rejected'; reason: string | null },
  pageUrl: string,
) {
  const approved = decision.status === 'published';
  return {
    title: approved ? 'Your hackathon was approved' : 'Your hackathon was not approved',
    body: approved
      ? `"${h.title}" is now published and open for registration.`
      : `"${h.title}" was not approved. Reason: ${decision.reason}`,
    link: `/hackathon/${h.id}`,
    mail: { organiser: organiser.name, title: h.title, approved, reason: decision.reason, url: pageUrl },
  };
}
