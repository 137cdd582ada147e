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
  DAY_MS,
  OVERVIEW_MAX_DAYS,
  OVERVIEW_SERIES,
  type Overview,
  type OverviewQuery,
} from '@agora/shared';
import type { AppContext, SessionUser } from '../../context.js';
import type { Tx } from '../../db/client.js';
import { audit } from '../../lib/audit.js';
import { decodeKeyset, page } from '../../lib/cursor.js';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors.js';
import { requeueFailedMail } from '../../platform/mail.js';
import { createAuthService } from '../auth/auth.service.js';
import { listContactForAdmin } from '../contact/contact.admin.service.js';
import {
  findHackathonForAdmin,
  listHackathonsForAdmin,
  toAdminHackathon,
} from '../hackathons/hackathons.admin.service.js';
import { createHackathonsService } from '../hackathons/hackathons.service.js';
import * as ideasAdmin from '../ideas/ideas.admin.service.js';
import { findJobForAdmin, listJobsForAdmin, toAdminJob } from '../jobs/jobs.admin.service.js';
import { createJobsService } from '../jobs/jobs.service.js';
import { questionMoney } from '../payments/payments.admin.service.js';
import * as questionsAdmin from '../questions/questions.admin.service.js';
import { getMinReward, setMinReward } from '../settings/settings.service.js';
import { uploadsOverviewAlerts } from '../uploads/uploads.admin.service.js';
import * as usersAdmin from '../users/users.admin.service.js';
import {
  findWithdrawalForAdmin,
  listWithdrawalsForAdmin,
  toAdminWithdrawal,
  walletBalance,
} from '../wallet/wallet.admin.service.js';
import { createWalletService } from '../wallet/wallet.service.js';
import * as repo from './admin.repo.js';
import * as pendingCountsRepo from './pending-counts.repo.js';

/** A page of a list and the cursor of the next one (sent as X-Next-Cursor; null on the last page). */
export interface Paged<T> {
  items: T[];
  nextCursor: string | null;
}

const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/** How long after an order is created its checkout may still be paid (then it counts as abandoned). */

export function createAdminService(ctx: AppContext) {
  // Every row of another area is read and changed through that area's service (its
  // *.admin.service.ts, or its review/payout rules); this area authorises, audits and calls them.
  // A change and its audit entry share one transaction, passed to the other area's function as its
  // executor (their own `transaction()` then becomes a savepoint of it).
  const auth = createAuthService(ctx);
  const hackathonsSvc = createHackathonsService(ctx);
  const jobsSvc = createJobsService(ctx);
  const wallet = createWalletService(ctx);

  function inTx<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
    return ctx.db.transaction(fn);
  }

  function listOpts(q: { cursor?: string; limit: number }) {
    return { cursor: decodeKeyset(q.cursor), limit: q.limit };
  }

  // ---------- users ----------

  async function listUsers(q: AdminUsersQuery): Promise<Paged<AdminUser>> {
    return usersAdmin.listUsersForAdmin(ctx.db, { ...q, ...listOpts(q) });
  }

  async function updateUser(admin: SessionUser, id: string, patch: AdminUserPatch): Promise<AdminUser> {
    return inTx(async (tx) => {
      const before = (await usersAdmin.lockUserForAdmin(tx, id)) ?? notFound('User not found');
      // An admin locking themselves out (or dropping their own rights) is never intended.
      if (
        before.id === admin.id &&
        (patch.status === 'suspended' || (patch.role && patch.role !== 'admin'))
      ) {
        throw new AppError('CANNOT_CHANGE_SELF', 403, ADMIN_MESSAGES.cannotChangeSelf);
      }
      const set: { role?: string; status?: string } = {};
      if (patch.role !== undefined && patch.role !== before.role) set.role = patch.role;
      if (patch.status !== undefined && patch.status !== before.status) set.status = patch.status;
      if (Object.keys(set).length === 0) return usersAdmin.toAdminUser(before);
      const after = await usersAdmin.setUserRoleStatus(tx, id, { ...set, updatedAt: ctx.clock.now() });
      // Suspension takes effect at once: every session is revoked in this same transaction (the
      // token check also refuses suspended users, so nothing slips through in between).
      if (set.status === 'suspended') await auth.revokeAllSessions(id, tx);
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
      return usersAdmin.toAdminUser(after);
    });
  }

  // ---------- questions ----------

  async function listQuestions(q: AdminQuestionsQuery): Promise<Paged<AdminQuestion>> {
    const opts = listOpts(q);
    return questionsAdmin.listQuestionsForAdmin(ctx.db, {
      q: q.q,
      status: q.status,
      hidden: q.hidden,
      paid: q.paid,
      ...opts,
    });
  }

  async function updateQuestion(
    admin: SessionUser,
    id: string,
    patch: AdminQuestionPatch,
  ): Promise<AdminQuestion> {
    return inTx(async (tx) => {
      const before = (await questionsAdmin.lockQuestion(tx, id)) ?? notFound('Question not found');
      const set: { status?: string; hidden?: boolean } = {};
      if (patch.status !== undefined && patch.status !== before.status) set.status = patch.status;
      if (patch.hidden !== undefined && patch.hidden !== before.hidden) set.hidden = patch.hidden;
      if (Object.keys(set).length > 0) {
        await questionsAdmin.moderateQuestion(tx, id, { ...set, updatedAt: ctx.clock.now() });
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
      return (await questionsAdmin.findQuestionForAdmin(tx, id))!;
    });
  }

  async function deleteQuestion(admin: SessionUser, id: string): Promise<void> {
    await inTx(async (tx) => {
      const q = (await questionsAdmin.lockQuestion(tx, id)) ?? notFound('Question not found');
      const money = await questionMoney(tx, id, new Date(ctx.clock.now().getTime() - CHECKOUT_OPEN_MS));
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
      await questionsAdmin.deleteUnpaidQuestion(tx, id, q.title);
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
    return ideasAdmin.listIdeasForAdmin(ctx.db, { q: q.q, hidden: q.hidden, ...opts });
  }

  async function updateIdea(admin: SessionUser, id: string, patch: AdminIdeaPatch): Promise<AdminIdea> {
    return inTx(async (tx) => {
      const before = (await ideasAdmin.lockIdea(tx, id)) ?? notFound('Idea not found');
      // An admin's hide is what an admin lifts; an idea its author hid stays the author's choice.
      if (!patch.hidden && before.hidden && !before.hiddenByAdmin) {
        conflict('HIDDEN_BY_AUTHOR', ADMIN_MESSAGES.ideaHiddenByAuthor);
      }
      // Lifting a lock on an idea its author had hidden too leaves it hidden (theirs to show).
      if (patch.hidden !== before.hiddenByAdmin) {
        await ideasAdmin.setHiddenByAdmin(tx, id, patch.hidden, ctx.clock.now());
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
      return (await ideasAdmin.findIdeaForAdmin(tx, id))!;
    });
  }

  async function deleteIdea(admin: SessionUser, id: string): Promise<void> {
    await inTx(async (tx) => {
      const idea = (await ideasAdmin.lockIdea(tx, id)) ?? notFound('Idea not found');
      await ideasAdmin.deleteIdea(tx, id);
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
    return listHackathonsForAdmin(ctx.db, { status: q.status, q: q.q, ...opts }, ctx.clock.now());
  }

  /**
   * `updatedAt`: the version the admin read. The row is locked first, and the hackathons service's
   * conditional update applies the decision to that version only (409 CHANGED_SINCE_REVIEW).
   */
  async function reviewHackathon(
    admin: SessionUser,
    id: string,
    decision: 'approve' | 'reject',
    updatedAt: string,
    reason?: string,
  ): Promise<AdminHackathon> {
    const seen = new Date(updatedAt);
    return inTx(async (tx) => {
      const before = (await findHackathonForAdmin(tx, id, true)) ?? notFound('Hackathon not found');
      if (before.h.status !== 'pending') conflict('ALREADY_REVIEWED', ADMIN_MESSAGES.notPending);
      if (before.h.updatedAt.getTime() !== seen.getTime()) {
        conflict('CHANGED_SINCE_REVIEW', ADMIN_MESSAGES.changedSinceReview);
      }
      if (decision === 'approve') await hackathonsSvc.approve(admin, id, tx, seen);
      else await hackathonsSvc.reject(admin, id, reason!, tx, seen);
      const after = (await findHackathonForAdmin(tx, id))!;
      await audit(
        tx,
        admin,
        `hackathon.${decision}`,
        'hackathon',
        id,
        { status: before.h.status, rejectionReason: before.h.rejectionReason },
        { status: after.h.status, rejectionReason: after.h.rejectionReason },
      );
      return toAdminHackathon(after.h, after.author, ctx.clock.now());
    });
  }

  // ---------- jobs ----------

  async function listJobs(q: AdminJobsQuery): Promise<Paged<AdminJob>> {
    const opts = listOpts(q);
    return listJobsForAdmin(ctx.db, { status: q.status, q: q.q, ...opts }, ctx.clock.now());
  }

  /** As reviewHackathon: the decision applies to the version the admin read (`updatedAt`) only. */
  async function reviewJob(
    admin: SessionUser,
    id: string,
    decision: 'approve' | 'reject',
    updatedAt: string,
    reason?: string,
  ): Promise<AdminJob> {
    const seen = new Date(updatedAt);
    return inTx(async (tx) => {
      const before = (await findJobForAdmin(tx, id, true)) ?? notFound('Job not found');
      if (before.j.status !== 'pending') conflict('ALREADY_REVIEWED', ADMIN_MESSAGES.notPending);
      if (before.j.updatedAt.getTime() !== seen.getTime()) {
        conflict('CHANGED_SINCE_REVIEW', ADMIN_MESSAGES.changedSinceReview);
      }
      if (decision === 'approve') await jobsSvc.approve(admin, id, tx, seen);
      else await jobsSvc.reject(admin, id, reason!, tx, seen);
      const after = (await findJobForAdmin(tx, id))!;
      await audit(
        tx,
        admin,
        `job.${decision}`,
        'job',
        id,
        { status: before.j.status, rejectionReason: before.j.rejectionReason },
        { status: after.j.status, rejectionReason: after.j.rejectionReason },
      );
      return toAdminJob(after.j, after.poster, ctx.clock.now());
    });
  }

  // ---------- withdrawals ----------

  async function listWithdrawals(q: AdminWithdrawalsQuery): Promise<Paged<AdminWithdrawal>> {
    const opts = listOpts(q);
    return listWithdrawalsForAdmin(
      ctx.db,
      { status: q.status, q: q.q, ...opts },
      ctx.clock.now(),
      ctx.config.payoutSlaMs,
    );
  }

  async function processWithdrawal(
    admin: SessionUser,
    id: string,
    decision: 'complete' | 'fail',
    text: string,
  ): Promise<AdminWithdrawal> {
    return inTx(async (tx) => {
      const before = (await findWithdrawalForAdmin(tx, id, true)) ?? notFound('Withdrawal not found');
      if (before.w.status !== 'pending') conflict('ALREADY_PROCESSED', ADMIN_MESSAGES.alreadyProcessed);
      const balanceBefore = await walletBalance(tx, before.w.userId);
      if (decision === 'complete') await wallet.completeWithdrawal(admin, id, text, tx);
      else await wallet.failWithdrawal(admin, id, text, tx);
      const after = (await findWithdrawalForAdmin(tx, id))!;
      const balanceAfter = await walletBalance(tx, before.w.userId);
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
      return toAdminWithdrawal(after, ctx.clock.now(), ctx.config.payoutSlaMs);
    });
  }

  /** The full payout destination (decrypted) for sending the money; the wallet service audits it. */
  function payoutDetails(admin: SessionUser, id: string) {
    return wallet.revealPayoutDetails(admin, id);
  }

  // ---------- contact, settings ----------

  async function listContactMessages(q: AdminContactQuery) {
    const opts = listOpts(q);
    return listContactForAdmin(ctx.db, { q: q.q, ...opts });
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
      const requeued = await requeueFailedMail(tx, ctx.clock.now());
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
    const { series, totals } = await repo.overviewFigures(ctx.db, from, to);
    const rangeTotals = repo.zeroValues();
    for (const k of OVERVIEW_SERIES) rangeTotals[k] = series[k].reduce((a, v) => a + v, 0);
    // What needs an admin's eye now, whatever the range.
    const alerts = await uploadsOverviewAlerts(ctx);
    return { from, to, totals, rangeTotals, series, alerts };
  }

  async function auditLog(q: AuditQuery) {
    const opts = listOpts(q);
    const rows = await repo.listAudit(ctx.db, { ...q, ...opts });
    const p = page(rows, opts.limit);
    const actorIds = [...new Set(p.items.flatMap((r) => (r.a.actorId ? [r.a.actorId] : [])))];
    const actors = new Map((await usersAdmin.peopleByIds(ctx.db, actorIds)).map((u) => [u.id, u]));
    return {
      items: p.items.map((r) => repo.toAuditEntry(r.a, (r.a.actorId && actors.get(r.a.actorId)) || null)),
      nextCursor: p.nextCursor,
    };
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
    /** The overview's backlog counters, folded (a background task; see admin.tasks.ts). */
    compactPendingCounts: () => pendingCountsRepo.compactPendingCounts(ctx.db),
  };
}

export type AdminService = ReturnType<typeof createAdminService>;
