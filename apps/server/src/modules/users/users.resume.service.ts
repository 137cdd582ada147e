import { APPLICATION_MESSAGES, type PublicUser, RESUME_TYPES } from '@agora/shared';
import type { AppContext, SessionUser } from '../../context.js';
import { detectDocument } from '../../lib/document-check.js';
import { AppError, badRequest, notFound } from '../../lib/errors.js';
import { resumeText } from '../../lib/resume-text.js';
import {
  discardUnreferenced,
  discardUpload,
  PROFILE_RESUME_PURPOSE,
  storeUpload,
  type UploadedFile,
} from '../../lib/uploads.js';
import * as repo from './users.repo.js';
import { ownProfile } from './users.service.js';
import { extractSkills, type SkillVocabulary } from './skills-extract.js';

const RESUME_EXTENSIONS = Object.values(RESUME_TYPES).flat();
const NOT_FOUND = 'Résumé not found';

/** The file of the résumé a user keeps on their profile (Quick Apply attaches it when none is sent). */
export interface ProfileResumeFile {
  key: string;
  originalName: string;
  size: number;
  mimetype: string;
}

/** The user's stored résumé file, or null when they keep none. */
export async function profileResumeFile(
  ctx: Pick<AppContext, 'db'>,
  userId: string,
): Promise<ProfileResumeFile | null> {
  const r = await repo.findResume(ctx.db, userId);
  return r ? { key: r.fileKey, originalName: r.originalName, size: r.size, mimetype: r.mimetype } : null;
}

/**
 * The skills of the jobs' vocabulary that the résumé names. A file that cannot be read (damaged,
 * scanned, too slow) is still kept, with none found. The text itself is never kept nor logged.
 */
async function inferSkills(
  vocabulary: SkillVocabulary,
  file: UploadedFile,
  mimetype: string,
): Promise<string[]> {
  const text = await resumeText(file.buffer, mimetype);
  if (!text) return [];
  return extractSkills(text, await vocabulary.all());
}

/** PUT/GET/DELETE /api/users/me/resume and DELETE /api/users/me/inferred-skills/{skill}. */
export function createResumeService(ctx: AppContext, vocabulary: SkillVocabulary) {
  return {
    async store(user: SessionUser, file: UploadedFile | null): Promise<PublicUser> {
      if (!file || file.buffer.length === 0) {
        badRequest(APPLICATION_MESSAGES.resumeRequired, [
          { field: 'resume', message: APPLICATION_MESSAGES.resumeRequired },
        ]);
      }
      const upload = file!;
      // Typed by its bytes; the name's extension must agree (a renamed executable is refused).
      const mime = await detectDocument(upload, RESUME_TYPES, RESUME_EXTENSIONS);
      if (!mime) throw new AppError('INVALID_FILE', 400, APPLICATION_MESSAGES.resumeType);
      const inferredSkills = await inferSkills(vocabulary, upload, mime);
      const stored = await storeUpload(ctx, upload, {
        ownerId: user.id,
        purpose: PROFILE_RESUME_PURPOSE,
        allowed: [mime],
        invalidMessage: APPLICATION_MESSAGES.resumeType,
      });
      let replaced: string | null;
      try {
        replaced = await ctx.db.transaction((tx) =>
          repo.replaceResume(tx, {
            userId: user.id,
            fileKey: stored.key,
            originalName: stored.originalName,
            size: stored.size,
            mimetype: stored.mimetype,
            inferredSkills,
            updatedAt: ctx.clock.now(),
          }),
        );
      } catch (err) {
        await discardUpload(ctx, stored.key);
        throw err;
      }
      // The earlier file goes at once unless an application still names it (then it stays for
      // that job's poster; the ref-count trigger decides).
      if (replaced) await discardUnreferenced(ctx, replaced);
      return ownProfile(ctx.db, user.id);
    },

    async open(user: SessionUser) {
      const r = (await repo.findResume(ctx.db, user.id)) ?? notFound(NOT_FOUND);
      const data = await ctx.storage.open(r.fileKey);
      if (!data) return notFound(NOT_FOUND);
      return { data: data.body, size: data.size, mimetype: r.mimetype, name: r.originalName };
    },

    async remove(user: SessionUser): Promise<PublicUser> {
      const key = await repo.deleteResume(ctx.db, user.id);
      if (key) await discardUnreferenced(ctx, key);
      return ownProfile(ctx.db, user.id);
    },

    async removeInferredSkill(user: SessionUser, skill: string): Promise<PublicUser> {
      const kept = await repo.removeInferredSkill(ctx.db, user.id, skill, ctx.clock.now());
      if (!kept) notFound(NOT_FOUND);
      return ownProfile(ctx.db, user.id);
    },
  };
}
