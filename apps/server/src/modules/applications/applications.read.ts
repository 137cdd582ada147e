import type { ApplicationStatus } from '@agora/shared';
import type { AppContext } from '../../context.js';
import * as repo from './applications.repo.js';

/** Reads of applications that other areas show on their own pages (the job page, My Jobs). */
export function createApplicationReads(ctx: AppContext) {
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
