import {
  ADMIN_MESSAGES,
  type AdminHackathon,
  type AdminHackathonsQuery,
  type AdminJob,
  type AdminJobsQuery,
} from '@agora/shared';
import type { AppContext, SessionUser } from '../../context.js';
import { audit } from '../../lib/audit.js';
import { conflict, notFound } from '../../lib/errors.js';
import {
  findHackathonForAdmin,
  listHackathonsForAdmin,
  toAdminHackathon,
} from '../hackathons/hackathons.admin.service.js';
import type { HackathonsService } from '../hackathons/hackathons.service.js';
import { findJobForAdmin, listJobsForAdmin, toAdminJob } from '../jobs/jobs.admin.service.js';
import type { JobsService } from '../jobs/jobs.service.js';
import { listOpts, type Paged } from './admin.paging.js';

/**
 * The review queues: hackathons and jobs waiting for approval, approved or rejected by an admin
 * through the owning area's review rules (the app's one hackathons and jobs services).
 */
export function createAdminReviews(
  ctx: AppContext,
  { hackathons: hackathonsSvc, jobs: jobsSvc }: { hackathons: HackathonsService; jobs: JobsService },
) {
  // ---------- hackathons ----------

  async function listHackathons(q: AdminHackathonsQuery): Promise<Paged<AdminHackathon>> {
    const opts = listOpts(q);
    return listHackathonsForAdmin(ctx.db, { status: q.status, q: q.q, ...opts }, ctx.clock.now());
  }

  /**
   * `updatedAt`: the version the admin read. The row is locked first, and the hackathons service's
   * conditional update applies the decision to that version only (409 CHANGED_SINCE_REVIEW).
   */
  async function reviewHackathon(
    admin: SessionUser,
    id: string,
    decision: 'approve' | 'reject',
    updatedAt: string,
    reason?: string,
  ): Promise<AdminHackathon> {
    const seen = new Date(updatedAt);
    return ctx.db.transaction(async (tx) => {
      const before = (await findHackathonForAdmin(tx, id, true)) ?? notFound('Hackathon not found');
      if (before.h.status !== 'pending') conflict('ALREADY_REVIEWED', ADMIN_MESSAGES.notPending);
      if (before.h.updatedAt.getTime() !== seen.getTime()) {
        conflict('CHANGED_SINCE_REVIEW', ADMIN_MESSAGES.changedSinceReview);
      }
      if (decision === 'approve') await hackathonsSvc.approve(admin, id, tx, seen);
      else await hackathonsSvc.reject(admin, id, reason!, tx, seen);
      const after = (await findHackathonForAdmin(tx, id))!;
      await audit(
        tx,
        admin,
        `hackathon.${decision}`,
        'hackathon',
        id,
        { status: before.h.status, rejectionReason: before.h.rejectionReason },
        { status: after.h.status, rejectionReason: after.h.rejectionReason },
      );
      return toAdminHackathon(after.h, after.author, ctx.clock.now());
    });
  }

  // ---------- jobs ----------

  async function listJobs(q: AdminJobsQuery): Promise<Paged<AdminJob>> {
    const opts = listOpts(q);
    return listJobsForAdmin(ctx.db, { status: q.status, q: q.q, ...opts }, ctx.clock.now());
  }

  /** As reviewHackathon: the decision applies to the version the admin read (`updatedAt`) only. */
  async function reviewJob(
    admin: SessionUser,
    id: string,
    decision: 'approve' | 'reject',
    updatedAt: string,
    reason?: string,
  ): Promise<AdminJob> {
    const seen = new Date(updatedAt);
    return ctx.db.transaction(async (tx) => {
      const before = (await findJobForAdmin(tx, id, true)) ?? notFound('Job not found');
      if (before.j.status !== 'pending') conflict('ALREADY_REVIEWED', ADMIN_MESSAGES.notPending);
      if (before.j.updatedAt.getTime() !== seen.getTime()) {
        conflict('CHANGED_SINCE_REVIEW', ADMIN_MESSAGES.changedSinceReview);
      }
      if (decision === 'approve') await jobsSvc.approve(admin, id, tx, seen);
      else await jobsSvc.reject(admin, id, reason!, tx, seen);
      const after = (await findJobForAdmin(tx, id))!;
      await audit(
        tx,
        admin,
        `job.${decision}`,
        'job',
        id,
        { status: before.j.status, rejectionReason: before.j.rejectionReason },
        { status: after.j.status, rejectionReason: after.j.rejectionReason },
      );
      return toAdminJob(after.j, after.poster, ctx.clock.now());
    });
  }

  return { listHackathons, reviewHackathon, listJobs, reviewJob };
}
