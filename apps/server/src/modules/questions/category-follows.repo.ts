import { and, asc, desc, eq, gt, gte, lt, ne, notExists, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import {
  categoryAlerts,
  categoryDigestDays,
  categoryDigestItems,
  categoryFollows,
  questions,
  users,
} from '../../db/schema/index.js';

/** Follows a category; true when the follow is new (following twice stores it once). */
export async function insertCategoryFollow(
  exec: Executor,
  userId: string,
  category: string,
  at: Date,
): Promise<boolean> {
  const rows = await exec
    .insert(categoryFollows)
    .values({ userId, category, createdAt: at })
    .onConflictDoNothing()
    .returning({ userId: categoryFollows.userId });
  return rows.length > 0;
}

export async function deleteCategoryFollow(exec: Executor, userId: string, category: string): Promise<void> {
  await exec
    .delete(categoryFollows)
    .where(and(eq(categoryFollows.userId, userId), eq(categoryFollows.category, category)));
}

export async function followedCategories(exec: Executor, userId: string): Promise<string[]> {
  const rows = await exec
    .select({ category: categoryFollows.category })
    .from(categoryFollows)
    .where(eq(categoryFollows.userId, userId));
  return rows.map((r) => r.category);
}

/** Queues the alert of a question just paid (one per question: a second is ignored). */
export async function insertCategoryAlert(
  exec: Executor,
  alert: { questionId: string; category: string; authorId: string; title: string; createdAt: Date },
): Promise<void> {
  await exec.insert(categoryAlerts).values(alert).onConflictDoNothing();
}

export type CategoryAlertRow = typeof categoryAlerts.$inferSelect & { hidden: boolean; isPaid: boolean };

/**
 * The oldest queued alert no one else is working on, locked until the caller's transaction ends
 * (FOR UPDATE SKIP LOCKED: two runs never walk the same alert at once).
 */
export async function claimCategoryAlert(exec: Executor): Promise<CategoryAlertRow | undefined> {
  const [row] = await exec
    .select({
      questionId: categoryAlerts.questionId,
      category: categoryAlerts.category,
      authorId: categoryAlerts.authorId,
      title: categoryAlerts.title,
      afterUserId: categoryAlerts.afterUserId,
      createdAt: categoryAlerts.createdAt,
      hidden: questions.hidden,
      isPaid: questions.isPaid,
    })
    .from(categoryAlerts)
    .innerJoin(questions, eq(questions.id, categoryAlerts.questionId))
    .orderBy(asc(categoryAlerts.createdAt))
    .limit(1)
    .for('update', { of: categoryAlerts, skipLocked: true });
  return row;
}

/** The next followers of a category after `afterUserId`, in user order (category_follows_category_idx). */
export async function categoryFollowersAfter(
  exec: Executor,
  category: string,
  afterUserId: string | null,
  limit: number,
): Promise<string[]> {
  const rows = await exec
    .select({ userId: categoryFollows.userId })
    .from(categoryFollows)
    .where(
      and(
        eq(categoryFollows.category, category),
        afterUserId ? gt(categoryFollows.userId, afterUserId) : undefined,
      ),
    )
    .orderBy(asc(categoryFollows.userId))
    .limit(limit);
  return rows.map((r) => r.userId);
}

export async function advanceCategoryAlert(
  exec: Executor,
  questionId: string,
  afterUserId: string,
): Promise<void> {
  await exec.update(categoryAlerts).set({ afterUserId }).where(eq(categoryAlerts.questionId, questionId));
}

export async function deleteCategoryAlert(exec: Executor, questionId: string): Promise<void> {
  await exec.delete(categoryAlerts).where(eq(categoryAlerts.questionId, questionId));
}

export interface DigestRecipient {
  id: string;
  email: string;
}

/**
 * Users who opted in to the digest, follow at least one category and have had no digest run on
 * `day` yet, after `afterId` in id order (a run walks them once).
 */
export async function digestRecipients(
  exec: Executor,
  day: string,
  afterId: string | null,
  limit: number,
): Promise<DigestRecipient[]> {
  return exec
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(
      and(
        eq(users.categoryDigest, true),
        eq(users.status, 'active'),
        afterId ? gt(users.id, afterId) : undefined,
        sql`exists (select 1 from ${categoryFollows} f where f.user_id = ${users.id})`,
        notExists(
          exec
            .select({ one: sql`1` })
            .from(categoryDigestDays)
            .where(and(eq(categoryDigestDays.userId, users.id), eq(categoryDigestDays.day, day))),
        ),
      ),
    )
    .orderBy(asc(users.id))
    .limit(limit);
}

/** When the user's last digest run was (any day still kept), or undefined. */
export async function lastDigestRun(exec: Executor, userId: string): Promise<Date | undefined> {
  const [row] = await exec
    .select({ at: categoryDigestDays.createdAt })
    .from(categoryDigestDays)
    .where(eq(categoryDigestDays.userId, userId))
    .orderBy(desc(categoryDigestDays.day))
    .limit(1);
  return row?.at;
}

/**
 * Records the user's digest run of `day`; false when one is recorded already (another run, or a
 * retry, got there first). The primary key allows one per user and day.
 */
export async function claimDigestDay(
  exec: Executor,
  userId: string,
  day: string,
  questionCount: number,
  at: Date,
): Promise<boolean> {
  const rows = await exec
    .insert(categoryDigestDays)
    .values({ userId, day, questions: questionCount, createdAt: at })
    .onConflictDoNothing()
    .returning({ userId: categoryDigestDays.userId });
  return rows.length > 0;
}

export interface DigestQuestion {
  id: string;
  title: string;
  category: string;
}

/**
 * Paid, visible questions of others in the categories the user follows, paid after `since` and
 * after the user followed their category, and never in one of the user's digests yet; newest first.
 */
export async function newDigestQuestions(
  exec: Executor,
  userId: string,
  since: Date,
  limit: number,
): Promise<DigestQuestion[]> {
  return exec
    .select({ id: questions.id, title: questions.title, category: questions.category })
    .from(questions)
    .innerJoin(
      categoryFollows,
      and(eq(categoryFollows.category, questions.category), eq(categoryFollows.userId, userId)),
    )
    .where(
      and(
        eq(questions.isPaid, true),
        eq(questions.hidden, false),
        ne(questions.authorId, userId),
        gt(questions.escrowHeldAt, since),
        gte(questions.escrowHeldAt, categoryFollows.createdAt),
        notExists(
          exec
            .select({ one: sql`1` })
            .from(categoryDigestItems)
            .where(
              and(eq(categoryDigestItems.userId, userId), eq(categoryDigestItems.questionId, questions.id)),
            ),
        ),
      ),
    )
    .orderBy(desc(questions.escrowHeldAt), desc(questions.id))
    .limit(limit);
}

/** Remembers the questions sent in a digest (each at most once per user: the primary key). */
export async function insertDigestItems(
  exec: Executor,
  userId: string,
  questionIds: string[],
  day: string,
): Promise<void> {
  if (questionIds.length === 0) return;
  await exec
    .insert(categoryDigestItems)
    .values(questionIds.map((questionId) => ({ userId, questionId, day })))
    .onConflictDoNothing();
}

/** Forgets digest runs and items of days before `day` (the digest never looks back that far). */
export async function pruneDigest(exec: Executor, beforeDay: string): Promise<void> {
  await exec.delete(categoryDigestItems).where(lt(categoryDigestItems.day, beforeDay));
  await exec.delete(categoryDigestDays).where(lt(categoryDigestDays.day, beforeDay));
}
