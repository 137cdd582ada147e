import {
  IDEA_CATEGORIES,
  IDEA_SEARCH_MAX_RESULTS,
  type Idea,
  type IdeaList,
  type IdeaSearchHit,
} from '@agora/shared';
import type { AppContext, SessionUser } from '../../context.js';
import { badRequest, forbidden, unauthorized } from '../../lib/errors.js';
import { isUuid } from '../../lib/ids.js';
import { canListHiddenIdeasOf } from './ideas.policy.js';
import { toIdea, toSearchHit } from './ideas.presenter.js';
import * as repo from './ideas.repo.js';

const SEARCH_MAX_WORDS = 8;
const SEARCH_MAX_WORD = 50;

/** Search text → at most 8 lower-case words of letters and digits (safe inside a tsquery). */
export function searchWords(q: string): string[] {
  // Apostrophes join ("robot's" → "robots", which stems like "robot") instead of splitting off an "s".
  const words =
    q
      .normalize('NFKC')
      .toLowerCase()
      .replace(/['\u2019]/g, '')
      .match(/[\p{L}\p{N}]+/gu) ?? [];
  return [...new Set(words.map((w) => w.slice(0, SEARCH_MAX_WORD)))].slice(0, SEARCH_MAX_WORDS);
}

function paged(ideasPage: Idea[], totalItems: number, page: number, limit: number): IdeaList {
  const total = Math.ceil(totalItems / limit);
  return {
    ideas: ideasPage,
    pagination: { current: page, total, hasMore: page < total },
    totalItems,
  };
}

/** ListIdeasQuery.author: 'me' needs a signed-in caller; anything else must be a user id. */
function resolveAuthor(viewer: SessionUser | null, author: string): string | null {
  if (author === 'me') return viewer?.id ?? unauthorized();
  if (!isUuid(author)) {
    return badRequest('Invalid author', [{ field: 'querystring.author', message: 'Invalid author' }]);
  }
  return author;
}

/** The deepest offset a page number alone may ask for (deeper pages follow nextCursor). */
export const IDEA_MAX_OFFSET = 1000;

/** The idea lists: the feed (filters, sorts, search, pages), categories, hidden ideas and the quick search. */
export function createFeedService(ctx: AppContext) {
  const db = ctx.db;

  return {
    async list(
      viewer: SessionUser | null,
      q: {
        category?: string;
        sort: repo.IdeaSort;
        page: number;
        limit: number;
        cursor?: string;
        author?: string;
        status?: string;
        q?: string;
      },
    ): Promise<IdeaList> {
      const category = q.category && q.category.toLowerCase() !== 'all' ? q.category : null;
      // My Ideas (author=me) and an author's public ideas; hidden ones stay on /hidden-ideas.
      const authorId = q.author ? resolveAuthor(viewer, q.author) : null;
      // Merged ideas are hidden: asking for them lists nothing rather than an error.
      const filter: repo.IdeaFilter = { hidden: false, category, authorId, status: q.status ?? null };
      const words = q.q ? searchWords(q.q) : [];
      if (words.length > 0) {
        // Every visible idea matching every word, in the list's own sort and filters, by page number.
        if ((q.page - 1) * q.limit > IDEA_MAX_OFFSET) return paged([], 0, q.page, q.limit);
        const found = await repo.searchPage(db, {
          filter,
          words,
          viewerId: viewer?.id ?? null,
          sort: q.sort,
          page: q.page,
          limit: q.limit,
        });
        return paged(found.rows.map(toIdea), found.totalItems, q.page, q.limit);
      }
      const after = repo.decodeIdeaCursor(q.cursor, q.sort);
      // The first page and every page reached by its cursor: keyset (spec 02's page numbers stay
      // in `pagination`). A page number without a cursor (an older client) is still served by offset.
      // The total comes with the page: from idea_counts (no count(*) of every visible idea), or counted for an author.
      if (after || q.page === 1) {
        const page = await repo.keysetPageOfIdeas(db, {
          filter,
          viewerId: viewer?.id ?? null,
          sort: q.sort,
          after,
          limit: q.limit,
        });
        return {
          ideas: page.rows.map(toIdea),
          pagination: {
            current: q.page,
            total: Math.ceil(page.totalItems / q.limit),
            hasMore: page.next !== null,
          },
          totalItems: page.totalItems,
          nextCursor: page.next,
        };
      }
      // A page number without its cursor walks the index past every earlier row: allowed while
      // that walk is short, refused past it (`page=5000` would sort 50,000 rows on disk).
      // Past the last page: empty, as before, without reading any idea.
      const offset = (q.page - 1) * q.limit;
      if (offset > IDEA_MAX_OFFSET) {
        const totalItems = await repo.countFiltered(db, filter);
        if (offset >= totalItems) return paged([], totalItems, q.page, q.limit);
        badRequest('Page too deep', [
          {
            field: 'querystring.page',
            message: `Pages past the first ${IDEA_MAX_OFFSET} ideas are reached with the cursor of the page before (nextCursor)`,
          },
        ]);
      }
      const { rows, totalItems } = await repo.pageOfIdeas(db, {
        filter,
        viewerId: viewer?.id ?? null,
        sort: q.sort,
        page: q.page,
        limit: q.limit,
      });
      return paged(rows.map(toIdea), totalItems, q.page, q.limit);
    },

    /** CONTRACT §4/§5: every category a form can submit (0 when unused) plus any other in use. */
    async categories(): Promise<Record<string, number>> {
      const counts: Record<string, number> = Object.fromEntries(IDEA_CATEGORIES.map((c) => [c, 0]));
      for (const row of await repo.categoryCounts(db)) counts[row.category] = Number(row.n);
      return counts;
    },

    async hiddenOf(user: SessionUser, userId: string, page: number, limit: number): Promise<IdeaList> {
      if (!canListHiddenIdeasOf(user, userId)) forbidden('You can only see your own hidden ideas');
      const { rows, totalItems } = await repo.pageOfIdeas(db, {
        filter: { hidden: true, authorId: user.id },
        viewerId: user.id,
        sort: 'newest',
        page,
        limit,
      });
      return paged(rows.map(toIdea), totalItems, page, limit);
    },

    async search(q: string, match: 'all' | 'any' = 'all'): Promise<IdeaSearchHit[]> {
      const words = searchWords(q);
      if (words.length === 0) return [];
      return (await repo.searchIdeas(db, words, IDEA_SEARCH_MAX_RESULTS, match)).map(toSearchHit);
    },
  };
}
