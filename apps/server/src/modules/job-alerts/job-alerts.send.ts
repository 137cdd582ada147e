import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import type { AlertJob } from '../jobs/jobs.alerts.service.js';
import { notify } from '../notifications/notifications.service.js';
import { contactForRequestedMail } from '../users/users.contacts.service.js';
import { alertMail } from './job-alerts.mail.js';
import { alertInWords, searchPath } from './job-alerts.presenter.js';
import * as repo from './job-alerts.repo.js';

/**
 * Tells an alert's owner of the jobs in `found` not told of yet, in the app and by e-mail, in the
 * caller's transaction. The deliveries are recorded first (ON CONFLICT DO NOTHING): only the jobs
 * recorded by this call are told of, so two instances or a retry never send a job twice for one
 * alert. `more`: the search found more than the list holds. Returns how many jobs were told of.
 * Only an active owner is told.
 */
export async function sendAlert(
  ctx: AppContext,
  tx: Executor,
  alert: repo.JobAlertRow,
  found: AlertJob[],
  more = false,
): Promise<number> {
  if (found.length === 0) return 0;
  // A suspended owner hears nothing (and nothing is marked sent to them).
  const owner = await contactForRequestedMail(tx, alert.userId);
  if (!owner) return 0;
  const recorded = new Set(
    await repo.recordDeliveries(
      tx,
      alert.id,
      found.map((j) => j.id),
      ctx.clock.now(),
    ),
  );
  const fresh = found.filter((j) => recorded.has(j.id));
  if (fresh.length === 0) return 0;
  const one = fresh.length === 1 && !more ? fresh[0]! : null;
  await notify(tx, alert.userId, {
    type: 'job_alert',
    title: one
      ? `New job: ${one.title} at ${one.companyName}`
      : `${fresh.length}${more ? '+' : ''} new jobs for your alert`,
    body: alertInWords(alert),
    link: one ? `/job/${one.id}` : searchPath(alert),
    mail: alertMail(ctx, owner, alert, fresh, more),
  });
  return fresh.length;
}
