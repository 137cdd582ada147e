import type { ApplicationStatus } from '@agora/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { prepared, rowCount, slot } from '../../db/prepared.js';
import { jobApplications } from '../../db/schema/index.js';

/** The viewer's own application to one job: what the job page shows instead of the Apply button. */
const mineByJob = prepared((exec) =>
  exec
    .select({ id: jobApplications.id, status: jobApplications.status, createdAt: jobApplications.createdAt })
    .from(jobApplications)
    .where(
      and(
        eq(jobApplications.jobId, slot<string>('jobId')),
        eq(jobApplications.applicantId, slot<string>('userId')),
      ),
    )
    .limit(rowCount(1)),
);

/** Applications per job and status for a page of the poster's jobs (My Jobs), in one statement. */
const countsByJobs = prepared((exec) =>
  exec
    .select({
      jobId: jobApplications.jobId,
      status: jobApplications.status,
      n: sql<number>`count(*)::int`,
    })
    .from(jobApplications)
    .where(sql`${jobApplications.jobId} = any(${slot('ids')}::uuid[])`)
    .groupBy(jobApplications.jobId, jobApplications.status),
);

/** Reads of applications that other areas show on their own pages (the job page, My Jobs). */
export function createApplicationReads(ctx: AppContext) {
  return {
    async mine(
      jobId: string,
      userId: string,
    ): Promise<{ _id: string; status: ApplicationStatus; createdAt: string } | null> {
      const [row] = await mineByJob(ctx.db, undefined, { jobId, userId });
      if (!row) return null;
      return { _id: row.id, status: row.status as ApplicationStatus, createdAt: row.createdAt.toISOString() };
    },

    /** jobId → { status: count }; a job without applications is absent from the map. */
    async countsByJob(jobIds: string[]): Promise<Map<string, Record<string, number>>> {
      const counts = new Map<string, Record<string, number>>();
      if (jobIds.length === 0) return counts;
      const rows = await countsByJobs(ctx.db, undefined, { ids: jobIds });
      for (const r of rows) {
        const byStatus = counts.get(r.jobId) ?? {};
        byStatus[r.status] = r.n;
        counts.set(r.jobId, byStatus);
      }
      return counts;
    },
  };
}

export type ApplicationReads = ReturnType<typeof createApplicationReads>;
