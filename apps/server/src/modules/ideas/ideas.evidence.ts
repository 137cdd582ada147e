import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { ideas } from '../../db/schema/index.js';

/**
 * People's most recent visible ideas with their tags, for Smart Matching (jobs.match.ts) to cite:
 * at most `perUser` each on average, one read (ideas_author_idx).
 */
export async function ideaTagsOf(
  exec: Executor,
  userIds: readonly string[],
  perUser = 50,
): Promise<Array<{ userId: string; title: string; tags: string[] }>> {
  if (userIds.length === 0) return [];
  const rows = await exec
    .select({ userId: ideas.authorId, title: ideas.title, tags: ideas.tags })
    .from(ideas)
    .where(and(inArray(ideas.authorId, [...userIds]), eq(ideas.hidden, false)))
    .orderBy(desc(ideas.createdAt))
    .limit(perUser * userIds.length);
  return rows.map((r) => ({ userId: r.userId, title: r.title, tags: r.tags ?? [] }));
}
