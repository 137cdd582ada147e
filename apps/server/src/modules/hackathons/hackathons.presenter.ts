import {
  type Hackathon,
  type PrizeEscrow,
  type HackathonSubmission,
  hackathonDuration,
  hackathonPhase,
  registrationDeadline,
  registrationOpen,
} from '@agora/shared';
import type { SessionUser } from '../../context.js';
import { isPrivileged } from './hackathons.policy.js';
import type * as repo from './hackathons.repo.js';

/** A signed-in user, or a visitor. */
export type Viewer = SessionUser | null;

export function toSubmission(s: repo.SubmissionRow): HackathonSubmission {
  return {
    _id: s.id,
    userId: s.userId,
    teamName: s.teamName,
    projectTitle: s.projectTitle,
    projectDescription: s.projectDescription,
    projectUrl: s.projectUrl,
    githubUrl: s.githubUrl,
    demoUrl: s.demoUrl,
    fileUrl: s.fileKey ? `/api/hackathons/${s.hackathonId}/submissions/${s.id}/file` : null,
    fileName: s.fileKey ? s.fileName : null,
    teamMembers: s.teamMembers ?? [],
    status: s.status as HackathonSubmission['status'],
    submittedAt: s.submittedAt.toISOString(),
    updatedAt: s.updatedAt.toISOString(),
  };
}

export function toParticipant(p: repo.ParticipantRecord) {
  return {
    userId: p.userId,
    userDisplayName: p.userDisplayName,
    userEmail: p.userEmail,
    registeredAt: p.registeredAt.toISOString(),
  };
}

/** The wire shape; organiser-only fields are blanked for everyone but the organiser and admins. */
export function present(rec: repo.HackathonRecord, viewer: Viewer, now: Date): Hackathon {
  const { h } = rec;
  const privileged = isPrivileged(viewer, h);
  return {
    _id: h.id,
    title: h.title,
    description: h.description,
    image: h.imageKey ? `/uploads/${h.imageKey}` : null,
    category: h.category,
    status: h.status as Hackathon['status'],
    featured: h.featured,
    organizer: {
      name: h.organizerName,
      // Signed-in users only: a visitor's page (and the response cache, which holds only visitors'
      // answers) never carries the organiser's address.
      email: viewer ? h.organizerEmail : null,
      phone: privileged ? h.organizerPhone : null,
    },
    author: { id: h.authorId, displayName: rec.authorName },
    eventDetails: {
      startDate: h.startDate.toISOString(),
      endDate: h.endDate.toISOString(),
      // Derived from the dates, so it cannot contradict them (an older stored label is ignored).
      duration: hackathonDuration(h.startDate, h.endDate),
      location: h.location,
      locationType: h.locationType as Hackathon['eventDetails']['locationType'],
    },
    prizes: { prizePool: h.prizePool, judgingCriteria: h.judgingCriteria },
    requirements: h.requirements,
    additionalInfo: h.additionalInfo,
    tags: h.tags,
    participantCount: h.participantCount,
    submissionCount: rec.submissionCount,
    phase: hackathonPhase(h, now),
    registrationDeadline: registrationDeadline(h.startDate).toISOString(),
    registrationOpen: h.status === 'published' && registrationOpen(h.startDate, now),
    isRegistered: Boolean(rec.isRegistered),
    isOrganizer: Boolean(viewer && viewer.id === h.authorId),
    rejectionReason: privileged ? h.rejectionReason : null,
    reviewedAt: privileged && h.reviewedAt ? h.reviewedAt.toISOString() : null,
    createdAt: h.createdAt.toISOString(),
    maxTeamSize: h.maxTeamSize,
    criteria: h.criteria ?? [],
    resultsPublishedAt: h.resultsPublishedAt ? h.resultsPublishedAt.toISOString() : null,
    prizeEscrow: toPrizeEscrow(h),
  };
}

/** The pool paid in through the checkout, as every viewer sees it (the card's "in escrow"); null if none. */
export function toPrizeEscrow(
  h: Pick<repo.HackathonRow, 'prizeState' | 'prizeAmount' | 'prizeHeldAt' | 'prizeSettledAt'>,
): PrizeEscrow | null {
  if (!h.prizeState || h.prizeAmount === null || !h.prizeHeldAt) return null;
  return {
    state: h.prizeState as PrizeEscrow['state'],
    amount: h.prizeAmount,
    heldAt: h.prizeHeldAt.toISOString(),
    settledAt: h.prizeSettledAt ? h.prizeSettledAt.toISOString() : null,
  };
}
