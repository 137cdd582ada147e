// Schemas of the money area (request and response shapes shared by server and web).
// Amounts are integer paise everywhere except the create-order `amount` (whole rupees, CONTRACT §3).
import { z } from 'zod';
import { MSG } from '../messages.js';
import { QUESTION_LIMITS, QUESTION_TEXT } from '../domain/questions.js';
import { ESCROW_STATES, SuggestedSplit } from './questions.js';

export const PAYMENT_PROVIDERS = ['sandbox', 'razorpay'] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number];

/** GET /api/settings/payments: sandbox = test mode (payments simulated; the web shows a banner). */
export const PaymentsMode = z.object({ provider: z.enum(PAYMENT_PROVIDERS), testMode: z.boolean() });
export type PaymentsMode = z.infer<typeof PaymentsMode>;

/** Largest amount the server accepts anywhere (₹1 crore in paise): keeps every sum far below 2^53. */
export const MAX_PAISE = 1_000_000_000;

const Uuid = z.string().uuid();
const Paise = z.number().int().min(0);

// ---------- payments ----------

export const CreateOrderBody = z.object({
  questionId: Uuid,
  /** Whole rupees (the spec's form value), bounded like the question form's reward. */
  amount: z.coerce
    .number()
    .int({ error: 'Amount must be a whole number of rupees' })
    .positive()
    .max(QUESTION_LIMITS.rewardMaxRupees, { error: QUESTION_TEXT.rewardTooLarge }),
});
export type CreateOrderBody = z.infer<typeof CreateOrderBody>;

export const CreateOrderResult = z.object({
  key: z.string(),
  /** Paise. */
  amount: Paise,
  currency: z.literal('INR'),
  orderId: z.string(),
  provider: z.enum(PAYMENT_PROVIDERS),
});
export type CreateOrderResult = z.infer<typeof CreateOrderResult>;

const ProviderId = z.string().trim().min(1).max(100);

export const VerifyPaymentBody = z
  .object({
    razorpay_payment_id: ProviderId,
    razorpay_order_id: ProviderId,
    razorpay_signature: z.string().trim().min(1).max(200),
    /** What the order pays for: a question's reward, or (instead) a hackathon's prize pool. */
    questionId: Uuid.optional(),
    hackathonId: Uuid.optional(),
  })
  .refine((b) => (b.questionId === undefined) !== (b.hackathonId === undefined), {
    error: 'Name the question or the hackathon this payment is for',
    path: ['questionId'],
  });
export type VerifyPaymentBody = z.infer<typeof VerifyPaymentBody>;

/** The paid question as the payment step needs it. */
export const PaidQuestion = z.object({
  _id: z.string(),
  title: z.string(),
  isPaid: z.boolean(),
  /** Paise. */
  paymentAmount: Paise,
});
export type PaidQuestion = z.infer<typeof PaidQuestion>;

/** The funded prize pool as the payment step needs it (amount in paise). */
export const PaidHackathonPrize = z.object({
  _id: z.string(),
  title: z.string(),
  prizeState: z.string(),
  prizeAmount: Paise,
});
export type PaidHackathonPrize = z.infer<typeof PaidHackathonPrize>;

/** `question` for a question's order, `hackathon` for a prize pool's. */
export const VerifyPaymentResult = z.object({
  question: PaidQuestion.optional(),
  hackathon: PaidHackathonPrize.optional(),
});
export type VerifyPaymentResult = z.infer<typeof VerifyPaymentResult>;

export const SandboxPayBody = z.object({ orderId: ProviderId });
export const SandboxPayResult = z.object({
  razorpay_payment_id: z.string(),
  razorpay_order_id: z.string(),
  razorpay_signature: z.string(),
});
export type SandboxPayResult = z.infer<typeof SandboxPayResult>;

// ---------- rewards ----------

/** The reward split's words on the rewards page (rewards by merit, spec 01 §5's equal split). */
export const REWARD_SPLIT_TEXT = {
  splitEqually: 'Split equally',
  useSuggested: 'Use the AI suggestion',
  suggestedNote:
    'Started from the split the AI ranking suggests: the answers close to the best one, by score. Edit any percentage.',
  percentWhole: 'Each percentage must be a whole number from 1 to 100',
  totalNot100: (total: number) => `The percentages add up to ${total}%: they must add up to exactly 100%`,
  distributedTitle: 'How the reward was distributed',
  refunded: 'Nobody answered before the deadline: the reward went back to your wallet.',
} as const;

export const RewardEntry = z.object({
  answererId: Uuid,
  answerId: Uuid,
  percentage: z.number().int({ error: 'Percentages must be whole numbers' }).min(1).max(100),
});
export type RewardEntry = z.infer<typeof RewardEntry>;

export const DistributeBody = z.object({
  questionId: Uuid,
  rewards: z.array(RewardEntry).min(1, { error: MSG.selectAnswerToReward }).max(100),
});
export type DistributeBody = z.infer<typeof DistributeBody>;

export const RewardRecord = z.object({
  _id: z.string(),
  questionId: z.string(),
  answerId: z.string(),
  answererId: z.string(),
  percentage: z.number().int(),
  /** Paise credited to the answerer. */
  amount: Paise,
  createdAt: z.string(),
});
export type RewardRecord = z.infer<typeof RewardRecord>;

export const DistributeResult = z.object({ rewards: z.array(RewardRecord) });
export type DistributeResult = z.infer<typeof DistributeResult>;

export const RewardAnswer = z.object({
  _id: z.string(),
  content: z.string(),
  authorId: z.string(),
  author: z.object({ id: z.string(), displayName: z.string() }),
  createdAt: z.string(),
});
export type RewardAnswer = z.infer<typeof RewardAnswer>;

/** spec 01 §3 "Reward view". */
export const RewardView = z.object({
  question: z.object({
    _id: z.string(),
    title: z.string(),
    description: z.string(),
    category: z.string(),
    status: z.string(),
    isPaid: z.boolean(),
    paymentAmount: Paise,
    /** Paise the author asked for when creating the question (0 when not recorded). */
    rewardAmount: Paise,
    rewardsDistributedAt: z.string().nullable(),
    /** Where the paid reward is: held until distributed (by hand or at the deadline) or refunded. */
    escrowState: z.enum(ESCROW_STATES).nullable(),
    /** What a rewarded answer must do, as the asker stated it. */
    acceptanceCriteria: z.string().nullable(),
    answers: z.array(RewardAnswer),
  }),
  payment: z.object({ amount: Paise }),
  rewards: z.array(RewardRecord),
  /** Percentage already distributed (0 or 100). */
  totalDistributed: z.number().int(),
  remainingPercentage: z.number().int(),
  /** The split the last ranking suggests (rewards by merit); null when the answers were never ranked. */
  suggestedSplit: SuggestedSplit,
});
export type RewardView = z.infer<typeof RewardView>;

// ---------- wallet ----------

export const IFSC_PATTERN = /^[A-Z]{4}0[A-Z0-9]{6}$/;
export const UPI_PATTERN = /^[a-zA-Z0-9._-]{2,256}@[a-zA-Z][a-zA-Z0-9.-]{1,63}$/;

export const BankAccountView = z.object({
  /** Masked: only the last 4 digits are ever sent back. */
  accountNumber: z.string(),
  ifsc: z.string(),
  accountHolderName: z.string(),
  bankName: z.string(),
});
export type BankAccountView = z.infer<typeof BankAccountView>;

export const WalletView = z.object({
  _id: z.string(),
  balance: Paise,
  totalEarned: Paise,
  bankAccount: BankAccountView.nullable(),
  upiId: z.string().nullable(),
});
export type WalletView = z.infer<typeof WalletView>;

const optionalField = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .nullable()
    .transform((v) => (v ? v : undefined));

/**
 * spec 01 §5: a non-empty UPI id, or all four bank fields; the service decides which applies and
 * answers MSG.paymentDetailsRequired otherwise (so the message is the spec's, not a zod one).
 */
export const BankDetailsBody = z.object({
  accountNumber: optionalField(34),
  ifsc: optionalField(11),
  accountHolderName: optionalField(100),
  bankName: optionalField(100),
  upiId: optionalField(256),
});
export type BankDetailsBody = z.input<typeof BankDetailsBody>;

/**
 * Credits: reward, refund (a second payment, a returned reward or prize pool), hackathon-prize (a
 * share of a hackathon's prize pool). Debits: withdrawal.
 */
export const TRANSACTION_TYPES = ['reward', 'refund', 'withdrawal', 'hackathon-prize', 'other'] as const;
export const TRANSACTION_STATUSES = ['completed', 'pending', 'failed'] as const;

export const WalletTransaction = z.object({
  _id: z.string(),
  type: z.string(),
  /** Paise, always positive; the type says the direction. */
  amount: Paise,
  status: z.string(),
  description: z.string(),
  questionTitle: z.string().nullable().optional(),
  createdAt: z.string(),
});
export type WalletTransaction = z.infer<typeof WalletTransaction>;

export const TransactionsQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  cursor: z.string().max(200).optional(),
});

// ---------- withdrawals ----------

export const WithdrawalBody = z.object({
  amount: z
    .number({ error: MSG.invalidAmount })
    .int({ error: MSG.invalidAmount })
    .positive({ error: MSG.invalidAmount })
    .max(MAX_PAISE, { error: MSG.insufficientBalance }),
  /** Optional client-generated key: a retried request with the same key does nothing twice. */
  requestId: z.string().trim().min(8).max(100).optional(),
  /**
   * Where the money goes. Optional while only one of UPI and bank account is saved (that one is
   * used); required when both are, so the payout never goes somewhere the user did not choose.
   */
  method: z.enum(['upi', 'bank'], { error: MSG.payoutMethodInvalid }).optional(),
});
export type WithdrawalBody = z.infer<typeof WithdrawalBody>;

export const WITHDRAWAL_STATUSES = ['pending', 'completed', 'failed'] as const;
export type WithdrawalStatus = (typeof WITHDRAWAL_STATUSES)[number];

export const WithdrawalView = z.object({
  _id: z.string(),
  userId: z.string(),
  amount: Paise,
  status: z.enum(WITHDRAWAL_STATUSES),
  requestId: z.string().nullable(),
  payoutReference: z.string().nullable(),
  failureReason: z.string().nullable(),
  createdAt: z.string(),
  processedAt: z.string().nullable(),
  /** Requested while payments were simulated (sandbox): no real payout may be made. */
  testMode: z.boolean(),
});
export type WithdrawalView = z.infer<typeof WithdrawalView>;

export const WithdrawalResult = z.object({
  message: z.string(),
  withdrawal: WithdrawalView,
  balance: Paise,
});
export type WithdrawalResult = z.infer<typeof WithdrawalResult>;

/** A withdrawal as the admin screens list it: who asked, and where the money goes (masked). */
export const AdminWithdrawalView = WithdrawalView.extend({
  user: z.object({ id: z.string(), name: z.string(), email: z.string() }),
  payoutMethod: z.enum(['upi', 'bank']),
  /** Snapshot of the destination at request time, e.g. "Withdrawal to UPI ID asha@okbank". */
  description: z.string(),
  payout: z.object({
    upiId: z.string().nullable(),
    bankAccount: BankAccountView.nullable(),
  }),
});
export type AdminWithdrawalView = z.infer<typeof AdminWithdrawalView>;

export const WithdrawalListQuery = z.object({
  status: z.enum(WITHDRAWAL_STATUSES).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  cursor: z.string().max(200).optional(),
});
export type WithdrawalListQuery = z.input<typeof WithdrawalListQuery>;
