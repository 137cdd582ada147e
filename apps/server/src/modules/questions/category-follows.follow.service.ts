import {
  CATEGORY_FOLLOW_TEXT,
  type CategoryFollowResult,
  type FollowedCategories,
  QUESTION_CATEGORIES,
  type QuestionCategory,
} from '@agora/shared';
import type { AppContext, SessionUser } from '../../context.js';
import { notFound } from '../../lib/errors.js';
import * as repo from './category-follows.repo.js';

function isCategory(c: string): c is QuestionCategory {
  return (QUESTION_CATEGORIES as readonly string[]).includes(c);
}

/** In the shared list's order. */
function ordered(categories: string[]): QuestionCategory[] {
  return QUESTION_CATEGORIES.filter((c) => categories.includes(c));
}

/** Following and unfollowing a category, and the caller's followed categories. */
export function createCategoryFollowing(ctx: AppContext) {
  const known = (category: string): QuestionCategory =>
    isCategory(category) ? category : notFound(CATEGORY_FOLLOW_TEXT.categoryNotFound);

  return {
    /** Follows a category; `created` is false when it was followed already (nothing changes). */
    async follow(user: SessionUser, category: string): Promise<CategoryFollowResult & { created: boolean }> {
      const c = known(category);
      const created = await repo.insertCategoryFollow(ctx.db, user.id, c, ctx.clock.now());
      return { category: c, following: true, created };
    },

    async unfollow(user: SessionUser, category: string): Promise<void> {
      await repo.deleteCategoryFollow(ctx.db, user.id, known(category));
    },

    async list(user: SessionUser): Promise<FollowedCategories> {
      return { categories: ordered(await repo.followedCategories(ctx.db, user.id)) };
    },
  };
}
