import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { answers, questions } from '../../db/schema/index.js';

/**
 * What Smart Matching (jobs.match.ts) may cite of people's answers: how many of each person's answers
 * were chosen for a question's reward, per question category. One grouped read over the authors'
 * answers (answers_author_idx), whatever the number of people; hidden questions are not cited.
 */
export async function rewardedAnswersByCategory(
  exec: Executor,
  userIds: readonly string[],
): Promise<Array<{ userId: string; category: string; n: number }>> {
  if (userIds.length === 0) return [];
  const rows = await exec
    .select({ userId: answers.authorId, category: questions.category, n: sql<number>`count(*)::int` })
    .from(answers)
    .innerJoin(questions, eq(questions.id, answers.questionId))
    // The flags as literals: as parameters, the generic plan guessed half the answers accepted and
    // PostgreSQL planned the statement anew at every request (test/query-plans.test.ts).
    .where(
      and(
        userIds.length === 1 ? eq(answers.authorId, userIds[0]!) : inArray(answers.authorId, [...userIds]),
        sql`${answers.isAccepted}`,
        sql`not ${questions.hidden}`,
      ),
    )
    .groupBy(answers.authorId, questions.category);
  return rows.map((r) => ({ userId: r.userId, category: r.category, n: Number(r.n) }));
}
