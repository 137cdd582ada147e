import type { AppContext } from '../../context.js';
import { isUuid } from '../../lib/ids.js';
import { metaDescription, type PageHead } from '../../lib/page-head.js';
import { canSeeIdea } from './ideas.policy.js';
import { findIdeaPageFacts } from './ideas.seo.repo.js';

/**
 * The head of /idea/{id} as a visitor sees it (one lookup by primary key), or null when a visitor
 * gets no such page (unknown id, hidden idea): that page answers 404.
 */
export async function ideaPageHead(ctx: AppContext, id: string): Promise<PageHead | null> {
  if (!isUuid(id)) return null;
  const idea = await findIdeaPageFacts(ctx.db, id);
  if (!idea || !canSeeIdea(null, idea)) return null;
  return {
    title: `${idea.title} — Innovators Space`,
    description: metaDescription(idea.description),
    canonical: `${ctx.config.publicUrl}/idea/${idea.id}`,
    ogType: 'article',
  };
}
