import { CHECKOUT_OPEN_MS, DAY_MS, MSG, QUESTION_LIMITS, QUESTION_TEXT } from '@agora/shared';
import type { AppContext, SessionUser } from '../../context.js';
import { conflict, forbidden, notFound } from '../../lib/errors.js';
import { isUuid } from '../../lib/ids.js';
import { discardUnreferenced } from '../../lib/uploads.js';
import { notify } from '../notifications/notifications.service.js';
import { canSeeQuestion, isAuthor } from './questions.policy.js';
import * as repo from './questions.repo.js';

/**
 * Unpaid questions (drafts) going away: deleted by their author, or expired by the hourly task
 * (questions.tasks.ts). Both delete the same way (deleteUnpaid).
 */

/** Unpaid questions the expiry task reads per page, and pages per run (a backlog takes several runs). */
const DRAFTS_BATCH = 100;
const DRAFTS_MAX_PAGES = 10;

/**
 * Deletes an unpaid question, locked by the caller's transaction (the author's DELETE and the
 * expiry of drafts): not once paid, nor while a checkout is open; an older abandoned order is
 * kept, cancelled and detached (payments owns it), so that a capture arriving after all is
 * refunded to the payer's wallet.
 */
async function deleteUnpaid(
  ctx: AppContext,
  tx: Parameters<typeof repo.lockQuestion>[0],
  q: NonNullable<Awaited<ReturnType<typeof repo.lockQuestion>>>,
): Promise<'deleted' | 'paid' | 'checkout-open'> {
  const orders = await ctx.questionOrders.money(
    tx,
    q.id,
    new Date(ctx.clock.now().getTime() - CHECKOUT_OPEN_MS),
  );
  if (q.isPaid || orders.paid) return 'paid';
  if (orders.checkoutOpen) return 'checkout-open';
  await ctx.questionOrders.detach(tx, q.id, q.title);
  await repo.deleteQuestion(tx, q.id);
  return 'deleted';
}

/**
 * DELETE /:id — the author discards a question nobody paid for. Refused (409) once paid or while
 * a checkout is open; an older abandoned order is kept, cancelled, so that a capture arriving
 * after all is refunded to the payer's wallet (payments area).
 */
export async function removeQuestion(ctx: AppContext, user: SessionUser, id: string): Promise<void> {
  if (!isUuid(id)) notFound(MSG.questionNotFound);
  const imageKey = await ctx.db.transaction(async (tx) => {
    const q = await repo.lockQuestion(tx, id.toLowerCase());
    if (!q || !canSeeQuestion(user, q)) return notFound(MSG.questionNotFound);
    if (!isAuthor(user, q)) forbidden(QUESTION_TEXT.onlyAuthor);
    const outcome = await deleteUnpaid(ctx, tx, q);
    if (outcome === 'paid') conflict('QUESTION_PAID', QUESTION_TEXT.paidCannotDelete);
    if (outcome === 'checkout-open') conflict('PAYMENT_IN_PROGRESS', QUESTION_TEXT.orderOpenCannotDelete);
    return q.imageKey;
  });
  // The image names nothing now: it goes at once, so deleting a draft frees its author's upload
  // quota (if this fails, the hourly sweep of unreferenced files takes it).
  if (imageKey) await discardUnreferenced(ctx, imageKey);
}

/**
 * Unpaid questions expire QUESTION_LIMITS.unpaidDraftDays after they were asked: each is deleted
 * as its author would delete it (deleteUnpaid: one with a checkout in progress, or paid meanwhile,
 * stays; its orders are kept, cancelled), its image removed, its author told. Oldest first, in
 * pages of DRAFTS_BATCH, at most DRAFTS_MAX_PAGES per run; a question kept is walked past, so it
 * never holds up the others. Safe on several instances at once: each deletion is decided under
 * the question's row lock. Run by questions.tasks.ts.
 */
export async function expireDrafts(ctx: AppContext): Promise<{ deleted: number; kept: number }> {
  const db = ctx.db;
  const result = { deleted: 0, kept: 0 };
  const cutoff = new Date(ctx.clock.now().getTime() - QUESTION_LIMITS.unpaidDraftDays * DAY_MS);
  let after: { ts: string; id: string } | undefined;
  for (let page = 0; page < DRAFTS_MAX_PAGES; page++) {
    const due = await repo.dueDrafts(db, cutoff, DRAFTS_BATCH, after);
    for (const { id } of due) {
      const gone = await db.transaction(async (tx) => {
        const q = await repo.lockQuestion(tx, id);
        // Deleted, paid or made free meanwhile: not an expired draft any more.
        if (!q || q.isPaid || q.rewardAmount === 0 || q.createdAt >= cutoff) return null;
        if ((await deleteUnpaid(ctx, tx, q)) !== 'deleted') return null;
        await notify(tx, q.authorId, {
          type: 'reward',
          title: 'Your unpaid question was removed',
          body: `"${q.title.slice(0, 120)}" was not paid for within ${QUESTION_LIMITS.unpaidDraftDays} days, so it was deleted. Nothing was charged.`,
          link: '/ask-question',
        });
        return { imageKey: q.imageKey };
      });
      if (!gone) {
        result.kept++;
        continue;
      }
      result.deleted++;
      if (gone.imageKey) await discardUnreferenced(ctx, gone.imageKey);
    }
    if (due.length < DRAFTS_BATCH) break;
    const last = due[due.length - 1]!;
    after = { ts: last.cursorTs, id: last.id };
  }
  return result;
}
