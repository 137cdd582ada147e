import type { PublicUser, StoredResumeInfo } from '@agora/shared';
import { toPublicUser } from './users.public.js';
import type { ResumeRow, UserRow } from './users.repo.js';

export function toResumeInfo(r: ResumeRow): StoredResumeInfo {
  return {
    originalName: r.originalName,
    size: r.size,
    mimetype: r.mimetype,
    uploadedAt: r.updatedAt.toISOString(),
  };
}

/**
 * The caller's own profile: the public fields, their settings, and everything Smart Matching reads
 * of them — including what was inferred from their résumé, so nothing inferred is hidden from them.
 */
export function toOwnProfile(row: UserRow, resume: ResumeRow | undefined | null): PublicUser {
  return {
    ...toPublicUser(row),
    categoryDigest: row.categoryDigest,
    emailNotifications: row.emailNotifications,
    emailReminders: row.emailReminders,
    ideaCommentNotifications: row.ideaCommentNotifications,
    headline: row.headline,
    company: row.company,
    location: row.location,
    level: (row.level as PublicUser['level']) ?? null,
    skills: row.skills ?? [],
    inferredSkills: resume?.inferredSkills ?? [],
    resume: resume ? toResumeInfo(resume) : null,
  };
}
