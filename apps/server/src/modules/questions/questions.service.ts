import type { AppContext, SessionUser } from '../../context.js';
import type { Ranker } from '../../platform/ranker.js';
import { createRanker } from '../../platform/ranker-factory.js';
import { createAnswering } from './questions.answers.service.js';
import { createAsking } from './questions.ask.service.js';
import { expireDrafts, removeQuestion } from './questions.drafts.service.js';
import { type FindIdeaToAct, ideaLookupNotWired } from './questions.ideas.service.js';
import { createQuestionDetail } from './questions.detail.service.js';
import { createQuestionLists } from './questions.list.service.js';
import { createRankOnRequest } from './questions.ranking.request.service.js';
import { createSettlementRanking } from './questions.ranking.settlement.service.js';

export type { ListPage } from './questions.list.service.js';

/**
 * The questions area's use cases, one file each: the lists, category counts and similar titles
 * (questions.list.service.ts), one question (questions.detail.service.ts), asking and marking
 * answered (questions.ask.service.ts), answering (questions.answers.service.ts), deleting and
 * expiring drafts (questions.drafts.service.ts), ranking answers on request
 * (questions.ranking.request.service.ts) and at the escrow deadline
 * (questions.ranking.settlement.service.ts).
 * Their data access is questions.repo.ts; the API shapes are questions.presenter.ts. `findIdea` is
 * the ideas area's lookup, wired with the app's one instance of this service (modules/services.ts);
 * without it (a test's own instance) a bounty cannot be offered from an idea.
 */
export function createQuestionsService(
  ctx: AppContext,
  ranker: Ranker = createRanker(ctx.config.ai),
  findIdea: FindIdeaToAct = ideaLookupNotWired,
) {
  return {
    ...createQuestionLists(ctx),
    ...createQuestionDetail(ctx),
    ...createAsking(ctx, findIdea),
    ...createAnswering(ctx),
    ...createRankOnRequest(ctx, ranker),
    ...createSettlementRanking(ctx, ranker),
    remove: (user: SessionUser, id: string) => removeQuestion(ctx, user, id),
    expireDrafts: () => expireDrafts(ctx),
  };
}

export type QuestionsService = ReturnType<typeof createQuestionsService>;
