import type { AppContext } from '../../context.js';
import { createJudgesService } from './hackathons.judging.judges.service.js';
import { createResultsService } from './hackathons.judging.results.service.js';
import { createScoringService } from './hackathons.judging.scoring.service.js';
import { createJudgingShared } from './hackathons.judging.shared.js';
import { createPeoplesChoiceService } from './hackathons.judging.votes.service.js';

export { DEFAULT_PLACES } from './hackathons.judging.results.service.js';

/**
 * Judging of a hackathon, one use case per file: judges and criteria (judges), a judge's queue
 * and sheets (scoring), the ranking and its publication (results), the people's choice (votes).
 */
export function createHackathonJudging(ctx: AppContext) {
  const shared = createJudgingShared(ctx);
  return {
    ...createJudgesService(ctx, shared),
    ...createScoringService(ctx, shared),
    ...createResultsService(ctx, shared),
    ...createPeoplesChoiceService(ctx, shared),
  };
}

export type HackathonJudging = ReturnType<typeof createHackathonJudging>;
