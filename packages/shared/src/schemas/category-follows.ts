import { z } from 'zod';
import { QUESTION_CATEGORIES } from '../constants.js';

/** Sentences of following question categories (the /questions button, the profile, the digest). */
export const CATEGORY_FOLLOW_TEXT = {
  follow: 'Follow',
  following: 'Following',
  unfollow: 'Unfollow',
  followLabel: (category: string) => `Follow ${category}`,
  unfollowLabel: (category: string) => `Unfollow ${category}`,
  categoryNotFound: 'Category not found',
  followedHeading: 'Followed categories',
  noneFollowed: 'You do not follow any categories yet. Follow one from the Questions page.',
  digestLabel: 'E-mail me a daily digest of new questions in categories I follow',
  digestOn: 'Daily digest turned on',
  digestOff: 'Daily digest turned off',
  /** The in-app alert for one new question, and for several in one category. */
  alertTitle: (category: string) => `New question in ${category}`,
  alertGroupTitle: (count: number, category: string) => `${count} new questions in ${category}`,
  digestSubject: (count: number) =>
    count === 1
      ? 'A new question in categories you follow'
      : `${count} new questions in categories you follow`,
  unsubscribed: 'You will no longer receive the daily digest of new questions.',
  unsubscribeInvalid: 'This unsubscribe link is not valid.',
  unsubscribeQuestion: 'Stop the daily digest of new questions?',
  unsubscribeButton: 'Stop the digest',
} as const;

export const FollowedCategory = z.enum(QUESTION_CATEGORIES);

/** `GET /api/users/me/followed-categories` and the follow/unfollow replies. */
export const FollowedCategories = z.object({ categories: z.array(FollowedCategory) });
export type FollowedCategories = z.infer<typeof FollowedCategories>;

export const CategoryFollowResult = z.object({
  category: FollowedCategory,
  following: z.boolean(),
});
export type CategoryFollowResult = z.infer<typeof CategoryFollowResult>;
