import {
  type AdminWithdrawalView,
  type BankAccountView,
  type BankDetailsBody,
  type DistributeBody,
  IFSC_PATTERN,
  MSG,
  type RewardRecord,
  type RewardView,
  splitPaise,
  suggestSplit,
  type EscrowState,
  UPI_PATTERN,
  type WalletTransaction,
  type WalletView,
  type WithdrawalBody,
  type WithdrawalListQuery,
  type WithdrawalResult,
  type WithdrawalStatus,
  type WithdrawalView,
  QUESTION_TEXT,
} from '@agora/shared';
import { randomUUID } from 'node:crypto';
import type { AppContext, SessionUser } from '../../context.js';
import { type Executor, pgErrorCode } from '../../db/client.js';
import { decodeKeyset, encodeKeyset } from '../../lib/cursor.js';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../lib/errors.js';
import { audit } from '../../lib/audit.js';
import { notificationMail } from '../notifications/notifications.mail.js';
import { notify } from '../notifications/notifications.service.js';
import { canSeeQuestion } from '../questions/questions.policy.js';
import { createBankCipher, maskAccountNumber } from './bank-crypto.js';
import * as ledger from './ledger.js';
import * as repo from './wallet.repo.js';
import { findQuestion, lockQuestion, type QuestionRecord } from '../questions/questions.lookup.service.js';
import { isUuid } from '../../lib/ids.js';
import { rupees } from '../../lib/money.js';
import { rewardSettledMail } from './wallet.mail.js';
import { canDistribute, canManagePayouts } from './wallet.policy.js';

export const WALLET_MSG = {
  notAuthor: "Only the question's author can distribute its rewards",
  notPaid: 'Rewards can only be distributed for a paid question',
  alreadyDistributed: QUESTION_TEXT.distributeSettled,
  percentages: 'Reward percentages must be whole numbers that add up to 100',
  duplicateAnswer: 'Each answer can be rewarded only once',
  foreignAnswer: 'Each rewarded answer must belong to this question',
  wrongAnswerer: 'The answerer must be the author of the rewarded answer',
  invalidUpi: 'Please enter a valid UPI ID (for example name@bank)',
  invalidIfsc: 'Please enter a valid IFSC code (for example SBIN0001234)',
  invalidAccountNumber: 'Please enter a valid bank account number (6 to 18 digits)',
  incompleteBank: 'Please fill in all four bank account fields, or leave them all empty',
  requestIdReused: 'This withdrawal request id was already used for a different amount',
  withdrawalNotFound: 'Withdrawal not found',
  withdrawalCompleted: 'This withdrawal has already been completed',
  withdrawalFailed: 'This withdrawal has already been marked failed',
} as const;

/** Most answers a reward screen lists (a question rarely has more; the list stays bounded). */
const REWARD_VIEW_ANSWERS = 500;

// ---------- views ----------

function bankView(
  w: Pick<repo.WalletRow, 'bankAccountLast4' | 'ifsc' | 'accountHolderName' | 'bankName'>,
): BankAccountView | null {
  if (!w.bankAccountLast4) return null;
  return {
    accountNumber: maskAccountNumber(w.bankAccountLast4),
    ifsc: w.ifsc ?? '',
    accountHolderName: w.accountHolderName ?? '',
    bankName: w.bankName ?? '',
  };
}

function walletView(userId: string, w: repo.WalletRow | undefined): WalletView {
  return {
    _id: userId,
    balance: w?.balance ?? 0,
    totalEarned: w?.totalEarned ?? 0,
    bankAccount: w ? bankView(w) : null,
    upiId: w?.upiId ?? null,
  };
}

function rewardView(r: repo.RewardRow): RewardRecord {
  return {
    _id: r.id,
    questionId: r.questionId,
    answerId: r.answerId,
    answererId: r.answererId,
    percentage: r.percentage,
    amount: r.amount,
    createdAt: r.createdAt.toISOString(),
  };
}

function transactionView(t: repo.TransactionRow): WalletTransaction {
  return {
    _id: t.id,
    type: t.type,
    amount: Math.abs(t.amount),
    status: t.status,
    description: t.description,
    questionTitle: t.questionTitle,
    createdAt: t.createdAt.toISOString(),
  };
}

function withdrawalView(w: repo.WithdrawalRow): WithdrawalView {
  // Client keys are stored namespaced by user ("<userId>:<key>"); server-made ones are "auto:<uuid>".
  const sep = w.requestId.indexOf(':');
  const clientKey = w.requestId.startsWith('auto:') ? null : w.requestId.slice(sep + 1);
  return {
    _id: w.id,
    userId: w.userId,
    amount: w.amount,
    status: w.status as WithdrawalStatus,
    requestId: clientKey,
    payoutReference: w.payoutReference,
    failureReason: w.failureReason,
    createdAt: w.createdAt.toISOString(),
    processedAt: w.processedAt?.toISOString() ?? null,
    testMode: w.testMode,
  };
}

/**
 * The destination of a withdrawal, copied from the wallet when it is requested: only what the chosen
 * method needs, the account number still encrypted (bound to the same user id).
 */
function payoutSnapshot(method: 'upi' | 'bank', w: repo.WalletRow) {
  const bank = method === 'bank';
  return {
    payoutUpiId: bank ? null : w.upiId,
    payoutBankAccountEnc: bank ? w.bankAccountEnc : null,
    payoutBankAccountLast4: bank ? w.bankAccountLast4 : null,
    payoutIfsc: bank ? w.ifsc : null,
    payoutAccountHolderName: bank ? w.accountHolderName : null,
    payoutBankName: bank ? w.bankName : null,
  };
}

/**
 * Where a withdrawal is paid: the saved one when only one of UPI and bank account is saved, the
 * user's choice when both are (asked for, never guessed), refused when the chosen one is not saved.
 */
function payoutMethodFor(w: repo.WalletRow, chosen: 'upi' | 'bank' | undefined): 'upi' | 'bank' {
  const hasUpi = Boolean(w.upiId);
  const hasBank = Boolean(w.bankAccountLast4);
  if (chosen === 'upi' && !hasUpi) return badRequest(MSG.payoutMethodUpiMissing);
  if (chosen === 'bank' && !hasBank) return badRequest(MSG.payoutMethodBankMissing);
  if (chosen) return chosen;
  if (hasUpi && hasBank) return badRequest(MSG.payoutMethodRequired);
  return hasUpi ? 'upi' : 'bank';
}

/** The snapshot in the wallet's shape, so the wallet's views and masking apply unchanged. */
function snapshotOf(w: repo.WithdrawalRow) {
  return {
    upiId: w.payoutUpiId,
    bankAccountEnc: w.payoutBankAccountEnc,
    bankAccountLast4: w.payoutBankAccountLast4,
    ifsc: w.payoutIfsc,
    accountHolderName: w.payoutAccountHolderName,
    bankName: w.payoutBankName,
  };
}

export function createWalletService(ctx: AppContext) {
  const cipher = createBankCipher(ctx.config.jwtSecret);

  function requireAdmin(user: SessionUser) {
    if (!canManagePayouts(user)) forbidden(MSG.forbidden);
  }

  async function ownQuestion(user: SessionUser, questionId: string): Promise<QuestionRecord> {
    const q = (await findQuestion(ctx.db, questionId)) ?? notFound(MSG.questionNotFound);
    // CONTRACT §3: a hidden or unpaid question is absent for everyone but its author and admins.
    if (!canSeeQuestion(user, q)) notFound(MSG.questionNotFound);
    if (!canDistribute(user, q)) forbidden(WALLET_MSG.notAuthor);
    return q;
  }

  /** Each share on its answerer's ledger (a `reward` credit), with an in-app notification. */
  async function creditRewards(
    tx: Executor,
    q: { id: string; title: string },
    shares: Array<{ userId: string; answerId: string; amount: number }>,
    description: string,
    now: Date,
  ) {
    const credits = shares.filter((c) => c.amount > 0);
    const userIds = credits.map((c) => c.userId);
    await repo.ensureWallets(tx, userIds);
    // Wallet locks in id order: two distributions never wait on each other in a cycle.
    await repo.lockWallets(tx, userIds);
    for (const c of credits) {
      await ledger.credit(tx, {
        userId: c.userId,
        type: 'reward',
        amount: c.amount,
        description,
        questionId: q.id,
        questionTitle: q.title,
        reference: `reward:${q.id}:${c.answerId}`,
        at: now,
      });
      await notify(tx, c.userId, {
        type: 'reward',
        title: 'You received a reward',
        body: `${rupees(c.amount)} for your answer to "${q.title}"`,
        link: '/wallet',
      });
    }
  }

  return {
    /**
     * The escrow deadline, called by the payments area's settlement task: a reward still held past
     * its deadline goes whole to the answers ranked first (equal shares, the leftover paise to the
     * earliest), or back to the asker's wallet when nobody answered. The decision is made from what
     * is read under the question's row lock: the ranking (made before, outside any transaction, as it
     * may call a remote model) is used only if the question still has the answers it ranked
     * (`answerCount`), else 'stale' asks the caller to rank again. Exactly once: the row lock, the
     * `held` state and the settlement's primary key decide between instances and retries.
     */
    async settleEscrow(
      questionId: string,
      ranking: { answerCount: number; winners: Array<{ answerId: string; authorId: string }> },
    ): Promise<'auto-distributed' | 'refunded' | 'skipped' | 'stale'> {
      const now = ctx.clock.now();
      try {
        return await ctx.db.transaction(async (tx) => {
          const q = await lockQuestion(tx, questionId);
          if (q?.escrowState !== 'held' || !q.escrowDeadline || q.escrowDeadline > now) return 'skipped';
          if (q.rewardsDistributedAt || !q.isPaid || !q.paymentAmount) return 'skipped';
          const total = q.paymentAmount;
          const link = `/question/${q.id}`;
          const answered = await repo.hasAnswers(tx, q.id);
          const { winners } = ranking;
          if (answered) {
            if (winners.length === 0 || q.answerCount !== ranking.answerCount) return 'stale';
            const found = await repo.findAnswers(
              tx,
              q.id,
              winners.map((w) => w.answerId),
            );
            const authorOf = new Map(found.map((a) => [a.id, a.authorId]));
            if (winners.some((w) => authorOf.get(w.answerId) !== w.authorId)) return 'stale';
          }
          if (!answered) {
            await repo.insertSettlement(tx, {
              questionId: q.id,
              outcome: 'refunded',
              amount: total,
              settledAt: now,
            });
            await ledger.credit(tx, {
              userId: q.authorId,
              type: 'refund',
              amount: total,
              description: 'Refund: nobody answered before the deadline',
              questionId: q.id,
              questionTitle: q.title,
              reference: `escrow-refund:${q.id}`,
              at: now,
            });
            await repo.markSettled(tx, q.id, now, 'refunded');
            await notify(tx, q.authorId, {
              type: 'reward',
              title: 'Your reward was refunded',
              body: `Nobody answered "${q.title}" before its deadline, so ${rupees(total)} is back in your wallet.`,
              link: '/wallet',
              mail: notificationMail(
                ctx.config,
                { id: q.authorId, email: q.authorEmail },
                rewardSettledMail,
                {
                  outcome: 'refunded',
                  questionTitle: q.title,
                  amount: rupees(total),
                  answers: 0,
                  url: `${ctx.config.publicUrl}/wallet`,
                },
              ),
            });
            return 'refunded';
          }
          // Equal shares in whole paise; the leftover to the earliest answer (listed first).
          const n = winners.length;
          const base = Math.floor(total / n);
          const amounts = winners.map((_, i) => base + (i === 0 ? total - base * n : 0));
          const pctBase = Math.floor(100 / n);
          const percentages = winners.map((_, i) => pctBase + (i === 0 ? 100 - pctBase * n : 0));
          await repo.insertSettlement(tx, {
            questionId: q.id,
            outcome: 'auto-distributed',
            amount: total,
            settledAt: now,
          });
          await repo.insertDistribution(tx, {
            questionId: q.id,
            distributedBy: q.authorId,
            total,
            kind: 'auto',
            createdAt: now,
          });
          await repo.insertRewards(
            tx,
            winners.map((w, i) => ({
              questionId: q.id,
              answerId: w.answerId,
              answererId: w.authorId,
              percentage: percentages[i]!,
              amount: amounts[i]!,
              createdAt: now,
            })),
          );
          await creditRewards(
            tx,
            q,
            winners.map((w, i) => ({ userId: w.authorId, answerId: w.answerId, amount: amounts[i]! })),
            'Reward for your answer (distributed automatically at the deadline)',
            now,
          );
          await repo.markDistributed(tx, q.id, now, 'auto-distributed');
          const winnerIds = new Set(winners.map((w) => w.authorId));
          const others = (await repo.answererIds(tx, q.id)).filter((id) => !winnerIds.has(id));
          for (const id of others) {
            await notify(tx, id, {
              type: 'reward',
              title: 'The reward was distributed',
              body: `The reward for "${q.title}" went to the answer ranked first at the deadline.`,
              link,
            });
          }
          await notify(tx, q.authorId, {
            type: 'reward',
            title: 'Your reward was distributed automatically',
            body: `The deadline of "${q.title}" passed: ${rupees(total)} went to the answer${n > 1 ? 's' : ''} ranked first.`,
            link,
            mail: notificationMail(ctx.config, { id: q.authorId, email: q.authorEmail }, rewardSettledMail, {
              outcome: 'auto-distributed',
              questionTitle: q.title,
              amount: rupees(total),
              answers: n,
              url: `${ctx.config.publicUrl}${link}`,
            }),
          });
          return 'auto-distributed';
        });
      } catch (err) {
        // Another instance settled it first (unique distribution / ledger reference): nothing to do.
        if (pgErrorCode(err) === '23505') return 'skipped';
        throw err;
      }
    },

    // ---------- rewards ----------

    /** spec 01 §3 "Reward view", for the question's author. */
    async getRewardView(user: SessionUser, questionId: string): Promise<RewardView> {
      const q = await ownQuestion(user, questionId);
      const [answers, rewards] = await Promise.all([
        repo.listAnswersWithAuthors(ctx.db, q.id, REWARD_VIEW_ANSWERS),
        repo.listRewards(ctx.db, q.id),
      ]);
      const totalDistributed = rewards.reduce((s, r) => s + r.percentage, 0);
      // The split the stored ranking suggests (the same rule as the rank response): answers added
      // since the last ranking have no rank and are not in it.
      const ranked = answers.flatMap((a) =>
        a.aiRank !== null ? [{ answerId: a.id, rank: a.aiRank, score: a.aiScore ?? 0 }] : [],
      );
      return {
        question: {
          _id: q.id,
          title: q.title,
          description: q.description,
          category: q.category,
          status: q.status,
          isPaid: q.isPaid,
          paymentAmount: q.paymentAmount ?? 0,
          rewardAmount: q.rewardAmount,
          rewardsDistributedAt: q.rewardsDistributedAt?.toISOString() ?? null,
          escrowState: (q.escrowState as EscrowState | null) ?? null,
          acceptanceCriteria: q.acceptanceCriteria,
          answers: answers.map((a) => ({
            _id: a.id,
            content: a.content,
            authorId: a.authorId,
            author: { id: a.authorId, displayName: a.displayName },
            createdAt: a.createdAt.toISOString(),
          })),
        },
        payment: { amount: q.paymentAmount ?? 0 },
        rewards: rewards.map(rewardView),
        totalDistributed,
        remainingPercentage: 100 - totalDistributed,
        suggestedSplit: ranked.length > 0 ? suggestSplit(ranked) : null,
      };
    },

    /**
     * Splits the paid amount among the chosen answers, once per question. Shares are
     * floor(total × pct / 100) paise, the leftover to the first entry (CONTRACT §5), so they add up
     * to the payment exactly; every credit is a wallet row change plus a `reward` transaction.
     */
    async distribute(user: SessionUser, body: DistributeBody): Promise<{ rewards: RewardRecord[] }> {
      const entries = body.rewards;
      if (entries.reduce((s, e) => s + e.percentage, 0) !== 100) badRequest(WALLET_MSG.percentages);
      if (new Set(entries.map((e) => e.answerId)).size !== entries.length)
        badRequest(WALLET_MSG.duplicateAnswer);
      const now = ctx.clock.now();
      try {
        return await ctx.db.transaction(async (tx) => {
          const q = (await lockQuestion(tx, body.questionId)) ?? notFound(MSG.questionNotFound);
          if (!canSeeQuestion(user, q)) notFound(MSG.questionNotFound);
          if (!canDistribute(user, q)) forbidden(WALLET_MSG.notAuthor);
          if (q.rewardsDistributedAt) conflict('ALREADY_DISTRIBUTED', WALLET_MSG.alreadyDistributed);
          if (!q.isPaid || !q.paymentAmount) conflict('NOT_PAID', WALLET_MSG.notPaid);
          // Only a reward held in escrow, and only by hand until its deadline; from then on the
          // deadline task settles it. A refunded or settled reward has nothing left to distribute.
          if (q.escrowState === 'refunded') conflict('REWARD_REFUNDED', QUESTION_TEXT.distributeRefunded);
          if (q.escrowState !== 'held') conflict('ALREADY_DISTRIBUTED', QUESTION_TEXT.distributeSettled);
          if (q.escrowDeadline && now >= q.escrowDeadline)
            conflict('ESCROW_DEADLINE_PASSED', QUESTION_TEXT.distributeAfterDeadline);
          const total = q.paymentAmount!;

          const found = await repo.findAnswers(
            tx,
            q.id,
            entries.map((e) => e.answerId),
          );
          const authorOf = new Map(found.map((a) => [a.id, a.authorId]));
          for (const e of entries) {
            const author = authorOf.get(e.answerId);
            if (!author) badRequest(WALLET_MSG.foreignAnswer);
            if (author !== e.answererId) badRequest(WALLET_MSG.wrongAnswerer);
          }

          // The primary keys on question id are the backstop should two settlements ever race past the lock.
          await repo.insertSettlement(tx, {
            questionId: q.id,
            outcome: 'distributed',
            amount: total,
            settledAt: now,
          });
          await repo.insertDistribution(tx, {
            questionId: q.id,
            distributedBy: user.id,
            total,
            kind: 'manual',
            createdAt: now,
          });
          const shares = splitPaise(
            total,
            entries.map((e) => e.percentage),
          );
          const inserted = await repo.insertRewards(
            tx,
            entries.map((e, i) => ({
              questionId: q.id,
              answerId: e.answerId,
              answererId: e.answererId,
              percentage: e.percentage,
              amount: shares[i]!,
              createdAt: now,
            })),
          );

          await creditRewards(
            tx,
            q,
            entries.map((e, i) => ({ userId: e.answererId, answerId: e.answerId, amount: shares[i]! })),
            'Reward for your answer',
            now,
          );
          await repo.markDistributed(tx, q.id, now, 'distributed');
          // Keep the request's order (the first selected answer first).
          const byAnswer = new Map(inserted.map((r) => [r.answerId, r]));
          return { rewards: entries.map((e) => rewardView(byAnswer.get(e.answerId)!)) };
        });
      } catch (err) {
        if (pgErrorCode(err) === '23505') conflict('ALREADY_DISTRIBUTED', WALLET_MSG.alreadyDistributed);
        throw err;
      }
    },

    // ---------- wallet ----------

    async getWallet(user: SessionUser): Promise<WalletView> {
      return walletView(user.id, await repo.findWallet(ctx.db, user.id));
    },

    async listTransactions(
      user: SessionUser,
      q: { limit: number; cursor?: string },
    ): Promise<{ items: WalletTransaction[]; nextCursor: string | null }> {
      const rows = await repo.listTransactions(ctx.db, user.id, decodeKeyset(q.cursor), q.limit + 1);
      const page = rows.slice(0, q.limit);
      const last = page[page.length - 1];
      return {
        items: page.map(transactionView),
        nextCursor: rows.length > q.limit && last ? encodeKeyset({ ts: last.cursorTs, id: last.id }) : null,
      };
    },

    /**
     * spec 01 §5: a UPI id, or all four bank fields (IFSC upper-cased); the account number is encrypted.
     * The saved account number is never sent back in full, so an edit form cannot prefill it: left
     * blank while the other three bank fields are given, it means "keep the saved account" (so a user
     * with a bank account can add a UPI id, or fix the holder's name, without retyping it).
     */
    async saveBankDetails(user: SessionUser, body: BankDetailsBody): Promise<WalletView> {
      const upiId = body.upiId?.trim() || null;
      const accountNumber = body.accountNumber?.replace(/[\s-]/g, '') || null;
      const ifsc = body.ifsc?.trim().toUpperCase() || null;
      const holder = body.accountHolderName?.trim() || null;
      const bankName = body.bankName?.trim() || null;
      const saved =
        !accountNumber && ifsc && holder && bankName ? await repo.findWallet(ctx.db, user.id) : null;
      const keepSaved = Boolean(saved?.bankAccountEnc && saved.bankAccountLast4);
      const bankFields = [accountNumber ?? keepSaved, ifsc, holder, bankName];
      const bankCount = bankFields.filter(Boolean).length;
      if (!upiId && bankCount < 4) badRequest(MSG.paymentDetailsRequired);
      if (upiId && !UPI_PATTERN.test(upiId)) badRequest(WALLET_MSG.invalidUpi);
      if (bankCount > 0 && bankCount < 4) badRequest(WALLET_MSG.incompleteBank);
      if (bankCount === 4) {
        if (!keepSaved && !/^\d{6,18}$/.test(accountNumber!)) badRequest(WALLET_MSG.invalidAccountNumber);
        if (!IFSC_PATTERN.test(ifsc!)) badRequest(WALLET_MSG.invalidIfsc);
      }
      const bank = bankCount === 4;
      const row = await repo.upsertPayout(
        ctx.db,
        user.id,
        {
          upiId,
          bankAccountEnc: !bank
            ? null
            : keepSaved
              ? saved!.bankAccountEnc
              : cipher.encrypt(accountNumber!, user.id),
          bankAccountLast4: !bank ? null : keepSaved ? saved!.bankAccountLast4 : accountNumber!.slice(-4),
          ifsc: bank ? ifsc : null,
          accountHolderName: bank ? holder : null,
          bankName: bank ? bankName : null,
        },
        ctx.clock.now(),
      );
      return walletView(user.id, row);
    },

    // ---------- withdrawals ----------

    async listMyWithdrawals(
      user: SessionUser,
      q: { limit: number; cursor?: string },
    ): Promise<{ items: WithdrawalView[]; nextCursor: string | null }> {
      const rows = await repo.listUserWithdrawals(ctx.db, user.id, decodeKeyset(q.cursor), q.limit + 1);
      const page = rows.slice(0, q.limit);
      const last = page[page.length - 1];
      return {
        items: page.map((r) => withdrawalView(r.withdrawal)),
        nextCursor:
          rows.length > q.limit && last ? encodeKeyset({ ts: last.cursorTs, id: last.withdrawal.id }) : null,
      };
    },

    /**
     * Debits the wallet and writes a pending withdrawal transaction in one database transaction.
     * The debit is conditional (balance >= amount), so concurrent requests can never overdraw; a
     * repeated request id returns the first result instead of withdrawing twice.
     */
    async requestWithdrawal(
      user: SessionUser,
      body: WithdrawalBody,
    ): Promise<WithdrawalResult & { created: boolean }> {
      const requestKey = body.requestId ? `${user.id}:${body.requestId}` : `auto:${randomUUID()}`;
      const replay = async (existing: repo.WithdrawalRow) => {
        if (existing.userId !== user.id || existing.amount !== body.amount) {
          conflict('REQUEST_ID_REUSED', WALLET_MSG.requestIdReused);
        }
        const w = await repo.findWallet(ctx.db, user.id);
        return {
          message: MSG.withdrawalSubmitted,
          withdrawal: withdrawalView(existing),
          balance: w?.balance ?? 0,
          created: false,
        };
      };
      if (body.requestId) {
        const existing = await repo.findWithdrawalByRequestId(ctx.db, requestKey);
        if (existing) return replay(existing);
      }
      const now = ctx.clock.now();
      try {
        return await ctx.db.transaction(async (tx) => {
          const wallet = await repo.findWallet(tx, user.id);
          if (!wallet || (!wallet.upiId && !wallet.bankAccountLast4)) badRequest(MSG.addPayoutFirst);
          const method = payoutMethodFor(wallet!, body.method);
          if (wallet!.balance <= 0) badRequest(MSG.noBalance);
          if (body.amount > wallet!.balance) badRequest(MSG.insufficientBalance);
          const destination =
            method === 'upi'
              ? `UPI ID ${wallet!.upiId}`
              : `bank account ${maskAccountNumber(wallet!.bankAccountLast4 ?? '')}`;
          const taken = await ledger.debit(tx, {
            userId: user.id,
            type: 'withdrawal',
            amount: body.amount,
            description: `Withdrawal to ${destination}`,
            reference: `withdrawal:${requestKey}`,
            at: now,
          });
          // Another request spent the money between the read and the debit.
          if (!taken) return badRequest(MSG.insufficientBalance);
          const debited = taken.wallet;
          const txn = taken.entry;
          const withdrawal = await repo.insertWithdrawal(tx, {
            userId: user.id,
            amount: body.amount,
            status: 'pending',
            requestId: requestKey,
            transactionId: txn.id,
            payoutMethod: method,
            ...payoutSnapshot(method, debited),
            testMode: ctx.config.payments.provider === 'sandbox',
            createdAt: now,
          });
          await notify(tx, user.id, {
            type: 'withdrawal',
            title: 'Withdrawal requested',
            body: `Your withdrawal of ${rupees(body.amount)} is waiting to be paid out.`,
            link: '/wallet',
          });
          return {
            message: MSG.withdrawalSubmitted,
            withdrawal: withdrawalView(withdrawal),
            balance: debited.balance,
            created: true,
          };
        });
      } catch (err) {
        // The same request id raced itself: the winner's withdrawal is the answer (our debit rolled back).
        if (pgErrorCode(err) === '23505' && body.requestId) {
          const existing = await repo.findWithdrawalByRequestId(ctx.db, requestKey);
          if (existing) return replay(existing);
        }
        throw err;
      }
    },

    // The admin area authorises the route, writes the audit entry and calls these inside its own
    // transaction, passed as `exec` (ours then becomes a savepoint of it).

    /** Admin: the payout was sent. Only from pending; repeating it changes nothing. */
    async completeWithdrawal(
      admin: SessionUser,
      withdrawalId: string,
      payoutReference: string,
      exec: Executor = ctx.db,
    ): Promise<WithdrawalView> {
      requireAdmin(admin);
      if (!isUuid(withdrawalId)) notFound(WALLET_MSG.withdrawalNotFound);
      const reference = payoutReference.trim().slice(0, 200);
      if (!reference) badRequest('Please enter the payout reference');
      const now = ctx.clock.now();
      return exec.transaction(async (tx) => {
        const done = await repo.settleWithdrawal(tx, withdrawalId, {
          status: 'completed',
          payoutReference: reference,
          processedBy: admin.id,
          processedAt: now,
        });
        if (!done) {
          const current =
            (await repo.findWithdrawal(tx, withdrawalId)) ?? notFound(WALLET_MSG.withdrawalNotFound);
          if (current.status === 'completed') return withdrawalView(current);
          return conflict('WITHDRAWAL_FAILED', WALLET_MSG.withdrawalFailed);
        }
        await ledger.completePending(tx, done.transactionId);
        await notify(tx, done.userId, {
          type: 'withdrawal',
          title: 'Withdrawal completed',
          body: `Your withdrawal of ${rupees(done.amount)} has been paid out (reference ${reference}).`,
          link: '/wallet',
        });
        return withdrawalView(done);
      });
    },

    /** Admin: the payout could not be made. The money goes back to the wallet; only from pending. */
    async failWithdrawal(
      admin: SessionUser,
      withdrawalId: string,
      reason: string,
      exec: Executor = ctx.db,
    ): Promise<WithdrawalView> {
      requireAdmin(admin);
      if (!isUuid(withdrawalId)) notFound(WALLET_MSG.withdrawalNotFound);
      const why = reason.trim().slice(0, 500);
      if (!why) badRequest('Please enter a reason');
      const now = ctx.clock.now();
      return exec.transaction(async (tx) => {
        const failed = await repo.settleWithdrawal(tx, withdrawalId, {
          status: 'failed',
          failureReason: why,
          processedBy: admin.id,
          processedAt: now,
        });
        if (!failed) {
          const current =
            (await repo.findWithdrawal(tx, withdrawalId)) ?? notFound(WALLET_MSG.withdrawalNotFound);
          if (current.status === 'failed') return withdrawalView(current);
          return conflict('WITHDRAWAL_COMPLETED', WALLET_MSG.withdrawalCompleted);
        }
        await ledger.failPending(tx, failed.transactionId, now);
        await notify(tx, failed.userId, {
          type: 'withdrawal',
          title: 'Withdrawal failed',
          body: `Your withdrawal of ${rupees(failed.amount)} could not be paid out: ${why}. The amount is back in your wallet.`,
          link: '/wallet',
        });
        return withdrawalView(failed);
      });
    },

    /** Admin list, newest first, keyset-paginated. The route checks the admin role. */
    async listWithdrawals(
      q: WithdrawalListQuery,
    ): Promise<{ items: AdminWithdrawalView[]; nextCursor: string | null }> {
      const limit = Math.min(Math.max(Math.trunc(Number(q.limit ?? 20)) || 20, 1), 100);
      const rows = await repo.listWithdrawals(ctx.db, q.status ?? null, decodeKeyset(q.cursor), limit + 1);
      const page = rows.slice(0, limit);
      const last = page[page.length - 1];
      return {
        items: page.map((r) => ({
          ...withdrawalView(r.withdrawal),
          user: r.user,
          payoutMethod: r.withdrawal.payoutMethod === 'upi' ? 'upi' : 'bank',
          description: r.description,
          payout: { upiId: r.withdrawal.payoutUpiId, bankAccount: bankView(snapshotOf(r.withdrawal)) },
        })),
        nextCursor:
          rows.length > limit && last ? encodeKeyset({ ts: last.cursorTs, id: last.withdrawal.id }) : null,
      };
    },

    /**
     * Admin: the full destination needed to send the money (decrypted), recorded in the audit log. It
     * is the destination recorded with the request, whatever the wallet holds now.
     */
    async revealPayoutDetails(
      admin: SessionUser,
      withdrawalId: string,
    ): Promise<{ upiId: string | null; bankAccount: (BankAccountView & { accountNumber: string }) | null }> {
      requireAdmin(admin);
      if (!isUuid(withdrawalId)) notFound(WALLET_MSG.withdrawalNotFound);
      return ctx.db.transaction(async (tx) => {
        const w = (await repo.findWithdrawal(tx, withdrawalId)) ?? notFound(WALLET_MSG.withdrawalNotFound);
        const dest = snapshotOf(w);
        await audit(tx, admin, 'withdrawal.reveal_payout', 'withdrawal', w.id, null, null);
        let bankAccount = null;
        if (w.payoutMethod === 'bank' && dest.bankAccountEnc) {
          let accountNumber: string;
          try {
            accountNumber = cipher.decrypt(dest.bankAccountEnc, w.userId);
          } catch {
            throw new AppError(
              'PAYOUT_DETAILS_UNREADABLE',
              409,
              'The stored bank account cannot be read; ask the user to save it again',
            );
          }
          bankAccount = { ...bankView(dest)!, accountNumber };
        }
        return { upiId: w.payoutMethod === 'upi' ? dest.upiId : null, bankAccount };
      });
    },
  };
}

export type WalletService = ReturnType<typeof createWalletService>;
