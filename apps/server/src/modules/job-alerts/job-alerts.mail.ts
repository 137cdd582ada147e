import type { AppContext } from '../../context.js';
import { readUnsubscribeTokenFor, signUnsubscribeToken } from '../../lib/unsubscribe-token.js';
import type { MailMessage } from '../../platform/mail.js';
import type { AlertJob } from '../jobs/jobs.alert-match.js';
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

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export const jobPlace = (j: AlertJob) =>
  [j.city, j.state, j.country].filter(Boolean).join(', ') + (j.isRemote ? ' (remote possible)' : '');

const PERIOD_WORDS = { instant: 'just', daily: 'in the last day', weekly: 'in the last week' } as const;

/**
 * The e-mail of one alert: the new jobs (title, company, place, link), the search they match, the
 * link to all of it on /jobhubs, and the one-click unsubscribe (the link and the RFC 8058 headers).
 */
export function alertMail(
  ctx: AppContext,
  to: { email: string; displayName: string },
  alert: JobAlertRow,
  list: AlertJob[],
  more: boolean,
): MailMessage {
  const { publicUrl } = ctx.config;
  const unsubscribe = alertUnsubscribeUrl(ctx, alert.id);
  const words = alertInWords(alert);
  const all = `${publicUrl}${searchPath(alert)}`;
  const period = PERIOD_WORDS[alert.frequency as keyof typeof PERIOD_WORDS] ?? '';
  const first = list[0]!;
  const subject =
    list.length === 1 && !more
      ? `New job for your alert: ${first.title} at ${first.companyName}`
      : `${list.length}${more ? '+' : ''} new jobs for your alert "${words}"`;
  const intro =
    alert.frequency === 'instant'
      ? `A job matching your alert "${words}" was just listed on Agora:`
      : `New jobs matching your alert "${words}", listed ${period} on Agora:`;
  const text = [
    `Hello ${to.displayName},`,
    '',
    intro,
    '',
    ...list.map((j) => `- ${j.title} at ${j.companyName}, ${jobPlace(j)}\n  ${publicUrl}/job/${j.id}`),
    '',
    more ? `More jobs match; see them all: ${all}` : `See this search on the Jobs Hub: ${all}`,
    '',
    `To stop e-mails for this alert: ${unsubscribe}`,
    'You can manage all your job alerts from your profile.',
    '',
    'The Agora team',
  ].join('\n');
  const html = [
    `<p>Hello ${escapeHtml(to.displayName)},</p><p>${escapeHtml(intro)}</p><ul>`,
    ...list.map(
      (j) =>
        `<li><a href="${escapeHtml(`${publicUrl}/job/${j.id}`)}">${escapeHtml(j.title)}</a> at ${escapeHtml(j.companyName)}, ${escapeHtml(jobPlace(j))}</li>`,
    ),
    `</ul><p><a href="${escapeHtml(all)}">${more ? 'See all matching jobs' : 'See this search on the Jobs Hub'}</a></p>`,
    `<p><a href="${escapeHtml(unsubscribe)}">Stop e-mails for this alert</a></p><p>The Agora team</p>`,
  ].join('');
  return {
    to: to.email,
    subject,
    text,
    html,
    headers: {
      'List-Unsubscribe': `<${unsubscribe}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
