import type { SessionUser } from '../../context.js';

type Viewer = Pick<SessionUser, 'id' | 'role'> | null;
type Posted = { posterId: string; status: string };

export const isPoster = (viewer: Viewer, job: { posterId: string }): boolean =>
  !!viewer && viewer.id === job.posterId;

/** Its poster and admins see a posting in every state (and its rejection reason). */
export const canSeeUnlisted = (viewer: Viewer, job: { posterId: string }): boolean =>
  viewer?.role === 'admin' || isPoster(viewer, job);

/**
 * Reviewed and approved postings are public, also once expired or filled (their page still loads
 * and says they take no applications); pending and rejected ones exist only for their poster and
 * admins.
 */
export const canSeeJob = (viewer: Viewer, job: Posted): boolean =>
  job.status === 'approved' ||
  job.status === 'expired' ||
  job.status === 'filled' ||
  canSeeUnlisted(viewer, job);

/** Only the poster edits a posting (the admin reviews, but does not rewrite it). */
export const canEditJob = (viewer: Viewer, job: { posterId: string }): boolean => isPoster(viewer, job);

/**
 * A listing's life (renew it, mark it filled): its poster, and admins on the poster's behalf (a
 * recruiter who asks support to close a listing).
 */
export const canManageListing = (viewer: Viewer, job: { posterId: string }): boolean =>
  canSeeUnlisted(viewer, job);

/** Only admins review (approve or reject) a posting. */
export const canReviewJobs = (viewer: Viewer): boolean => viewer?.role === 'admin';
