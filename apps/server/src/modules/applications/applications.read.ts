import type { ApplicationStatus } from '@agora/shared';
import type { AppContext, JobApplications } from '../../context.js';
import type { Executor } from '../../db/client.js';
import * as repo from './applications.repo.js';

/** An application as the referrals area names it: whose, for which job, where it stands. */
export interface ApplicationSummary {
  id: string;
  status: ApplicationStatus;
  applicantId: string;
  applicantName: string;
  applicantEmail: string;
  jobId: string;
  jobTitle: string;
  jobCompany: string;
}

const summary = (r: repo.ApplicationRecord): ApplicationSummary => ({
  id: r.a.id,
  status: r.a.status as ApplicationStatus,
  applicantId: r.a.applicantId,
  applicantName: r.applicantName,
  applicantEmail: r.applicantEmail,
  jobId: r.a.jobId,
  jobTitle: r.jobTitle,
  jobCompany: r.jobCompany,
});

/** Applications by id, summarised (one statement for a page of referral requests). */
export async function applicationSummaries(
  exec: Executor,
  ids: readonly string[],
): Promise<Map<string, ApplicationSummary>> {
  return new Map((await repo.recordsByIds(exec, ids)).map((r) => [r.a.id, summary(r)]));
}

/** Reads of applications that other areas show on their own pages (the job page, My Jobs). */
export function createApplicationReads(ctx: Pick<AppContext, 'db'>): JobApplications {
  return {
    /** The viewer's application to this job, or null: the job page shows it instead of the Apply button. */
    async mine(
      jobId: string,
      userId: string,
    ): Promise<{ _id: string; status: ApplicationStatus; createdAt: string } | null> {
      const row = await repo.findMineForJob(ctx.db, jobId, userId);
      if (!row) return null;
      return { _id: row.id, status: row.status as ApplicationStatus, createdAt: row.createdAt.toISOString() };
    },

    /** jobId → { status: count } for My Jobs; a job without applications is absent from the map. */
    async countsByJob(jobIds: string[]): Promise<Map<string, Record<string, number>>> {
      const counts = new Map<string, Record<string, number>>();
      if (jobIds.length === 0) return counts;
      for (const r of await repo.countByJobAndStatus(ctx.db, jobIds)) {
        const byStatus = counts.get(r.jobId) ?? {};
        byStatus[r.status] = r.n;
        counts.set(r.jobId, byStatus);
      }
      return counts;
    },
  };
}

export type ApplicationReads = ReturnType<typeof createApplicationReads>;
