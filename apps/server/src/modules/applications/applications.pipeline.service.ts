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
import { createJobMatching } from '../jobs/jobs.match.js';
import { notifyOnce } from '../notifications/notifications.service.js';
import { notificationMail } from '../notifications/notifications.mail.js';
import { applicationStatusMail, statusChangeMessages } from './applications.mail.js';
import { canManagePipeline } from './applications.policy.js';
import { toApplication } from './applications.presenter.js';
import * as repo from './applications.repo.js';

const NOT_FOUND = 'Application not found';

/** Where a ranked pipeline page starts: after this application in the pipeline's order. */
interface RankCursor {
  screened: boolean;
  score: number;
  ts: string;
  id: string;
}

/** A pipeline cursor: [1 in the screened-out part | 0, match score, created_at, id]. */
const readPipelineCursor = (p: unknown[]): RankCursor | null => {
  if (p.length !== 4 || !isCursorInt(p[0], 0, 1) || !isCursorInt(p[1], 0, 100)) return null;
  const at = readKeyset(p.slice(2));
  return at ? { screened: p[0] === 1, score: p[1] as number, ts: at.ts, id: at.id } : null;
};

/**
 * The pipeline's order: kept before screened out, then the better match, then the newest. Negative
 * when `a` comes first.
 */
function byRank(a: RankCursor, b: RankCursor): number {
  if (a.screened !== b.screened) return a.screened ? 1 : -1;
  if (a.score !== b.score) return b.score - a.score;
  if (a.ts !== b.ts) return a.ts < b.ts ? 1 : -1;
  return a.id === b.id ? 0 : a.id < b.id ? 1 : -1;
}

/** The poster's pipeline: a job's applications, and moving one through the statuses. */
export function createPipelineService(ctx: AppContext) {
  const matching = createJobMatching(ctx);
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
      // Ranked by each applicant's match with the job, computed now from their profiles (one read
      // of the job's applications, one of the applicants' profiles), screened-out ones still last.
      const keys = await repo.pipelineKeys(ctx.db, jobId);
      const ranking = await matching.applicantScores(
        jobId,
        keys.map((k) => k.applicantId),
      );
      if (!ranking) return notFound('Job not found');
      const ranked = keys
        .map((k) => ({
          screened: k.screened,
          score: ranking.scores.get(k.applicantId) ?? 0,
          ts: k.cursorTs,
          id: k.id,
        }))
        .sort(byRank);
      const rest = cursor ? ranked.filter((k) => byRank(k, cursor) > 0) : ranked;
      const pageKeys = rest.slice(0, q.limit);
      const records = new Map(
        (
          await repo.recordsByIds(
            ctx.db,
            pageKeys.map((k) => k.id),
          )
        ).map((r) => [r.a.id, r]),
      );
      const items = pageKeys.flatMap((k) => {
        const r = records.get(k.id);
        return r ? [r] : [];
      });
      const last = pageKeys.at(-1);
      const nextCursor =
        rest.length > q.limit && last
          ? encodeCursor([last.screened ? 1 : 0, last.score, last.ts, last.id])
          : null;
      const matches = await matching.applicantMatches(
        ranking.job,
        items.map((r) => r.a.applicantId),
      );
      const referredBy = await ctx.applicationReferrals.referredBy(items.map((r) => r.a.id));
      return {
        applications: items.map((r) => {
          const match = matches.get(r.a.applicantId);
          return {
            ...toApplication(r, user),
            referredBy: referredBy.get(r.a.id) ?? null,
            ...(match ? { match } : {}),
          };
        }),
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
          mail: notificationMail(
            ctx.config,
            { id: row.applicantId, email: rec.applicantEmail },
            applicationStatusMail,
            m.mail,
          ),
        });
      });
      const rec = (await repo.findRecord(ctx.db, id))!;
      return { application: toApplication(rec, user) };
    },
  };
}
