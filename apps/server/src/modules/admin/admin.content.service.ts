import {
  ADMIN_MESSAGES,
  CHECKOUT_OPEN_MS,
  type AdminIdea,
  type AdminIdeaPatch,
  type AdminIdeasQuery,
  type AdminQuestion,
  type AdminQuestionPatch,
  type AdminQuestionsQuery,
} from '@agora/shared';
import type { AppContext, SessionUser } from '../../context.js';
import { audit } from '../../lib/audit.js';
import { conflict, notFound } from '../../lib/errors.js';
import * as ideasAdmin from '../ideas/ideas.admin.service.js';
import { detachQuestionOrders, questionMoney } from '../payments/payments.admin.service.js';
import * as questionsAdmin from '../questions/questions.admin.service.js';
import { listOpts, type Paged } from './admin.paging.js';

/** Content moderation: questions and ideas listed, closed or hidden, and deleted. */
export function createAdminContent(ctx: AppContext) {
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
    return ctx.db.transaction(async (tx) => {
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
    await ctx.db.transaction(async (tx) => {
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
      // Its orders are kept, cancelled and detached: a capture arriving later is refunded.
      await detachQuestionOrders(tx, id, q.title);
      await questionsAdmin.deleteUnpaidQuestion(tx, id);
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
    return ctx.db.transaction(async (tx) => {
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
    await ctx.db.transaction(async (tx) => {
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

  return { listQuestions, updateQuestion, deleteQuestion, listIdeas, updateIdea, deleteIdea };
}
