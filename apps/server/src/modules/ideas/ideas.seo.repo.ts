import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { ideas } from '../../db/schema/index.js';

/** What an idea's page head shows, and who may see it: one lookup by primary key. */
export async function findIdeaPageFacts(exec: Executor, id: string) {
  const [idea] = await exec
    .select({
      id: ideas.id,
      title: ideas.title,
      description: ideas.description,
      authorId: ideas.authorId,
      hidden: ideas.hidden,
    })
    .from(ideas)
    .where(eq(ideas.id, id))
    .limit(1);
  return idea ?? null;
}
