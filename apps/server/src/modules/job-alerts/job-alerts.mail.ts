import type { AppContext } from '../../context.js';
import { readUnsubscribeTokenFor, signUnsubscribeToken } from '../../lib/unsubscribe-token.js';
import {
  action,
  type ComposedMail,
  composeMail,
  items,
  link,
  mailTemplate,
  p,
} from '../../lib/mail-template.js';
import type { AlertJob } from '../jobs/jobs.alerts.service.js';
import { alertInWords, searchPath } from './job-alerts.presenter.js';
import type { JobAlertRow } from './job-alerts.repo.js';

/** What a job-alert unsubscribe token stops: one alert, named by its id. */
const PURPOSE = 'job-alert';

export const alertUnsubscribeToken = (jwtSecret: string, alertId: string) =>
  signUnsubscribeToken(jwtSecret, PURPOSE, alertId);

/** The alert a token names, when the server signed it; otherwise null. */
export const readAlertUnsubscribeToken = (jwtSecret: string, token: string) =>
  readUnsubscribeTokenFor(jwtSecret, PURPOSE, token);

export function alertUnsubscribeUrl(ctx: AppContext, alertId: string): string {
  const token = alertUnsubscribeToken(ctx.config.jwtSecret, alertId);
  return `${ctx.config.publicUrl}/api/job-alerts/unsubscribe?token=${encodeURIComponent(token)}`;
}

export const jobPlace = (j: AlertJob) =>
  [j.city, j.state, j.country].filter(Boolean).join(', ') + (j.isRemote ? ' (remote possible)' : '');

const PERIOD_WORDS = { instant: 'just', daily: 'in the last day', weekly: 'in the last week' } as const;

/** The e-mail of one alert: the new jobs, the search they match, and the link to all of it. */
export const jobAlertMail = mailTemplate<{
  displayName: string;
  /** The alert in words ("Rust in Bengaluru"). */
  words: string;
  frequency: string;
  jobs: Array<{ title: string; company: string; place: string; url: string }>;
  more: boolean;
  searchUrl: string;
}>({
  kind: 'job-alert',
  stream: 'job-alert',
  render: (d) => {
    const first = d.jobs[0]!;
    const period = PERIOD_WORDS[d.frequency as keyof typeof PERIOD_WORDS] ?? '';
    return {
      subject:
        d.jobs.length === 1 && !d.more
          ? `New job for your alert: ${first.title} at ${first.company}`
          : `${d.jobs.length}${d.more ? '+' : ''} new jobs for your alert "${d.words}"`,
      greeting: d.displayName,
      blocks: [
        p(
          d.frequency === 'instant'
            ? `A job matching your alert "${d.words}" was just listed on Agora:`
            : `New jobs matching your alert "${d.words}", listed ${period} on Agora:`,
        ),
        items(d.jobs.map((j) => ({ title: j.title, href: j.url, detail: `at ${j.company}, ${j.place}` }))),
        d.more
          ? action('More jobs match; see them all', d.searchUrl)
          : link('See this search on the Jobs Hub', d.searchUrl),
      ],
      reason: `You get this e-mail because you saved the job alert "${d.words}" on Agora.`,
    };
  },
});

/**
 * The e-mail of one alert to its owner, with the one-click unsubscribe of this alert (the link and
 * the RFC 8058 headers) and the way to manage every alert (the profile).
 */
export function alertMail(
  ctx: AppContext,
  to: { id: string; email: string; displayName: string },
  alert: JobAlertRow,
  list: AlertJob[],
  more: boolean,
): ComposedMail {
  const { publicUrl } = ctx.config;
  return composeMail(
    jobAlertMail,
    {
      displayName: to.displayName,
      words: alertInWords(alert),
      frequency: alert.frequency,
      jobs: list.map((j) => ({
        title: j.title,
        company: j.companyName,
        place: jobPlace(j),
        url: `${publicUrl}/job/${j.id}`,
      })),
      more,
      searchUrl: `${publicUrl}${searchPath(alert)}`,
    },
    to.email,
    {
      unsubscribe: { url: alertUnsubscribeUrl(ctx, alert.id), label: 'Stop e-mails for this alert' },
      manage: { url: `${publicUrl}/profile`, label: 'Manage your job alerts' },
    },
    to.id,
  );
}
