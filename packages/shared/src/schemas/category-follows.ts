import { z } from 'zod';
import { QUESTION_CATEGORIES } from '../constants.js';

export const FollowedCategory = z.enum(QUESTION_CATEGORIES);

/** `GET /api/users/me/followed-categories` and the follow/unfollow replies. */
export const FollowedCategories = z.object({ categories: z.array(FollowedCategory) });
export type FollowedCategories = z.infer<typeof FollowedCategories>;

export const CategoryFollowResult = z.object({
  category: FollowedCategory,
  following: z.boolean(),
});
export type CategoryFollowResult = z.infer<typeof CategoryFollowResult>;
