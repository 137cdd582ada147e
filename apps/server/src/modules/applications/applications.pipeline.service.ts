import {
  APPLICATION_MESSAGES,
  type Application,
  type ApplicationListQuery,
  type ApplicationResult,
  type ApplicationUpdateBody,
} from '@agora/shared';
import type { AppContext, SessionUser } from '../../context.js';
import { decodeCursor, encodeCursor, isCursorInt, readKeyset } from '../../lib/cursor.js';
import { conflict, notFound } from '../../lib/errors.js';
import { isUuid } from '../../lib/ids.js';
import { jobPosterOf } from '../jobs/jobs.apply-gate.js';
import { notifyOnce } from '../notifications/notifications.service.js';
import { referredByForApplications } from '../referrals/referrals.read.js';
import { statusChangeMessages } from './applications.mail.js';
import { canManagePipeline } from './applications.policy.js';
import { toApplication } from './applications.presenter.js';
import * as repo from './applications.repo.js';

const NOT_FOUND = 'Application not found';

/** A pipeline cursor: [1 in the screened-out part | 0, created_at, id]. */
const readPipelineCursor = (p: unknown[]): repo.PipelineCursor | null => {
  if (p.length !== 3 || !isCursorInt(p[0], 0, 1)) return null;
  const at = readKeyset(p.slice(1));
  return at ? { screened: p[0] === 1, at } : null;
};

/** The poster's pipeline: a job's applications, and moving one through the statuses. */
export function createPipelineService(ctx: AppContext) {
  return {
    /** GET /api/jobs/{id}/applications: the job's poster or an admin (everyone else 404). */
    async list(
      user: SessionUser,
      jobId: string,
      q: ApplicationListQuery,
    ): Promise<{ applications: Application[]; nextCursor: string | null }> {
      const posterId = await jobPosterOf(ctx, jobId);
      if (!posterId || !canManagePipeline(user, posterId)) return notFound('Job not found');
      const cursor = decodeCursor(q.cursor, readPipelineCursor);
      const rows = await repo.pageOfPipeline(ctx.db, jobId, cursor, q.limit);
      const items = rows.slice(0, q.limit);
      const last = items.at(-1);
      const nextCursor =
        rows.length > q.limit && last
          ? encodeCursor([last.screened ? 1 : 0, last.cursorTs, last.a.id])
          : null;
      const referredBy = await referredByForApplications(
        ctx,
        items.map((r) => r.a.id),
      );
      return {
        applications: items.map((r) => ({
          ...toApplication(r, user),
          referredBy: referredBy.get(r.a.id) ?? null,
        })),
        nextCursor,
      };
    },

    /**
     * PATCH /api/applications/{id}: the poster or an admin sets the status; the history keeps every
     * change, and the applicant is told in the app and by e-mail. A withdrawn application stays so.
     */
    async setStatus(user: SessionUser, id: string, body: ApplicationUpdateBody): Promise<ApplicationResult> {
      if (!isUuid(id)) notFound(NOT_FOUND);
      const at = ctx.clock.now();
      await ctx.db.transaction(async (tx) => {
        const rec = await repo.findRecord(tx, id);
        if (!rec || !canManagePipeline(user, rec.posterId)) return notFound(NOT_FOUND);
        const row = (await repo.lockRow(tx, id))!;
        if (row.status === 'withdrawn')
          conflict('APPLICATION_WITHDRAWN', APPLICATION_MESSAGES.cannotChangeWithdrawn);
        const entry = {
          status: body.status,
          at: at.toISOString(),
          ...(body.note ? { note: body.note } : {}),
        };
        await repo.setStatus(tx, id, entry, at);
        // The same status again only records the note: the applicant has been told already.
        if (row.status === body.status) return;
        const m = statusChangeMessages(
          { jobTitle: rec.jobTitle, company: rec.jobCompany, applicantName: rec.applicantName },
          body.status,
          ctx.config.publicUrl,
        );
        // One notice per history entry: the once-key names the entry, so the e-mail goes with it once.
        await notifyOnce(tx, row.applicantId, `job_application:${id}:${row.history.length}`, {
          type: m.type,
          title: m.title,
          body: m.body,
          link: m.link,
          mail: { to: rec.applicantEmail, subject: m.subject, text: m.text },
        });
      });
      const rec = (await repo.findRecord(ctx.db, id))!;
      return { application: toApplication(rec, user) };
    },
  };
}
