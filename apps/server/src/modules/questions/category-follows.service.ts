import {
  CATEGORY_FOLLOW_TEXT,
  type CategoryFollowResult,
  DAY_MS,
  type FollowedCategories,
  QUESTION_CATEGORIES,
  type QuestionCategory,
} from '@agora/shared';
import type { AppContext, SessionUser } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { notFound } from '../../lib/errors.js';
import { readUnsubscribeTokenFor, signUnsubscribeToken } from '../../lib/unsubscribe-token.js';
import { enqueueMail } from '../../platform/mail.js';
import { notifyGroupMany } from '../notifications/notifications.service.js';
import { turnOffCategoryDigest } from '../users/users.service.js';
import { digestMail } from './category-follows.mail.js';
import * as repo from './category-follows.repo.js';

/** Followers alerted per transaction of the fan-out (one notifications statement each). */
export const ALERT_BATCH = 500;
/** How long one run of the fan-out or the digest goes on before leaving the rest to the next. */
const RUN_BUDGET_MS = 20_000;
/** Opted-in users read per step of the digest run. */
const DIGEST_BATCH = 200;
/** Questions listed in one digest at most (the rest come the next day, while still new). */
export const DIGEST_MAX_QUESTIONS = 30;
/** The digest never looks further back than this, and forgets what it sent after it. */
const DIGEST_WINDOW_MS = 7 * DAY_MS;
/** A question paid just before the last digest may commit just after it: looked at again. */
const DIGEST_OVERLAP_MS = 60 * 60_000;

/** What this area's unsubscribe tokens stop (lib/unsubscribe-token.ts). */
const DIGEST_PURPOSE = 'category-digest';

function isCategory(c: string): c is QuestionCategory {
  return (QUESTION_CATEGORIES as readonly string[]).includes(c);
}

/** In the shared list's order. */
function ordered(categories: string[]): QuestionCategory[] {
  return QUESTION_CATEGORIES.filter((c) => categories.includes(c));
}

/** `<purpose>.<user id>.<signature>`: names the user and what to stop; it does not expire. */
export function unsubscribeToken(jwtSecret: string, userId: string, purpose = DIGEST_PURPOSE): string {
  return signUnsubscribeToken(jwtSecret, purpose, userId);
}

/** The user an unsubscribe token names, when its signature is the server's; otherwise null. */
export function readUnsubscribeToken(
  jwtSecret: string,
  token: string,
): { purpose: string; userId: string } | null {
  const userId = readUnsubscribeTokenFor(jwtSecret, DIGEST_PURPOSE, token);
  return userId ? { purpose: DIGEST_PURPOSE, userId } : null;
}

export function unsubscribeUrl(publicUrl: string, jwtSecret: string, userId: string): string {
  return `${publicUrl}/api/questions/categories/unsubscribe?token=${encodeURIComponent(unsubscribeToken(jwtSecret, userId))}`;
}

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

const utcDay = (d: Date) => d.toISOString().slice(0, 10);

export function createCategoryFollowsService(ctx: AppContext) {
  const known = (category: string): QuestionCategory =>
    isCategory(category) ? category : notFound(CATEGORY_FOLLOW_TEXT.categoryNotFound);

  return {
    /** Follows a category; `created` is false when it was followed already (nothing changes). */
    async follow(user: SessionUser, category: string): Promise<CategoryFollowResult & { created: boolean }> {
      const c = known(category);
      const created = await repo.insertCategoryFollow(ctx.db, user.id, c, ctx.clock.now());
      return { category: c, following: true, created };
    },

    async unfollow(user: SessionUser, category: string): Promise<void> {
      await repo.deleteCategoryFollow(ctx.db, user.id, known(category));
    },

    async list(user: SessionUser): Promise<FollowedCategories> {
      return { categories: ordered(await repo.followedCategories(ctx.db, user.id)) };
    },

    /** Whether an unsubscribe token is the server's (the link's page asks before it stops anything). */
    check(token: string): boolean {
      return readUnsubscribeToken(ctx.config.jwtSecret, token) !== null;
    },

    /** The digest's unsubscribe link: no session needed, the signed token names the user. */
    async unsubscribe(token: string): Promise<boolean> {
      const t = readUnsubscribeToken(ctx.config.jwtSecret, token);
      if (!t) return false;
      await turnOffCategoryDigest(ctx.db, t.userId, ctx.clock.now());
      return true;
    },

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

    /**
     * The daily digest: each opted-in follower gets at most one e-mail per UTC day (one run row per
     * user and day), listing the paid questions in their categories not in a digest of theirs yet
     * (each question once per user). Nothing new → no e-mail, and the day is done for them.
     */
    async sendDigests(budgetMs = RUN_BUDGET_MS): Promise<number> {
      const started = Date.now();
      const now = ctx.clock.now();
      const day = utcDay(now);
      let sent = 0;
      let after: string | null = null;
      await repo.pruneDigest(ctx.db, utcDay(new Date(now.getTime() - DIGEST_WINDOW_MS - DAY_MS)));
      while (Date.now() - started < budgetMs) {
        const recipients = await repo.digestRecipients(ctx.db, day, after, DIGEST_BATCH);
        if (recipients.length === 0) break;
        for (const r of recipients) {
          const mailed = await ctx.db.transaction(async (tx) => {
            const last = await repo.lastDigestRun(tx, r.id);
            const floor = now.getTime() - DIGEST_WINDOW_MS;
            const since = Math.max(floor, (last?.getTime() ?? now.getTime() - DAY_MS) - DIGEST_OVERLAP_MS);
            const items = await repo.newDigestQuestions(tx, r.id, new Date(since), DIGEST_MAX_QUESTIONS);
            // Another run (or an earlier try of this one) has done this user's day: nothing more.
            if (!(await repo.claimDigestDay(tx, r.id, day, items.length, now))) return false;
            if (items.length === 0) return false;
            await repo.insertDigestItems(
              tx,
              r.id,
              items.map((q) => q.id),
              day,
            );
            await enqueueMail(
              tx,
              digestMail(r.email, items, {
                publicUrl: ctx.config.publicUrl,
                unsubscribe: unsubscribeUrl(ctx.config.publicUrl, ctx.config.jwtSecret, r.id),
              }),
            );
            return true;
          });
          if (mailed) sent++;
        }
        after = recipients[recipients.length - 1]!.id;
      }
      return sent;
    },
  };
}
