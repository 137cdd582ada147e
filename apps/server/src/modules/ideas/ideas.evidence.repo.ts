import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { indexed, prepared, rowCount, slots } from '../../db/prepared.js';
import { ideas } from '../../db/schema/index.js';

/** The newest visible ideas of `n` people, at most `limit` (built once per shape: db/prepared.ts). */
const ideasStatement = prepared((exec, shape: { n: number; limit: number }) => {
  const ids = slots('u', shape.n);
  return exec
    .select({ userId: ideas.authorId, title: ideas.title, tags: ideas.tags })
    .from(ideas)
    .where(
      and(
        shape.n === 1 ? eq(ideas.authorId, ids[0]!) : inArray(ideas.authorId, ids),
        sql`not ${ideas.hidden}`,
      ),
    )
    .orderBy(desc(ideas.createdAt))
    .limit(rowCount(shape.limit));
});

/**
 * The newest visible ideas of these people with their tags, at most `limit` in all: one read
 * (ideas_author_idx), whatever the number of people.
 */
export async function recentVisibleIdeas(
  exec: Executor,
  userIds: readonly string[],
  limit: number,
): Promise<Array<{ userId: string; title: string; tags: string[] | null }>> {
  if (userIds.length === 0) return [];
  return ideasStatement(exec, { n: userIds.length, limit }, indexed('u', userIds));
}
