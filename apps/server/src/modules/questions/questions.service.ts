import type { AppContext, SessionUser } from '../../context.js';
import type { Ranker } from '../../platform/ranker.js';
import { createRanker } from '../../platform/ranker-factory.js';
import { createAnswering } from './questions.answers.service.js';
import { createAsking } from './questions.ask.service.js';
import { expireDrafts, removeQuestion } from './questions.drafts.service.js';
import { type FindIdeaToAct, ideaLookupNotWired } from './questions.ideas.service.js';
import { createRanking } from './questions.ranking.service.js';
import { createQuestionReads } from './questions.read.service.js';

export type { ListPage } from './questions.read.service.js';

/**
 * The questions area's use cases, one file each: reading (questions.read.service.ts), asking and
 * marking answered (questions.ask.service.ts), answering (questions.answers.service.ts), deleting
 * and expiring drafts (questions.drafts.service.ts), ranking answers (questions.ranking.service.ts).
 * Their data access is questions.repo.ts; the API shapes are questions.presenter.ts. `findIdea` is
 * the ideas area's lookup (wired by the routes' registration); services built for background work
 * never offer a bounty from an idea.
 */
export function createQuestionsService(
  ctx: AppContext,
  ranker: Ranker = createRanker(ctx.config.ai),
  findIdea: FindIdeaToAct = ideaLookupNotWired,
) {
  return {
    ...createQuestionReads(ctx),
    ...createAsking(ctx, findIdea),
    ...createAnswering(ctx),
    ...createRanking(ctx, ranker),
    remove: (user: SessionUser, id: string) => removeQuestion(ctx, user, id),
    expireDrafts: () => expireDrafts(ctx),
  };
}

export type QuestionsService = ReturnType<typeof createQuestionsService>;
