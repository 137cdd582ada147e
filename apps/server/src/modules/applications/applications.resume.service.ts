import type { AppContext, SessionUser } from '../../context.js';
import { notFound } from '../../lib/errors.js';
import { isUuid } from '../../lib/ids.js';
import { canSeeApplication } from './applications.policy.js';
import * as repo from './applications.repo.js';

const NOT_FOUND = 'Résumé not found';

/** GET /api/applications/{id}/resume: to the applicant, the job's poster and admins (everyone else 404). */
export function createResumeService(ctx: AppContext) {
  return {
    async open(user: SessionUser, id: string) {
      if (!isUuid(id)) notFound(NOT_FOUND);
      const rec = await repo.findRecord(ctx.db, id);
      if (!rec || !canSeeApplication(user, { applicantId: rec.a.applicantId, posterId: rec.posterId })) {
        return notFound(NOT_FOUND);
      }
      const { resumeKey, resumeMimetype, resumeOriginalName } = rec.a;
      if (!resumeKey || !resumeMimetype || !resumeOriginalName) return notFound(NOT_FOUND);
      const data = await ctx.storage.open(resumeKey);
      if (!data) return notFound(NOT_FOUND);
      return { data: data.body, size: data.size, mimetype: resumeMimetype, name: resumeOriginalName };
    },
  };
}
