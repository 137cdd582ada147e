import { action, link, mailTemplate, p, quote } from '../../lib/mail-template.js';

/** The e-mails of a job listing's life, to its poster (services record them with notify). */

/**
 * The admin's decision on a job posting. Essential: the answer to what the poster submitted for
 * review, like a hackathon's (CONTRACT §4), so no preference stops it.
 */
export const jobReviewMail = mailTemplate<{
  title: string;
  company: string;
  approved: boolean;
  reason: string | null;
  listedUntil: string;
  url: string;
  myJobsUrl: string;
}>({
  kind: 'job-review',
  stream: 'essential',
  render: (d) => ({
    subject: d.approved
      ? `Your job posting "${d.title}" is live`
      : `Your job posting "${d.title}" was not approved`,
    blocks: d.approved
      ? [
          p(
            `Good news: your job posting "${d.title}" at ${d.company} has been approved and is now listed on the Jobs Hub until ${d.listedUntil}.`,
          ),
          link('You can renew it or mark it filled from My Jobs', d.myJobsUrl),
          action('View it', d.url),
        ]
      : [
          p(`Your job posting "${d.title}" at ${d.company} was not approved.`),
          quote(d.reason ?? '', 'Reason:'),
          p('You can post a corrected version at any time.'),
          action('See it', d.url),
        ],
    reason: 'You get this e-mail because you submitted this job posting for review on Agora.',
  }),
});

/** "Your listing expires soon", with the way to renew (a reminder: the poster can turn them off). */
export const jobExpiringMail = mailTemplate<{
  displayName: string;
  title: string;
  company: string;
  until: string;
  myJobsUrl: string;
}>({
  kind: 'job-expiring',
  stream: 'reminders',
  render: (d) => ({
    subject: `Your job listing "${d.title}" expires on ${d.until}`,
    greeting: d.displayName,
    blocks: [
      p(`Your job listing "${d.title}" at ${d.company} expires on ${d.until} and then leaves the Jobs Hub.`),
      link('To keep it listed, renew it in one click from My Jobs', d.myJobsUrl),
      p('If the position is filled, you can mark it filled there too.'),
    ],
    reason: 'You get this e-mail because you posted this job on Agora.',
  }),
});
