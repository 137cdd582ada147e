import type { JobState } from '@agora/shared';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { isUuid } from '../../lib/ids.js';
import { notFound } from '../../lib/errors.js';
import { canSeeJob } from './jobs.policy.js';
import * as repo from './jobs.repo.js';
import { jobState, type Viewer } from './jobs.presenter.js';

/**
 * The job an application is made to, as the viewer may see it, and whether it takes applications
 * now (`state` 'open'). 404 exactly when GET /api/jobs/{id} would answer 404 to this viewer, so an
 * unlisted posting is never revealed by trying to apply to it.
 */
export async function jobForApplying(
  ctx: AppContext,
  jobId: string,
  viewer: Viewer | null,
  exec: Executor = ctx.db,
): Promise<{ job: repo.JobRow; state: JobState }> {
  const row = isUuid(jobId) ? await repo.findJobWithAuthor(exec, jobId) : undefined;
  if (!row || !canSeeJob(viewer, row.job)) return notFound('Job not found');
  return { job: row.job, state: jobState(row.job, ctx.clock.now()) };
}

/** The poster of a job (who runs its applicant pipeline), or null when there is no such job. */
export async function jobPosterOf(
  ctx: AppContext,
  jobId: string,
  exec: Executor = ctx.db,
): Promise<string | null> {
  return isUuid(jobId) ? repo.posterOf(exec, jobId) : null;
}
