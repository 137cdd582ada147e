import {
  ADMIN_MESSAGES,
  CHECKOUT_OPEN_MS,
  type AdminContactQuery,
  type AdminHackathon,
  type AdminHackathonsQuery,
  type AdminIdea,
  type AdminIdeaPatch,
  type AdminIdeasQuery,
  type AdminJob,
  type AdminJobsQuery,
  type AdminQuestion,
  type AdminQuestionPatch,
  type AdminQuestionsQuery,
  type AdminUser,
  type AdminUserPatch,
  type AdminUsersQuery,
  type AdminWithdrawal,
  type AdminWithdrawalsQuery,
  type AuditQuery,
  OVERVIEW_MAX_DAYS,
  type Overview,
  type OverviewQuery,
} from '@agora/shared';
import type { AppContext, SessionUser } from '../../context.js';
import type { Db, Tx } from '../../db/client.js';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors.js';
import { createAuthService } from '../auth/auth.service.js';
import { createHackathonsService } from '../hackathons/hackathons.service.js';
import { createJobsService } from '../jobs/jobs.service.js';
import { getMinReward, setMinReward } from '../settings/settings.service.js';
import { createWalletService } from '../wallet/wallet.service.js';
import * as repo from './admin.repo.js';
import { audit } from '../../lib/audit.js';
import { decodeKeyset, page } from '../../lib/cursor.js';

/** A page of a list and the cursor of the next one (sent as X-Next-Cursor; null on the last page). */
export interface Paged<T> {
  items: T[];
  nextCursor: string | null;
}

const DAY_MS = 86_400_000;
const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/** How long after an order is created its checkout may still be paid (then it counts as abandoned). */

export function createAdminService(ctx: AppContext) {
  // The review and payout rules belong to the hackathons, jobs and wallet services; this area
  // authorises, audits and calls them.

  /**
   * Runs `fn` in one transaction and hands it a context whose `db` IS that transaction, so other
   * areas' services called with it (review, payouts, session revocation) write in the same
   * transaction as the audit entry — their own `db.transaction()` becomes a savepoint.
   */
  function inTx<T>(fn: (tx: Tx, scoped: AppContext) => Promise<T>): Promise<T> {
    return ctx.db.transaction(async (tx) => {
      const db = tx as unknown as Db;
      return fn(tx, { ...ctx, db, database: { ...ctx.database, db } });
    });
  }

  function listOpts(q: { cursor?: string; limit: number }) {
    return { cursor: decodeKeyset(q.cursor), limit: q.limit };
  }

  // ---------- users ----------

  async function listUsers(q: AdminUsersQuery): Promise<Paged<AdminUser>> {
    const rows = await repo.listUsers(ctx.db, { ...q, ...listOpts(q) });
    const p = page(rows, q.limit);
    return { items: p.items.map((r) => repo.toAdminUser(r.user)), nextCursor: p.nextCursor };
  }

  async function updateUser(admin: SessionUser, id: string, patch: AdminUserPatch): Promise<AdminUser> {
    return inTx(async (tx, scoped) => {
      const before = (await repo.lockUser(tx, id)) ?? notFound('User not found');
      // An admin locking themselves out (or dropping their own rights) is never intended.
      if (
        before.id === admin.id &&
        (patch.status === 'suspended' || (patch.role && patch.role !== 'admin'))
      ) {
        throw new AppError('CANNOT_CHANGE_SELF', 403, ADMIN_MESSAGES.cannotChangeSelf);
      }
      const set: Partial<repo.UserRow> = {};
      if (patch.role !== undefined && patch.role !== before.role) set.role = patch.role;
      if (patch.status !== undefined && patch.status !== before.status) set.status = patch.status;
      if (Object.keys(set).length === 0) return repo.toAdminUser(before);
      const after = await repo.updateUser(tx, id, { ...set, updatedAt: ctx.clock.now() });
      // Suspension takes effect at once: every session is revoked in this same transaction (the
      // token check also refuses suspended users, so nothing slips through in between).
      if (set.status === 'suspended') await createAuthService(scoped).revokeAllSessions(id);
      const action =
        set.role !== undefined && set.status !== undefined
          ? 'user.update'
          : set.status !== undefined
            ? set.status === 'suspended'
              ? 'user.suspend'
              : 'user.reactivate'
            : 'user.role';
      await audit(
        tx,
        admin,
        action,
        'user',
        id,
        { role: before.role, status: before.status },
        { role: after.role, status: after.status },
      );
      return repo.toAdminUser(after);
    });
  }

  // ---------- questions ----------

  async function listQuestions(q: AdminQuestionsQuery): Promise<Paged<AdminQuestion>> {
    const opts = listOpts(q);
    const rows = await repo.listQuestions(ctx.db, {
      q: q.q,
      status: q.status,
      hidden: q.hidden,
      paid: q.paid,
      ...opts,
    });
    const p = page(rows, opts.limit);
    return { items: p.items.map(repo.toAdminQuestion), nextCursor: p.nextCursor };
  }

  async function updateQuestion(
    admin: SessionUser,
    id: string,
    patch: AdminQuestionPatch,
  ): Promise<AdminQuestion> {
    return inTx(async (tx) => {
      const before = (await repo.lockQuestion(tx, id)) ?? notFound('Question not found');
      const set: { status?: string; hidden?: boolean } = {};
      if (patch.status !== undefined && patch.status !== before.status) set.status = patch.status;
      if (patch.hidden !== undefined && patch.hidden !== before.hidden) set.hidden = patch.hidden;
      if (Object.keys(set).length > 0) {
        await repo.updateQuestion(tx, id, { ...set, updatedAt: ctx.clock.now() });
        const action =
          set.status === 'closed' && set.hidden === undefined
            ? 'question.close'
            : set.hidden !== undefined && set.status === undefined
              ? set.hidden
                ? 'question.hide'
                : 'question.unhide'
              : 'question.update';
        await audit(
          tx,
          admin,
          action,
          'question',
          id,
          { status: before.status, hidden: before.hidden },
          { status: set.status ?? before.status, hidden: set.hidden ?? before.hidden },
        );
      }
      return repo.toAdminQuestion((await repo.findQuestion(tx, id))!);
    });
  }

  async function deleteQuestion(admin: SessionUser, id: string): Promise<void> {
    await inTx(async (tx) => {
      const q = (await repo.lockQuestion(tx, id)) ?? notFound('Question not found');
      const money = await repo.questionMoney(tx, id, new Date(ctx.clock.now().getTime() - CHECKOUT_OPEN_MS));
      // Money was paid for it: the payment (and any rewards) must keep pointing at the question.
      // Undistributed, the asker's money still waits on it — the admin closes it instead.
      if (q.isPaid || money.paid) {
        conflict(
          money.distributed ? 'QUESTION_HAS_PAYMENTS' : 'QUESTION_PAID_UNDISTRIBUTED',
          money.distributed
            ? ADMIN_MESSAGES.paidQuestionDistributed
            : ADMIN_MESSAGES.paidQuestionUndistributed,
        );
      }
      // Its author may be paying right now: deleting the order would leave that payment nowhere.
      if (money.checkoutOpen) conflict('PAYMENT_IN_PROGRESS', ADMIN_MESSAGES.paymentInProgress);
      await repo.deleteUnpaidQuestion(tx, id, q.title);
      await audit(
        tx,
        admin,
        'question.delete',
        'question',
        id,
        {
          title: q.title,
          authorId: q.authorId,
          category: q.category,
          status: q.status,
          hidden: q.hidden,
          answerCount: q.answerCount,
        },
        null,
      );
    });
  }

  // ---------- ideas ----------

  async function listIdeas(q: AdminIdeasQuery) {
    const opts = listOpts(q);
    const rows = await repo.listIdeas(ctx.db, { q: q.q, hidden: q.hidden, ...opts });
    const p = page(rows, opts.limit);
    return { items: p.items.map(repo.toAdminIdea), nextCursor: p.nextCursor };
  }

  async function updateIdea(admin: SessionUser, id: string, patch: AdminIdeaPatch): Promise<AdminIdea> {
    return inTx(async (tx) => {
      const before = (await repo.lockIdea(tx, id)) ?? notFound('Idea not found');
      // An admin's hide is what an admin lifts; an idea its author hid stays the author's choice.
      if (!patch.hidden && before.hidden && !before.hiddenByAdmin) {
        conflict('HIDDEN_BY_AUTHOR', ADMIN_MESSAGES.ideaHiddenByAuthor);
      }
      // Lifting a lock on an idea its author had hidden too leaves it hidden (theirs to show).
      if (patch.hidden !== before.hiddenByAdmin) {
        await repo.setIdeaHidden(tx, id, patch.hidden, ctx.clock.now());
        await audit(
          tx,
          admin,
          patch.hidden ? 'idea.hide' : 'idea.unhide',
          'idea',
          id,
          { hidden: before.hidden, hiddenByAdmin: before.hiddenByAdmin },
          { hidden: patch.hidden, hiddenByAdmin: patch.hidden },
        );
      }
      return repo.toAdminIdea((await repo.findIdea(tx, id))!);
    });
  }

  async function deleteIdea(admin: SessionUser, id: string): Promise<void> {
    await inTx(async (tx) => {
      const idea = (await repo.lockIdea(tx, id)) ?? notFound('Idea not found');
      await repo.deleteIdea(tx, id);
      await audit(
        tx,
        admin,
        'idea.delete',
        'idea',
        id,
        {
          title: idea.title,
          authorId: idea.authorId,
          category: idea.category,
          hidden: idea.hidden,
          likeCount: idea.likeCount,
          commentCount: idea.commentCount,
        },
        null,
      );
    });
  }

  // ---------- hackathons ----------

  async function listHackathons(q: AdminHackathonsQuery): Promise<Paged<AdminHackathon>> {
    const opts = listOpts(q);
    const rows = await repo.listHackathons(ctx.db, { status: q.status, q: q.q, ...opts });
    const p = page(rows, opts.limit);
    const now = ctx.clock.now();
    return { items: p.items.map((r) => repo.toAdminHackathon(r.h, r.author, now)), nextCursor: p.nextCursor };
  }

  async function reviewHackathon(
    admin: SessionUser,
    id: string,
    decision: 'approve' | 'reject',
    reason?: string,
  ): Promise<AdminHackathon> {
    return inTx(async (tx, scoped) => {
      const before = (await repo.findHackathon(tx, id, true)) ?? notFound('Hackathon not found');
      if (before.h.status !== 'pending') conflict('ALREADY_REVIEWED', ADMIN_MESSAGES.notPending);
      const svc = createHackathonsService(scoped);
      if (decision === 'approve') await svc.approve(admin, id);
      else await svc.reject(admin, id, reason!);
      const after = (await repo.findHackathon(tx, id))!;
      await audit(
        tx,
        admin,
        `hackathon.${decision}`,
        'hackathon',
        id,
        { status: before.h.status, rejectionReason: before.h.rejectionReason },
        { status: after.h.status, rejectionReason: after.h.rejectionReason },
      );
      return repo.toAdminHackathon(after.h, after.author, ctx.clock.now());
    });
  }

  // ---------- jobs ----------

  async function listJobs(q: AdminJobsQuery): Promise<Paged<AdminJob>> {
    const opts = listOpts(q);
    const rows = await repo.listJobs(ctx.db, { status: q.status, q: q.q, ...opts });
    const p = page(rows, opts.limit);
    const now = ctx.clock.now();
    return {
      items: p.items.map((r) => repo.toAdminJob(r.j as never, r.poster, now)),
      nextCursor: p.nextCursor,
    };
  }

  async function reviewJob(
    admin: SessionUser,
    id: string,
    decision: 'approve' | 'reject',
    reason?: string,
  ): Promise<AdminJob> {
    return inTx(async (tx, scoped) => {
      const before = (await repo.findJob(tx, id, true)) ?? notFound('Job not found');
      if (before.j.status !== 'pending') conflict('ALREADY_REVIEWED', ADMIN_MESSAGES.notPending);
      const svc = createJobsService(scoped);
      if (decision === 'approve') await svc.approve(admin, id);
      else await svc.reject(admin, id, reason!);
      const after = (await repo.findJob(tx, id))!;
      await audit(
        tx,
        admin,
        `job.${decision}`,
        'job',
        id,
        { status: before.j.status, rejectionReason: before.j.rejectionReason },
        { status: after.j.status, rejectionReason: after.j.rejectionReason },
      );
      return repo.toAdminJob(after.j, after.poster, ctx.clock.now());
    });
  }

  // ---------- withdrawals ----------

  async function listWithdrawals(q: AdminWithdrawalsQuery): Promise<Paged<AdminWithdrawal>> {
    const opts = listOpts(q);
    const rows = await repo.listWithdrawals(ctx.db, { status: q.status, q: q.q, ...opts });
    const p = page(rows, opts.limit);
    const now = ctx.clock.now();
    return {
      items: p.items.map((r) => repo.toAdminWithdrawal(r, now, ctx.config.payoutSlaMs)),
      nextCursor: p.nextCursor,
    };
  }

  async function processWithdrawal(
    admin: SessionUser,
    id: string,
    decision: 'complete' | 'fail',
    text: string,
  ): Promise<AdminWithdrawal> {
    return inTx(async (tx, scoped) => {
      const before = (await repo.findWithdrawal(tx, id, true)) ?? notFound('Withdrawal not found');
      if (before.w.status !== 'pending') conflict('ALREADY_PROCESSED', ADMIN_MESSAGES.alreadyProcessed);
      const balanceBefore = await repo.walletBalance(tx, before.w.userId);
      const svc = createWalletService(scoped);
      if (decision === 'complete') await svc.completeWithdrawal(admin, id, text);
      else await svc.failWithdrawal(admin, id, text);
      const after = (await repo.findWithdrawal(tx, id))!;
      const balanceAfter = await repo.walletBalance(tx, before.w.userId);
      await audit(
        tx,
        admin,
        `withdrawal.${decision}`,
        'withdrawal',
        id,
        { status: before.w.status, amount: before.w.amount, walletBalance: balanceBefore },
        {
          status: after.w.status,
          amount: after.w.amount,
          payoutReference: after.w.payoutReference,
          failureReason: after.w.failureReason,
          walletBalance: balanceAfter,
        },
      );
      return repo.toAdminWithdrawal(after, ctx.clock.now(), ctx.config.payoutSlaMs);
    });
  }

  /** The full payout destination (decrypted) for sending the money; the wallet service audits it. */
  function payoutDetails(admin: SessionUser, id: string) {
    return createWalletService(ctx).revealPayoutDetails(admin, id);
  }

  // ---------- contact, settings ----------

  async function listContactMessages(q: AdminContactQuery) {
    const opts = listOpts(q);
    const rows = await repo.listContactMessages(ctx.db, { q: q.q, ...opts });
    const p = page(rows, opts.limit);
    return { items: p.items.map((r) => repo.toAdminContact(r.c)), nextCursor: p.nextCursor };
  }

  async function setMinRewardAmount(admin: SessionUser, rupees: number) {
    return inTx(async (tx) => {
      const before = await getMinReward(tx);
      await setMinReward(tx, rupees, ctx.clock.now());
      await audit(
        tx,
        admin,
        'settings.min_reward',
        'settings',
        'minRewardAmount',
        { minRewardAmount: before },
        {
          minRewardAmount: rupees,
        },
      );
      return { minRewardAmount: rupees };
    });
  }

  /** Mail the worker gave up on goes back to the queue; the outbox never drops a message. */
  async function retryFailedMail(admin: SessionUser) {
    return inTx(async (tx) => {
      const requeued = await repo.requeueFailedMail(tx, ctx.clock.now());
      if (requeued > 0) await audit(tx, admin, 'mail.retry_failed', 'mail_outbox', null, null, { requeued });
      return { requeued };
    });
  }

  // ---------- overview, audit ----------

  async function overview(q: OverviewQuery): Promise<Overview> {
    const today = isoDay(ctx.clock.now());
    const to = q.to ?? today;
    const from = q.from ?? isoDay(new Date(Date.parse(`${to}T00:00:00Z`) - 29 * DAY_MS));
    const fromMs = Date.parse(`${from}T00:00:00Z`);
    const toMs = Date.parse(`${to}T00:00:00Z`);
    // A date like 2026-02-31 passes the pattern but is not a day.
    if (Number.isNaN(fromMs) || isoDay(new Date(fromMs)) !== from) badRequest('Invalid from date');
    if (Number.isNaN(toMs) || isoDay(new Date(toMs)) !== to) badRequest('Invalid to date');
    if (fromMs > toMs) badRequest('The range must start on or before its end');
    if ((toMs - fromMs) / DAY_MS + 1 > OVERVIEW_MAX_DAYS) {
      badRequest(`The range can cover at most ${OVERVIEW_MAX_DAYS} days`);
    }
    const [series, totals] = [await repo.overviewSeries(ctx.db, from, to), await repo.overviewTotals(ctx.db)];
    const rangeTotals = {
      signups: 0,
      questions: 0,
      answers: 0,
      paidAmount: 0,
      rewardsDistributed: 0,
      withdrawals: 0,
      ideas: 0,
      hackathonRegistrations: 0,
      jobsPosted: 0,
    };
    for (const point of series) {
      for (const k of Object.keys(rangeTotals) as (keyof typeof rangeTotals)[]) rangeTotals[k] += point[k];
    }
    return { from, to, totals, rangeTotals, series };
  }

  async function auditLog(q: AuditQuery) {
    const opts = listOpts(q);
    const rows = await repo.listAudit(ctx.db, { ...q, ...opts });
    const p = page(rows, opts.limit);
    return { items: p.items.map(repo.toAuditEntry), nextCursor: p.nextCursor };
  }

  return {
    listUsers,
    updateUser,
    listQuestions,
    updateQuestion,
    deleteQuestion,
    listIdeas,
    updateIdea,
    deleteIdea,
    listHackathons,
    reviewHackathon,
    listJobs,
    reviewJob,
    listWithdrawals,
    processWithdrawal,
    payoutDetails,
    listContactMessages,
    setMinRewardAmount,
    retryFailedMail,
    overview,
    auditLog,
  };
}

export type AdminService = ReturnType<typeof createAdminService>;
