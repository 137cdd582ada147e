import { MSG, type Question } from '@agora/shared';
import type { AppContext, SessionUser } from '../../context.js';
import { notFound } from '../../lib/errors.js';
import { isUuid } from '../../lib/ids.js';
import { toQuestion } from './questions.presenter.js';
import { answerVisibility, canSeeQuestion, isAuthor } from './questions.policy.js';
import * as repo from './questions.repo.js';

/** One question with the answers its viewer may see, and the view it counts. */

/** Answers shown with one question (detail) and ranked at once: bounded, far above real use. */
export const ANSWERS_PER_QUESTION = 500;

/** The question `id` if `viewer` may see it (questions.policy.ts), else 404. */
export async function visibleQuestion(ctx: AppContext, viewer: SessionUser | null, id: string) {
  if (!isUuid(id)) return notFound(MSG.questionNotFound);
  const q = await repo.findQuestion(ctx.db, id.toLowerCase());
  if (!q || !canSeeQuestion(viewer, q)) return notFound(MSG.questionNotFound);
  return q;
}

/** The question with the answers `viewer` may see (CONTRACT §4). */
export async function withAnswers(
  ctx: AppContext,
  viewer: SessionUser | null,
  q: repo.QuestionRecord,
): Promise<Question> {
  const visibility = answerVisibility(viewer, q);
  const answers =
    visibility === 'none'
      ? []
      : await repo.answersFor(ctx.db, [q.id], {
          authorId: visibility === 'own' ? viewer!.id : undefined,
          perQuestion: ANSWERS_PER_QUESTION,
        });
  return toQuestion(q, answers);
}

export function createQuestionDetail(ctx: AppContext) {
  return {
    /** GET /:id — counts a view (not the author's own), answers per CONTRACT §4. */
    async get(
      viewer: SessionUser | null,
      id: string,
      opts: { countView?: boolean; viewerKey?: string } = {},
    ): Promise<Question> {
      const q = await visibleQuestion(ctx, viewer, id);
      // Views are written in batches (platform/view-counts.ts): a read stays a read. The answer
      // includes the views this server has not written yet, this one among them.
      if (opts.countView !== false && !isAuthor(viewer, q)) {
        ctx.views.view('questions', q.id, opts.viewerKey ?? (viewer ? `u:${viewer.id}` : 'a:unknown'));
      }
      q.views += ctx.views.pending('questions', q.id);
      return withAnswers(ctx, viewer, q);
    },
  };
}
