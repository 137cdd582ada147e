import { randomBytes } from 'node:crypto';
import {
  type CategoryCounts,
  QUESTION_CATEGORIES,
  QUESTION_LIMITS,
  QUESTION_TEXT,
  type PublicListQuery,
  type Question,
  type SimilarQuestion,
} from '@agora/shared';
import type { z } from 'zod';
import type { AppContext, SessionUser } from '../../context.js';
import { invalidCursor } from '../../lib/cursor.js';
import { badRequest } from '../../lib/errors.js';
import { toQuestion } from './questions.presenter.js';
import * as repo from './questions.repo.js';
import {
  anyWordQuery,
  cursorAfter,
  cursorKind,
  dateDir,
  decodeCursor,
  encodeCursor,
  prefixQuery,
} from './questions.search.js';
import { pickSimilar } from './questions.similar.js';

/**
 * Listing questions: the public list, the author's and the answerer's lists, category counts and
 * similar titles.
 */

export interface ListPage {
  items: Question[];
  nextCursor: string | null;
  total?: number;
}

type ListQuery = z.output<typeof PublicListQuery>;

async function page(
  ctx: AppContext,
  query: ListQuery,
  scope: { authorId?: string; answeredBy?: string },
  answers: 'none' | 'all' | { authorId: string },
): Promise<ListPage> {
  const { minReward, maxReward } = query;
  if (minReward !== undefined && maxReward !== undefined && minReward > maxReward) {
    badRequest(QUESTION_TEXT.rewardFilterOrder, [
      { field: 'querystring.maxReward', message: QUESTION_TEXT.rewardFilterOrder },
    ]);
  }
  const cursor = decodeCursor(query.cursor);
  if (cursor && cursor.kind !== cursorKind(query.sort)) invalidCursor();
  if (cursor?.kind === 'date' && cursor.dir !== dateDir(query.sort)) invalidCursor();
  const categories =
    query.category === undefined ? [] : Array.isArray(query.category) ? query.category : [query.category];
  const seed = cursor?.kind === 'random' ? cursor.seed : randomBytes(8).toString('hex');
  const rows = await repo.listQuestions(ctx.db, {
    categories,
    sort: query.sort,
    status: query.status,
    tsQuery: prefixQuery(query.q),
    authorId: scope.authorId,
    answeredBy: scope.answeredBy,
    seed,
    cursor,
    // Rupees in the query, paise in the table.
    minReward: minReward === undefined ? undefined : minReward * 100,
    maxReward: maxReward === undefined ? undefined : maxReward * 100,
    now: ctx.clock.now(),
    limit: query.limit,
  });
  const more = rows.length > query.limit;
  const pageRows = more ? rows.slice(0, query.limit) : rows;
  const last = pageRows[pageRows.length - 1];
  let nextCursor: string | null = null;
  if (more && last) {
    nextCursor = encodeCursor(cursorAfter(query.sort, last, seed));
  }
  // One query for the answers of the whole page (no N+1), bounded per question.
  const answerRows =
    answers === 'none'
      ? []
      : await repo.answersFor(
          ctx.db,
          pageRows.map((r) => r.id),
          {
            authorId: answers === 'all' ? undefined : answers.authorId,
            perQuestion: QUESTION_LIMITS.answersPerListedQuestion,
          },
        );
  const byQuestion = new Map<string, repo.AnswerRecord[]>();
  for (const a of answerRows) byQuestion.set(a.questionId, [...(byQuestion.get(a.questionId) ?? []), a]);
  return { items: pageRows.map((r) => toQuestion(r, byQuestion.get(r.id) ?? [])), nextCursor };
}

export function createQuestionLists(ctx: AppContext) {
  const db = ctx.db;
  return {
    /** GET /public — never hidden questions, never answers (counts stay visible). */
    listPublic(query: ListQuery): Promise<ListPage> {
      return page(ctx, query, {}, 'none');
    },

    /** GET /?own=true — the author's questions (hidden ones too) with all their answers. */
    async listOwn(user: SessionUser, query: ListQuery): Promise<ListPage> {
      const result = await page(ctx, query, { authorId: user.id }, 'all');
      return { ...result, total: await repo.countOwn(db, user.id) };
    },

    /** GET /?answered=true — questions the caller answered, with only the caller's answer. */
    async listAnswered(user: SessionUser, query: ListQuery): Promise<ListPage> {
      const result = await page(ctx, query, { answeredBy: user.id }, { authorId: user.id });
      return { ...result, total: await repo.countAnsweredBy(db, user.id) };
    },

    async categories(status?: 'open'): Promise<CategoryCounts> {
      const counts: CategoryCounts = Object.fromEntries(QUESTION_CATEGORIES.map((c) => [c, 0]));
      for (const row of await repo.categoryCounts(db, status)) {
        if (row.category in counts) counts[row.category] = row.n;
      }
      return counts;
    },

    async similar(q: string, limit: number): Promise<SimilarQuestion[]> {
      const tsQuery = anyWordQuery(q);
      if (!tsQuery) return [];
      // More candidates than asked for: those sharing too few of the typed words are dropped.
      const rows = pickSimilar(q, await repo.similarQuestions(db, tsQuery, Math.min(limit * 4, 40)), limit);
      return rows.map((r) => ({
        _id: r.id,
        title: r.title,
        category: r.category,
        status: r.status,
        answerCount: r.answerCount,
      }));
    },
  };
}
