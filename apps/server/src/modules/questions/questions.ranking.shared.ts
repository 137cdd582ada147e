import type { AppContext } from '../../context.js';
import type { Tx } from '../../db/client.js';
import type { Ranker } from '../../platform/ranker.js';
import { toRanking } from '../../platform/ranker.js';
import { notifyMany } from '../notifications/notifications.service.js';
import * as repo from './questions.repo.js';

/** What ranking on request and ranking at the escrow deadline both do: rank, save, tell. */

const ANSWERS_RANKED_MAX = 100;

export type Ranking = ReturnType<typeof toRanking>;

/** Oldest first, by id among answers of the same instant (a copy; the input stays as it was). */
export function oldestFirst(answers: repo.AnswerRecord[]): repo.AnswerRecord[] {
  return [...answers].sort(
    (a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id),
  );
}

/** Ranks the answers with `using`, saves the ranking and tells each answerer whose place changed. */
export async function rankAndSave(
  ctx: AppContext,
  q: { id: string; title: string; description: string; category: string },
  current: repo.AnswerRecord[],
  using: Ranker,
  /** Runs first in the transaction that saves the ranking; throwing there saves nothing. */
  guard?: (tx: Tx) => Promise<void>,
): Promise<Ranking> {
  // Oldest first into the ranker; beyond the cap (never in practice) answers stay unranked.
  const candidates = oldestFirst(current).slice(0, ANSWERS_RANKED_MAX);
  const stats = new Map(
    (await repo.answererStats(ctx.db, Array.from(new Set(candidates.map((a) => a.authorId))))).map((s) => [
      s.authorId,
      s,
    ]),
  );
  const input = {
    question: { title: q.title, description: q.description, category: q.category },
    answers: candidates.map((a) => ({
      id: a.id,
      content: a.content,
      attachments: a.attachments?.length ?? 0,
      author: stats.get(a.authorId),
    })),
  };
  const ranking = toRanking(input, await using.rank(input));
  const now = ctx.clock.now();
  // Each answerer whose place is new or changed hears of it (a rerun that changes nothing is quiet).
  const before = new Map(current.map((a) => [a.id, a]));
  const moved = ranking.filter((r) => before.get(r.answerId)?.aiRank !== r.rank);
  await ctx.db.transaction(async (tx) => {
    await guard?.(tx);
    await repo.saveRanking(tx, q.id, ranking, using.name, now);
    await notifyMany(
      tx,
      moved.map((r) => ({
        userId: before.get(r.answerId)!.authorId,
        type: 'answer_ranked' as const,
        title: 'Your answer was ranked',
        body: `#${r.rank} of ${ranking.length} on "${q.title.slice(0, 120)}"`,
        link: `/questions?question=${q.id}`,
      })),
    );
  });
  return ranking;
}
