import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  foreignKey,
  index,
  integer,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, ts, updatedAt } from './common.js';
import { hackathons } from './hackathons.js';
import { answers, questions } from './questions.js';
import { users } from './users.js';

export const payments = pgTable(
  'payments',
  {
    id: id(),
    /** Null once its (never paid) question was deleted: the order is kept, cancelled. */
    questionId: uuid('question_id').references(() => questions.id, { onDelete: 'restrict' }),
    questionTitle: text('question_title'),
    /** What the order pays for: a question's reward, or a hackathon's prize pool. */
    purpose: text('purpose').notNull().default('question'),
    hackathonId: uuid('hackathon_id').references(() => hackathons.id, { onDelete: 'restrict' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    provider: text('provider').notNull(),
    orderId: text('order_id').notNull().unique(),
    /** Unique: a provider payment is never counted twice. */
    providerPaymentId: text('provider_payment_id').unique(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    currency: text('currency').notNull().default('INR'),
    status: text('status').notNull().default('created'),
    createdAt: createdAt(),
    paidAt: ts('paid_at'),
  },
  (t) => [
    check('payments_amount_check', sql`${t.amount} > 0`),
    // refunded: a second order of an already-paid question was paid too; its amount went to the
    // payer's wallet (nothing is kept that was not counted). cancelled: its question was deleted
    // unpaid, or its checkout window passed and a newer order replaced it; a capture arriving later
    // is refunded to the payer's wallet (status refunded).
    check('payments_status_check', sql`${t.status} in ('created','paid','failed','refunded','cancelled')`),
    check('payments_purpose_check', sql`${t.purpose} in ('question','hackathon-prize')`),
    check(
      'payments_target_check',
      sql`(${t.purpose} = 'question' and ${t.hackathonId} is null) or (${t.purpose} = 'hackathon-prize' and ${t.questionId} is null and ${t.hackathonId} is not null)`,
    ),
    index('payments_question_idx').on(t.questionId),
    // At most one paid and one open prize order per hackathon, as for questions.
    uniqueIndex('payments_one_paid_per_hackathon').on(t.hackathonId).where(sql`status = 'paid'`),
    uniqueIndex('payments_one_open_per_hackathon').on(t.hackathonId).where(sql`status = 'created'`),
    // At most one paid order per question.
    uniqueIndex('payments_one_paid_per_question').on(t.questionId).where(sql`status = 'paid'`),
    // At most one open order per question: parallel checkouts of one question pay one order (an
    // older one past its checkout window is cancelled before a new one is made).
    uniqueIndex('payments_one_open_per_question').on(t.questionId).where(sql`status = 'created'`),
  ],
);

/**
 * How a paid reward left escrow, once per question (the primary key): by its author, at the deadline,
 * or back to the asker. A distribution row references the settlement of its own outcome, so a
 * question can never be both refunded and distributed.
 */
export const escrowSettlements = pgTable(
  'escrow_settlements',
  {
    questionId: uuid('question_id')
      .primaryKey()
      .references(() => questions.id, { onDelete: 'restrict' }),
    outcome: text('outcome').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    settledAt: ts('settled_at').notNull(),
  },
  (t) => [
    check(
      'escrow_settlements_outcome_check',
      sql`${t.outcome} in ('distributed','auto-distributed','refunded')`,
    ),
    check('escrow_settlements_amount_check', sql`${t.amount} >= 0`),
    uniqueIndex('escrow_settlements_question_outcome').on(t.questionId, t.outcome),
  ],
);

/** One row per distributed question: the unique key that makes distribution happen once. */
export const rewardDistributions = pgTable(
  'reward_distributions',
  {
    questionId: uuid('question_id')
      .primaryKey()
      .references(() => questions.id, { onDelete: 'restrict' }),
    distributedBy: uuid('distributed_by')
      .notNull()
      .references(() => users.id),
    total: bigint('total', { mode: 'number' }).notNull(),
    /** manual: by the author; auto: by the deadline task (escrow). */
    kind: text('kind').notNull().default('manual'),
    /** The settlement this distribution is (derived from kind): see escrowSettlements. */
    outcome: text('outcome').generatedAlwaysAs(
      sql`CASE kind WHEN 'manual' THEN 'distributed' ELSE 'auto-distributed' END`,
    ),
    createdAt: createdAt(),
  },
  (t) => [
    check('reward_distributions_kind_check', sql`${t.kind} in ('manual','auto')`),
    foreignKey({
      name: 'reward_distributions_settlement_fk',
      columns: [t.questionId, t.outcome],
      foreignColumns: [escrowSettlements.questionId, escrowSettlements.outcome],
    }).onDelete('restrict'),
  ],
);

export const rewards = pgTable(
  'rewards',
  {
    id: id(),
    questionId: uuid('question_id')
      .notNull()
      .references(() => rewardDistributions.questionId, { onDelete: 'restrict' }),
    answerId: uuid('answer_id')
      .notNull()
      .references(() => answers.id, { onDelete: 'restrict' }),
    answererId: uuid('answerer_id')
      .notNull()
      .references(() => users.id),
    percentage: integer('percentage').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('rewards_percentage_check', sql`${t.percentage} between 1 and 100`),
    check('rewards_amount_check', sql`${t.amount} >= 0`),
    uniqueIndex('rewards_one_per_answer').on(t.questionId, t.answerId),
    index('rewards_answerer_idx').on(t.answererId),
  ],
);

export const wallets = pgTable(
  'wallets',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'restrict' }),
    balance: bigint('balance', { mode: 'number' }).notNull().default(0),
    totalEarned: bigint('total_earned', { mode: 'number' }).notNull().default(0),
    upiId: text('upi_id'),
    /** AES-256-GCM ciphertext of the account number (never stored in clear). */
    bankAccountEnc: text('bank_account_enc'),
    bankAccountLast4: text('bank_account_last4'),
    ifsc: text('ifsc'),
    accountHolderName: text('account_holder_name'),
    bankName: text('bank_name'),
    updatedAt: updatedAt(),
  },
  (t) => [check('wallets_non_negative', sql`${t.balance} >= 0 and ${t.totalEarned} >= 0`)],
);

export const walletTransactions = pgTable(
  'wallet_transactions',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => wallets.userId, { onDelete: 'restrict' }),
    type: text('type').notNull(),
    /** Signed paise: credits positive, debits negative. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    status: text('status').notNull(),
    description: text('description').notNull().default(''),
    questionId: uuid('question_id').references(() => questions.id, { onDelete: 'set null' }),
    questionTitle: text('question_title'),
    /** The hackathon whose prize (or prize refund) this entry is. */
    hackathonId: uuid('hackathon_id').references(() => hackathons.id, { onDelete: 'set null' }),
    /** Idempotency key (e.g. reward:<answerId>, withdrawal:<requestId>). */
    reference: text('reference').unique(),
    createdAt: createdAt(),
  },
  (t) => [
    check(
      'wallet_transactions_type_check',
      sql`${t.type} in ('reward','refund','withdrawal','hackathon-prize','other')`,
    ),
    check('wallet_transactions_status_check', sql`${t.status} in ('completed','pending','failed')`),
    // DESC NULLS FIRST is what `order by x desc` means: drizzle's bare .desc() emits DESC NULLS LAST,
    // an order no query asks for, so PostgreSQL could not use these indexes to sort.
    index('wallet_transactions_user_idx').on(
      t.userId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
  ],
);

export const withdrawals = pgTable(
  'withdrawals',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => wallets.userId, { onDelete: 'restrict' }),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    status: text('status').notNull().default('pending'),
    requestId: text('request_id').notNull().unique(),
    transactionId: uuid('transaction_id')
      .notNull()
      .references(() => walletTransactions.id),
    payoutMethod: text('payout_method').notNull(),
    // The destination as it was when the user asked (editing the wallet later must not redirect the
    // money): the UPI id for 'upi', the bank fields for 'bank' (the account number still encrypted,
    // bound to user_id exactly as on the wallet).
    payoutUpiId: text('payout_upi_id'),
    payoutBankAccountEnc: text('payout_bank_account_enc'),
    payoutBankAccountLast4: text('payout_bank_account_last4'),
    payoutIfsc: text('payout_ifsc'),
    payoutAccountHolderName: text('payout_account_holder_name'),
    payoutBankName: text('payout_bank_name'),
    payoutReference: text('payout_reference'),
    failureReason: text('failure_reason'),
    /** Requested while payments were simulated (PAYMENTS_PROVIDER=sandbox): no real payout may be made. */
    testMode: boolean('test_mode').notNull().default(false),
    processedBy: uuid('processed_by').references(() => users.id),
    processedAt: ts('processed_at'),
    createdAt: createdAt(),
  },
  (t) => [
    check('withdrawals_amount_check', sql`${t.amount} > 0`),
    check('withdrawals_status_check', sql`${t.status} in ('pending','completed','failed')`),
    index('withdrawals_status_idx').on(t.status, t.createdAt),
    index('withdrawals_user_idx').on(t.userId, t.createdAt.desc().nullsFirst()),
  ],
);
