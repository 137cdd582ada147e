import type { SessionUser } from '../../context.js';

type Viewer = Pick<SessionUser, 'id' | 'role'> | null;
type Organised = { authorId: string; status: string };

export const isAdmin = (viewer: Viewer): boolean => viewer?.role === 'admin';

export const isOrganizer = (viewer: Viewer, h: { authorId: string }): boolean =>
  !!viewer && viewer.id === h.authorId;

/** The organiser and admins see a hackathon's private fields, and set its submissions' results. */
export const isPrivileged = (viewer: Viewer, h: { authorId: string }): boolean =>
  isAdmin(viewer) || isOrganizer(viewer, h);

/** CONTRACT §3: pending and rejected hackathons are absent for everyone but organiser and admins. */
export const canSeeHackathon = (viewer: Viewer, h: Organised): boolean =>
  h.status === 'published' || isPrivileged(viewer, h);

/** spec 03 §4: an organiser never registers for their own hackathon. */
export const canRegister = (viewer: Viewer, h: { authorId: string }): boolean => !isOrganizer(viewer, h);

/** Only its organiser edits a hackathon (admins review it instead). */
export const canEdit = (viewer: Viewer, h: { authorId: string }): boolean => isOrganizer(viewer, h);

/** A submission is read by its submitter, the organiser and admins. */
export const canSeeSubmission = (viewer: Viewer, h: { authorId: string }, s: { userId: string }): boolean =>
  isPrivileged(viewer, h) || (!!viewer && viewer.id === s.userId);

/** Only admins review (approve or reject) a hackathon. */
export const canReview = (viewer: Viewer): boolean => isAdmin(viewer);
