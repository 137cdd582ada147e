// Schemas of the questions area (request and response shapes shared by server and web).
import { z } from 'zod';
import { QUESTION_CATEGORIES, QUESTION_SORTS, QUESTION_STATUSES } from '../constants.js';
import { hasVisibleText } from '../domain/visible-text.js';
import { MSG } from '../messages.js';
import { QUESTION_LIMITS, QUESTION_TEXT } from '../domain/questions.js';
import { Author, FilePart, LimitQuery } from './common.js';

export const QuestionCategorySchema = z.enum(QUESTION_CATEGORIES, {
  error: (iss) =>
    iss.input === undefined || iss.input === null || iss.input === ''
      ? MSG.questionRequired
      : QUESTION_TEXT.unknownCategory,
});
export const QuestionSort = z.enum(QUESTION_SORTS);
export type QuestionSort = z.infer<typeof QuestionSort>;
export const QuestionStatus = z.enum(QUESTION_STATUSES);
export type QuestionStatus = z.infer<typeof QuestionStatus>;

const required = (max: number, tooLong: string) =>
  z
    .string({ error: MSG.questionRequired })
    .trim()
    .min(1, { error: MSG.questionRequired })
    .max(max, { error: tooLong })
    .refine(hasVisibleText, { error: MSG.questionRequired });

/** Reward in whole rupees (spec 01 §5); the minimum comes from the server's setting. */
export const RewardRupees = z.coerce
  .number({ error: QUESTION_TEXT.rewardWhole })
  .int({ error: QUESTION_TEXT.rewardWhole })
  .min(1, { error: QUESTION_TEXT.rewardWhole })
  .max(QUESTION_LIMITS.rewardMaxRupees, { error: QUESTION_TEXT.rewardTooLarge });

/** Optional, trimmed, at most `acceptanceCriteriaMax` characters; blank or absent → undefined. */
export const AcceptanceCriteria = z.preprocess(
  (v) => ((typeof v === 'string' && v.trim() === '') || v === null ? undefined : v),
  z
    .string({ error: QUESTION_TEXT.acceptanceCriteriaTooLong })
    .trim()
    .max(QUESTION_LIMITS.acceptanceCriteriaMax, { error: QUESTION_TEXT.acceptanceCriteriaTooLong })
    .optional(),
);

/** POST /api/questions (JSON, or the same fields as multipart text parts plus `image`). */
export const CreateQuestionBody = z.object({
  title: required(QUESTION_LIMITS.titleMax, QUESTION_TEXT.titleTooLong),
  description: required(QUESTION_LIMITS.descriptionMax, QUESTION_TEXT.descriptionTooLong),
  category: QuestionCategorySchema,
  /** Whole rupees; absent → the minimum reward. */
  reward: z.preprocess((v) => (v === '' || v === null ? undefined : v), RewardRupees.optional()),
  /** What a rewarded answer must do, in the asker's words; blank → none. */
  acceptanceCriteria: AcceptanceCriteria,
  /** The idea this bounty is offered from ("Offer a bounty" on an idea page); blank → none. */
  ideaId: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.string().uuid({ error: 'Invalid idea' }).toLowerCase().optional(),
  ),
});
export type CreateQuestionBody = z.infer<typeof CreateQuestionBody>;
export type CreateQuestionInput = z.input<typeof CreateQuestionBody>;

/**
 * POST /api/questions: JSON, or multipart with the same fields as text parts and an optional
 * `image`. The fields' rules (CreateQuestionBody) are the service's, after the asker's role.
 */
export const CreateQuestionParts = z.preprocess(
  // No body at all is an empty form: the service names the missing fields.
  (v) => (v === undefined || v === null ? {} : v),
  z.object({
    title: z.unknown().optional().meta({ type: 'string' }),
    description: z.unknown().optional().meta({ type: 'string' }),
    category: z.unknown().optional().meta({ type: 'string' }),
    reward: z.unknown().optional().meta({ description: 'Whole rupees (a number, or its text in multipart)' }),
    acceptanceCriteria: z
      .unknown()
      .optional()
      .meta({ type: 'string', description: 'What a rewarded answer must do (at most 500 characters)' }),
    ideaId: z
      .unknown()
      .optional()
      .meta({ type: 'string', description: 'The idea the bounty is offered from' }),
    image: FilePart.optional(),
  }),
);
export type CreateQuestionParts = z.output<typeof CreateQuestionParts>;

/** POST /api/questions/:id/answers/upload (multipart): one file in `attachment`. */
export const AnswerAttachmentParts = z.object({ attachment: FilePart.optional() });

export const Attachment = z.object({
  /** Storage key of the uploaded file. */
  filename: z.string().max(64),
  url: z.string().max(200),
  originalName: z.string().max(300),
  mimetype: z.string().max(200),
  /** Bytes. */
  size: z.number().int().nonnegative(),
});
export type Attachment = z.infer<typeof Attachment>;

export const AttachmentResult = z.object({ attachment: Attachment });
export type AttachmentResult = z.infer<typeof AttachmentResult>;

export const CreateAnswerBody = z.object({
  content: z
    .string({ error: MSG.emptyAnswer })
    .trim()
    .min(1, { error: MSG.emptyAnswer })
    .max(QUESTION_LIMITS.answerMax, { error: QUESTION_TEXT.answerTooLong })
    .refine(hasVisibleText, { error: MSG.emptyAnswer }),
  attachments: z
    .array(Attachment)
    .max(QUESTION_LIMITS.attachmentsPerAnswer, {
      error: `At most ${QUESTION_LIMITS.attachmentsPerAnswer} attachments per answer`,
    })
    .default([]),
});
export type CreateAnswerBody = z.input<typeof CreateAnswerBody>;

export const Answer = z.object({
  _id: z.string(),
  id: z.string(),
  questionId: z.string(),
  content: z.string(),
  author: Author,
  authorId: z.string(),
  createdAt: z.string(),
  isAccepted: z.boolean(),
  likes: z.number().int(),
  attachments: z.array(Attachment),
  /** Set by the last AI ranking (0–100, 1 = best rank); null before any ranking. */
  aiScore: z.number().nullable(),
  aiReason: z.string().nullable(),
  aiRank: z.number().int().nullable(),
});
export type Answer = z.infer<typeof Answer>;

/**
 * A checkout started within this window may still be paid: its question cannot be deleted meanwhile
 * (by its author or an admin).
 */
export const CHECKOUT_OPEN_MS = 60 * 60_000;

export const ESCROW_STATES = ['held', 'distributed', 'auto-distributed', 'refunded'] as const;
export type EscrowState = (typeof ESCROW_STATES)[number];

/** Where a paid reward is: held until distributed, auto-distributed or refunded. */
export const EscrowInfo = z.object({
  state: z.enum(ESCROW_STATES),
  /** Paise. */
  amount: z.number().int(),
  heldAt: z.string(),
  /** When the deadline task settles a reward still held. */
  deadline: z.string(),
  settledAt: z.string().nullable(),
});

export const Question = z.object({
  _id: z.string(),
  title: z.string(),
  description: z.string(),
  category: z.string(),
  status: z.string(),
  views: z.number().int(),
  answerCount: z.number().int(),
  /** Only the answers this caller may see: all for the author, their own for others, none for visitors. */
  answers: z.array(Answer),
  author: Author,
  createdAt: z.string(),
  updatedAt: z.string(),
  isPaid: z.boolean(),
  /** Paise actually paid, once paid. */
  paymentAmount: z.number().int().nullable(),
  /** The reward the author asked for, in paise. */
  rewardAmount: z.number().int(),
  aiRanked: z.boolean(),
  aiRankedAt: z.string().nullable(),
  /** URL of the optional image. */
  image: z.string().nullable(),
  rewardsDistributed: z.boolean(),
  /** What a rewarded answer must do, as the asker stated it; null when not stated. */
  acceptanceCriteria: z.string().nullable(),
  /** The idea it was offered from, or null. */
  ideaId: z.string().nullable().optional(),
  hidden: z.boolean(),
  /** Null until the reward is paid. */
  escrow: EscrowInfo.nullable(),
});
export type Question = z.infer<typeof Question>;
export type EscrowInfo = z.infer<typeof EscrowInfo>;

const Categories = z.union([
  QuestionCategorySchema,
  z.array(QuestionCategorySchema).max(QUESTION_CATEGORIES.length),
]);
const Flag = z.enum(['true', 'false']).optional();

/** A reward bound of the list filters, in whole rupees (a question's reward is at most rewardMaxRupees). */
const RewardFilter = z.coerce
  .number({ error: QUESTION_TEXT.rewardFilterWhole })
  .int({ error: QUESTION_TEXT.rewardFilterWhole })
  .min(0, { error: QUESTION_TEXT.rewardFilterWhole })
  .max(QUESTION_LIMITS.rewardMaxRupees, { error: QUESTION_TEXT.rewardFilterWhole });

/** GET /api/questions/public */
export const PublicListQuery = z.object({
  category: Categories.optional(),
  sort: QuestionSort.default('date-new'),
  /** open: only questions still taking answers (the Open Questions tab). */
  status: z.enum(['open']).optional(),
  q: z.string().trim().max(QUESTION_LIMITS.searchMax).optional(),
  /** Whole rupees, inclusive (minReward ≤ maxReward, checked by the server: 400 otherwise). */
  minReward: RewardFilter.optional(),
  maxReward: RewardFilter.optional(),
  limit: LimitQuery,
  cursor: z.string().max(500).optional(),
});
export type PublicListQuery = z.input<typeof PublicListQuery>;

/** GET /api/questions?own=true | ?answered=true (else the public list). */
export const MyListQuery = PublicListQuery.extend({ own: Flag, answered: Flag });

export const SimilarQuery = z.object({
  q: z.string().trim().min(1).max(QUESTION_LIMITS.searchMax),
  limit: z.coerce.number().int().min(1).max(10).default(5),
});
export const SimilarQuestion = z.object({
  _id: z.string(),
  title: z.string(),
  category: z.string(),
  status: z.string(),
  answerCount: z.number().int(),
});
export type SimilarQuestion = z.infer<typeof SimilarQuestion>;

export const CategoryCounts = z.record(z.string(), z.number().int());
export type CategoryCounts = z.infer<typeof CategoryCounts>;

export const RankingScore = z.object({
  answerId: z.string(),
  rank: z.number().int(),
  score: z.number(),
  reason: z.string(),
});
export type RankingScore = z.infer<typeof RankingScore>;

/** One answer's share of a suggested split: whole percents, ≥ 1, adding up to 100 (`suggestSplit`). */
export const SplitShareSchema = z.object({ answerId: z.string(), percent: z.number().int() });
/** The split a ranking suggests (`suggestSplit`); null when there is no ranking to suggest from. */
export const SuggestedSplit = z.array(SplitShareSchema).nullable();
export type SuggestedSplit = z.infer<typeof SuggestedSplit>;

export const RankResult = z.object({
  rankedAnswers: z.array(Answer),
  /** Rewards by merit: the answers worth paying and their shares, from this ranking. */
  suggestedSplit: SuggestedSplit,
  aiRanking: z.object({
    /** False when the ranker failed: the answers keep their order (spec 01 §8). */
    available: z.boolean(),
    /** 'llm:<model>' or 'builtin'. */
    ranker: z.string(),
    rankedAt: z.string().nullable(),
    scores: z.array(RankingScore),
    message: z.string(),
  }),
});
export type RankResult = z.infer<typeof RankResult>;
