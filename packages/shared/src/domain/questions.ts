// The questions area's limits and the texts of its rules and of following its categories. Kept
// apart from the schemas: a web page that only reads a limit or shows a message must not load the
// schema library.
import { LIMITS, QUESTION_CATEGORIES } from '../constants.js';

/** Whole rupees grouped the Indian way (10,00,000), as the money formatter shows them. */
function inr(n: number): string {
  return new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 }).format(n);
}

export const QUESTION_LIMITS = {
  titleMax: LIMITS.titleMax,
  descriptionMax: LIMITS.textMax,
  answerMax: LIMITS.textMax,
  attachmentsPerAnswer: 5,
  searchMax: 200,
  /** Whole rupees; a sanity bound far above any real reward. */
  rewardMaxRupees: 1_000_000,
  /** Characters of the optional "what a rewarded answer must do" the asker states. */
  acceptanceCriteriaMax: 500,
  /** Answers returned per question in list responses (the count stays exact). */
  answersPerListedQuestion: 100,
  /** Unpaid questions (drafts: a reward asked, not paid) one account may hold at once. */
  unpaidDraftsMax: 10,
  /** Days after which an unpaid question with no checkout in progress is deleted, with its image. */
  unpaidDraftDays: 7,
} as const;

export const QUESTION_TEXT = {
  titleTooLong: `Title must be at most ${LIMITS.titleMax} characters`,
  descriptionTooLong: `Description must be at most ${LIMITS.textMax} characters`,
  answerTooLong: `Answer must be at most ${LIMITS.textMax} characters`,
  unknownCategory: `Category must be one of: ${QUESTION_CATEGORIES.join(', ')}`,
  rewardWhole: 'Reward must be a whole number of rupees',
  rewardTooLarge: `Reward must be at most ₹${inr(QUESTION_LIMITS.rewardMaxRupees)}`,
  rewardTooSmall: (min: number) => `Reward must be at least ₹${inr(min)}`,
  /** The reward field's stated limits: the number typed is the number paid. */
  rewardLimits: (min: number) =>
    `Whole rupees, from ₹${inr(min)} to ₹${inr(QUESTION_LIMITS.rewardMaxRupees)}. You pay exactly this amount.`,
  acceptanceCriteriaLabel: 'Acceptance criteria (optional)',
  acceptanceCriteriaPlaceholder: 'A rewarded answer must…',
  acceptanceCriteriaTooLong: `Acceptance criteria must be at most ${QUESTION_LIMITS.acceptanceCriteriaMax} characters`,
  acceptanceCriteriaHeading: 'What a rewarded answer must do',
  authorCannotAnswer: 'You cannot answer your own question',
  questionClosed: 'This question is no longer open for answers',
  onlyAuthor: 'Only the question author can do this',
  closedByModerator: 'This question was closed by a moderator and cannot be reopened',
  closedByModeratorAnswered: 'This question was closed by a moderator; its status cannot be changed',
  needTwoAnswers: 'At least two answers are needed to rank them',
  answererCannotAsk: 'Answerer accounts cannot ask questions',
  rewardPaidOut: 'The reward for this question has been paid out, so it no longer takes answers',
  rankAfterPayout: 'The reward for this question has been paid out, so its answers are no longer ranked',
  rewardRefunded:
    'Nobody answered before the deadline and the reward went back to the asker, so this question no longer takes answers',
  unpaidNoActions: 'Pay the reward first: an unpaid question cannot be marked answered or ranked',
  paidCannotDelete: 'A paid question cannot be deleted: its reward is held in escrow for the answerers',
  orderOpenCannotDelete:
    'A payment for this question was started within the last hour. Finish or wait for it, then delete the question.',
  tooManyUnpaid: `You have ${QUESTION_LIMITS.unpaidDraftsMax} unpaid questions. Pay for or delete one before asking another.`,
  distributeAfterDeadline: 'The distribution deadline has passed: the reward is being settled automatically',
  /** A reward can be distributed only while it is held in escrow, before its deadline. */
  distributeRefunded:
    'This reward was refunded to your wallet at its deadline, so there is nothing left to distribute',
  distributeSettled: 'Rewards have already been distributed for this question',
  answersAfterDeadline:
    "This question's reward deadline has passed, so it no longer takes answers while the reward is settled",
  attachmentNotYours: 'Attachments must be files you uploaded for this answer',
  attachmentTooLarge: `Attachments must be at most ${LIMITS.attachmentBytes / (1024 * 1024)} MB`,
  invalidAttachment:
    'This file type is not allowed. Upload an image, PDF, Office document, ZIP or a text file.',
  rewardFilterWhole: `Reward filters are whole rupees from 0 to ${QUESTION_LIMITS.rewardMaxRupees}`,
  rewardFilterOrder: 'The minimum reward must not be more than the maximum reward',
} as const;

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
