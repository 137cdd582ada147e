import type { Executor } from '../../db/client.js';
import { acceptedAnswerCounts } from './questions.evidence.repo.js';

/**
 * What other areas (Smart Matching) may cite of people's answers: per person, how many of their
 * answers were chosen for a question's reward (the accepted answer), per question category. An
 * answer only counts on a question anyone can still see: a hidden question is not cited. One
 * grouped read whatever the number of people; a person without such answers has no entry.
 */
export async function rewardedAnswersByPerson(
  exec: Executor,
  userIds: readonly string[],
): Promise<Map<string, Map<string, number>>> {
  const out = new Map<string, Map<string, number>>();
  for (const r of await acceptedAnswerCounts(exec, userIds)) {
    const byCategory = out.get(r.userId) ?? new Map<string, number>();
    byCategory.set(r.category, Number(r.n));
    out.set(r.userId, byCategory);
  }
  return out;
}
