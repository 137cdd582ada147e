import type { Application } from '@agora/shared';
import type { ApplicationRecord } from './applications.repo.js';

/**
 * The application as a viewer may see it. The notes a poster writes with a status change are the
 * hiring team's own: the applicant sees the statuses and their dates, never the notes.
 */
export function toApplication(r: ApplicationRecord, viewer: { id: string }): Application {
  const { a } = r;
  const teamView = viewer.id !== a.applicantId;
  return {
    _id: a.id,
    job: { _id: a.jobId, title: r.jobTitle, company: r.jobCompany },
    applicant: { id: a.applicantId, displayName: r.applicantName },
    status: a.status as Application['status'],
    coverNote: a.coverNote,
    resume:
      a.resumeKey && a.resumeOriginalName && a.resumeMimetype
        ? { originalName: a.resumeOriginalName, size: a.resumeSize ?? 0, mimetype: a.resumeMimetype }
        : null,
    answers: a.answers,
    screenedOut: a.screenedOut,
    history: a.history.map((h) => ({
      status: h.status as Application['status'],
      at: h.at,
      ...(teamView && h.note ? { note: h.note } : {}),
    })),
    createdAt: a.createdAt.toISOString(),
    updatedAt: a.updatedAt.toISOString(),
  };
}
