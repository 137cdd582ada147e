import type { SessionUser } from '../../context.js';

type Viewer = Pick<SessionUser, 'id' | 'role'>;

/** The poster runs a job's pipeline; admins may too (moderation, support). */
export const canManagePipeline = (viewer: Viewer, posterId: string): boolean =>
  viewer.role === 'admin' || viewer.id === posterId;

/**
 * An application (and its résumé) is seen by the applicant, the job's poster and admins only;
 * everyone else is told it does not exist.
 */
export const canSeeApplication = (viewer: Viewer, a: { applicantId: string; posterId: string }): boolean =>
  viewer.id === a.applicantId || canManagePipeline(viewer, a.posterId);

/** Only the applicant withdraws their application. */
export const canWithdraw = (viewer: Viewer, a: { applicantId: string }): boolean =>
  viewer.id === a.applicantId;
