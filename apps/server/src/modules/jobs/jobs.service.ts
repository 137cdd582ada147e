import type { AppContext } from '../../context.js';
import { createJobBrowseService } from './jobs.browse.service.js';
import { createJobMatching } from './jobs.match.js';
import { createJobPostingService } from './jobs.posting.service.js';
import { createJobReviewService } from './jobs.review.service.js';

/**
 * The jobs area's services, one use case per file: the list and the job page with the viewer's
 * match (browse), the poster's postings and logo (posting), and the admins' review (review).
 */
export function createJobsService(ctx: AppContext) {
  const review = createJobReviewService(ctx);
  return {
    ...createJobBrowseService(ctx, createJobMatching(ctx)),
    ...createJobPostingService(ctx),
    approve: review.approve,
    reject: review.reject,
  };
}

export type JobsService = ReturnType<typeof createJobsService>;
