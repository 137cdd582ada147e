import { CAREER_MESSAGES, type JobAlert, type JobAlertBody, PROFILE_LIMITS } from '@agora/shared';
import type { AppContext, SessionUser } from '../../context.js';
import { conflict, notFound } from '../../lib/errors.js';
import { isUuid } from '../../lib/ids.js';
import { readAlertUnsubscribeToken } from './job-alerts.mail.js';
import { presentAlert } from './job-alerts.presenter.js';
import * as repo from './job-alerts.repo.js';

const orNull = (s: string | undefined) => (s ? s : null);

/** Saving, listing and deleting job alerts, and the e-mails' signed unsubscribe link. */
export function createJobAlertsService(ctx: AppContext) {
  return {
    /**
     * Saves the listing's filters as an alert (at most PROFILE_LIMITS.alertsPerUser per person).
     * Only jobs approved from now on are new to it: its watermark starts at its creation.
     */
    async create(user: SessionUser, body: JobAlertBody): Promise<JobAlert> {
      const now = ctx.clock.now();
      const row = await ctx.db.transaction((tx) =>
        repo.insertAlertWithin(
          tx,
          {
            userId: user.id,
            q: orNull(body.q),
            location: orNull(body.location),
            categories: [...new Set(body.category ?? [])],
            level: body.level ?? null,
            employmentType: body.employmentType ?? null,
            remote: body.remote ?? null,
            frequency: body.frequency,
            digestFrom: now,
            createdAt: now,
          },
          PROFILE_LIMITS.alertsPerUser,
        ),
      );
      if (!row) return conflict('TOO_MANY_ALERTS', CAREER_MESSAGES.tooManyAlerts);
      return presentAlert(row);
    },

    async list(user: SessionUser): Promise<JobAlert[]> {
      return (await repo.listAlerts(ctx.db, user.id)).map(presentAlert);
    },

    /** Deletes one of the caller's alerts; anyone else's (or none) is 404. */
    async remove(user: SessionUser, id: string): Promise<void> {
      if (!isUuid(id) || !(await repo.deleteOwnAlert(ctx.db, id, user.id))) notFound('Job alert not found');
    },

    /**
     * The e-mails' one-click unsubscribe: no session, the signed token names the alert. A valid link
     * whose alert is gone already answers as a success (the e-mails have stopped either way).
     */
    /** Whether an unsubscribe token is the server's (the link's page asks before it stops anything). */
    check(token: string): boolean {
      return readAlertUnsubscribeToken(ctx.config.jwtSecret, token) !== null;
    },

    async unsubscribe(token: string): Promise<boolean> {
      const id = readAlertUnsubscribeToken(ctx.config.jwtSecret, token);
      if (!id) return false;
      await repo.deleteAlert(ctx.db, id);
      return true;
    },
  };
}
