import { CATEGORY_FOLLOW_TEXT } from '@agora/shared';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { notifyGroupMany } from '../notifications/notifications.service.js';
import * as repo from './category-follows.repo.js';
import { RUN_BUDGET_MS } from './category-follows.shared.js';

/** Followers alerted per transaction of the fan-out (one notifications statement each). */
export const ALERT_BATCH = 500;

const categoryLink = (category: string) => `/questions?category=${encodeURIComponent(category)}`;

/**
 * A question has just been paid (inside the payment's transaction): its category's followers are
 * alerted by the questions.category-alerts task, in batches, so the payment stays one short
 * transaction however many people follow the category.
 */
export async function queueCategoryAlert(
  exec: Executor,
  question: { id: string; category: string; authorId: string; title: string },
  at: Date,
): Promise<void> {
  await repo.insertCategoryAlert(exec, {
    questionId: question.id,
    category: question.category,
    authorId: question.authorId,
    title: question.title,
    createdAt: at,
  });
}

/** The in-app alerts of a newly paid question to its category's followers. */
export function createCategoryAlerts(ctx: AppContext) {
  return {
    /**
     * Walks the queued alerts: each step alerts the next ALERT_BATCH followers of one question's
     * category (never its author) and records how far it got, in one transaction, so a retry or
     * a second instance never alerts anyone twice for one question.
     */
    async fanOutAlerts(budgetMs = RUN_BUDGET_MS): Promise<number> {
      const started = Date.now();
      let alerted = 0;
      while (Date.now() - started < budgetMs) {
        const step = await ctx.db.transaction(async (tx) => {
          const alert = await repo.claimCategoryAlert(tx);
          if (!alert) return null;
          if (alert.hidden || !alert.isPaid) {
            await repo.deleteCategoryAlert(tx, alert.questionId);
            return 0;
          }
          const followers = await repo.categoryFollowersAfter(
            tx,
            alert.category,
            alert.afterUserId,
            ALERT_BATCH,
          );
          const recipients = followers.filter((id) => id !== alert.authorId);
          const category = alert.category;
          await notifyGroupMany(tx, recipients, {
            type: 'category_question',
            title: CATEGORY_FOLLOW_TEXT.alertTitle(category),
            body: alert.title,
            link: categoryLink(category),
            group: {
              key: `category:${category}`,
              text: (count) => ({
                title: CATEGORY_FOLLOW_TEXT.alertGroupTitle(count, category),
                body: `Latest: ${alert.title}`,
              }),
            },
          });
          if (followers.length < ALERT_BATCH) await repo.deleteCategoryAlert(tx, alert.questionId);
          else await repo.advanceCategoryAlert(tx, alert.questionId, followers[followers.length - 1]!);
          return recipients.length;
        });
        if (step === null) break;
        alerted += step;
      }
      return alerted;
    },
  };
}
