import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { indexed, prepared, slots } from '../../db/prepared.js';
import { answers, questions } from '../../db/schema/index.js';

/**
 * Rewarded answers per author and question category, for `n` authors: built once per count
 * (db/prepared.ts). The flags are literals: as parameters, the generic plan guessed half the answers
 * accepted and PostgreSQL planned the statement anew at every request (test/query-plans.test.ts).
 */
const rewardedStatement = prepared((exec, shape: { n: number }) => {
  const ids = slots('u', shape.n);
  return exec
    .select({ userId: answers.authorId, category: questions.category, n: sql<number>`count(*)::int` })
    .from(answers)
    .innerJoin(questions, eq(questions.id, answers.questionId))
    .where(
      and(
        shape.n === 1 ? eq(answers.authorId, ids[0]!) : inArray(answers.authorId, ids),
        sql`${answers.isAccepted}`,
        sql`not ${questions.hidden}`,
      ),
    )
    .groupBy(answers.authorId, questions.category);
});

/**
 * How many of each author's answers were accepted, per question category, on questions still
 * visible: one grouped read over the authors' answers (answers_author_idx), whatever their number.
 */
export async function acceptedAnswerCounts(
  exec: Executor,
  userIds: readonly string[],
): Promise<Array<{ userId: string; category: string; n: number }>> {
  if (userIds.length === 0) return [];
  return rewardedStatement(exec, { n: userIds.length }, indexed('u', userIds));
}
