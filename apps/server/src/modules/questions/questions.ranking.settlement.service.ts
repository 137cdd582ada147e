import type { AppContext } from '../../context.js';
import type { Ranker } from '../../platform/ranker.js';
import { BuiltinRanker } from '../../platform/ranker-builtin.js';
import { ANSWERS_PER_QUESTION } from './questions.detail.service.js';
import { oldestFirst, type Ranking, rankAndSave } from './questions.ranking.shared.js';
import * as repo from './questions.repo.js';

function winner(a: repo.AnswerRecord) {
  return { answerId: a.id, authorId: a.authorId, createdAt: a.createdAt };
}

/**
 * Ranking a question's answers for the escrow settlement at its deadline (the payments area), with
 * the configured ranker and the built-in one behind it.
 */
export function createSettlementRanking(ctx: AppContext, ranker: Ranker) {
  const db = ctx.db;
  const fallbackRanker: Ranker = new BuiltinRanker();
  return {
    /**
     * The escrow deadline: the answers ranked first, by the configured ranker (the built-in
     * one if it fails), oldest first among equal scores; the ranking is saved like a manual one so
     * everyone can see why. No answers → []. Called by the payments area's settlement task.
     */
    async rankForSettlement(questionId: string): Promise<{
      answerCount: number;
      winners: Array<{ answerId: string; authorId: string; createdAt: Date }>;
    }> {
      // The count is read before the answers: an answer landing in between makes the settlement see
      // a count other than this one and rank again, never settle on a list that misses it.
      const q = await repo.findQuestion(db, questionId);
      if (!q) return { answerCount: 0, winners: [] };
      const { answerCount } = q;
      const current = await repo.answersFor(db, [q.id], { perQuestion: ANSWERS_PER_QUESTION });
      const ordered = oldestFirst(current);
      if (ordered.length <= 1) return { answerCount, winners: ordered.map(winner) };
      let ranking: Ranking;
      try {
        ranking = await rankAndSave(ctx, q, current, ranker);
      } catch {
        ranking = await rankAndSave(ctx, q, current, fallbackRanker);
      }
      const top = ranking[0]!.score;
      const tied = new Set(ranking.filter((r) => r.score === top).map((r) => r.answerId));
      return { answerCount, winners: ordered.filter((a) => tied.has(a.id)).map(winner) };
    },
  };
}
