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
 * People's most recent visible ideas with their tags, for Smart Matching (jobs.match.ts) to cite:
 * at most `perUser` each on average, one read (ideas_author_idx).
 */
export async function ideaTagsOf(
  exec: Executor,
  userIds: readonly string[],
  perUser = 50,
): Promise<Array<{ userId: string; title: string; tags: string[] }>> {
  if (userIds.length === 0) return [];
  const rows = await ideasStatement(
    exec,
    { n: userIds.length, limit: perUser * userIds.length },
    indexed('u', userIds),
  );
  return rows.map((r) => ({ userId: r.userId, title: r.title, tags: r.tags ?? [] }));
}
